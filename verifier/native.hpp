// The native verifier: checks every rule of the model over a schedule held in memory.
// See native.cpp for the algorithm; verdict.hpp for the order that defines "first violation".
#pragma once
#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::verifier {

Verdict verify_native(const schedules::Schedule& s);

}  // namespace schedcert::verifier
