// libFuzzer target for issue 13: the generator of tests/fuzz/huge_sizes.hpp reads its choices
// from the input bytes, so the fuzzer steers problems on 2^20 .. 2^32-node networks with M up to
// 2^20 + 1 and tiny schedules; any difference between the loaded file's native verdict (or its
// input error) and the 128-bit reference aborts. Built and run by run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "tests/fuzz/huge_sizes.hpp"

namespace {

// Choices from the bytes, 8 at a time, zeros once they run out.
struct Bytes {
  const std::uint8_t* p;
  std::size_t n;
  huge::u64 next(huge::u64 bound) {
    huge::u64 v = 0;
    for (int b = 0; b < 8 && n > 0; ++b, ++p, --n) v |= static_cast<huge::u64>(*p) << (8 * b);
    return v % bound;
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Bytes b{data, size};
  const huge::Case c = huge::generate(b);
  const std::string diff = huge::check(c);
  if (!diff.empty()) {
    std::fprintf(stderr, "native and the 128-bit reference disagree:\n%s\n", diff.c_str());
    __builtin_trap();
  }
  return 0;
}
