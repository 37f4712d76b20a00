#include "schedules/network.hpp"

#include <algorithm>
#include <bit>
#include <cctype>

#include "schedules/error.hpp"

namespace schedcert::schedules {

std::uint32_t Factor::ports() const {
  switch (kind) {
    case FactorKind::K2: return 1;
    case FactorKind::Ring:
    case FactorKind::Path: return 2;
    case FactorKind::Complete: return size - 1;
    case FactorKind::Graph: return graph->ports();
  }
  return 0;
}

std::uint32_t Factor::distance(std::uint32_t a, std::uint32_t b) const {
  if (a == b) return 0;
  if (kind == FactorKind::Graph) return graph->distance(a, b);
  std::uint32_t diff = a > b ? a - b : b - a;
  switch (kind) {
    case FactorKind::K2:
    case FactorKind::Complete: return 1;
    case FactorKind::Ring: return std::min(diff, size - diff);
    case FactorKind::Path: return diff;
    case FactorKind::Graph: break;
  }
  return 0;
}

std::uint32_t Factor::diameter() const {
  switch (kind) {
    case FactorKind::K2:
    case FactorKind::Complete: return 1;
    case FactorKind::Ring: return size / 2;
    case FactorKind::Path: return size - 1;
    case FactorKind::Graph: return graph->diameter();
  }
  return 0;
}

bool Factor::adjacent(std::uint32_t a, std::uint32_t b) const {
  if (kind == FactorKind::Graph) return graph->adjacent(a, b);
  return a != b && distance(a, b) == 1;
}

std::string Factor::name() const {
  switch (kind) {
    case FactorKind::K2: return "K2";
    case FactorKind::Ring: return "C" + std::to_string(size);
    case FactorKind::Path: return "P" + std::to_string(size);
    case FactorKind::Complete: return "K" + std::to_string(size);
    case FactorKind::Graph: return graph->name();
  }
  return "?";
}

namespace {

constexpr std::uint64_t kMaxFactorSize = 1u << 20;
constexpr std::uint64_t kMaxNodes = std::uint64_t{1} << 31;  // node ids are 32-bit

std::uint64_t parse_number(const std::string& spec, std::size_t& i, const std::string& token) {
  std::size_t start = i;
  std::uint64_t value = 0;
  while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) {
    value = value * 10 + static_cast<std::uint64_t>(spec[i] - '0');
    if (value > kMaxFactorSize)
      throw InputError("network '" + spec + "': number in '" + token + "' at character " +
                       std::to_string(start + 1) + " is too large (at most " +
                       std::to_string(kMaxFactorSize) + ")");
    ++i;
  }
  if (i == start)
    throw InputError("network '" + spec + "': expected a number after '" + token +
                     "' at character " + std::to_string(start + 1));
  return value;
}

}  // namespace

Network Network::parse(const std::string& spec) {
  if (spec.empty()) throw InputError("network: empty specification (try Q4, C3xC3, P4xK3)");
  std::vector<Factor> factors;
  if (spec.size() >= 6 && spec.compare(0, 6, "graph:") == 0) {
    const auto t = load_topology_file(spec.substr(6));
    return Network(std::vector<Factor>{Factor{FactorKind::Graph, t->size(), t}});
  }
  std::size_t i = 0;
  while (true) {
    if (i >= spec.size())
      throw InputError("network '" + spec + "': expected a factor at character " +
                       std::to_string(i + 1));
    std::size_t named = 0;
    std::vector<Factor> group;
    if (auto t = builtin_topology(spec, i, named)) {
      group.push_back(Factor{FactorKind::Graph, t->size(), t});
      i += named;
    } else {
    char c = static_cast<char>(std::toupper(static_cast<unsigned char>(spec[i])));
    std::size_t token_start = i;
    ++i;
    std::string token(1, c);
    std::uint64_t n = parse_number(spec, i, token);
    switch (c) {
      case 'Q':
        if (n < 1 || n > 31)
          throw InputError("network '" + spec + "': hypercube dimension " + std::to_string(n) +
                           " at character " + std::to_string(token_start + 1) +
                           " is out of range [1, 31]");
        group.assign(n, Factor{FactorKind::K2, 2});
        break;
      case 'C':
        if (n < 2)
          throw InputError("network '" + spec + "': ring C" + std::to_string(n) +
                           " at character " + std::to_string(token_start + 1) +
                           " needs at least 2 nodes");
        group.push_back(n == 2 ? Factor{FactorKind::K2, 2}
                               : Factor{FactorKind::Ring, static_cast<std::uint32_t>(n)});
        break;
      case 'P':
        if (n < 2)
          throw InputError("network '" + spec + "': path P" + std::to_string(n) +
                           " at character " + std::to_string(token_start + 1) +
                           " needs at least 2 nodes");
        group.push_back(n == 2 ? Factor{FactorKind::K2, 2}
                               : Factor{FactorKind::Path, static_cast<std::uint32_t>(n)});
        break;
      case 'K':
        if (n < 2)
          throw InputError("network '" + spec + "': complete graph K" + std::to_string(n) +
                           " at character " + std::to_string(token_start + 1) +
                           " needs at least 2 nodes");
        group.push_back(n == 2 ? Factor{FactorKind::K2, 2}
                               : Factor{FactorKind::Complete, static_cast<std::uint32_t>(n)});
        break;
      default:
        throw InputError("network '" + spec + "': unknown factor '" + std::string(1, spec[token_start]) +
                         "' at character " + std::to_string(token_start + 1) +
                         " (use Q<d>, C<n>, P<n>, K<n>, joined by 'x', powers with '^')");
    }
    }
    if (i < spec.size() && spec[i] == '^') {
      ++i;
      std::uint64_t p = parse_number(spec, i, "^");
      if (p < 1 || p > 64)
        throw InputError("network '" + spec + "': power " + std::to_string(p) +
                         " is out of range [1, 64]");
      std::vector<Factor> g;
      for (std::uint64_t k = 0; k < p; ++k) g.insert(g.end(), group.begin(), group.end());
      group = std::move(g);
    }
    factors.insert(factors.end(), group.begin(), group.end());
    if (factors.size() > 64) throw InputError("network '" + spec + "': more than 64 dimensions");
    if (i == spec.size()) break;
    if (spec[i] != 'x' && spec[i] != 'X' && spec[i] != '*')
      throw InputError("network '" + spec + "': unexpected '" + std::string(1, spec[i]) +
                       "' at character " + std::to_string(i + 1) + " (factors are joined by 'x')");
    ++i;
  }
  return Network(std::move(factors));
}

Network Network::hypercube(int d) {
  if (d < 1 || d > 31)
    throw InputError("hypercube dimension " + std::to_string(d) + " is out of range [1, 31]");
  return Network(std::vector<Factor>(static_cast<std::size_t>(d), Factor{FactorKind::K2, 2}));
}

Network::Network(std::vector<Factor> factors) : factors_(std::move(factors)) {
  if (factors_.empty()) throw InputError("network: no factors");
  hypercube_ = true;
  for (const Factor& f : factors_) {
    stride_.push_back(size_);
    port_base_.push_back(ports_);
    if (f.size < 2 || f.size > kMaxFactorSize)
      throw InputError("network: factor " + f.name() + " must have 2 to 2^20 vertices");
    if (f.kind == FactorKind::Graph) {
      if (!f.graph || f.graph->size() != f.size)
        throw InputError("network: graph factor without a graph of " + std::to_string(f.size) + " nodes");
      if (!f.graph->builtin() && factors_.size() > 1)
        throw InputError("network: a graph file (" + f.graph->name() + ") cannot be a factor of a product");
      has_graph_ = true;
      directed_ = directed_ || f.graph->directed();
      multi_links_ = multi_links_ || f.graph->multi_links();
    }
    if (size_ > kMaxNodes / f.size)
      throw InputError("network: more than 2^31 nodes is not supported");
    size_ *= f.size;
    ports_ += f.ports();
    if (f.kind != FactorKind::K2) hypercube_ = false;
  }
}

std::uint32_t Network::num_nodes() const {
  return static_cast<std::uint32_t>(size_);
}

std::string Network::name() const {
  if (hypercube_) return "Q" + std::to_string(dims());
  std::string s;
  for (std::size_t i = 0; i < factors_.size();) {
    std::size_t j = i;
    while (j < factors_.size() && factors_[j].same_as(factors_[i])) ++j;
    if (!s.empty()) s += "x";
    s += factors_[i].name();
    if (j - i > 1) s += "^" + std::to_string(j - i);
    i = j;
  }
  return s;
}

std::uint32_t Network::digit(Node v, int dim) const {
  if (hypercube_) return (v >> dim) & 1u;
  return static_cast<std::uint32_t>((v / stride_[dim]) % factors_[dim].size);
}

Node Network::with_digit(Node v, int dim, std::uint32_t value) const {
  if (hypercube_) return (v & ~(Node{1} << dim)) | (Node{value} << dim);
  // No modular trick (v + (value - old) * stride wraps when value < old): clear, then set.
  const std::uint64_t cleared = v - digit(v, dim) * stride_[dim];
  return static_cast<Node>(cleared + value * stride_[dim]);
}

std::optional<int> Network::edge_dim_product(Node u, Node v) const {
  if (u >= size_ || v >= size_) return std::nullopt;
  int found = -1;
  for (int i = 0; i < dims(); ++i) {
    std::uint32_t a = digit(u, i), b = digit(v, i);
    if (a == b) continue;
    if (found >= 0 || !factors_[i].adjacent(a, b)) return std::nullopt;
    found = i;
  }
  if (found < 0) return std::nullopt;
  return found;
}

std::uint32_t Network::port(Node u, Node v) const {
  if (hypercube_) return static_cast<std::uint32_t>(std::countr_zero(u ^ v));
  return port_product(u, v, *edge_dim(u, v));
}

std::uint32_t Network::port_product(Node u, Node v, int dim) const {
  const Factor& f = factors_[dim];
  std::uint32_t a = digit(u, dim), b = digit(v, dim);
  std::uint32_t local = 0;
  switch (f.kind) {
    case FactorKind::K2: local = 0; break;
    case FactorKind::Ring: local = (b == (a + 1) % f.size) ? 0 : 1; break;
    case FactorKind::Path: local = (b == a + 1) ? 0 : 1; break;
    case FactorKind::Complete: local = b < a ? b : b - 1; break;
    case FactorKind::Graph: local = *f.graph->port(a, b); break;
  }
  return port_base_[dim] + local;
}

std::uint32_t Network::degree(Node v) const {
  if (hypercube_) return static_cast<std::uint32_t>(dims());
  std::uint32_t deg = 0;
  for (int i = 0; i < dims(); ++i) {
    const Factor& f = factors_[i];
    if (f.kind == FactorKind::Path) {
      std::uint32_t a = digit(v, i);
      deg += (a > 0) + (a + 1 < f.size);
    } else if (f.kind == FactorKind::Graph) {
      deg += f.graph->out_degree(digit(v, i));
    } else {
      deg += f.ports();
    }
  }
  return deg;
}

std::uint32_t Network::distance(Node u, Node v) const {
  if (hypercube_) return static_cast<std::uint32_t>(std::popcount(u ^ v));
  std::uint32_t d = 0;
  for (int i = 0; i < dims(); ++i) d += factors_[i].distance(digit(u, i), digit(v, i));
  return d;
}

std::uint32_t Network::diameter() const {
  std::uint32_t d = 0;
  for (const Factor& f : factors_) d += f.diameter();
  return d;
}

std::uint32_t Network::eccentricity(Node v) const {
  std::uint32_t e = 0;
  for (int i = 0; i < dims(); ++i) {
    const Factor& f = factors_[i];
    std::uint32_t a = digit(v, i);
    if (f.kind == FactorKind::Path)
      e += std::max(a, f.size - 1 - a);
    else if (f.kind == FactorKind::Graph)
      e += f.graph->eccentricity(a);
    else
      e += f.diameter();
  }
  return e;
}

bool Network::is_translation_invariant() const {
  return std::none_of(factors_.begin(), factors_.end(),
                      [](const Factor& f) {
                        return f.kind == FactorKind::Path || f.kind == FactorKind::Graph;
                      });
}

const Topology* Network::file_graph() const {
  if (factors_.size() == 1 && factors_[0].kind == FactorKind::Graph && !factors_[0].graph->builtin())
    return factors_[0].graph.get();
  return nullptr;
}

std::uint64_t Network::directed_links(bool capacity) const {
  std::uint64_t links = 0;
  for (const Factor& f : factors_) {
    std::uint64_t e = 0;  // directed edges of the factor graph
    switch (f.kind) {
      case FactorKind::K2: e = 2; break;
      case FactorKind::Ring: e = 2ull * f.size; break;
      case FactorKind::Path: e = 2ull * (f.size - 1); break;
      case FactorKind::Complete: e = std::uint64_t{f.size} * (f.size - 1); break;
      case FactorKind::Graph: e = capacity ? f.graph->link_capacity_total() : f.graph->arcs(); break;
    }
    links += e * (size_ / f.size);
  }
  return links;
}

Node Network::translate(Node v, Node t) const {
  if (hypercube_) return v ^ t;
  std::uint64_t r = 0;
  for (int i = 0; i < dims(); ++i)
    r += ((digit(v, i) + digit(t, i)) % factors_[i].size) * stride_[i];
  return static_cast<Node>(r);
}

std::uint64_t Network::edge_type(Node u, Node v) const {
  int dim = *edge_dim(u, v);
  if (hypercube_) return static_cast<std::uint64_t>(dim);
  const Factor& f = factors_[dim];
  std::uint32_t delta = (digit(v, dim) + f.size - digit(u, dim)) % f.size;
  return (static_cast<std::uint64_t>(dim) << 32) | delta;
}

}  // namespace schedcert::schedules
