// Checked size arithmetic (issue 13): every count derived from user input (nodes, items, item
// slots, transmissions, steps, links, 2^d, products of radices, M x items) is computed with these
// helpers, so an overflow is an InputError naming the quantity instead of a silent wrap.
//
// Why: a wrapped count is the worst bug a verifier can have. Problem::num_items once computed
// N x N x M in 64 bits; on Q31 with M = 4 that is 2^64, which wrapped to 0 items, and a schedule
// with no steps was certified valid. The helpers use the compiler's overflow builtins
// (__builtin_mul_overflow and friends); `exact` gives a 128-bit value for messages and limits.
// docs/trust.md lists every computation audited and which helper guards it.
#pragma once
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>

#include "schedules/error.hpp"

// A function whose unsigned arithmetic wraps modulo 2^64 on purpose (a hash). Under clang's
// integer sanitizer (SCHEDCERT_SANITIZE_INTEGER, issue 13) every other unsigned wrap is a fatal
// finding; these are the documented exceptions (docs/trust.md lists them).
#if defined(__clang__)
#define SCHEDCERT_INTENDED_WRAP __attribute__((no_sanitize("unsigned-integer-overflow")))
#else
#define SCHEDCERT_INTENDED_WRAP
#endif

namespace schedcert {

using u128 = unsigned __int128;

// Decimal text of a 128-bit value (std::to_string has no overload for it).
inline std::string to_string_u128(u128 v) {
  if (v == 0) return "0";
  std::string s;
  while (v > 0) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  return s;
}

namespace checked_detail {
[[noreturn]] inline void overflow(std::string_view what, const std::string& expr,
                                  const std::string& type) {
  throw InputError(std::string(what) + ": " + expr + " does not fit in " + type);
}
}  // namespace checked_detail

// a * b, or InputError "<what>: a x b = <exact> does not fit in 64 bits".
inline std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b, std::string_view what) {
  std::uint64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    checked_detail::overflow(what,
                             std::to_string(a) + " x " + std::to_string(b) + " = " +
                                 to_string_u128(static_cast<u128>(a) * b),
                             "64 bits");
  return r;
}

// a + b, or InputError naming `what`.
inline std::uint64_t checked_add(std::uint64_t a, std::uint64_t b, std::string_view what) {
  std::uint64_t r;
  if (__builtin_add_overflow(a, b, &r))
    checked_detail::overflow(what,
                             std::to_string(a) + " + " + std::to_string(b) + " = " +
                                 to_string_u128(static_cast<u128>(a) + b),
                             "64 bits");
  return r;
}

// 2^e, or InputError naming `what` (e >= 64).
inline std::uint64_t checked_pow2(std::uint64_t e, std::string_view what) {
  if (e >= 64) checked_detail::overflow(what, "2^" + std::to_string(e), "64 bits");
  return std::uint64_t{1} << e;
}

// v converted to To, or InputError naming `what` when the value does not fit (a narrowing
// conversion that would change the value: truncation or a sign change).
template <class To, class From>
To checked_cast(From v, std::string_view what) {
  static_assert(std::is_integral_v<To> && std::is_integral_v<From>);
  To r;
  if (__builtin_add_overflow(v, From{0}, &r)) {
    std::string text;
    if constexpr (std::is_signed_v<From>)
      text = std::to_string(static_cast<long long>(v));
    else
      text = std::to_string(static_cast<unsigned long long>(v));
    checked_detail::overflow(what, text,
                             std::string(std::is_signed_v<To> ? "a signed " : "an unsigned ") +
                                 std::to_string(8 * sizeof(To)) + "-bit integer");
  }
  return r;
}

}  // namespace schedcert
