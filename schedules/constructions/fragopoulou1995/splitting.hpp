// Message splitting (Fragopoulou-Akl 1995, §4.2-4.4) for M messages per destination.
//
// A node of period P < 2n is reached through 2n/P subtrees; the paper splits its M messages into
// 2n/P subgroups of MP/2n messages each, subgroup q going through subtree T_{qP+j} for the j-th
// node of the necklace. The paper assumes 2n/P divides M. When it does not (e.g. M = 1 on
// MT_{3,k}, where the necklaces (a, k-a, a) have P = 2 and 2n/P = 3), split_messages makes the
// subgroups as equal as possible: M mod m subgroups of ceil(M/m) messages first, then
// floor(M/m) ones (some possibly empty). Messages keep their order: subgroup q holds
// [first, first + count).
#pragma once
#include <cstdint>
#include <vector>

namespace schedcert::schedules::constructions::fragopoulou1995 {

struct Part {
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

// M messages into m >= 1 subgroups, the larger ones first.
std::vector<Part> split_messages(std::uint32_t M, int m);

}  // namespace schedcert::schedules::constructions::fragopoulou1995
