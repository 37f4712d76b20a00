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

// Two engines, or an engine and a checker, disagree about the same object (for instance the
// CNF a solver saw and the CNF the verified LRAT checker read have different SHA-256 hashes):
// a bug in one of them, never silently resolved. The command exits 4 (cli/app.cpp).
class EnginesDisagree : public std::runtime_error {
 public:
  explicit EnginesDisagree(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace schedcert
