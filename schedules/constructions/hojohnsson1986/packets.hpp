// Packetising a broadcast of M items (message pieces 0..M-1) into packets of at most B items:
// packet p holds items p*B .. min(M, (p+1)*B) - 1, so there are Q = ceil(M/B) packets and only
// the last may be short. Ho-Johnsson's "M elements, packet size B" (1986, §2).
#pragma once
#include <cstdint>
#include <vector>

#include "schedules/problem.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

std::uint32_t num_packets(std::uint32_t M, std::uint32_t B);  // ceil(M/B)

class Packets {
 public:
  Packets(std::uint32_t M, std::uint32_t B);
  std::uint32_t count() const { return q_; }
  std::vector<Item> items(std::uint32_t p) const;  // the items of packet p

 private:
  std::uint32_t m_, b_, q_;
};

// Problem{Broadcast, root, messages = M, packet_items = B}; throws InputError on M or B < 1.
Problem broadcast_problem(Node root, std::uint32_t M, std::uint32_t B);

}  // namespace schedcert::schedules::constructions::hojohnsson1986
