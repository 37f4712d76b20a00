// The CNF of coq/synth/SynthCnf.v, mirrored (design note in coq_cnf.hpp).
#include "encodings/synth/coq_cnf.hpp"

#include <sstream>
#include <tuple>

#include "schedules/error.hpp"

namespace schedcert::encodings::synth {

using schedules::FactorKind;
using schedules::Model;
using schedules::Network;
using schedules::Node;
using schedules::Problem;

namespace {

using Layout = CoqCnfLayout;

using Send = std::tuple<long long, Node, Node>;  // (item, from, to)

// SynthCnf.v's pktc: two different items one packet cannot hold.
bool pktc(const Problem& p, long long n, long long i, long long j) {
  if (i == j) return false;
  if (p.combining())
    return p.target(static_cast<schedules::Item>(i), static_cast<std::uint64_t>(n)) !=
           p.target(static_cast<schedules::Item>(j), static_cast<std::uint64_t>(n));
  return p.packet_items == 1;
}

// SynthCnf.v's conflict.
bool conflict(const Network& net, Model m, const Problem& p, long long n, const Send& a, const Send& b) {
  const auto [i, u, v] = a;
  const auto [j, u2, v2] = b;
  if (u == u2 && v == v2) {
    const auto dim = net.edge_dim(u, v);
    const bool cap1 = dim && net.link_capacity(u, v, *dim) <= 1;
    return pktc(p, n, i, j) && (m != Model::AllPort || cap1);
  }
  if (u == u2) return m == Model::AllPort ? false : m == Model::ShoutWhisper ? pktc(p, n, i, j) : true;
  if (v == v2) return m != Model::AllPort;
  if (u == v2 || v == u2) return m == Model::SinglePortHalf || m == Model::ShoutWhisper;
  return false;
}

// SynthFree.v's alloc_clauses: the allocation H 0 i v ("v is the source of broadcast i") is a
// bijection: per item, at least one node then the pairs v < w; per node, at least one item
// then the pairs i < j.
void append_allocation(std::vector<sat::Clause>& out, const Layout& L, const SynthCoqMutation& mutation) {
  const long long n = L.n;
  for (int pass = 0; pass < 2; ++pass)
    for (long long x = 0; x < n; ++x) {
      // pass 0: item x over the nodes y; pass 1: node x over the items y.
      auto a = [&](long long y) { return pass == 0 ? L.h(0, x, y) : L.h(0, y, x); };
      sat::Clause some;
      for (long long y = 0; y < n; ++y) some.push_back(a(y));
      if (!(pass == 1 && mutation.drop == "onto")) out.push_back(std::move(some));
      for (long long y = 0; y < n; ++y)
        for (long long z = y + 1; z < n; ++z) out.push_back({-a(y), -a(z)});
    }
}

// SynthSym.v's free_sym_cnf after free_cnf: the unit H 0 0 0 (broadcast 0 starts at node 0),
// then early_units: -S t i u v for t in 0 .. T-1, the items i > t ascending, and the arcs (u, v)
// in SynthCnf.v's `arcs` order (u ascending, then v ascending among u's neighbours).
void append_symmetry(std::vector<sat::Clause>& out, const Layout& L, const Network& net,
                     const SynthCoqMutation& mutation) {
  if (mutation.drop != "unit") out.push_back({L.h(0, 0, 0)});
  if (mutation.drop == "early") return;
  const long long n = L.n;
  std::vector<std::pair<Node, Node>> arcs;
  for (Node u = 0; u < n; ++u)
    for (Node v = 0; v < n; ++v)
      if (u != v && net.adjacent(u, v)) arcs.emplace_back(u, v);
  for (long long t = 0; t < L.T; ++t)
    for (long long i = t + 1; i < n; ++i)
      for (const auto& [u, v] : arcs) out.push_back({-L.s(t, i, u, v)});
}

}  // namespace

CoqCnfLayout coq_cnf_layout(const Network& net, const Problem& p, unsigned T, FreeAllocation alloc) {
  const bool free_allocation = alloc != FreeAllocation::None;
  if (net.has_graph()) throw InputError("--coq: networks with a graph factor are not in the verified path yet");
  const long long n = net.num_nodes();
  if (free_allocation && p.kind != schedules::ProblemKind::SuccessiveBroadcast)
    throw InputError("--coq: the free allocation is for successive broadcasts only");
  // Free allocation (SynthFree.v): n items, one per node, whatever p.sources holds.
  const long long I = free_allocation ? n : static_cast<long long>(p.num_items(static_cast<std::uint64_t>(n)));
  // The largest variable must fit a DIMACS int (and the driver's bounds).
  const long double top = static_cast<long double>(T + 1) * I * n + static_cast<long double>(T) * I * n * n;
  if (top >= 2e9L) throw InputError("--coq: the verified synthesis CNF would have more than 2^31 variables");
  return CoqCnfLayout{n, I, T};
}

std::vector<sat::Clause> synth_coq_cnf(const Network& net, Model m, const Problem& p, unsigned T,
                                       const SynthCoqMutation& mutation, FreeAllocation alloc) {
  const bool free_allocation = alloc != FreeAllocation::None;
  const Layout L = coq_cnf_layout(net, p, T, alloc);
  const long long n = L.n, I = L.I;
  auto drop = [&](const char* rule) { return mutation.drop == rule; };
  auto origin = [&](long long i) { return static_cast<long long>(p.origin(static_cast<schedules::Item>(i), static_cast<std::uint64_t>(n))); };
  std::vector<Send> sends;
  for (long long i = 0; i < I; ++i)
    for (Node u = 0; u < n; ++u)
      for (Node v = 0; v < n; ++v)
        if (u != v && net.adjacent(u, v)) sends.emplace_back(i, u, v);
  std::vector<std::pair<std::size_t, std::size_t>> prs;
  for (std::size_t a = 0; a < sends.size(); ++a)
    for (std::size_t b = a + 1; b < sends.size(); ++b)
      if (conflict(net, m, p, n, sends[a], sends[b])) prs.emplace_back(a, b);
  std::vector<sat::Clause> out;
  if (free_allocation) {
    append_allocation(out, L, mutation);
  } else if (!drop("init")) {
    for (long long i = 0; i < I; ++i)
      for (long long v = 0; v < n; ++v) out.push_back({v == origin(i) ? L.h(0, i, v) : -L.h(0, i, v)});
  }
  for (long long t = 0; t < T; ++t) {
    if (!drop("evolve"))
      for (long long i = 0; i < I; ++i)
        for (Node v = 0; v < n; ++v) {
          sat::Clause c{-L.h(t + 1, i, v), L.h(t, i, v)};
          for (Node u = 0; u < n; ++u)
            if (u != v && net.adjacent(u, v)) c.push_back(L.s(t, i, u, v));
          out.push_back(std::move(c));
        }
    if (!drop("causal"))
      for (const auto& [i, u, v] : sends) out.push_back({-L.s(t, i, u, v), L.h(t, i, u)});
    if (p.ordered() && !drop("order"))
      for (const auto& [i, u, v] : sends) {
        if (i == 0) continue;
        out.push_back({-L.s(t, i, u, v), L.h(t, i, v), L.h(t, i - 1, v)});
        if (free_allocation) {
          // SynthFree.v: the source's clause, guarded by the allocation variable H 0 i u.
          if (!drop("source")) out.push_back({-L.s(t, i, u, v), -L.h(0, i, u), L.h(t, i - 1, u)});
        } else if (u == origin(i)) {
          out.push_back({-L.s(t, i, u, v), L.h(t, i - 1, u)});
        }
      }
    if (!drop("conflict"))
      for (const auto& [a, b] : prs) {
        const auto& [i, u, v] = sends[a];
        const auto& [j, u2, v2] = sends[b];
        out.push_back({-L.s(t, i, u, v), -L.s(t, j, u2, v2)});
      }
  }
  if (!drop("goal"))
    for (long long i = 0; i < I; ++i) {
      const Node g = free_allocation ? schedules::kAllNodes
                                     : p.target(static_cast<schedules::Item>(i), static_cast<std::uint64_t>(n));
      for (long long v = 0; v < n; ++v)
        if (g == schedules::kAllNodes || g == v) out.push_back({L.h(T, i, v)});
    }
  if (alloc == FreeAllocation::Symmetric) append_symmetry(out, L, net, mutation);
  return out;
}

std::string coq_generator_name(FreeAllocation alloc) {
  switch (alloc) {
    case FreeAllocation::None: break;
    case FreeAllocation::Plain: return "free_cnf (coq/synth/SynthFree.v)";
    case FreeAllocation::Symmetric: return "free_sym_cnf (coq/synth/SynthSym.v)";
  }
  return "synth_cnf (coq/synth/SynthCnf.v)";
}

std::string synth_coq_spec(const Network& net, Model m, const Problem& p, unsigned T, FreeAllocation alloc) {
  std::ostringstream o;
  o << "network";
  for (const auto& f : net.factors()) {
    const char* k = nullptr;
    switch (f.kind) {
      case FactorKind::K2: k = "K2"; break;
      case FactorKind::Ring: k = "Ring"; break;
      case FactorKind::Path: k = "Path"; break;
      case FactorKind::Complete: k = "Complete"; break;
      case FactorKind::Graph: throw InputError("--coq: networks with a graph factor are not in the verified path yet");
    }
    o << " " << k << " " << f.size;
  }
  o << "\nmodel " << to_string(m) << "\nproblem " << to_string(p.kind) << " root " << p.root << " messages "
    << p.messages << " packet " << p.packet_items;
  if (alloc != FreeAllocation::None) {
    o << (alloc == FreeAllocation::Symmetric ? " allocation free-sym" : " allocation free");
  } else {
    o << " sources";
    for (Node s : p.sources) o << " " << s;
  }
  o << "\nsteps " << T << "\n";
  return o.str();
}

std::string coq_network_term(const Network& net) {
  std::string s = "[";
  for (std::size_t k = 0; k < net.factors().size(); ++k) {
    const auto& f = net.factors()[k];
    const char* name = f.kind == FactorKind::K2 ? "K2" : f.kind == FactorKind::Ring ? "Ring"
                       : f.kind == FactorKind::Path ? "Path" : f.kind == FactorKind::Complete ? "Complete" : nullptr;
    if (!name) throw InputError("--coq: networks with a graph factor are not in the verified path yet");
    s += std::string(k ? "; " : "") + "Fac " + name + " " + std::to_string(f.size);
  }
  return s + "]";
}

std::string coq_model_term(Model m) {
  switch (m) {
    case Model::AllPort: return "AllPort";
    case Model::SinglePortFull: return "SinglePortFull";
    case Model::SinglePortHalf: return "SinglePortHalf";
    case Model::ShoutWhisper: return "ShoutWhisper";
  }
  return "AllPort";
}

std::string coq_problem_term(const Problem& p) {
  static const char* kinds[] = {"Broadcast", "Accumulation", "Scatter", "Gather", "MultinodeBroadcast",
                                "MultinodeAccumulation", "TotalExchange", "SuccessiveBroadcast", "Allreduce"};
  std::string s = std::string("Prob ") + kinds[static_cast<int>(p.kind)] + " " + std::to_string(p.root) + " " +
                  std::to_string(p.messages) + " " + std::to_string(p.packet_items) + " [";
  for (std::size_t k = 0; k < p.sources.size(); ++k) s += (k ? "; " : "") + std::to_string(p.sources[k]);
  return s + "]";
}

}  // namespace schedcert::encodings::synth
