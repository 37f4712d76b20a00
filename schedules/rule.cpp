#include "schedules/rule.hpp"

#include "schedules/error.hpp"

namespace schedcert::schedules {

namespace {
constexpr const char* kRuleNames[] = {"adjacency", "packet", "link-capacity", "port",
                                      "causality", "duplicate", "order", "completion"};
}

std::string to_string(Rule r) { return kRuleNames[static_cast<int>(r)]; }

Rule parse_rule(const std::string& s) {
  for (int i = 0; i < 8; ++i)
    if (s == kRuleNames[i]) return static_cast<Rule>(i);
  throw InputError("rule '" + s +
                   "' is unknown (valid: adjacency, packet, link-capacity, port, causality, "
                   "duplicate, order, completion)");
}

}  // namespace schedcert::schedules
