// Exit code 4 as an exception: two engines, or an engine and a checker, disagree about the same
// object (for instance the CNF a solver saw and the CNF the verified LRAT checker read have
// different SHA-256 hashes, encodings/sat/lrat_check.hpp): a bug in one of them, never silently
// resolved. cli/app.cpp maps it to exit 4 ("engines disagree"). Kept apart from error.hpp, which
// nearly every file includes.
#pragma once
#include <stdexcept>
#include <string>

namespace schedcert {

class EnginesDisagree : public std::runtime_error {
 public:
  explicit EnginesDisagree(const std::string& what) : std::runtime_error(what) {}
};

}  // namespace schedcert
