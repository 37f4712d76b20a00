#pragma once
#include <string>

#include "schedules/constructions/hojohnsson1986/spanning_tree.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

// How the root orders and releases the personalized data (Ho-Johnsson 1986 §4.2).
enum class ScatterOrder {
  FarthestFirst,  // "data to the most remote nodes is transmitted first" (§4.2.2), all at once
  LevelByLevel,   // Lemma 4.2: data for level L leaves the root at step n - L + 1 at the earliest
};
ScatterOrder parse_scatter_order(const std::string& variant);  // "" | farthest-first | level

// Personalized communication (scatter of M items per destination, packets of at most B items)
// from the root of `tree`, by a greedy store-and-forward simulation (tree_scatter.cpp).
Schedule tree_scatter(const SpanningTree& tree, Model model, std::uint32_t M, std::uint32_t B,
                      ScatterOrder order);

// The two trees of §4: the BST (§4.1) and the SBT (§3.1), from source s, n <= 16.
Schedule bst_scatter(int n, Node s, Model model, std::uint32_t M, std::uint32_t B,
                     ScatterOrder order = ScatterOrder::FarthestFirst);
Schedule sbt_scatter(int n, Node s, Model model, std::uint32_t M, std::uint32_t B,
                     ScatterOrder order = ScatterOrder::FarthestFirst);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
