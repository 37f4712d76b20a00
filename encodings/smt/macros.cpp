// SMT-LIB2 macros for the network and the problem: the arithmetic the SMT verifier's rules are
// written in (encodings/smt/query.cpp). Restated from the definitions in schedules/network.hpp
// and schedules/problem.hpp, not computed with Network or Problem, so a slip there is not copied.
//  * network_macros: node(v) = 0 <= v < N. d<j>(v) = (v div stride_j) mod size_j is the digit of
//    dimension j in the mixed-radix node id (dimension 0 least significant: Q_d digits are the
//    bits). nb<j>(a, b): digits a, b are neighbours in factor j (K2 and K_n: a != b; ring C_n:
//    b - a in {+-1, +-(n-1)}; path P_n: b - a = +-1). adj(u, v): exactly one digit differs and
//    that pair of digits are neighbours — the Cartesian product.
//  * problem_macros: origin(i) and target(i) of the dense item numbering (div/mod by numerals;
//    successive broadcasts: an ite over the sources). target is absent when every node needs
//    every item (broadcast, multinode broadcast, successive broadcasts).
//  * item_count / item_origin / item_target: the same numbering in C++, for the verifier's
//    completion checks and reports; tests compare them with Problem.
// div and mod by numerals are outside the letter of SMT-LIB's QF_LIA but accepted by Z3 and
// cvc5 there (the CLI re-check test runs both).
#include <string>

#include "encodings/smt/query.hpp"
#include "schedules/checked.hpp"

namespace schedcert::encodings::smt::detail {

using schedules::Item;
using schedules::kAllNodes;
using schedules::Node;
using schedules::Problem;
using schedules::ProblemKind;

// Checked (issue 13): a wrapped count would drop completion checks and make the query valid.
std::uint64_t item_count(const Problem& p, std::uint64_t n) {
  const std::uint64_t m = p.messages;
  switch (p.kind) {
    case ProblemKind::Broadcast: return m;
    case ProblemKind::Accumulation: return n;
    case ProblemKind::Scatter:
    case ProblemKind::Gather:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::Allreduce: return checked_mul(n, m, "smt: number of items N x M");
    case ProblemKind::MultinodeAccumulation: return checked_mul(n, n, "smt: number of items N x N");
    case ProblemKind::TotalExchange:
      return checked_mul(checked_mul(n, n, "smt: number of items N x N x M"), m,
                         "smt: number of items N x N x M");
    case ProblemKind::SuccessiveBroadcast: return p.sources.size();
  }
  return 0;
}

Node item_origin(const Problem& p, Item i, std::uint64_t n) {
  const std::uint64_t m = p.messages;
  switch (p.kind) {
    case ProblemKind::Broadcast:
    case ProblemKind::Scatter: return p.root;
    case ProblemKind::Accumulation: return static_cast<Node>(i);
    case ProblemKind::Gather:
    case ProblemKind::MultinodeBroadcast:
    case ProblemKind::Allreduce: return static_cast<Node>(i / m);
    case ProblemKind::MultinodeAccumulation: return static_cast<Node>(i / n);
    case ProblemKind::TotalExchange: return static_cast<Node>((i / m) / n);
    case ProblemKind::SuccessiveBroadcast: return p.sources[i];
  }
  return 0;
}

Node item_target(const Problem& p, Item i, std::uint64_t n) {
  const std::uint64_t m = p.messages;
  switch (p.kind) {
    case ProblemKind::Accumulation:
    case ProblemKind::Gather: return p.root;
    case ProblemKind::Scatter: return static_cast<Node>(i / m);
    case ProblemKind::MultinodeAccumulation: return static_cast<Node>(i % n);
    case ProblemKind::TotalExchange: return static_cast<Node>((i / m) % n);
    default: return kAllNodes;
  }
}

std::string network_macros(const schedules::Network& net) {
  std::string o = "; Network " + net.name() + ": mixed-radix digits, dimension 0 least significant.\n";
  o += "(define-fun node ((v Int)) Bool (and (<= 0 v) (< v ";
  num(o, net.size());
  o += ")))\n";
  std::uint64_t stride = 1;
  std::vector<std::string> one_differs, adjacent_digits;
  for (int j = 0; j < net.dims(); ++j) {
    const auto& f = net.factors()[static_cast<std::size_t>(j)];
    o += "(define-fun " + sym("d", j) + " ((v Int)) Int (mod (div v ";
    num(o, stride);
    o += ") ";
    num(o, f.size);
    o += "))\n";
    stride *= f.size;
    const std::string far = std::to_string(f.size - 1);
    std::string body;
    switch (f.kind) {
      case schedules::FactorKind::K2:
      case schedules::FactorKind::Complete: body = "(distinct a b)"; break;
      case schedules::FactorKind::Ring:
        body = "(or (= (- b a) 1) (= (- a b) 1) (= (- b a) " + far + ") (= (- a b) " + far + "))";
        break;
      case schedules::FactorKind::Path: body = "(or (= (- b a) 1) (= (- a b) 1))"; break;
      case schedules::FactorKind::Graph: {  // the arcs a -> b, grouped by a
        std::vector<std::string> by_tail;
        for (std::uint32_t a = 0; a < f.size; ++a) {
          std::vector<std::string> heads;
          const auto [b, e] = f.graph->out(a);
          for (const std::uint32_t* w = b; w != e; ++w) heads.push_back("(= b " + std::to_string(*w) + ")");
          by_tail.push_back("(and (= a " + std::to_string(a) + ") " + nary("or", "false", heads) + ")");
        }
        body = nary("or", "false", by_tail);
        break;
      }
    }
    o += "(define-fun " + sym("nb", j) + " ((a Int) (b Int)) Bool " + body + ") ; " + f.name() + "\n";
    const std::string du = "(" + sym("d", j) + " u)", dv = "(" + sym("d", j) + " v)";
    one_differs.push_back("(ite (= " + du + " " + dv + ") 0 1)");
    adjacent_digits.push_back("(or (= " + du + " " + dv + ") (" + sym("nb", j) + " " + du + " " + dv + "))");
  }
  adjacent_digits.insert(adjacent_digits.begin(), "(= " + nary("+", "0", one_differs) + " 1)");
  o += "(define-fun adj ((u Int) (v Int)) Bool " + nary("and", "true", adjacent_digits) + ")\n";
  if (net.multi_links()) {
    // Link capacity (graph factors with multiplicities): the multiplicity of the arc in the one
    // dimension in which u and v differ; 1 elsewhere (only read for adjacent u, v).
    std::string cap = "1";
    for (int j = net.dims() - 1; j >= 0; --j) {
      const auto& f = net.factors()[static_cast<std::size_t>(j)];
      if (f.kind != schedules::FactorKind::Graph || !f.graph->multi_links()) continue;
      std::string cj = "1";
      for (std::uint32_t a1 = f.size; a1 > 0; --a1) {  // a = size-1 .. 0, without wrapping below 0
        const std::uint32_t a = a1 - 1;
        const auto [b, e] = f.graph->out(a);
        for (const std::uint32_t* w = b; w != e; ++w) {
          const std::uint32_t m = f.graph->multiplicity_at(a, static_cast<std::uint32_t>(w - b));
          if (m != 1)
            cj = "(ite (and (= a " + std::to_string(a) + ") (= b " + std::to_string(*w) + ")) " +
                 std::to_string(m) + " " + cj + ")";
        }
      }
      o += "(define-fun " + sym("cap", j) + " ((a Int) (b Int)) Int " + cj + ")\n";
      const std::string du = "(" + sym("d", j) + " u)", dv = "(" + sym("d", j) + " v)";
      cap = "(ite (distinct " + du + " " + dv + ") (" + sym("cap", j) + " " + du + " " + dv + ") " + cap + ")";
    }
    o += "(define-fun cap ((u Int) (v Int)) Int " + cap + ")\n";
  }
  return o;
}

std::string problem_macros(const Problem& p, std::uint64_t nodes) {
  const std::string m = std::to_string(p.messages), n = std::to_string(nodes), root = std::to_string(p.root);
  std::string origin, target;
  switch (p.kind) {
    case ProblemKind::Broadcast: origin = root; break;
    case ProblemKind::Scatter: origin = root, target = "(div i " + m + ")"; break;
    case ProblemKind::Accumulation: origin = "i", target = root; break;
    case ProblemKind::Gather: origin = "(div i " + m + ")", target = root; break;
    case ProblemKind::MultinodeBroadcast: origin = "(div i " + m + ")"; break;
    case ProblemKind::Allreduce: origin = "(div i " + m + ")"; break;
    case ProblemKind::MultinodeAccumulation: origin = "(div i " + n + ")", target = "(mod i " + n + ")"; break;
    case ProblemKind::TotalExchange:
      origin = "(div (div i " + m + ") " + n + ")", target = "(mod (div i " + m + ") " + n + ")";
      break;
    case ProblemKind::SuccessiveBroadcast: {
      const auto& src = p.sources;
      origin = std::to_string(src.back());
      for (std::size_t k = src.size() - 1; k > 0; --k) {  // j = k - 1 down to 0, no wrap
        const std::size_t j = k - 1;
        origin = "(ite (= i " + std::to_string(j) + ") " + std::to_string(src[j]) + " " + origin + ")";
      }
      break;
    }
  }
  std::string o = "; Problem " + p.describe() + ": items 0.." + std::to_string(item_count(p, nodes) - 1) + ".\n";
  o += "(define-fun origin ((i Int)) Int " + origin + ")\n";
  if (!target.empty()) o += "(define-fun target ((i Int)) Int " + target + ")\n";
  if (p.kind == ProblemKind::Allreduce) o += "(define-fun chunk ((i Int)) Int (mod i " + m + "))\n";
  return o;
}

}  // namespace schedcert::encodings::smt::detail
