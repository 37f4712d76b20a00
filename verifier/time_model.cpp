// The alpha-beta time model (see time_model.hpp for the model). Synchronised: one pass over the
// steps with per-link byte sums in a hash map cleared per step. As soon as possible: the pass of
// cost_model.cpp (per (item, node) arrival times in a hash map, resources in flat arrays), with
// link injection times and port occupation separated.
#include "verifier/time_model.hpp"

#include <algorithm>
#include <cmath>

#include "schedules/checked.hpp"
#include "schedules/error.hpp"
#include "schedules/units.hpp"

namespace schedcert::verifier {

using schedules::FactorKind;
using schedules::Item;
using schedules::Model;
using schedules::Node;
using schedules::ProblemKind;

std::string to_string(Timing t) {
  return t == Timing::Synchronised ? "synchronised" : "as-soon-as-possible";
}

Timing parse_timing(const std::string& s) {
  if (s == "synchronised" || s == "synchronized" || s == "sync") return Timing::Synchronised;
  if (s == "as-soon-as-possible" || s == "asap") return Timing::Asap;
  throw InputError("--timing: '" + s + "' is not a timing model (synchronised or asap)");
}

LinkClass nvlink_class() {
  return {"nvlink", 0.3e-6, 1e6 / 46e-6,
          "TACCL's profile of Azure NDv2 (8 V100, DGX-1 hybrid cube-mesh): alpha = 0.3 us, beta = "
          "46 us/MB per NVLink (23 us/MB for the double links), microsoft/taccl "
          "taccl/examples/topo/topo-ndv2-1MB.json, MB read as 10^6 bytes"};
}

LinkClass network_class() {
  return {"network", 2.6e-6, 1e6 / 105e-6,
          "TACCL's profile of Azure NDv2's InfiniBand between machines: remote_alpha = 2.6 us, "
          "remote_beta = 105 us/MB, microsoft/taccl taccl/examples/topo/topo-ndv2-1MB.json, MB "
          "read as 10^6 bytes"};
}

LinkTimes::LinkTimes(const schedules::Network& net, const LinkOverrides& o) : net_(net) {
  auto with = [&](LinkClass c) {
    if (o.latency || o.bandwidth) {
      if (o.latency) c.latency = *o.latency;
      if (o.bandwidth) c.bandwidth = *o.bandwidth;
      c.source = std::string(o.latency ? "--latency" : "") + (o.latency && o.bandwidth ? " and " : "") +
                 (o.bandwidth ? "--bandwidth" : "") + " over the default (" + c.source + ")";
    }
    return c;
  };
  auto note = [&](const LinkClass& c) {
    for (const auto& k : classes_)
      if (k.name == c.name && k.latency == c.latency && k.bandwidth == c.bandwidth) return;
    classes_.push_back(c);
  };
  bool first = true;
  auto extend = [&](double lat, double cap) {
    min_latency_ = first ? lat : std::min(min_latency_, lat);
    max_capacity_ = first ? cap : std::max(max_capacity_, cap);
    first = false;
  };
  edge_attr_.resize(static_cast<std::size_t>(net.dims()));
  for (int d = 0; d < net.dims(); ++d) {
    const schedules::Factor& f = net.factors()[static_cast<std::size_t>(d)];
    const bool dgx1 = f.kind == FactorKind::Graph && f.graph->builtin() && f.graph->name() == "dgx1";
    factor_class_.push_back(with(dgx1 ? nvlink_class() : network_class()));
    const LinkClass& dc = factor_class_.back();
    if (f.kind != FactorKind::Graph) {
      note(dc);
      extend(dc.latency, dc.bandwidth);  // multiplicity 1
      continue;
    }
    bool default_used = false;
    for (const auto& e : f.graph->edges()) {
      Attr a{e.latency >= 0 ? e.latency : dc.latency, e.bandwidth >= 0 ? e.bandwidth : dc.bandwidth};
      if (e.latency >= 0 || e.bandwidth >= 0) {
        const std::uint64_t sz = f.graph->size();
        edge_attr_[d][e.from * sz + e.to] = a;
        if (!f.graph->directed()) edge_attr_[d][e.to * sz + e.from] = a;
        note({"graph file", a.latency, a.bandwidth, "the edge attributes of " + f.graph->name()});
      }
      if (e.latency < 0 || e.bandwidth < 0) default_used = true;
      extend(a.latency, a.bandwidth * e.multiplicity);
    }
    if (default_used) note(dc);
  }
}

LinkTimes::Attr LinkTimes::attr(Node u, Node v, int dim) const {
  const auto& m = edge_attr_[static_cast<std::size_t>(dim)];
  if (!m.empty()) {
    const schedules::Factor& f = net_.factors()[static_cast<std::size_t>(dim)];
    auto it = m.find(std::uint64_t{net_.digit(u, dim)} * f.size + net_.digit(v, dim));
    if (it != m.end()) return it->second;
  }
  const LinkClass& c = factor_class_[static_cast<std::size_t>(dim)];
  return {c.latency, c.bandwidth};
}

double LinkTimes::latency(Node u, Node v, int dim) const { return attr(u, v, dim).latency; }

double LinkTimes::capacity(Node u, Node v, int dim) const {
  return attr(u, v, dim).bandwidth * net_.link_capacity(u, v, dim);
}

double item_bytes(const schedules::Problem& p, std::uint64_t n, double size) {
  const double N = static_cast<double>(n), M = p.messages;
  switch (p.kind) {
    case ProblemKind::Broadcast: return size / M;
    case ProblemKind::Scatter:
    case ProblemKind::Gather:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::TotalExchange: return size / (N * M);
    case ProblemKind::SuccessiveBroadcast: return size;
    case ProblemKind::Accumulation: return size;
    case ProblemKind::MultinodeAccumulation: return size / N;
    case ProblemKind::Allreduce: return size / M;
  }
  return size;
}

double slot_bytes(const schedules::Problem& p, std::uint64_t n, double size) {
  return p.combining() ? item_bytes(p, n, size) : 0.0;
}

double packet_bytes(const schedules::Problem& p, std::uint64_t n, double size,
                    std::span<const Item> packet) {
  if (!p.combining()) return static_cast<double>(packet.size()) * item_bytes(p, n, size);
  if (p.targeted_combining()) return item_bytes(p, n, size);  // one partial sum for one target
  // Allreduce: one partial sum per distinct chunk.
  std::vector<std::uint64_t> chunks;
  chunks.reserve(packet.size());
  for (Item i : packet) chunks.push_back(p.chunk(i));
  std::sort(chunks.begin(), chunks.end());
  const auto k = std::unique(chunks.begin(), chunks.end()) - chunks.begin();
  return static_cast<double>(k) * item_bytes(p, n, size);
}

namespace {

double synchronised(const schedules::Schedule& s, const LinkTimes& L, double size) {
  const auto& net = s.network();
  const std::uint64_t n = net.num_nodes();
  const std::uint64_t ports = net.ports();
  std::unordered_map<std::uint64_t, double> bytes_on;  // link id -> bytes in this step
  double total = 0;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    bytes_on.clear();
    double step = 0;
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      const Node f = s.from(k), t = s.to(k);
      const auto dim = net.edge_dim(f, t);
      if (!dim) throw InputError("cost: transmission " + std::to_string(k) + " joins non-adjacent nodes; verify the schedule first");
      double& b = bytes_on[std::uint64_t{f} * ports + net.port_in_dim(f, t, *dim)];
      b += packet_bytes(s.problem(), n, size, s.packet(k));
      step = std::max(step, L.latency(f, t, *dim) + b / L.capacity(f, t, *dim));
    }
    total += step;
  }
  return total;
}

double asap(const schedules::Schedule& s, const LinkTimes& L, double size) {
  const auto& net = s.network();
  const auto& prob = s.problem();
  const std::uint64_t n = net.num_nodes();
  const Model model = s.model();
  (void)checked_mul(prob.num_items(n), n, "cost: the (item, node) keys, items x nodes");
  std::unordered_map<std::uint64_t, double> held;
  held.reserve(s.num_item_slots());
  auto holds = [&](Item i, Node v) -> double {
    if (prob.origin(i, n) == v) return 0.0;
    auto it = held.find(i * n + v);
    if (it == held.end())
      throw InputError("cost: node " + std::to_string(v) + " sends " + prob.describe_item(i, n) +
                       " before it holds it; verify the schedule first");
    return it->second;
  };
  const std::uint64_t ports = net.ports();
  std::unordered_map<std::uint64_t, double> link_free;  // link id -> end of its last injection
  std::vector<double> send_free(n, 0.0), recv_free(n, 0.0);
  const bool one_port = model == Model::SinglePortHalf || model == Model::ShoutWhisper;
  const bool ports_limited = model != Model::AllPort;
  double last = 0;
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    // Shout-whisper: a node's sends in one step are one shout; they start together.
    std::unordered_map<Node, double> shout_start;
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      const Node f = s.from(k), t = s.to(k);
      const auto dim = net.edge_dim(f, t);
      if (!dim) throw InputError("cost: transmission " + std::to_string(k) + " joins non-adjacent nodes; verify the schedule first");
      auto pk = s.packet(k);
      const double bytes = packet_bytes(prob, n, size, pk);
      const double cap = L.capacity(f, t, *dim), lat = L.latency(f, t, *dim);
      double start = 0;
      for (Item i : pk) start = std::max(start, holds(i, f));
      double& lf = link_free[std::uint64_t{f} * ports + net.port_in_dim(f, t, *dim)];
      start = std::max(start, lf);
      double* sp = nullptr;
      double* rp = nullptr;
      if (ports_limited) {
        sp = &send_free[f];
        rp = one_port ? &send_free[t] : &recv_free[t];
        start = std::max(start, *rp);
        if (model == Model::ShoutWhisper) {
          auto it = shout_start.find(f);
          if (it == shout_start.end()) {
            start = std::max(start, *sp);
            it = shout_start.emplace(f, start).first;
          }
          // The shout's receivers all start with its first one (or later, if one is busy).
          start = std::max(start, it->second);
        } else {
          start = std::max(start, *sp);
        }
      }
      const double end = start + lat + bytes / cap;
      lf = start + bytes / cap;
      if (sp) *sp = std::max(*sp, end);
      if (rp) *rp = std::max(*rp, end);
      for (Item i : pk) {
        if (prob.origin(i, n) == t) continue;
        auto [it, fresh] = held.emplace(i * n + t, end);
        if (!fresh) it->second = std::min(it->second, end);
      }
      last = std::max(last, end);
    }
  }
  return last;
}

}  // namespace

TimePrediction predict_time(const schedules::Schedule& s, const LinkTimes& links, Timing t,
                            double size) {
  TimePrediction p;
  p.steps = s.num_steps();
  p.transmissions = s.num_transmissions();
  p.seconds = t == Timing::Synchronised ? synchronised(s, links, size) : asap(s, links, size);
  return p;
}

}  // namespace schedcert::verifier
