// Lower-bound arguments of coq/Bounds.v evaluated in C++ (design note: coq_bounds.hpp). Each
// function mirrors the Coq function of the same name; Coq recomputes every value it is given.
#include "witnesses/coq_bounds.hpp"

#include <algorithm>
#include <set>

namespace schedcert::witnesses {

using schedules::Item;
using schedules::kAllNodes;
using schedules::Model;
using schedules::Network;
using schedules::Node;
using schedules::Problem;

namespace {

std::uint64_t hamming(const Network& net, Node u, Node v) {
  std::uint64_t h = 0;
  for (int e = 0; e < net.dims(); ++e) h += net.digit(u, e) != net.digit(v, e);
  return h;
}

// Nat.log2_up: ceil(log2 a), 0 for a <= 1.
std::uint64_t log2_up(std::uint64_t a) {
  std::uint64_t k = 0;
  while (k < 64 && (std::uint64_t{1} << k) < a) ++k;
  return k;
}

bool in_cut(const Network& net, const CoqCut& c, Node v) {
  switch (c.kind) {
    case CoqCut::Kind::DigitIn: {
      const std::uint32_t d = net.digit(v, c.dim);
      return std::find(c.values.begin(), c.values.end(), d) != c.values.end();
    }
    case CoqCut::Kind::Only: return v == c.node;
    case CoqCut::Kind::AllBut: return v != c.node;
  }
  return false;
}

struct Instance {
  const Network& net;
  Model m;
  const Problem& p;
  std::uint64_t n, items;
};

// must_cross: the items starting in V1 and needed outside it.
std::vector<Item> must_cross(const Instance& in, const CoqCut& c) {
  bool outside = false;
  for (Node w = 0; w < in.n && !outside; ++w) outside = !in_cut(in.net, c, w);
  std::vector<Item> out;
  for (Item i = 0; i < in.items; ++i) {
    if (!in_cut(in.net, c, in.p.origin(i, in.n))) continue;
    const Node t = in.p.target(i, in.n);
    if (t == kAllNodes ? outside : (t < in.n && !in_cut(in.net, c, t))) out.push_back(i);
  }
  return out;
}

std::uint64_t ncross(const Network& net, const std::vector<CoqCut>& cs, Node u, Node w) {
  std::uint64_t k = 0;
  for (const CoqCut& c : cs) k += in_cut(net, c, u) && !in_cut(net, c, w);
  return k;
}

std::uint64_t cut_steps(const Instance& in, const std::vector<CoqCut>& cs) {
  // Cuts.cut_ok: the all-port count assumes one packet per directed link.
  if (in.m == Model::AllPort && in.net.multi_links()) return 0;
  std::uint64_t total = 0;
  bool distinct = true;
  for (const CoqCut& c : cs) {
    const auto x = must_cross(in, c);
    total += x.size();
    std::set<Node> targets;
    for (Item i : x) distinct = targets.insert(in.p.target(i, in.n)).second && distinct;
  }
  const std::uint64_t pcap =
      in.p.combining() ? (distinct ? 1 : in.items) : in.p.packet_items;
  std::uint64_t links = 0, outs = 0, ins = 0;
  std::vector<std::uint64_t> maxin(in.n, 0);
  for (Node u = 0; u < in.n; ++u) {
    std::uint64_t maxout = 0;
    in.net.for_each_neighbour(u, [&](Node w, int) {
      const std::uint64_t k = ncross(in.net, cs, u, w);
      links += k;
      maxout = std::max(maxout, k);
      maxin[w] = std::max(maxin[w], k);
    });
    outs += maxout;
  }
  for (auto k : maxin) ins += k;
  std::uint64_t cap = 0;
  switch (in.m) {
    case Model::AllPort: cap = links; break;
    case Model::SinglePortFull:
    case Model::SinglePortHalf: cap = std::min(outs, ins); break;
    case Model::ShoutWhisper: cap = ins; break;
  }
  const std::uint64_t d = pcap * cap;
  return d == 0 ? 0 : (total + d - 1) / d;
}

CoqCut digit_in(int e, std::vector<std::uint32_t> values) {
  CoqCut c;
  c.kind = CoqCut::Kind::DigitIn;
  c.dim = e;
  c.values = std::move(values);
  return c;
}

std::vector<std::uint32_t> range(std::uint32_t a, std::uint32_t b) {  // [a, b)
  std::vector<std::uint32_t> v;
  for (std::uint32_t x = a; x < b; ++x) v.push_back(x);
  return v;
}

// Per dimension, cuts that every hop of that dimension crosses at most once (item-hop count).
std::vector<CoqCut> hop_family(const Network& net) {
  std::vector<CoqCut> cs;
  for (int e = 0; e < net.dims(); ++e) {
    const auto& f = net.factors()[e];
    const std::uint32_t k = f.size;
    switch (f.kind) {
      case schedules::FactorKind::K2:
      case schedules::FactorKind::Complete:
        for (std::uint32_t a = 0; a < k; ++a) cs.push_back(digit_in(e, {a}));
        break;
      case schedules::FactorKind::Ring:
        for (std::uint32_t s = 0; s < k; ++s) {
          std::vector<std::uint32_t> arc;
          for (std::uint32_t j = 0; j < k / 2; ++j) arc.push_back((s + j) % k);
          cs.push_back(digit_in(e, arc));
        }
        break;
      case schedules::FactorKind::Path:
        for (std::uint32_t a = 0; a + 1 < k; ++a) cs.push_back(digit_in(e, range(0, a + 1)));
        for (std::uint32_t a = 1; a < k; ++a) cs.push_back(digit_in(e, range(a, k)));
        break;
      case schedules::FactorKind::Graph:
        throw InputError("coq bounds: no per-dimension cut family for the graph factor " + f.name());
    }
  }
  return cs;
}

std::string join(const std::vector<std::uint32_t>& v) {
  std::string s;
  for (std::size_t j = 0; j < v.size(); ++j) s += (j ? "; " : "") + std::to_string(v[j]);
  return s;
}

}  // namespace

std::string CoqBoundArgument::coq_term() const {
  switch (kind) {
    case Kind::Distance: return "ByDistance " + std::to_string(item) + " " + std::to_string(node);
    case Kind::Doubling: return "ByDoubling " + std::to_string(item);
    case Kind::Cuts: break;
  }
  std::string s = "ByCuts [";
  for (std::size_t j = 0; j < cuts.size(); ++j) {
    const CoqCut& c = cuts[j];
    s += j ? "; " : "";
    switch (c.kind) {
      case CoqCut::Kind::DigitIn:
        s += "DigitIn " + std::to_string(c.dim) + "%nat [" + join(c.values) + "]";
        break;
      case CoqCut::Kind::Only: s += "Only " + std::to_string(c.node); break;
      case CoqCut::Kind::AllBut: s += "AllBut " + std::to_string(c.node); break;
    }
  }
  return s + "]";
}

std::vector<CoqBoundArgument> coq_bound_candidates(const Network& net, Model m, const Problem& p) {
  const std::uint64_t n = net.size();
  const Instance in{net, m, p, n, p.num_items(n)};
  std::vector<CoqBoundArgument> out;

  // Distance: the item and needing node whose digits differ most (every node needs a
  // broadcast-type item: the node differing from its origin in every digit).
  CoqBoundArgument dist;
  dist.kind = CoqBoundArgument::Kind::Distance;
  bool have_all = false;
  Item all_item = 0;
  for (Item i = 0; i < in.items && i < (Item{1} << 22); ++i) {
    const Node o = p.origin(i, n), t = p.target(i, n);
    Node v = t;
    if (t == kAllNodes) {
      if (have_all) continue;  // every such item gives the same value
      have_all = true;
      all_item = i;
      v = o;
      for (int e = 0; e < net.dims(); ++e)
        if (net.factors()[e].size >= 2)
          v = net.with_digit(v, e, (net.digit(o, e) + 1) % net.factors()[e].size);
    } else if (t >= n) {
      continue;
    }
    const std::uint64_t h = hamming(net, o, v);
    if (h > dist.steps) {
      dist.steps = h;
      dist.item = i;
      dist.node = v;
    }
  }
  dist.what = "node " + std::to_string(dist.node) + " needs item " + std::to_string(dist.item) +
              ", whose origin differs from it in " + std::to_string(dist.steps) +
              " digits (one per hop)";
  out.push_back(dist);

  if (have_all && (m == Model::SinglePortFull || m == Model::SinglePortHalf)) {
    CoqBoundArgument dbl;
    dbl.kind = CoqBoundArgument::Kind::Doubling;
    dbl.item = all_item;
    dbl.steps = log2_up(n);
    dbl.what = "every node needs item " + std::to_string(all_item) +
               " and its holders at most double per step (single-port)";
    out.push_back(dbl);
  }

  auto add_cuts = [&](std::vector<CoqCut> cs, const std::string& what) {
    CoqBoundArgument a;
    a.kind = CoqBoundArgument::Kind::Cuts;
    a.steps = cut_steps(in, cs);
    a.cuts = std::move(cs);
    a.what = what;
    out.push_back(std::move(a));
  };
  std::vector<Node> centres{0};
  if (p.has_root() && p.root != 0 && p.root < n) centres.push_back(p.root);
  for (Node v : centres) {
    CoqCut c;
    c.node = v;
    c.kind = CoqCut::Kind::AllBut;
    add_cuts({c}, "what node " + std::to_string(v) + " must receive, over what it can receive per step");
    c.kind = CoqCut::Kind::Only;
    add_cuts({c}, "what node " + std::to_string(v) + " must send, over what it can send per step");
  }
  for (int e = 0; e < net.dims(); ++e) {
    const std::uint32_t k = net.factors()[e].size;
    for (std::uint32_t a = 1; a < k; ++a)
      add_cuts({digit_in(e, range(0, a))}, "the cut of dimension " + std::to_string(e) +
                                               " into digits < " + std::to_string(a) +
                                               " and the rest, over its crossings per step");
    if (net.factors()[e].kind == schedules::FactorKind::Path)
      for (std::uint32_t c = 1; c + 1 < k; ++c)
        add_cuts({digit_in(e, range(0, c)), digit_in(e, range(c + 1, k))},
                 "both sides of digit " + std::to_string(c) + " of path dimension " +
                     std::to_string(e) + " cross into the middle");
  }
  // A graph factor has no such family (a hop of a graph crosses a cut of its digit any number
  // of times); the other arguments still apply (Coq's Cuts.v holds for every network).
  if (!net.has_graph())
    add_cuts(hop_family(net),
             "item-hops: per dimension, cuts every hop crosses at most once (average status)");
  return out;
}

std::optional<CoqBoundArgument> best_coq_bound(const Network& net, Model m, const Problem& p,
                                               std::uint64_t steps) {
  std::optional<CoqBoundArgument> best;
  for (auto& a : coq_bound_candidates(net, m, p)) {
    if (a.steps == steps) return a;
    if (!best || a.steps > best->steps) best = a;
  }
  return best;
}

}  // namespace schedcert::witnesses
