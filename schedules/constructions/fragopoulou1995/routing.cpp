// The §4.3/§4.4 forwarding rule (Fragopoulou-Akl 1995); see routing.hpp for the two readings.
#include "schedules/constructions/fragopoulou1995/routing.hpp"

namespace schedcert::schedules::constructions::fragopoulou1995 {

namespace {

// Moves digit p of `at` one step towards dst's digit p, the short way (k is odd: unique).
Node step_digit(const Torus& t, Node at, Node dst, int p) {
  const std::uint32_t k = static_cast<std::uint32_t>(t.k());
  const std::uint32_t a = t.digit(at, p), b = t.digit(dst, p);
  const std::uint32_t up = (b + k - a) % k;  // steps upwards from a to b
  const std::uint32_t next = up <= k / 2 ? (a + 1) % k : (a + k - 1) % k;
  return t.network().with_digit(at, p, next);
}

Node scan(const Torus& t, Node at, Node dst, int first, int direction) {
  const int n = t.n();
  for (int s = 0; s < n; ++s) {
    const int p = ((first + direction * s) % n + n) % n;
    if (t.digit(at, p) != t.digit(dst, p)) return step_digit(t, at, dst, p);
  }
  return at;
}

}  // namespace

Node paper_route(const Torus& t, int i, Node at, Node dst) {
  const int n = t.n();
  return scan(t, at, dst, ((n - 1 - i) % n + n) % n, -1);
}

Node literal_route(const Torus& t, int i, Node at, Node dst) {
  const int n = t.n();
  return scan(t, at, dst, ((n - i) % n + n) % n, +1);
}

}  // namespace schedcert::schedules::constructions::fragopoulou1995
