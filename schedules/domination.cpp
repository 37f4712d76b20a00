// Design note in domination.hpp.
#include "schedules/domination.hpp"

namespace schedcert::schedules {

std::optional<unsigned> domination_number(const std::vector<std::uint64_t>& closed, std::uint64_t max_subsets) {
  const std::size_t n = closed.size();
  if (n == 0 || n > 64) return std::nullopt;
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  std::uint64_t tried = 0;
  for (std::size_t k = 1; k <= n; ++k) {
    std::vector<std::size_t> idx(k);
    for (std::size_t j = 0; j < k; ++j) idx[j] = j;
    while (true) {
      if (++tried > max_subsets) return std::nullopt;
      std::uint64_t covered = 0;
      for (std::size_t j : idx) covered |= closed[j];
      if (covered == all) return static_cast<unsigned>(k);
      // The next k-combination of 0..n-1 in lexicographic order.
      std::size_t j = k;
      while (j > 0 && idx[j - 1] == n - k + (j - 1)) --j;
      if (j == 0) break;
      ++idx[j - 1];
      for (std::size_t m = j; m < k; ++m) idx[m] = idx[m - 1] + 1;
    }
  }
  return static_cast<unsigned>(n);  // not reached: all n nodes dominate
}

}  // namespace schedcert::schedules
