// The synthesis families (design note in formula_cubes.hpp).
#include "search/formula_cubes.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/synth/successive.hpp"
#include "encodings/synth/timeindexed.hpp"
#include "schedules/automorphisms.hpp"
#include "schedules/constructions/desprez1993/successive_broadcast.hpp"
#include "schedules/error.hpp"
#include "schedules/model.hpp"
#include "schedules/io/schedule_json.hpp"
#include "search/coverage.hpp"
#include "search/decision_tree.hpp"
#include "verifier/native.hpp"

namespace schedcert::search {

using nlohmann::json;
using schedules::Model;
using schedules::Network;
using schedules::Node;
using schedules::Problem;
namespace sy = encodings::synth;

namespace {

// Formula -> clauses (see the design note for the cardinality encodings).
std::vector<Clause> to_clauses(const sy::Formula& f, int* total_vars) {
  std::vector<Clause> out;
  out.push_back({sy::kTrue});
  if (f.trivially_unsat()) out.push_back({});
  for (std::size_t c = 0; c < f.num_clauses(); ++c) out.emplace_back(f.clause(c), f.clause(c) + f.clause_size(c));
  int next = f.num_vars();
  for (const auto& card : f.cards()) {
    const std::vector<int> x(f.card_lits(card), f.card_lits(card) + (card.end - card.begin));
    const int n = static_cast<int>(x.size()), k = static_cast<int>(card.bound);
    if (n <= k) continue;
    if (k == 0) {
      for (int l : x) out.push_back({-l});
      continue;
    }
    if (k == 1 && n <= 6) {
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) out.push_back({-x[i], -x[j]});
      continue;
    }
    // s[i][j]: at least j + 1 of x[0..i] are true (Sinz 2005, upper direction).
    std::vector<std::vector<int>> s(static_cast<std::size_t>(n - 1), std::vector<int>(static_cast<std::size_t>(k)));
    for (auto& row : s)
      for (int& v : row) v = ++next;
    for (int i = 0; i < n - 1; ++i) {
      out.push_back({-x[i], s[i][0]});
      if (i == 0) {
        for (int j = 1; j < k; ++j) out.push_back({-s[0][j]});
        continue;
      }
      for (int j = 0; j < k; ++j) out.push_back({-s[i - 1][j], s[i][j]});
      for (int j = 1; j < k; ++j) out.push_back({-x[i], -s[i - 1][j - 1], s[i][j]});
      out.push_back({-x[i], -s[i - 1][k - 1]});
    }
    out.push_back({-x[n - 1], -s[n - 2][k - 1]});
  }
  *total_vars = next;
  return out;
}

class FormulaFamily : public Family {
 public:
  explicit FormulaFamily(const json& q) : q_(q), net_(Network::parse(q.at("network").get<std::string>())) {
    model_ = schedules::parse_model(q.value("model", "all-port"));
    steps_ = q.at("steps").get<unsigned>();
    topo_ = std::make_unique<sy::Topology>(net_);
    const bool symmetry = q.value("symmetry", true);
    const std::string kind = q.at("family").get<std::string>();
    if (kind == "successive") {
      std::vector<Node> fixed;
      const json& a = q.at("allocation");
      if (a.is_string() && a.get<std::string>() == "gray") {
        if (!net_.is_hypercube()) throw InputError("--allocation gray: needs a hypercube, got " + net_.name());
        fixed = schedules::constructions::desprez1993::brgc(net_.dims());
      } else if (a.is_array()) {
        fixed = a.get<std::vector<Node>>();
      } else if (!(a.is_string() && a.get<std::string>() == "free")) {
        throw InputError("--allocation: free, gray or a list of sources");
      }
      free_ = fixed.empty();
      problem_.kind = schedules::ProblemKind::SuccessiveBroadcast;
      problem_.sources = fixed;
      lex_ = q.value("lex", false);
      const sy::SuccessiveSymmetry sym = !symmetry ? sy::SuccessiveSymmetry::None
                                         : lex_    ? sy::SuccessiveSymmetry::LexLeader
                                                   : sy::SuccessiveSymmetry::Rules;
      succ_ = std::make_unique<sy::SuccessiveEncoding>(*topo_, model_, fixed, steps_, sym, true);
      formula_ = &succ_->formula();
    } else {
      problem_.kind = schedules::parse_problem_kind(q.at("problem").get<std::string>());
      problem_.root = q.value("root", 0u);
      problem_.messages = q.value("messages", 1u);
      problem_.validate(net_);
      sy::EncodeFlags flags;
      flags.symmetry = symmetry;
      flags.slack = q.value("slack", true);
      // The sender counts (timeindexed.hpp) with the leaf bound computed here, never read from
      // the file; a query written before they existed has no "cds" and keeps its CNF.
      if (q.value("cds", false)) flags.leaf_bound = encodings::alpha::best_leaf_bound(net_);
      flags.lex_leader = q.value("lex", false);
      flags.keep_names = true;
      ti_ = std::make_unique<sy::TimeIndexedEncoding>(*topo_, model_, problem_, steps_, flags);
      formula_ = &ti_->formula();
    }
    base_ = to_clauses(*formula_, &total_vars_);
    find_branch_points();
  }

  json query() const override { return q_; }
  std::string title() const override {
    std::ostringstream s;
    s << net_.name() << " " << schedules::to_string(model_) << " ";
    if (succ_) {
      s << "successive-broadcast, allocation " << (q_.at("allocation").is_string() ? q_["allocation"].get<std::string>() : "fixed");
    } else {
      s << problem_.describe();
    }
    s << ": is there a schedule of " << steps_ << " steps?";
    return s.str();
  }
  std::string unsat_meaning() const override {
    return "no schedule of " + std::to_string(steps_) + " steps exists (" + title() + " UNSAT), so the optimum is >= " +
           std::to_string(steps_ + 1);
  }
  std::string sat_meaning(const json&) const override {
    return "a schedule of " + std::to_string(steps_) + " steps exists (verified natively), so the optimum is <= " +
           std::to_string(steps_);
  }
  const std::vector<Clause>& base() const override { return base_; }
  int num_vars() const override { return formula_->num_vars(); }

  std::vector<Cube> make_cubes(const CubeOptions& o) const override;
  Coverage check_coverage(const std::vector<Cube>& cubes) const override;

  Refinement refine(const std::vector<bool>& values) const override {
    sy::SolveOutcome out;
    out.status = sy::SolveOutcome::Status::Sat;
    out.values = values;
    out.values[sy::kTrue] = true;
    const schedules::Schedule s = succ_ ? succ_->decode(out) : ti_->decode(out);
    std::ostringstream text;
    schedules::io::write_schedule_json(s, text);
    Refinement r;
    r.witness = json::parse(text.str());
    return r;
  }
  std::string check_witness(const json& w) const override;

 private:
  void find_branch_points();
  std::string cube_label(const std::vector<int>& lits) const;
  DecisionTree tree() const {
    return DecisionTree(base_, total_vars_, points_, [this](const std::vector<int>& l) { return cube_label(l); });
  }

  json q_;
  Network net_;
  Model model_;
  unsigned steps_ = 0;
  Problem problem_;
  bool free_ = false;
  bool lex_ = false;  // successive: lex-leader constraints instead of the coordinate rules
  std::unique_ptr<sy::Topology> topo_;
  std::unique_ptr<sy::SuccessiveEncoding> succ_;
  std::unique_ptr<sy::TimeIndexedEncoding> ti_;
  const sy::Formula* formula_ = nullptr;
  std::vector<Clause> base_;
  int total_vars_ = 0;
  std::vector<BranchPoint> points_;
  std::map<int, std::string> names_;  // branch variables
};

void FormulaFamily::find_branch_points() {
  const std::regex alloc(R"(a_j(\d+)_v(\d+))"), send(R"(x_i(\d+)_t(\d+)_(\d+)_(\d+))");
  std::map<int, std::vector<int>> groups;                      // value j -> a(j, v) variables
  std::vector<std::tuple<unsigned, unsigned long, int>> sends;  // (t, item, var)
  std::smatch m;
  for (int v = 2; v <= formula_->num_vars(); ++v) {
    const std::string name = formula_->var_name(v);
    if (std::regex_match(name, m, alloc)) {
      groups[std::stoi(m[1])].push_back(v);
      names_[v] = "src(" + m[1].str() + ")=" + m[2].str();
    } else if (std::regex_match(name, m, send)) {
      sends.emplace_back(static_cast<unsigned>(std::stoul(m[2])), std::stoul(m[1]), v);
      names_[v] = "t" + m[2].str() + ":" + m[3].str() + "->" + m[4].str() + "#" + m[1].str();
    }
  }
  for (auto& [j, lits] : groups)
    if (lits.size() > 1) points_.push_back(BranchPoint{true, lits, j});
  std::stable_sort(sends.begin(), sends.end());
  for (auto& [t, item, v] : sends) points_.push_back(BranchPoint{false, {v}, -1});
}

std::string FormulaFamily::cube_label(const std::vector<int>& lits) const {
  std::ostringstream s;
  bool first = true;
  for (int l : lits) {
    auto it = names_.find(std::abs(l));
    s << (first ? "" : " ") << (l < 0 ? "!" : "") << (it == names_.end() ? std::to_string(std::abs(l)) : it->second);
    first = false;
  }
  return first ? "whole query" : s.str();
}

std::vector<Cube> FormulaFamily::make_cubes(const CubeOptions& o) const {
  return tree().make_cubes(o.target ? o.target : 64);
}

Coverage FormulaFamily::check_coverage(const std::vector<Cube>& cubes) const {
  const TreeCoverage tc = tree().coverage_lemmas(cubes);
  if (!tc.missing.empty()) {
    Coverage cov;
    cov.message = tc.missing;
    return cov;
  }
  const std::vector<Clause>& lemmas = tc.lemmas;
  std::string argument = "decision tree over " + std::string(free_ ? "the allocation (value j -> its source) and " : "") +
                         "the send variables of the first steps; the base formula carries the encoding's symmetry rules (" +
                         (succ_ ? "docs/successive-optimum.md" : "docs/synthesis.md") + ")";
  Coverage cov = check_cover_drup(base_, cubes, lemmas, argument);
  if (free_ && net_.is_hypercube() && !lex_) {
    // nauty cross-check: allocation prefixes among the cubes vs orbits under Stab(0) (with the
    // coordinate rules only: they leave one prefix per orbit, lex-leader constraints need not).
    std::size_t r = ~std::size_t{0};
    std::set<std::vector<int>> seen;
    for (const auto& c : cubes) {
      std::size_t k = 0;
      for (int l : c.lits) k += l > 0 && names_.count(l) && names_.at(l).rfind("src(", 0) == 0;
      r = std::min(r, k);
    }
    if (r > 0 && r != ~std::size_t{0}) {
      const auto g = schedules::Graph::of(net_);
      std::vector<int> base(g.size(), 0);
      base[0] = 1;
      std::set<std::vector<int>> orbits;
      std::vector<Node> pick;
      // Every sequence of r distinct nonzero nodes, canonically coloured (position = colour).
      std::function<void()> rec = [&] {
        if (pick.size() == r) {
          std::vector<int> paint(g.size(), 0);
          for (std::size_t i = 0; i < r; ++i) paint[pick[i]] = static_cast<int>(i) + 1;
          orbits.insert(schedules::canonical_colouring(g, paint, base).rep);
          return;
        }
        for (Node v = 1; v < g.size(); ++v)
          if (std::find(pick.begin(), pick.end(), v) == pick.end()) {
            pick.push_back(v);
            rec();
            pick.pop_back();
          }
      };
      if (r <= 3) rec();
      std::set<std::vector<int>> prefixes_r;
      for (const auto& c : cubes) {
        std::vector<int> pre;
        for (int l : c.lits)
          if (l > 0 && names_.count(l) && names_.at(l).rfind("src(", 0) == 0 && pre.size() < r) pre.push_back(l);
        prefixes_r.insert(pre);
      }
      if (!orbits.empty())
        cov.message += "; nauty cross-check: " + std::to_string(prefixes_r.size()) + " allocation prefixes of length " +
                       std::to_string(r) + " among the cubes, " + std::to_string(orbits.size()) +
                       " orbits of such prefixes under the automorphisms fixing node 0";
    }
  } else if (!free_ && succ_) {
    const auto g = schedules::Graph::of(net_);
    std::vector<int> colour(g.size());
    for (std::size_t j = 0; j < problem_.sources.size(); ++j) colour[problem_.sources[j]] = static_cast<int>(j);
    cov.message += "; nauty: the automorphisms of " + net_.name() + " fixing the allocation form a group of order " +
                   schedules::automorphisms(g, colour).order_string();
  }
  return cov;
}

std::string FormulaFamily::check_witness(const json& w) const {
  return check_synthesis_witness(w, net_, model_, steps_, problem_, succ_ != nullptr, free_);
}

}  // namespace

std::unique_ptr<Family> make_formula_family(const json& q) { return std::make_unique<FormulaFamily>(q); }

std::string check_synthesis_witness(const json& w, const Network& net, Model model, unsigned steps,
                                    const Problem& want, bool successive, bool free_allocation) {
  try {
    const auto file = schedules::io::parse_schedule_json(w.dump(), "witness");
    const auto& s = file.schedule;
    if (s.network().name() != net.name()) return "witness is for network " + s.network().name();
    if (s.model() != model) return "witness is for another model";
    if (s.num_steps() > steps) return "witness has " + std::to_string(s.num_steps()) + " steps";
    const Problem& p = s.problem();
    if (p.kind != want.kind) return "witness solves another problem";
    if (successive) {
      if (!free_allocation && p.sources != want.sources) return "witness uses another allocation";
      std::vector<Node> src = p.sources;
      std::sort(src.begin(), src.end());
      for (std::size_t i = 0; i < src.size(); ++i)
        if (src[i] != i || src.size() != net.size()) return "witness allocation is not a bijection";
    } else if (p.describe() != want.describe()) {
      return "witness solves " + p.describe();
    }
    const auto v = verifier::verify_native(s);
    if (!v.valid) return "native verifier rejects the witness: " + (v.violation ? v.violation->message : std::string("?"));
  } catch (const std::exception& e) {
    return std::string("witness does not load: ") + e.what();
  }
  return "";
}

}  // namespace schedcert::search
