// The synthesis families on the CNF generated in Coq (design note in coq_cubes.hpp).
#include "search/coq_cubes.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "schedules/constructions/desprez1993/successive_broadcast.hpp"
#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "search/coverage.hpp"
#include "search/decision_tree.hpp"
#include "search/formula_cubes.hpp"
#include "verifier/native.hpp"

namespace schedcert::search {

using nlohmann::json;
using schedules::Network;
using schedules::Node;
using schedules::Problem;
namespace sy = encodings::synth;

namespace {

// One "cube L1 ... Lk" or "cover L1 ... Lk" line of a SPEC (coq/lrat/lrat_main.ml, read_spec).
void spec_line(std::ostream& o, const char* keyword, const std::vector<int>& lits) {
  o << keyword;
  for (int l : lits) o << ' ' << l;
  o << '\n';
}

class CoqFamily : public Family {
 public:
  explicit CoqFamily(const json& q) : q_(q), inst_(Network::parse(q.at("network").get<std::string>())) {
    CoqCubeInstance& in = inst_;
    in.model = schedules::parse_model(q.value("model", "all-port"));
    in.steps = q.at("steps").get<unsigned>();
    const Node n = static_cast<Node>(in.network.num_nodes());
    const bool symmetry = q.value("symmetry", true);
    const std::string kind = q.at("family").get<std::string>();
    if (kind == "successive") {
      in.problem.kind = schedules::ProblemKind::SuccessiveBroadcast;
      const json& a = q.at("allocation");
      if (a.is_string() && a.get<std::string>() == "free") {
        for (Node v = 0; v < n; ++v) in.problem.sources.push_back(v);  // not read by free_cnf
        in.allocation = sy::FreeAllocation::Plain;
        if (symmetry) {
          if (auto t = sy::coq_translations(in.network)) {
            in.auts = std::move(*t);
            in.allocation = sy::FreeAllocation::Symmetric;
          }
        }
      } else if (a.is_string() && a.get<std::string>() == "gray") {
        if (!in.network.is_hypercube()) throw InputError("--allocation gray: needs a hypercube, got " + in.network.name());
        in.problem.sources = schedules::constructions::desprez1993::brgc(in.network.dims());
      } else if (a.is_array()) {
        in.problem.sources = a.get<std::vector<Node>>();
      } else {
        throw InputError("--allocation: free, gray or a list of sources");
      }
    } else {
      in.problem.kind = schedules::parse_problem_kind(q.at("problem").get<std::string>());
      in.problem.root = q.value("root", 0u);
      in.problem.messages = q.value("messages", 1u);
    }
    if (in.allocation == sy::FreeAllocation::None) in.problem.validate(in.network);
    // Every verdict of this family is the verified checker's on the regenerated CNF: without it
    // there would be nothing but our DRAT check behind a Coq premise.
    if (encodings::sat::lrat_checker_path().empty())
      throw InputError("--coq: the verified LRAT checker schedcert-lrat is not built (needs coqc, ocamlfind, "
                       "libsha-ocaml-dev): a cube run on the CNF generated in Coq needs it");
    mutation_.drop = q.value("coq_test_drop", "");
    layout_ = sy::coq_cnf_layout(in.network, in.problem, in.steps, in.allocation);
    base_ = sy::synth_coq_cnf(in.network, in.model, in.problem, in.steps, mutation_, in.allocation);
    spec_ = sy::synth_coq_spec(in.network, in.model, in.problem, in.steps, in.allocation);
    in.clauses = base_.size();
    in.vars = static_cast<std::size_t>(layout_.num_vars());
    find_branch_points();
  }

  json query() const override { return q_; }
  std::string title() const override {
    std::ostringstream s;
    s << inst_.network.name() << " " << schedules::to_string(inst_.model) << " ";
    if (inst_.allocation != sy::FreeAllocation::None) s << "successive-broadcast, allocation free";
    else s << inst_.problem.describe();
    s << ": is there a schedule of " << inst_.steps << " steps? (on the CNF generated in Coq, "
      << sy::coq_generator_name(inst_.allocation) << ")";
    return s.str();
  }
  std::string unsat_meaning() const override {
    return "no schedule of " + std::to_string(inst_.steps) + " steps exists (" + title() +
           " UNSAT, every verdict on the CNF the extracted " + sy::coq_generator_name(inst_.allocation) +
           " built), so the optimum is >= " + std::to_string(inst_.steps + 1);
  }
  std::string sat_meaning(const json&) const override {
    return "a schedule of " + std::to_string(inst_.steps) + " steps exists (verified natively), so the optimum is <= " +
           std::to_string(inst_.steps);
  }
  const std::vector<Clause>& base() const override { return base_; }
  int num_vars() const override { return layout_.num_vars(); }

  std::vector<Cube> make_cubes(const CubeOptions& o) const override {
    return tree().make_cubes(o.target ? o.target : 64);
  }
  Coverage check_coverage(const std::vector<Cube>& cubes) const override {
    const TreeCoverage tc = tree().coverage_lemmas(cubes);
    if (!tc.missing.empty()) {
      Coverage cov;
      cov.message = tc.missing;
      return cov;
    }
    const std::string argument =
        "decision tree over the variables of the CNF generated in Coq (" + sy::coq_generator_name(inst_.allocation) +
        "): " + (inst_.allocation != sy::FreeAllocation::None ? "the allocation H(0, j, v) and " : "") +
        "the sends S(t, i, u, v) of the first steps; coverage CNF = that CNF + the negated cubes, regenerated by "
        "schedcert-lrat --synth (coverage_cnf, coq/lrat/Cubes.v)";
    return check_cover_drup(base_, cubes, tc.lemmas, argument, this);
  }

  encodings::sat::LratVerdict verified_check(const std::string& cnf_path, const std::string& lrat_path,
                                             const Cube* cube, const std::vector<Cube>* cover) const override {
    const std::string spec = cnf_path + ".spec";
    {
      std::ofstream o(spec);
      o << spec_;
      if (cube) spec_line(o, "cube", cube->lits);
      if (cover)
        for (const auto& c : *cover) spec_line(o, "cover", c.lits);
      if (!o) throw InputError("cannot write the checker's SPEC '" + spec + "'");
    }
    try {
      auto v = sy::check_synth_coq(spec, lrat_path, cnf_path, sy::coq_generator_name(inst_.allocation));
      std::filesystem::remove(spec);
      return v;
    } catch (...) {
      std::error_code ec;
      std::filesystem::remove(spec, ec);
      throw;
    }
  }
  bool keeps_lrat() const override { return true; }

  Refinement refine(const std::vector<bool>& values) const override;
  std::string check_witness(const json& w) const override {
    return check_synthesis_witness(w, inst_.network, inst_.model, inst_.steps, inst_.problem,
                                   inst_.problem.kind == schedules::ProblemKind::SuccessiveBroadcast,
                                   inst_.allocation != sy::FreeAllocation::None);
  }

  const CoqCubeInstance& instance() const { return inst_; }

 private:
  void find_branch_points();
  std::string cube_label(const std::vector<int>& lits) const;
  DecisionTree tree() const {
    return DecisionTree(base_, layout_.num_vars(), points_, [this](const std::vector<int>& l) { return cube_label(l); });
  }

  json q_;
  CoqCubeInstance inst_;
  sy::SynthCoqMutation mutation_;
  sy::CoqCnfLayout layout_;
  std::vector<Clause> base_;
  std::string spec_;
  std::vector<BranchPoint> points_;
  std::vector<std::pair<Node, Node>> arcs_;  // SynthCnf.v's arcs order: u ascending, then v
};

void CoqFamily::find_branch_points() {
  const Network& net = inst_.network;
  const long long n = layout_.n;
  for (Node u = 0; u < n; ++u)
    for (Node v = 0; v < n; ++v)
      if (u != v && net.adjacent(u, v)) arcs_.emplace_back(u, v);
  if (inst_.allocation != sy::FreeAllocation::None)
    for (long long j = 0; j < layout_.I; ++j) {
      BranchPoint bp{true, {}, static_cast<int>(j)};
      for (long long v = 0; v < n; ++v) bp.lits.push_back(layout_.h(0, j, v));
      points_.push_back(std::move(bp));
    }
  for (long long t = 0; t < layout_.T; ++t)
    for (long long i = 0; i < layout_.I; ++i)
      for (const auto& [u, v] : arcs_) points_.push_back(BranchPoint{false, {layout_.s(t, i, u, v)}, -1});
}

std::string CoqFamily::cube_label(const std::vector<int>& lits) const {
  std::ostringstream s;
  const long long n = layout_.n, I = layout_.I, hbase = (layout_.T + 1) * I * n;
  bool first = true;
  for (int l : lits) {
    const long long x = std::abs(l) - 1;
    s << (first ? "" : " ") << (l < 0 ? "!" : "");
    if (x < hbase) {
      const long long v = x % n, ti = x / n;
      if (ti / I == 0) s << "src(" << ti % I << ")=" << v;
      else s << "H" << ti / I << ":" << v << "#" << ti % I;
    } else {
      const long long y = x - hbase, v = y % n, u = (y / n) % n, ti = y / n / n;
      s << "t" << ti / I << ":" << u << "->" << v << "#" << ti % I;
    }
    first = false;
  }
  return first ? "whole query" : s.str();
}

Family::Refinement CoqFamily::refine(const std::vector<bool>& values) const {
  auto val = [&](int x) { return values[static_cast<std::size_t>(x)]; };
  Problem p = inst_.problem;
  const long long n = layout_.n;
  if (inst_.allocation != sy::FreeAllocation::None) {
    p.sources.assign(static_cast<std::size_t>(n), 0);
    for (long long i = 0; i < n; ++i)
      for (long long v = 0; v < n; ++v)
        if (val(layout_.h(0, i, v))) p.sources[static_cast<std::size_t>(i)] = static_cast<Node>(v);
  }
  schedules::Schedule s(inst_.network, inst_.model, p);
  for (long long t = 0; t < layout_.T; ++t) {
    s.begin_step();
    for (const auto& [u, v] : arcs_) {
      std::vector<schedules::Item> pkt;
      for (long long i = 0; i < layout_.I; ++i)
        if (val(layout_.s(t, i, u, v))) pkt.push_back(static_cast<schedules::Item>(i));
      if (!pkt.empty()) s.add(u, v, pkt);
    }
  }
  s.trim_trailing_empty_steps();
  const auto verdict = verifier::verify_native(s);
  if (!verdict.valid)
    throw UnknownResult("a cube is satisfiable on the CNF generated in Coq (" + sy::coq_generator_name(inst_.allocation) +
                        "), but its model is not a valid schedule (" +
                        (verdict.violation ? verdict.violation->message : std::string("?")) +
                        "): that CNF leaves rules out (docs/coq.md), so this run reaches no conclusion");
  std::ostringstream text;
  schedules::io::write_schedule_json(s, text);
  Refinement r;
  r.witness = json::parse(text.str());
  return r;
}

}  // namespace

std::unique_ptr<Family> make_coq_family(const json& q) { return std::make_unique<CoqFamily>(q); }

const CoqCubeInstance* coq_cube_instance(const Family& f) {
  const auto* c = dynamic_cast<const CoqFamily*>(&f);
  return c ? &c->instance() : nullptr;
}

}  // namespace schedcert::search
