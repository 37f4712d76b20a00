// Necklaces and leaders (Fragopoulou-Akl 1995, §2, Definitions 3-6); conventions in necklace.hpp.
#include "schedules/constructions/fragopoulou1995/necklace.hpp"

#include <algorithm>

namespace schedcert::schedules::constructions::fragopoulou1995 {

std::uint32_t digit_rank(int k, std::uint32_t d) {
  if (d == 0) return 0;
  const std::uint32_t kk = static_cast<std::uint32_t>(k);
  return d <= kk / 2 ? 2 * d - 1 : 2 * (kk - d);
}

std::uint32_t binary_correspondent(const Torus& t, Node v) {
  std::uint32_t b = 0;
  for (int i = 0; i < t.n(); ++i)
    if (t.digit(v, i) != 0) b |= std::uint32_t{1} << i;
  return b;
}

bool leader_order_less(const Torus& t, Node a, Node b) {
  const std::uint32_t ba = binary_correspondent(t, a), bb = binary_correspondent(t, b);
  if (ba != bb) return ba < bb;
  for (int i = t.n() - 1; i >= 0; --i) {
    const std::uint32_t ra = digit_rank(t.k(), t.digit(a, i));
    const std::uint32_t rb = digit_rank(t.k(), t.digit(b, i));
    if (ra != rb) return ra < rb;
  }
  return false;
}

int period(const Torus& t, Node v) {
  int p = 1;
  for (Node w = t.rotate(v); w != v; w = t.rotate(w)) ++p;
  return p;
}

Necklace necklace_of(const Torus& t, Node v) {
  Node lead = v;
  for (Node w = t.rotate(v); w != v; w = t.rotate(w))
    if (leader_order_less(t, lead, w)) lead = w;
  Necklace nk;
  nk.distance = t.distance(v);
  nk.nodes.push_back(lead);
  for (Node w = t.rotate(lead); w != lead; w = t.rotate(w)) nk.nodes.push_back(w);
  return nk;
}

Node leader_of(const Torus& t, Node v) {
  return necklace_of(t, v).leader();
}

std::vector<Node> unfolded(const Torus& t, const Necklace& nk) {
  std::vector<Node> out;
  for (int i = 0; i < 2 * t.n(); ++i)
    out.push_back(nk.nodes[static_cast<std::size_t>(i) % nk.nodes.size()]);
  return out;
}

std::vector<Necklace> all_necklaces(const Torus& t) {
  std::vector<Necklace> out;
  for (Node v = 0; v < t.size(); ++v) {
    bool is_leader = true;
    for (Node w = t.rotate(v); w != v && is_leader; w = t.rotate(w))
      if (leader_order_less(t, v, w)) is_leader = false;
    if (is_leader) out.push_back(necklace_of(t, v));
  }
  std::stable_sort(out.begin(), out.end(), [&](const Necklace& a, const Necklace& b) {
    if (a.distance != b.distance) return a.distance < b.distance;
    return leader_order_less(t, b.leader(), a.leader());
  });
  return out;
}

std::string necklace_listing(const Torus& t, bool unfold) {
  std::string out;
  std::uint32_t last = ~0u;
  for (const Necklace& nk : all_necklaces(t)) {
    const std::string head = "d = " + std::to_string(nk.distance) + " : ";
    out += nk.distance != last ? head : std::string(head.size(), ' ');
    last = nk.distance;
    const std::vector<Node> nodes = unfold ? unfolded(t, nk) : nk.nodes;
    out += "( ";
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      if (i) out += ", ";
      out += i == 0 ? "_" + t.label(nodes[i]) + "_" : t.label(nodes[i]);
    }
    out += " )\n";
  }
  return out;
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
