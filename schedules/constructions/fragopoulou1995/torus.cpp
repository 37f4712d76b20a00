// MT_{n,k} and its automorphisms Tr_s, Ro (Fragopoulou-Akl 1995, §2, Definitions 1-2); see
// torus.hpp for the conventions.
#include "schedules/constructions/fragopoulou1995/torus.hpp"

#include <algorithm>
#include <vector>

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

std::string torus_spec(int n, int k) {
  std::string s = "C" + std::to_string(k);
  if (n > 1) s += "^" + std::to_string(n);
  return s;
}

namespace {

Network checked_network(int n, int k) {
  if (n < 1)
    throw InputError("--dim: the torus dimension n must be >= 1, not " + std::to_string(n));
  if (k < 3 || k % 2 == 0)
    throw InputError("--radix: Fragopoulou-Akl consider odd k >= 3 only (§2), not k = " +
                     std::to_string(k));
  std::uint64_t size = 1;
  for (int i = 0; i < n; ++i) {
    size *= static_cast<std::uint64_t>(k);
    if (size > (std::uint64_t{1} << 22))
      throw InputError("--dim/--radix: MT_{" + std::to_string(n) + "," + std::to_string(k) +
                       "} has more than 2^22 nodes, beyond what these constructions enumerate");
  }
  return Network::parse(torus_spec(n, k));
}

}  // namespace

Torus::Torus(int n, int k) : n_(n), k_(k), net_(checked_network(n, k)) {
  for (int i = 0; i < n_; ++i) {
    stride_[i] = size_;
    size_ *= static_cast<Node>(k_);
  }
}

Node Torus::rotate(Node v, int times) const {
  const int period = 2 * n_;
  times %= period;
  if (times < 0) times += period;
  const Node top = stride_[n_ - 1];
  for (int t = 0; t < times; ++t) v = v / k_ + r(v % k_) * top;
  return v;
}

std::uint32_t Torus::distance(Node v) const {
  std::uint32_t d = 0;
  for (int i = 0; i < n_; ++i) {
    const std::uint32_t x = digit(v, i);
    d += std::min(x, k_ - x);
  }
  return d;
}

Generator Torus::generator(Node u, Node v) const {
  const auto dim = net_.edge_dim(u, v);
  if (!dim)
    throw InputError("generator: nodes " + label(u) + " and " + label(v) + " are not adjacent");
  const std::uint32_t up = (digit(u, *dim) + 1) % k_;
  return Generator{*dim, digit(v, *dim) == up ? 1 : -1};
}

std::string Torus::label(Node v) const {
  std::string s;
  for (int i = n_ - 1; i >= 0; --i) {
    if (k_ > 10 && i != n_ - 1) s += '.';
    s += std::to_string(digit(v, i));
  }
  return s;
}

Node Torus::parse_label(const std::string& s) const {
  // Digits, most significant first: one character each, or '.'-separated numbers when k > 10.
  std::vector<std::string> parts;
  if (k_ > 10) {
    std::size_t start = 0;
    for (std::size_t dot; (dot = s.find('.', start)) != std::string::npos; start = dot + 1)
      parts.push_back(s.substr(start, dot - start));
    parts.push_back(s.substr(start));
  } else {
    for (char c : s) parts.emplace_back(1, c);
  }
  const std::string torus = "MT_{" + std::to_string(n_) + "," + std::to_string(k_) + "}";
  if (parts.size() != static_cast<std::size_t>(n_))
    throw InputError("label '" + s + "': expected " + std::to_string(n_) + " digits of " + torus);
  Node v = 0;
  for (std::size_t j = 0; j < parts.size(); ++j) {
    const std::string& p = parts[j];
    if (p.empty() || p.size() > 9 || p.find_first_not_of("0123456789") != std::string::npos ||
        std::stoul(p) >= static_cast<unsigned long>(k_))
      throw InputError("label '" + s + "': digit " + std::to_string(j + 1) + " ('" + p +
                       "') is not a number below k = " + std::to_string(k_));
    v = v * static_cast<Node>(k_) + static_cast<Node>(std::stoul(p));
  }
  return v;
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
