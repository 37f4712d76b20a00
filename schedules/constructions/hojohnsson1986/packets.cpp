#include "schedules/constructions/hojohnsson1986/packets.hpp"

#include <algorithm>

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

std::uint32_t num_packets(std::uint32_t M, std::uint32_t B) {
  if (M < 1) throw InputError("--messages: M must be at least 1");
  if (B < 1) throw InputError("--packet-items: B must be at least 1");
  return M / B + (M % B != 0);
}

Packets::Packets(std::uint32_t M, std::uint32_t B) : m_(M), b_(B), q_(num_packets(M, B)) {}

std::vector<Item> Packets::items(std::uint32_t p) const {
  std::vector<Item> v;
  const std::uint64_t lo = std::uint64_t{p} * b_;
  const std::uint64_t hi = std::min<std::uint64_t>(m_, lo + b_);
  for (std::uint64_t i = lo; i < hi; ++i) v.push_back(i);
  return v;
}

Problem broadcast_problem(Node root, std::uint32_t M, std::uint32_t B) {
  num_packets(M, B);  // validates
  Problem p;
  p.kind = ProblemKind::Broadcast;
  p.root = root;
  p.messages = M;
  p.packet_items = B;
  return p;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
