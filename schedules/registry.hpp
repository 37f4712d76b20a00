// The construction registry: every generator with its metadata (paper, section, problem,
// models, parameters, and the paper's claimed time and transmissions as formulas).
//
// A construction does not know how it is checked: it only turns parameters into a Schedule.
// Claimed values are the paper's formulas evaluated for the parameters; the verifier measures
// the schedule independently, and `certify` compares the two.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schedules/model.hpp"
#include "schedules/problem.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules {

struct Params {
  int dim = 0;                 // hypercube dimension d (or torus dimension n)
  int radix = 0;               // torus radix k, when the construction takes one
  std::string network;         // network spec, for constructions over any network
  Model model = Model::AllPort;
  Node root = 0;
  std::uint32_t messages = 1;  // M
  std::uint32_t packet_items = 1;  // B
  std::string variant;         // construction-specific choice, documented per construction
};

struct Construction {
  std::string name;     // "sbt-broadcast"
  std::string paper;    // "bertsekas1991", "ho-johnsson1986", ...
  std::string section;  // "§2, Fig. 4"
  std::string summary;  // one line
  ProblemKind problem;
  std::vector<Model> models;   // the models it is built for (the first is the default)
  std::string parameters;      // how to call it, e.g. "--dim 1..20 [--root R]"
  int min_dim = 1, max_dim = 20;  // range of --dim it supports (explicitly)
  int default_radix = 0;          // constructions taking --radix: the k used when it is not given
  int max_dim_root = 0;  // with generate_root: the largest d of the root schedule, which the
                         // symmetric check certifies without materialising (0: max_dim)
  std::function<std::optional<std::uint64_t>(const Params&)> claimed_steps;
  std::function<std::optional<std::uint64_t>(const Params&)> claimed_transmissions;
  std::function<Schedule(const Params&)> generate;
  // Multinode constructions made of one root's schedule translated to every root (Bertsekas
  // §2, Fragopoulou-Akl §3) also set this: the root-0 single-node schedule. Then `generate`
  // may be left empty (it defaults to translate_to_all_roots(generate_root(p))) and certify can
  // use the symmetric check without materialising the n translates.
  std::function<Schedule(const Params&)> generate_root;
};

class Registry {
 public:
  static const Registry& instance();
  const std::vector<Construction>& all() const { return list_; }
  // Throws InputError listing the names when there is no such construction.
  const Construction& find(const std::string& name) const;
  void add(Construction c);

 private:
  std::vector<Construction> list_;
};

// Whether c's usage string (`parameters`) declares `option` (e.g. "--messages").
bool takes_option(const Construction& c, std::string_view option);
// Checks p against c (model supported, dim in range, no value for an option c does not take)
// and throws InputError naming the field.
// root_only: only the root schedule will be built (range up to max_dim_root).
void check_params(const Construction& c, const Params& p, bool root_only = false);
// Fills provenance (construction name, parameters, tool version) after generation.
Schedule generate(const Construction& c, const Params& p);
// The root-0 schedule of a translated construction (c.generate_root must be set).
Schedule generate_root(const Construction& c, const Params& p);

}  // namespace schedcert::schedules
