// User-facing contract violations (bad input, bad parameters). Internal invariants use assert.
// Every message names the field and the position so a person can find the fault.
#pragma once
#include <stdexcept>
#include <string>

namespace schedcert {

// Bad input from a user: a file, a command-line value, a parameter out of range.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& what) : std::runtime_error(what) {}
};

// A solver gave up (timeout, resource limit, unknown).
class UnknownResult : public std::runtime_error {
 public:
  explicit UnknownResult(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace schedcert
