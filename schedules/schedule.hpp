// A schedule: synchronous steps of transmissions (from, to, packet), stored as flat arrays.
//
// Struct of arrays (DESIGN-HINTS "Performance"): step k holds transmissions
// [step_begin[k], step_begin[k+1]); transmission t goes from from[t] to to[t] and carries the
// packet items[item_begin[t] .. item_begin[t+1]). While every packet holds exactly one item,
// item_begin stays empty and items[t] is transmission t's item: the common case costs 16 bytes
// per transmission. Steps are numbered from 1 in everything a person reads (time unit i of
// Bertsekas is step i) and from 0 in the arrays.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"

namespace schedcert::schedules {

struct Provenance {
  std::string construction;  // registry name, "file", "smt-synthesis", ...
  std::vector<std::pair<std::string, std::string>> parameters;
  std::string tool_version;
};

class Schedule {
 public:
  Schedule(Network network, Model model, Problem problem);

  const Network& network() const { return network_; }
  Model model() const { return model_; }
  const Problem& problem() const { return problem_; }
  Provenance& provenance() { return provenance_; }
  const Provenance& provenance() const { return provenance_; }

  std::size_t num_steps() const { return step_begin_.size() - 1; }
  std::size_t num_transmissions() const { return from_.size(); }
  std::size_t step_begin(std::size_t s) const { return step_begin_[s]; }
  std::size_t step_end(std::size_t s) const { return step_begin_[s + 1]; }
  Node from(std::size_t t) const { return from_[t]; }
  Node to(std::size_t t) const { return to_[t]; }
  std::span<const Item> packet(std::size_t t) const {
    if (item_begin_.empty()) return {&items_[t], 1};
    return {items_.data() + item_begin_[t], items_.data() + item_begin_[t + 1]};
  }
  bool single_item_packets() const { return item_begin_.empty(); }
  std::size_t num_item_slots() const { return items_.size(); }

  // Building: open a step, then add transmissions to it.
  void begin_step();
  void add(Node from, Node to, Item item);
  void add(Node from, Node to, std::span<const Item> packet);
  void reserve(std::size_t transmissions);
  // Drops trailing empty steps (a construction may open one too many).
  void trim_trailing_empty_steps();

  // Raw arrays for the verifier's hot loops and for writers.
  const std::vector<Node>& from_array() const { return from_; }
  const std::vector<Node>& to_array() const { return to_; }

 private:
  void ensure_offsets();

  Network network_;
  Model model_;
  Problem problem_;
  Provenance provenance_;
  std::vector<std::size_t> step_begin_{0};
  std::vector<Node> from_, to_;
  std::vector<std::uint64_t> item_begin_;
  std::vector<Item> items_;
};

}  // namespace schedcert::schedules
