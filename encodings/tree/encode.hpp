// Z3 encoding of "a spanning tree of the network, rooted at `root`, with height <= H, leaves >= L,
// every root subtree <= M" (search.hpp drives it; design note in encode.cpp).
#pragma once
#include <z3++.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "encodings/tree/check.hpp"

namespace schedcert::encodings::tree {

struct TreeBounds {
  std::uint32_t max_height = 0;                // H (layers); required, >= eccentricity of root
  std::optional<std::uint32_t> min_leaves;     // L
  std::optional<std::uint32_t> max_subtree;    // M
};

struct TreeEncoding {
  z3::expr_vector constraints;
  // parent_var[v] lists (u, p_v_u) for the neighbours u of v (empty at the root).
  std::vector<std::vector<std::pair<Node, z3::expr>>> parent_var;
  std::string symmetry;  // which symmetry-breaking constraints were added (for the report)
};

// portable: cardinalities as sums of (ite b 1 0) over Int (QF_LIA, read by z3 and cvc5) rather
// than Z3's at-most/at-least (fast in QF_FD, but a Z3 extension of SMT-LIB2).
// break_symmetry: add the root-stabiliser constraints (only sound for root 0 of a network
// without path factors; the caller translates, see encode.cpp).
TreeEncoding encode_tree(z3::context& ctx, const Network& net, Node root, const TreeBounds& b,
                         bool portable, bool break_symmetry);

// The tree a model of encode_tree assigns (parent = the u with p_v_u true).
RootedTree decode_tree(const z3::model& m, const TreeEncoding& e, Node root);

// A standalone SMT-LIB2 file (set-logic, declarations, assertions, check-sat) of the portable
// encoding, headed by `note` as comment lines.
std::string tree_query_smt2(const Network& net, Node root, const TreeBounds& b,
                            bool break_symmetry, const std::string& note);

}  // namespace schedcert::encodings::tree
