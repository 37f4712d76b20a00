// Simulated annealing for small connected dominating sets of Q_d (design note in cds_heuristic.hpp).
#include "search/cds_heuristic.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <stdexcept>

#include "schedules/error.hpp"
#include "search/alpha_cubes.hpp"

namespace schedcert::search {

using schedules::Node;
using Clock = std::chrono::steady_clock;

namespace {

// Adds nodes on shortest paths until S is connected (joining the component of the first member
// to the nearest other member each time).
void connect(int d, std::vector<bool>& in) {
  const Node n = Node{1} << d;
  for (;;) {
    std::vector<int> dist(n, -1), parent(n, -1);
    Node start = 0;
    while (start < n && !in[start]) ++start;
    if (start == n) return;
    // BFS from the whole component of `start` (distance 0 inside it).
    std::vector<Node> q{start};
    dist[start] = 0;
    for (std::size_t i = 0; i < q.size(); ++i)
      for (int b = 0; b < d; ++b) {
        const Node w = q[i] ^ (Node{1} << b);
        if (in[w] && dist[w] < 0) {
          dist[w] = 0;
          q.push_back(w);
        }
      }
    const std::size_t comp = q.size();
    std::size_t members = 0;
    for (Node v = 0; v < n; ++v) members += in[v];
    if (comp == members) return;
    for (std::size_t i = 0; i < q.size(); ++i)
      for (int b = 0; b < d; ++b) {
        const Node w = q[i] ^ (Node{1} << b);
        if (dist[w] >= 0) continue;
        dist[w] = dist[q[i]] + 1;
        parent[w] = static_cast<int>(q[i]);
        if (in[w]) {  // reached another component: add the path
          for (int u = parent[w]; u >= 0 && dist[u] > 0; u = parent[u]) in[u] = true;
          goto next;
        }
        q.push_back(w);
      }
    return;
  next:;
  }
}

class Annealer {
 public:
  Annealer(int d, std::uint64_t seed) : d_(d), n_(Node{1} << d), in_(n_, false), dom_(n_, 0), rng_(seed) {}

  void load(const std::vector<Node>& s) {
    std::fill(in_.begin(), in_.end(), false);
    std::fill(dom_.begin(), dom_.end(), 0);
    members_.clear();
    undominated_ = n_;
    for (Node v : s) add(v);
  }
  std::size_t cost() { return undominated_ + components() - 1; }
  const std::vector<Node>& members() const { return members_; }

  // One annealing round at temperatures t0 -> t1 over `moves` moves; returns the final cost.
  std::size_t round(std::uint64_t moves, double t0, double t1, const std::function<bool()>& stop) {
    std::size_t c = cost();
    const double f = std::pow(t1 / t0, 1.0 / static_cast<double>(moves));
    double temp = t0;
    for (std::uint64_t i = 0; i < moves && c > 0; ++i, temp *= f) {
      if ((i & 1023) == 0 && stop()) break;
      ++moves_;
      const std::size_t ui = pick(members_.size());
      const Node u = members_[ui];
      Node w;
      if (undominated_ > 0 && coin()) {
        Node x;
        do x = static_cast<Node>(pick(n_)); while (dom_[x] != 0);
        w = x ^ (Node{1} << pick(static_cast<std::size_t>(d_ + 1)) >> 1);  // x or a neighbour
      } else {
        w = members_[pick(members_.size())] ^ (Node{1} << pick(static_cast<std::size_t>(d_)));
      }
      if (in_[w]) continue;
      remove(u);
      add(w);
      const std::size_t nc = cost();
      if (nc <= c || std::uniform_real_distribution<double>(0, 1)(rng_) < std::exp((double(c) - double(nc)) / temp)) {
        c = nc;
      } else {
        remove(w);
        add(u);
      }
    }
    return c;
  }
  std::uint64_t moves() const { return moves_; }
  std::size_t pick(std::size_t k) { return std::uniform_int_distribution<std::size_t>(0, k - 1)(rng_); }

 private:
  bool coin() { return (rng_() & 1) != 0; }
  void touch(Node v, int delta) {
    auto bump = [&](Node x) {
      if (dom_[x] == 0 && delta > 0) --undominated_;
      dom_[x] += delta;
      if (dom_[x] == 0) ++undominated_;
    };
    bump(v);
    for (int b = 0; b < d_; ++b) bump(v ^ (Node{1} << b));
  }
  void add(Node v) {
    in_[v] = true;
    members_.push_back(v);
    touch(v, +1);
  }
  void remove(Node v) {
    in_[v] = false;
    members_.erase(std::find(members_.begin(), members_.end(), v));
    touch(v, -1);
  }
  std::size_t components() {
    if (members_.empty()) return 1;
    stamp_.resize(n_, 0);
    ++gen_;
    std::size_t comps = 0;
    for (Node s : members_) {
      if (stamp_[s] == gen_) continue;
      ++comps;
      queue_.clear();
      queue_.push_back(s);
      stamp_[s] = gen_;
      for (std::size_t i = 0; i < queue_.size(); ++i)
        for (int b = 0; b < d_; ++b) {
          const Node w = queue_[i] ^ (Node{1} << b);
          if (in_[w] && stamp_[w] != gen_) {
            stamp_[w] = gen_;
            queue_.push_back(w);
          }
        }
    }
    return comps;
  }

  int d_;
  Node n_;
  std::vector<bool> in_;
  std::vector<int> dom_;
  std::vector<Node> members_, queue_;
  std::vector<std::uint32_t> stamp_;
  std::uint32_t gen_ = 0;
  std::size_t undominated_ = 0;
  std::uint64_t moves_ = 0;
  std::mt19937_64 rng_;
};

}  // namespace

std::vector<Node> constructive_cds(int d) {
  if (d < 2 || d > 16) throw InputError("--dim: the CDS heuristic takes d in [2, 16]");
  const Node n = Node{1} << d;
  std::vector<bool> in(n, false);
  if (((d + 1) & d) == 0) {
    // Hamming code: v is a codeword iff the XOR of the (1-based) positions of its 1-bits is 0.
    for (Node v = 0; v < n; ++v) {
      unsigned syn = 0;
      for (int b = 0; b < d; ++b)
        if (v >> b & 1u) syn ^= static_cast<unsigned>(b + 1);
      in[v] = syn == 0;
    }
  } else {
    std::vector<bool> dom(n, false);
    for (;;) {  // greedy: the node dominating most undominated nodes
      Node best = 0;
      int gain = -1;
      for (Node v = 0; v < n; ++v) {
        int g = !dom[v];
        for (int b = 0; b < d; ++b) g += !dom[v ^ (Node{1} << b)];
        if (g > gain) gain = g, best = v;
      }
      if (gain <= 0) break;
      in[best] = dom[best] = true;
      for (int b = 0; b < d; ++b) dom[best ^ (Node{1} << b)] = true;
    }
  }
  connect(d, in);
  std::vector<Node> s;
  for (Node v = 0; v < n; ++v)
    if (in[v]) s.push_back(v);
  if (const auto why = check_cds(d, s); !why.empty()) throw std::logic_error("constructive_cds: " + why);
  return s;
}

CdsSearchResult search_cds(const CdsSearchOptions& o) {
  const auto t0 = Clock::now();
  const auto deadline = t0 + std::chrono::microseconds(static_cast<long long>(o.seconds * 1e6));
  auto stop = [&] { return Clock::now() >= deadline || (o.stop && o.stop()); };
  CdsSearchResult res;
  res.best = o.start.empty() ? constructive_cds(o.d) : o.start;
  if (const auto why = check_cds(o.d, res.best); !why.empty()) throw InputError("--seed-witness: not a CDS: " + why);
  if (o.on_found) o.on_found(res.best);
  Annealer a(o.d, o.seed);
  while (!stop() && (o.target == 0 || res.best.size() > o.target)) {
    // Try size k = best - 1: start from the best set minus one node.
    std::vector<Node> s = res.best;
    s.erase(s.begin() + static_cast<long>(a.pick(s.size())));
    a.load(s);
    bool found = false;
    std::vector<Node> keep = s;
    for (int r = 0; r < 1000000 && !stop(); ++r) {
      if (a.round(200000, 2.0, 0.05, stop) == 0) {
        found = true;
        break;
      }
      if (r % 4 == 3) a.load(keep);  // restart now and then
    }
    if (!found) break;
    std::vector<Node> cds = a.members();
    std::sort(cds.begin(), cds.end());
    if (const auto why = check_cds(o.d, cds); !why.empty()) throw std::logic_error("search_cds: " + why);
    res.best = cds;
    if (o.on_found) o.on_found(res.best);
  }
  res.moves = a.moves();
  res.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return res;
}

}  // namespace schedcert::search
