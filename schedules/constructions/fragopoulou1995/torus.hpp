// The k-ary n-dimensional torus MT_{n,k} of Fragopoulou and Akl 1995, §2, with its two
// automorphisms: translation Tr_s (Definition 1) and rotation Ro (Definition 2).
//
// MT_{n,k} is the core network C_k^n (Network::parse("C<k>^<n>")): node ids are mixed radix,
// digit i (dimension i) least significant first, exactly the paper's v_{n-1} ... v_1 v_0 read as a
// number. The paper considers only odd k; so does this file (InputError otherwise).
//  - translate(v, s) is Tr_s(v): digit-wise addition mod k, i.e. Network::translate.
//  - rotate(v) is Ro(v) = r(v_0) v_{n-1} ... v_1 with r(i) = (k - i) mod k: a right cyclic shift of
//    the digits whose wrapped digit is negated. Ro^n negates every digit, so Ro has order 2n.
//  - generator(u, v) is dim(u, v) = g_i^j: the dimension i and the sign j in {-1, +1} of an edge.
// Property 1 of Ro (dimension i -> i - 1 mod n, sign flipped when i = 0) is not assumed anywhere:
// tests check it against these definitions.
#pragma once
#include <cstdint>
#include <string>

#include "schedules/network.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

// An edge dimension g_dim^sign (sign is -1 or +1).
struct Generator {
  int dim = 0;
  int sign = 1;
  bool operator==(const Generator&) const = default;
};

class Torus {
 public:
  // Throws InputError naming --dim / --radix unless n >= 1, k odd >= 3 and k^n <= 2^22.
  Torus(int n, int k);

  int n() const { return n_; }
  int k() const { return k_; }
  Node size() const { return size_; }
  const Network& network() const { return net_; }

  std::uint32_t digit(Node v, int i) const { return (v / stride_[i]) % k_; }
  // r(i) = (k - i) mod k of Definition 2.
  std::uint32_t r(std::uint32_t d) const { return (k_ - d) % k_; }
  // Tr_s(v) (Definition 1).
  Node translate(Node v, Node s) const { return net_.translate(v, s); }
  // Ro^times(v) (Definition 2); times is taken mod 2n, negative values rotate backwards.
  Node rotate(Node v, int times = 1) const;
  // Distance of v from node 0^n: sum over digits of min(v_i, k - v_i).
  std::uint32_t distance(Node v) const;
  // dim(u, v) for adjacent u, v; throws InputError when they are not adjacent.
  Generator generator(Node u, Node v) const;
  // The paper's label v_{n-1} ... v_0 (digits separated by '.' when k > 10), and its inverse.
  std::string label(Node v) const;
  Node parse_label(const std::string& s) const;  // throws InputError

 private:
  int n_, k_;
  Node size_ = 1;
  Node stride_[32] = {};
  Network net_;
};

// "C<k>^<n>" (or "C<k>" when n = 1): the spec of MT_{n,k} for Network::parse.
std::string torus_spec(int n, int k);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
