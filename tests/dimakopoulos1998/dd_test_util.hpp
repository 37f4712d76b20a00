// Shared helpers of the Dimakopoulos-Dimopoulos 1998 tests.
#pragma once
#include <cmath>
#include <string>

#include "schedules/error.hpp"
#include "schedules/problem.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"
#include "schedules/status.hpp"

namespace dd_test {

using namespace schedcert;
using namespace schedcert::schedules;

inline Problem te(std::uint32_t messages = 1) {
  Problem p;
  p.kind = ProblemKind::TotalExchange;
  p.messages = messages;
  return p;
}

inline std::uint64_t lower_bound(const Network& net, Model m, std::uint32_t messages = 1) {
  return verifier::lower_bounds(net, m, te(messages)).steps.value;
}

// AS(G) of eq. (3) rounded up: the single-port bound in whole steps.
inline std::uint64_t as_bound(const Network& net) {
  const schedules::Wide s = schedules::total_status(net);
  return static_cast<std::uint64_t>((s + net.size() - 1) / net.size());
}

inline std::string why(const verifier::Verdict& v) {
  return v.violation ? v.violation->message : std::string();
}

}  // namespace dd_test
