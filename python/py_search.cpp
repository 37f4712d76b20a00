// Bindings of the long searches: synthesize, search_alpha, search_tree and the sweep. Each runs
// through run_interruptible (module.cpp): GIL released, Ctrl-C and a progress callback polled,
// the library's budget stopped on interruption. Unknown answers stay Unknown (status "unknown",
// or a gap lower..upper), never an optimum.
#include <mutex>
#include <sstream>

#include "certify/sweep.hpp"
#include "encodings/alpha/alpha.hpp"
#include "encodings/synth/request.hpp"
#include "encodings/synth/successive.hpp"
#include "encodings/synth/synthesis.hpp"
#include "encodings/tree/search.hpp"
#include "python/py_common.hpp"
#include "schedules/budget/budget.hpp"
#include "schedules/error.hpp"
#include "verifier/bounds.hpp"

namespace schedcert::python {

using namespace schedcert::schedules;
using namespace schedcert::schedules::budget;
namespace enc = schedcert::encodings;

namespace {

// One synthesize() answer: a decided T, or a walk over T (optimum with the proof for T - 1).
struct PySynth {
  std::string status;  // found, impossible, unknown
  std::optional<Schedule> schedule;
  std::optional<unsigned> steps;    // the T decided, or the optimum
  std::optional<unsigned> optimum;  // a walk's optimum (found at T, T - 1 impossible or T = bound)
  std::string certificate;          // impossible: the argument; optimum: the one for T - 1
  std::string reason, stats;
  unsigned lower_bound = 0, max_steps = 0;
  std::string lower_bound_argument;
  double seconds = 0;
};

void take(PySynth& out, const enc::synth::SynthesisResult& r) {
  out.status = enc::synth::to_string(r.status);
  out.schedule = r.schedule;
  out.reason = r.reason;
  out.stats = r.stats;
  out.seconds += r.seconds;
  if (r.status == enc::synth::SynthesisStatus::Impossible) out.certificate = r.certificate;
}

void take_optimum(PySynth& out, const enc::synth::OptimumResult& r) {
  take(out, r.at_optimum);
  out.seconds += r.below.seconds;
  out.optimum = r.optimum;
  out.steps = r.optimum;
  if (r.optimum) {
    out.certificate = r.below.certificate;
  } else {
    out.status = "unknown";
    if (out.reason.empty()) out.reason = r.at_optimum.reason;
    if (r.below.status == enc::synth::SynthesisStatus::Impossible)
      out.certificate = "last impossible: " + r.below.certificate;
  }
}

// The `schedcert synthesize` pipeline without the printing: the route and the T range come from
// the same library functions as the CLI's (encodings/synth/request.hpp).
PySynth synthesize(const Network& net, const std::string& model, const Problem& problem,
                   unsigned steps, unsigned max_steps, double timeout, const std::string& engine,
                   bool symmetry, const std::string& allocation,
                   const std::vector<std::string>& skip, const py::object& progress) {
  const Model m = model_arg(model);
  if (engine != "auto" && engine != "z3" && engine != "cadical")
    throw InputError("engine: '" + engine + "' is unknown (valid: auto, z3, cadical)");
  PySynth out;
  const auto route = enc::synth::route_synthesis(net, problem, allocation);
  enc::synth::SynthesisOptions so;
  enc::synth::skip_phases(so, skip, route.successive ? "successive broadcasts" : "");
  if (route.successive) {
    enc::synth::SuccessiveOptions so;
    so.timeout_ms = seconds_to_ms(timeout);
    so.symmetry_breaking = symmetry;
    so.fixed_sources = route.fixed_sources;
    so.solver_logic = engine == "z3" ? "QF_FD" : "cadical";
    if (steps > 0) {
      run_interruptible([&] { take(out, enc::synth::synthesize_successive(net, m, steps, so)); },
                        progress, 0);
      out.steps = steps;
      return out;
    }
    const auto range = enc::synth::synthesis_range(net, m, route, max_steps);
    out.lower_bound = range.lo;
    out.lower_bound_argument = range.argument;
    out.max_steps = range.hi;
    run_interruptible(
        [&] { take_optimum(out, enc::synth::minimize_successive(net, m, range.lo, range.hi, so)); },
        progress, 0);
    return out;
  }
  const Problem& p = route.problem;
  so.timeout_ms = seconds_to_ms(timeout);
  so.symmetry_breaking = symmetry;
  if (engine == "cadical") so.solver_logic = "cadical";
  if (steps > 0) {
    run_interruptible([&] { take(out, enc::synth::synthesize(net, m, p, steps, so)); }, progress,
                      0);
    out.steps = steps;
    return out;
  }
  const auto range = enc::synth::synthesis_range(net, m, route, max_steps);
  out.lower_bound = range.lo;
  out.lower_bound_argument = range.argument;
  out.max_steps = range.hi;
  if (range.hi < enc::synth::walk_start(so, range)) {
    run_interruptible([&] { take(out, enc::synth::synthesize(net, m, p, range.hi, so)); }, progress,
                      0);
    out.steps = range.hi;
    return out;
  }
  const unsigned lo = enc::synth::walk_start(so, range);
  run_interruptible(
      [&] { take_optimum(out, enc::synth::minimize_steps(net, m, p, lo, range.hi, so)); }, progress,
      0);
  return out;
}

enc::alpha::AlphaResult search_alpha(int d, double timeout, const std::string& engine, int symmetry,
                                     bool check_proof, unsigned probe, const std::string& cert_dir,
                                     const py::object& progress) {
  enc::alpha::AlphaOptions ao;
  ao.d = d;
  if (timeout < 0) throw InputError("timeout: must be >= 0 seconds (0: no limit)");
  ao.timeout_s = timeout;
  if (engine == "cadical")
    ao.engine = enc::alpha::AlphaEngine::Cadical;
  else if (engine == "z3")
    ao.engine = enc::alpha::AlphaEngine::Z3;
  else if (engine == "z3-layered")
    ao.engine = enc::alpha::AlphaEngine::Z3Layered;
  else
    throw InputError("engine: '" + engine + "' is unknown (valid: cadical, z3, z3-layered)");
  if (symmetry < 0 || symmetry > 2) throw InputError("symmetry: must be 0, 1 or 2");
  ao.symmetry = symmetry;
  ao.check_proof = check_proof;
  ao.probe = probe;
  ao.cert_dir = cert_dir;
  enc::alpha::AlphaResult r;
  run_interruptible([&] { r = enc::alpha::search_alpha(ao); }, progress, 0);
  return r;
}

std::string tree_status(enc::tree::TreeStatus s) {
  switch (s) {
    case enc::tree::TreeStatus::Optimal:
      return "optimal";
    case enc::tree::TreeStatus::Infeasible:
      return "infeasible";
    case enc::tree::TreeStatus::Gap:
      return "gap";
  }
  return "gap";
}

py::object parents(const std::optional<enc::tree::RootedTree>& t) {
  if (!t) return py::none();
  py::list out;
  for (Node v : t->parent)
    out.append(v == enc::tree::kNoParent ? py::object(py::none()) : py::object(py::int_(v)));
  return out;
}

py::dict tree_metrics(const enc::tree::TreeMetrics& m) {
  py::dict d;
  d["nodes"] = m.nodes;
  d["leaves"] = m.leaves;
  d["height"] = m.height;
  d["max_subtree"] = m.max_subtree;
  return d;
}

}  // namespace

void bind_search(py::module_& m) {
  py::class_<PySynth>(m, "SynthesisResult")
      .def_readonly("status", &PySynth::status, "'found', 'impossible' or 'unknown'")
      .def_readonly("schedule", &PySynth::schedule, "Found: the schedule, verified natively")
      .def_readonly("steps", &PySynth::steps)
      .def_readonly("optimum", &PySynth::optimum)
      .def_readonly("certificate", &PySynth::certificate)
      .def_readonly("reason", &PySynth::reason)
      .def_readonly("stats", &PySynth::stats)
      .def_readonly("lower_bound", &PySynth::lower_bound)
      .def_readonly("lower_bound_argument", &PySynth::lower_bound_argument)
      .def_readonly("max_steps", &PySynth::max_steps)
      .def_readonly("seconds", &PySynth::seconds)
      .def("__repr__", [](const PySynth& r) {
        std::string s = "<SynthesisResult " + r.status;
        if (r.optimum)
          s += ", optimum " + std::to_string(*r.optimum) + " steps";
        else if (r.steps)
          s += " at T = " + std::to_string(*r.steps);
        return s + ">";
      });
  m.def("_synthesize", &synthesize, py::arg("network"), py::arg("model"), py::arg("problem"),
        py::arg("steps") = 0, py::arg("max_steps") = 0, py::arg("timeout") = 600.0,
        py::arg("engine") = "auto", py::arg("symmetry") = true, py::arg("allocation") = "",
        py::arg("skip") = std::vector<std::string>{}, py::arg("progress") = py::none());

  py::class_<enc::alpha::AlphaResult>(m, "AlphaResult")
      .def_readonly("d", &enc::alpha::AlphaResult::d)
      .def_readonly("alpha", &enc::alpha::AlphaResult::alpha, "set when certified exact")
      .def_readonly("lower", &enc::alpha::AlphaResult::lower)
      .def_readonly("upper", &enc::alpha::AlphaResult::upper)
      .def_readonly(
          "solver_upper", &enc::alpha::AlphaResult::solver_upper,
          "the solver's UNSAT bound when its proof was not checked (check_proof=False, z3-layered)")
      .def_readonly("tree_edges", &enc::alpha::AlphaResult::tree_edges)
      .def_readonly("certificate", &enc::alpha::AlphaResult::certificate)
      .def_readonly("seconds", &enc::alpha::AlphaResult::seconds)
      .def_readonly("engine", &enc::alpha::AlphaResult::engine)
      .def_readonly("solves", &enc::alpha::AlphaResult::solves)
      .def_readonly("cuts", &enc::alpha::AlphaResult::cuts)
      .def_readonly("proof_checked", &enc::alpha::AlphaResult::proof_checked)
      .def_readonly("proof_report", &enc::alpha::AlphaResult::proof_report)
      .def_readonly("lrat_verified", &enc::alpha::AlphaResult::lrat_verified)
      .def_readonly("cnf_sha256", &enc::alpha::AlphaResult::cnf_sha256)
      .def_property_readonly("status",
                             [](const enc::alpha::AlphaResult& r) {
                               return r.alpha ? std::string("exact")
                                      : r.solver_upper && *r.solver_upper == r.lower ? std::string("unchecked")
                                                                                     : std::string("gap");
                             })
      .def_property_readonly(
          "desprez_bound",
          [](const enc::alpha::AlphaResult& r) {
            return verifier::desprez_lower_bound(std::uint64_t{1} << r.d, r.upper);
          },
          "Desprez et al. 1993 Prop. 2 with the proven upper bound on alpha: 2p - alpha - 1")
      .def("__repr__", [](const enc::alpha::AlphaResult& r) {
        return "<AlphaResult d=" + std::to_string(r.d) +
               (r.alpha
                    ? ": alpha = " + std::to_string(*r.alpha) + " (certified)"
                    : ": " + std::to_string(r.lower) + " <= alpha <= " + std::to_string(r.upper)) +
               ">";
      });
  m.def(
      "search_alpha", &search_alpha, py::arg("d"), py::arg("timeout") = 60.0,
      py::arg("engine") = "cadical", py::arg("symmetry") = 1, py::arg("check_proof") = true,
      py::arg("probe") = 0, py::arg("cert_dir") = "", py::arg("progress") = py::none(),
      "alpha(d), the most leaves of a spanning tree of Q_d, certified (`schedcert search alpha`)");

  py::class_<enc::tree::TreeAnswer>(m, "TreeAnswer")
      .def_property_readonly("status",
                             [](const enc::tree::TreeAnswer& a) { return tree_status(a.status); })
      .def_readonly("network", &enc::tree::TreeAnswer::network)
      .def_readonly("root", &enc::tree::TreeAnswer::root)
      .def_property_readonly(
          "objective",
          [](const enc::tree::TreeAnswer& a) { return enc::tree::to_string(a.objective); })
      .def_readonly("lower", &enc::tree::TreeAnswer::lower)
      .def_readonly("upper", &enc::tree::TreeAnswer::upper)
      .def_property_readonly(
          "parent", [](const enc::tree::TreeAnswer& a) { return parents(a.best); },
          "the best tree as a parent list (None at the root)")
      .def_property_readonly(
          "metrics", [](const enc::tree::TreeAnswer& a) { return tree_metrics(a.best_metrics); })
      .def_readonly("certificate", &enc::tree::TreeAnswer::certificate)
      .def_readonly("symmetry", &enc::tree::TreeAnswer::symmetry)
      .def_readonly("seconds", &enc::tree::TreeAnswer::seconds)
      .def_property_readonly("queries",
                             [](const enc::tree::TreeAnswer& a) {
                               py::list out;
                               for (const auto& q : a.queries)
                                 out.append(py::make_tuple(q.question, q.answer, q.seconds));
                               return out;
                             })
      .def("__repr__", [](const enc::tree::TreeAnswer& a) {
        return "<TreeAnswer " + a.network + " " + enc::tree::to_string(a.objective) + ": " +
               tree_status(a.status) + ", " + std::to_string(a.lower) + ".." +
               std::to_string(a.upper) + ">";
      });
  m.def(
      "search_tree",
      [](const std::string& network, std::int64_t root, const std::string& objective,
         std::optional<std::uint32_t> max_height, std::optional<std::uint32_t> max_subtree,
         std::optional<std::uint32_t> min_leaves, double timeout, bool symmetry,
         const py::object& progress) {
        if (root < 0) throw InputError("root: node " + std::to_string(root) + " < 0");
        enc::tree::TreeQuery q;
        q.network = network;
        q.root = static_cast<Node>(root);
        q.objective = enc::tree::parse_tree_objective(objective);
        q.max_height = max_height;
        q.max_subtree = max_subtree;
        q.min_leaves = min_leaves;
        q.timeout_ms = seconds_to_ms(timeout);
        q.symmetry = symmetry;
        enc::tree::TreeAnswer a;
        run_interruptible([&] { a = enc::tree::search_tree(q); }, progress, 0);
        return a;
      },
      py::arg("network"), py::arg("root") = 0, py::arg("objective") = "max-leaves",
      py::arg("max_height") = py::none(), py::arg("max_subtree") = py::none(),
      py::arg("min_leaves") = py::none(), py::arg("timeout") = 60.0, py::arg("symmetry") = true,
      py::arg("progress") = py::none(),
      "A spanning tree with an objective (max-leaves, balanced, min-height) and constraints, with "
      "a certificate (`schedcert search tree`)");

  m.def(
      "_sweep",
      [](std::vector<std::string> networks, std::vector<std::string> problems,
         std::vector<std::string> models, double timeout, unsigned max_extra,
         const std::string& out_dir, const py::object& progress) {
        certify::SweepOptions o;
        if (!networks.empty()) o.networks = networks;
        if (!problems.empty()) {
          o.problems.clear();
          for (const auto& p : problems) o.problems.push_back(problem_arg(p));
        }
        if (!models.empty()) {
          o.models.clear();
          for (const auto& x : models) o.models.push_back(model_arg(x));
        }
        o.timeout_ms = seconds_to_ms(timeout);
        o.max_extra = max_extra;
        o.out_dir = out_dir;
        std::mutex mu;
        std::size_t done = 0;
        std::string current, last;
        o.on_start = [&](const std::string& what) {
          std::lock_guard<std::mutex> lock(mu);
          current = what;
        };
        o.on_row = [&](const certify::SweepRow& r) {
          std::lock_guard<std::mutex> lock(mu);
          ++done;
          last = r.network + " " + r.model + " " + r.problem + " " + r.source + ": " +
                 certify::verdict_cell(r);
        };
        std::vector<certify::SweepRow> rows;
        run_interruptible([&] { rows = certify::run_sweep(o); }, progress, 0, 1.0,
                          [&] {
                            std::lock_guard<std::mutex> lock(mu);
                            py::dict d;
                            d["rows_done"] = done;
                            d["current"] = current;
                            d["last"] = last;
                            return d;
                          });
        std::ostringstream out;
        certify::write_sweep_json(rows, out, &o);
        return py::make_tuple(out.str(), certify::sweep_exit_code(rows));
      },
      py::arg("networks"), py::arg("problems"), py::arg("models"), py::arg("timeout") = 60.0,
      py::arg("max_extra") = 8, py::arg("out_dir") = "", py::arg("progress") = py::none());
}

}  // namespace schedcert::python
