#include "schedules/status.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "schedules/checked.hpp"
#include "schedules/error.hpp"

namespace schedcert::schedules {


namespace {

std::uint64_t tri(std::uint64_t x) {
  return x * (x + 1) / 2;
}  // 1 + 2 + ... + x

}  // namespace

// --- One factor ------------------------------------------------------------------------------

std::uint64_t ring_status(std::uint32_t k) {
  // Distances min(j, k - j) for j = 1..k-1 sum to floor(k^2 / 4).
  return static_cast<std::uint64_t>(k) * k / 4;
}

std::uint64_t path_status(std::uint32_t k, std::uint32_t a) {
  return tri(a) + tri(static_cast<std::uint64_t>(k) - 1 - a);
}

std::uint64_t complete_status(std::uint32_t k) {
  return k - 1;
}

std::uint64_t hypercube_status(int d) {
  if (d < 1 || d > 62)
    throw InputError("hypercube_status: d = " + std::to_string(d) + " out of range");
  return static_cast<std::uint64_t>(d) << (d - 1);
}

double ring_average_status(std::uint32_t k) {
  return static_cast<double>(ring_status(k));
}

double path_average_status(std::uint32_t k) {
  return (static_cast<double>(k) * k - 1.0) / 3.0;
}

std::uint64_t generalized_hypercube_status(const std::vector<std::uint32_t>& m) {
  std::uint64_t n = 1;
  for (std::uint32_t mi : m) {
    if (mi < 2) throw InputError("generalized_hypercube_status: every m_i must be at least 2");
    n = checked_mul(n, mi, "generalized_hypercube_status: the number of nodes");
  }
  std::uint64_t s = 0;
  for (std::uint32_t mi : m)  // n (m_i - 1) / m_i, exact
    s = checked_add(s, checked_mul(n / mi, mi - 1, "generalized_hypercube_status"),
                    "generalized_hypercube_status");
  return s;
}

double generalized_hypercube_average_distance(const std::vector<std::uint32_t>& m) {
  double n = 1.0, inv = 0.0;
  for (std::uint32_t mi : m) {
    if (mi < 2)
      throw InputError("generalized_hypercube_average_distance: every m_i must be at least 2");
    n *= mi;
    inv += 1.0 / mi;
  }
  return n / (n - 1.0) * (static_cast<double>(m.size()) - inv);
}

std::uint64_t factor_status(const Factor& f, std::uint32_t a) {
  switch (f.kind) {
    case FactorKind::K2:
      return 1;
    case FactorKind::Ring:
      return ring_status(f.size);
    case FactorKind::Path:
      return path_status(f.size, a);
    case FactorKind::Complete:
      return complete_status(f.size);
    case FactorKind::Graph: {
      std::uint64_t s = 0;
      for (std::uint32_t b = 0; b < f.size; ++b) s += f.graph->distance(a, b);
      return s;
    }
  }
  return 0;
}

std::uint64_t factor_total_status(const Factor& f) {
  const std::uint64_t k = f.size;
  switch (f.kind) {
    case FactorKind::K2:
      return 2;
    case FactorKind::Ring:
      return k * ring_status(f.size);
    case FactorKind::Path:
      return (k - 1) * k * (k + 1) / 3;  // 2 * sum_d d (k - d)
    case FactorKind::Complete:
      return k * (k - 1);
    case FactorKind::Graph: {
      std::uint64_t s = 0;
      for (std::uint32_t a = 0; a < f.size; ++a) s += factor_status(f, a);
      return s;
    }
  }
  return 0;
}

std::vector<std::uint64_t> factor_distance_profile(const Factor& f, std::uint32_t a) {
  const std::uint32_t k = f.size;
  switch (f.kind) {
    case FactorKind::K2:
      return {1, 1};
    case FactorKind::Complete:
      return {1, k - 1};
    case FactorKind::Ring: {
      std::vector<std::uint64_t> c(k / 2 + 1, 2);
      c[0] = 1;
      if (k % 2 == 0) c[k / 2] = 1;
      return c;
    }
    case FactorKind::Path: {
      const std::uint32_t far = std::max(a, k - 1 - a);
      std::vector<std::uint64_t> c(far + 1, 0);
      c[0] = 1;
      for (std::uint32_t d = 1; d <= far; ++d) c[d] = (d <= a) + (d <= k - 1 - a);
      return c;
    }
    case FactorKind::Graph: {
      std::vector<std::uint64_t> c(f.graph->eccentricity(a) + 1, 0);
      for (std::uint32_t b = 0; b < k; ++b) ++c[f.graph->distance(a, b)];
      return c;
    }
  }
  return {1};
}

// --- A whole network -------------------------------------------------------------------------

std::uint64_t status_bfs(const Network& net, Node v) {
  constexpr std::uint64_t kMax = std::uint64_t{1} << 24;
  if (net.size() > kMax)
    throw InputError("status_bfs: network " + net.name() + " has " + std::to_string(net.size()) +
                     " nodes, more than 2^24 (use status_formula)");
  const std::uint32_t n = net.num_nodes();
  if (v >= n) throw InputError("status_bfs: node " + std::to_string(v) + " out of range");
  constexpr std::uint32_t kUnseen = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint32_t> dist(n, kUnseen);
  std::vector<Node> queue;
  queue.reserve(n);
  dist[v] = 0;
  queue.push_back(v);
  std::uint64_t sum = 0;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const Node u = queue[head];
    sum += dist[u];
    net.for_each_neighbour(u, [&](Node w, int) {
      if (dist[w] == kUnseen) {
        dist[w] = dist[u] + 1;
        queue.push_back(w);
      }
    });
  }
  return sum;
}

std::uint64_t status_formula(const Network& net, Node v) {
  if (v >= net.size())
    throw InputError("status_formula: node " + std::to_string(v) + " out of range");
  const std::uint64_t n = net.size();
  std::uint64_t s = 0;
  for (int i = 0; i < net.dims(); ++i) {
    const Factor& f = net.factors()[i];
    s += n / f.size * factor_status(f, net.digit(v, i));
  }
  return s;
}

Wide total_status(const Network& net) {
  const std::uint64_t n = net.size();
  Wide s = 0;
  for (const Factor& f : net.factors()) {
    const Wide copies = n / f.size;
    s += copies * copies * factor_total_status(f);
  }
  return s;
}

double average_status(const Network& net) {
  return static_cast<double>(total_status(net)) / static_cast<double>(net.size());
}

double average_status_corollary2(const Network& net) {
  const double n = static_cast<double>(net.size());
  double s = 0.0;
  for (const Factor& f : net.factors()) {
    const double as_i = static_cast<double>(factor_total_status(f)) / f.size;  // AS(G_i)
    s += as_i / f.size;
  }
  return n * s;
}

double average_distance(const Network& net) {
  const double n = static_cast<double>(net.size());
  return static_cast<double>(total_status(net)) / (n * (n - 1.0));
}

double average_distance(const Network& net, Node v) {
  return static_cast<double>(status_formula(net, v)) / static_cast<double>(net.size() - 1);
}

double average_distance_corollary1(const Network& net, Node v) {
  const double n = static_cast<double>(net.size());
  double s = 0.0;
  for (int i = 0; i < net.dims(); ++i) {
    const Factor& f = net.factors()[i];
    const double ad_i = static_cast<double>(factor_status(f, net.digit(v, i))) / (f.size - 1.0);
    s += (1.0 - 1.0 / f.size) * ad_i;
  }
  return n / (n - 1.0) * s;
}

std::optional<std::vector<std::uint64_t>> distance_profile(const Network& net, Node v,
                                                           std::uint64_t max_work) {
  std::vector<std::uint64_t> cur{1};
  std::uint64_t work = 0;
  for (int i = 0; i < net.dims(); ++i) {
    const std::vector<std::uint64_t> fi =
        factor_distance_profile(net.factors()[i], net.digit(v, i));
    work += static_cast<std::uint64_t>(cur.size()) * fi.size();
    if (work > max_work) return std::nullopt;
    std::vector<std::uint64_t> next(cur.size() + fi.size() - 1, 0);
    for (std::size_t a = 0; a < cur.size(); ++a)
      for (std::size_t b = 0; b < fi.size(); ++b) next[a + b] += cur[a] * fi[b];
    cur = std::move(next);
  }
  return cur;
}

std::uint32_t min_degree(const Network& net) {
  std::uint32_t d = 0;
  for (const Factor& f : net.factors()) {
    if (f.kind == FactorKind::Graph) {
      std::uint32_t m = f.graph->ports();
      for (std::uint32_t a = 0; a < f.size; ++a) m = std::min(m, f.graph->out_degree(a));
      d += m;
    } else {
      d += f.kind == FactorKind::Path ? 1 : f.ports();
    }
  }
  return d;
}

std::uint32_t max_degree(const Network& net) {
  return net.ports();
}

std::uint64_t directed_links(const Network& net) { return net.directed_links(); }

}  // namespace schedcert::schedules
