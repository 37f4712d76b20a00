// Message splitting into 2n/P subgroups (Fragopoulou-Akl 1995, §4.2); see splitting.hpp.
#include "schedules/constructions/fragopoulou1995/splitting.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

std::vector<Part> split_messages(std::uint32_t M, int m) {
  const auto parts = static_cast<std::uint32_t>(m);
  std::vector<Part> out(parts);
  std::uint32_t next = 0;
  for (std::uint32_t q = 0; q < parts; ++q) {
    out[q].first = next;
    out[q].count = M / parts + (q < M % parts ? 1 : 0);
    next += out[q].count;
  }
  return out;
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
