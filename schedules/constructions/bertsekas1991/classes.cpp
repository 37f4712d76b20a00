// Rotation classes (Bertsekas et al. 1991, §2, the partition of N_k into classes R_kn).
//
// ordered_classes() walks every d-bit string once, keeps those that are the smallest of their
// rotations (the class representatives), and sorts them by (number of unity bits, rep). Since
// 2^k - 1 is the smallest number with k unity bits, R_k1 comes first at each level as §2 wants.
#include "schedules/constructions/bertsekas1991/classes.hpp"

#include <algorithm>
#include <bit>

namespace schedcert::schedules::constructions::bertsekas1991 {

std::vector<RotationClass> ordered_classes(int d) {
  std::vector<RotationClass> out;
  if (d < 2) return out;
  const Node last = (Node{1} << d) - 1;  // 11..1 is not in any class
  for (Node t = 1; t < last; ++t) {
    bool smallest = true;
    Node r = t;
    int period = d;
    for (int i = 1; i < d; ++i) {
      r = rotl(r, d);
      if (r < t) {
        smallest = false;
        break;
      }
      if (r == t) {
        period = i;
        break;
      }
    }
    if (smallest) out.push_back({std::popcount(t), t, period});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const RotationClass& a, const RotationClass& b) { return a.k < b.k; });
  return out;
}

bool in_first_class(Node t, int d) {
  const int k = std::popcount(t);
  if (k < 1 || k > d - 1) return false;
  // Count cyclic 0 -> 1 boundaries (a unity bit whose right neighbour, cyclically, is zero).
  int blocks = 0;
  for (int p = 1; p <= d; ++p)
    if (bit_at(t, p) && !bit_at(t, pos_below(p, d))) ++blocks;
  return blocks == 1;
}

}  // namespace schedcert::schedules::constructions::bertsekas1991
