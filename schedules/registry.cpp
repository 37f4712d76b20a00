#include "schedules/registry.hpp"

#include <algorithm>

#include "schedules/constructions/all.hpp"
#include "schedules/error.hpp"
#include "schedules/transforms/translate.hpp"

namespace schedcert::schedules {

const Registry& Registry::instance() {
  static const Registry r = [] {
    Registry reg;
    constructions::register_all(reg);
    return reg;
  }();
  return r;
}

const Construction& Registry::find(const std::string& name) const {
  for (const auto& c : list_)
    if (c.name == name) return c;
  std::string names;
  for (const auto& c : list_) names += (names.empty() ? "" : ", ") + c.name;
  throw InputError("construction '" + name + "' is unknown (see `schedcert list`: " + names + ")");
}

void Registry::add(Construction c) { list_.push_back(std::move(c)); }

bool takes_option(const Construction& c, std::string_view option) {
  for (std::size_t at = c.parameters.find(option); at != std::string::npos;
       at = c.parameters.find(option, at + 1)) {
    const std::size_t end = at + option.size();
    const bool starts = at == 0 || c.parameters[at - 1] == ' ' || c.parameters[at - 1] == '[' ||
                        c.parameters[at - 1] == '(';
    const bool ends = end == c.parameters.size() || c.parameters[end] == ' ' ||
                      c.parameters[end] == ']' || c.parameters[end] == ')';
    if (starts && ends) return true;
  }
  return false;
}

void check_params(const Construction& c, const Params& p, bool root_only) {
  // A value given for an option the construction does not take is refused, not ignored (issue
  // 13: `generate sbt-broadcast --dim 3 -M 2` wrote an M = 1 schedule). What it takes is what
  // its usage string, printed by `list`, declares.
  const struct {
    const char* option;
    bool given;
    std::string value;
  } given[] = {
      {"--root", p.root != 0, std::to_string(p.root)},
      {"--messages", p.messages != 1, std::to_string(p.messages)},
      {"--packet-items", p.packet_items != 1, std::to_string(p.packet_items)},
      {"--radix", p.radix != 0, std::to_string(p.radix)},
      {"--network", !p.network.empty(), p.network},
      {"--variant", !p.variant.empty(), p.variant},
  };
  for (const auto& g : given)
    if (g.given && !takes_option(c, g.option))
      throw InputError(std::string(g.option) + ": construction " + c.name + " does not take " +
                       g.option + " (given " + g.value + "; it takes: " + c.parameters + ")");
  if (std::find(c.models.begin(), c.models.end(), p.model) == c.models.end()) {
    std::string ms;
    for (Model m : c.models) ms += (ms.empty() ? "" : ", ") + to_string(m);
    throw InputError("--model: construction " + c.name + " is built for " + ms + ", not " +
                     to_string(p.model));
  }
  const int hi = root_only && c.generate_root && c.max_dim_root > 0 ? c.max_dim_root : c.max_dim;
  if (p.dim < c.min_dim || p.dim > hi) {
    std::string hint;
    if (!root_only && c.generate_root && c.max_dim_root > c.max_dim && p.dim <= c.max_dim_root)
      hint = " explicitly; up to " + std::to_string(c.max_dim_root) +
             " with --engine symmetric (the root schedule and its translates, never materialised)";
    throw InputError("--dim: construction " + c.name + " takes d in [" +
                     std::to_string(c.min_dim) + ", " + std::to_string(hi) + "], " +
                     (p.dim == 0 ? std::string("and --dim was not given") : "not " + std::to_string(p.dim)) +
                     hint);
  }
}

namespace {

void stamp_provenance(const Construction& c, const Params& p, Schedule& s) {
  auto& pv = s.provenance();
  pv.construction = c.name;
  pv.tool_version = SCHEDCERT_VERSION;
  pv.parameters.clear();
  pv.parameters.emplace_back("dim", std::to_string(p.dim));
  if (p.radix) pv.parameters.emplace_back("radix", std::to_string(p.radix));
  if (!p.network.empty()) pv.parameters.emplace_back("network", p.network);
  pv.parameters.emplace_back("model", to_string(p.model));
  pv.parameters.emplace_back("root", std::to_string(p.root));
  if (p.messages != 1) pv.parameters.emplace_back("messages", std::to_string(p.messages));
  if (p.packet_items != 1) pv.parameters.emplace_back("packet_items", std::to_string(p.packet_items));
  if (!p.variant.empty()) pv.parameters.emplace_back("variant", p.variant);
}

}  // namespace

Schedule generate(const Construction& c, const Params& p) {
  check_params(c, p);
  if (!c.generate && c.generate_root) {
    Schedule s = transforms::translate_to_all_roots(generate_root(c, p));
    stamp_provenance(c, p, s);
    return s;
  }
  Schedule s = c.generate(p);
  stamp_provenance(c, p, s);
  return s;
}

Schedule generate_root(const Construction& c, const Params& p) {
  check_params(c, p, true);
  if (!c.generate_root) throw InputError("construction " + c.name + " has no root schedule");
  Schedule s = c.generate_root(p);
  stamp_provenance(c, p, s);
  return s;
}

}  // namespace schedcert::schedules
