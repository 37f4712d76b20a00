#include "schedules/schedule.hpp"

#include <cassert>

#include "schedules/error.hpp"

namespace schedcert::schedules {

Schedule::Schedule(Network network, Model model, Problem problem)
    : network_(std::move(network)), model_(model), problem_(std::move(problem)) {
  problem_.validate(network_);
}

void Schedule::begin_step() { step_begin_.push_back(from_.size()); }

void Schedule::ensure_offsets() {
  if (!item_begin_.empty()) return;
  item_begin_.resize(from_.size() + 1);
  for (std::size_t t = 0; t <= from_.size(); ++t) item_begin_[t] = t;
}

void Schedule::add(Node f, Node t, Item item) {
  assert(step_begin_.size() >= 2 && "begin_step() before add()");
  from_.push_back(f);
  to_.push_back(t);
  items_.push_back(item);
  if (!item_begin_.empty()) item_begin_.push_back(items_.size());
  step_begin_.back() = from_.size();
}

void Schedule::add(Node f, Node t, std::span<const Item> packet) {
  if (packet.size() == 1) return add(f, t, packet[0]);
  if (packet.empty()) throw InputError("transmission " + std::to_string(f) + "->" +
                                       std::to_string(t) + ": empty packet");
  ensure_offsets();
  from_.push_back(f);
  to_.push_back(t);
  items_.insert(items_.end(), packet.begin(), packet.end());
  item_begin_.push_back(items_.size());
  step_begin_.back() = from_.size();
}

void Schedule::reserve(std::size_t transmissions) {
  from_.reserve(transmissions);
  to_.reserve(transmissions);
  items_.reserve(transmissions);
}

void Schedule::trim_trailing_empty_steps() {
  while (step_begin_.size() >= 2 && step_begin_[step_begin_.size() - 1] ==
                                        step_begin_[step_begin_.size() - 2])
    step_begin_.pop_back();
}

}  // namespace schedcert::schedules
