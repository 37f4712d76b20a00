// Bindings of the checks: verify (native, smt = Z3, symmetric), the lower bounds and the HTML
// viewer. A Z3 `unknown` is a Verdict with status "unknown" and valid None: never a validity.
#include <sstream>

#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/smt/verifier.hpp"
#include "python/py_common.hpp"
#include "schedules/budget/budget.hpp"
#include "schedules/error.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"
#include "witnesses/html.hpp"

namespace schedcert::python {

using namespace schedcert::schedules;
using namespace schedcert::schedules::budget;

namespace {

struct PyVerdict {
  std::string status;  // "valid", "invalid", "unknown"
  verifier::Verdict v;
  std::string reason;  // unknown: why (Z3's reason, the timeout)
};

PyVerdict verify(const Schedule& s, const std::string& engine, double timeout,
                 const py::object& progress) {
  PyVerdict out;
  if (engine == "native") {
    py::gil_scoped_release nogil;
    out.v = verifier::verify_native(s);
  } else if (engine == "symmetric") {
    py::gil_scoped_release nogil;
    out.v = verifier::verify_translated(s);
  } else if (engine == "smt" || engine == "z3") {
    encodings::smt::SmtOptions o;
    o.timeout_ms = seconds_to_ms(timeout);
    try {
      run_interruptible([&] { out.v = encodings::smt::verify_smt(s, o); }, progress, 0);
    } catch (const UnknownResult& e) {
      out.status = "unknown";
      out.reason = e.what();
      out.v.engine = "smt";
      return out;
    }
  } else {
    throw InputError("engine: '" + engine + "' is unknown (valid: native, smt, symmetric)");
  }
  out.status = out.v.valid ? "valid" : "invalid";
  return out;
}

py::object opt_int(bool has, std::int64_t v) {
  return has ? py::object(py::int_(v)) : py::none();
}

std::string html_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&':
        o += "&amp;";
        break;
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

// The violation in one sentence: the verifier's message, which names the rule already
// ("step 2, transmission 3 (7 -> 5, item 0): causality: ..."); the rule is put in front only when
// the message does not name it.
std::string violation_text(const verifier::Verdict& v) {
  const std::string rule = verifier::to_string(v.violation->rule);
  const std::string& m = v.violation->message;
  if (m.rfind(rule + ":", 0) == 0 || m.find(": " + rule + ":") != std::string::npos) return m;
  return rule + ": " + m;
}

}  // namespace

void bind_checks(py::module_& m) {
  py::class_<PyVerdict>(m, "Verdict", "What a check says: valid, or the first violation")
      .def_readonly("status", &PyVerdict::status, "'valid', 'invalid' or 'unknown'")
      .def_property_readonly(
          "valid",
          [](const PyVerdict& p) -> py::object {
            if (p.status == "unknown") return py::none();
            return py::bool_(p.v.valid);
          },
          "True, False, or None when the engine could not decide")
      .def_readonly("reason", &PyVerdict::reason)
      .def_property_readonly("engine", [](const PyVerdict& p) { return p.v.engine; })
      .def_property_readonly("rule",
                             [](const PyVerdict& p) -> py::object {
                               if (!p.v.violation) return py::none();
                               return py::str(verifier::to_string(p.v.violation->rule));
                             })
      .def_property_readonly(
          "step",
          [](const PyVerdict& p) {
            const auto& x = p.v.violation;
            return opt_int(x && x->step >= 0, x ? x->step + 1 : 0);
          },
          "the violating step, numbered from 1 (None: completion or valid)")
      .def_property_readonly(
          "transmission",
          [](const PyVerdict& p) {
            const auto& x = p.v.violation;
            return opt_int(x && x->transmission >= 0, x ? x->transmission : 0);
          },
          "the violating transmission's global index, from 0")
      .def_property_readonly(
          "item",
          [](const PyVerdict& p) {
            return opt_int(p.v.violation.has_value(),
                           p.v.violation ? static_cast<std::int64_t>(p.v.violation->item) : 0);
          })
      .def_property_readonly("node",
                             [](const PyVerdict& p) {
                               return opt_int(p.v.violation.has_value(),
                                              p.v.violation ? p.v.violation->node : 0);
                             })
      .def_property_readonly(
          "message",
          [](const PyVerdict& p) -> std::string {
            if (p.status == "unknown") return p.reason;
            return p.v.violation ? p.v.violation->message : std::string();
          },
          "the verifier's sentence (steps numbered from 1)")
      .def_property_readonly("metrics",
                             [](const PyVerdict& p) {
                               py::dict d;
                               const auto& x = p.v.metrics;
                               d["steps"] = x.steps;
                               d["transmissions"] = x.transmissions;
                               d["item_transmissions"] = x.item_transmissions;
                               d["max_link_load"] = x.max_link_load;
                               d["directed_links"] = x.directed_links;
                               d["link_utilisation"] = x.link_utilisation;
                               return d;
                             })
      .def("_repr_html_",
           [](const PyVerdict& p) {
             std::string h = "<div class=\"schedcert-verdict\"><b>" + html_escape(p.status) +
                             "</b> (" + html_escape(p.v.engine) + ")";
             if (p.v.violation) h += ": " + html_escape(violation_text(p.v));
             if (p.status == "unknown") h += ": " + html_escape(p.reason);
             return h + "</div>";
           })
      .def("__repr__", [](const PyVerdict& p) {
        std::string r = "<Verdict " + p.status + " (" + p.v.engine + ")";
        if (p.v.violation) r += ": " + violation_text(p.v);
        if (p.status == "unknown") r += ": " + p.reason;
        return r + ">";
      });

  m.def("verify", &verify, py::arg("schedule"), py::arg("engine") = "native",
        py::arg("timeout") = 60.0, py::arg("progress") = py::none(),
        "Checks a schedule: engine 'native' (the native verifier), 'smt' (Z3; status 'unknown' "
        "when Z3 gives up), 'symmetric' (the schedule is a root-0 schedule; the verdict is on its "
        "translate to every root)");

  py::class_<verifier::Bound>(m, "Bound")
      .def_readonly("value", &verifier::Bound::value)
      .def_readonly("argument", &verifier::Bound::argument)
      .def("__repr__", [](const verifier::Bound& b) {
        return "<Bound " + std::to_string(b.value) + ": " + b.argument + ">";
      });
  py::class_<verifier::LowerBounds>(m, "LowerBounds")
      .def_readonly("steps", &verifier::LowerBounds::steps)
      .def_readonly("transmissions", &verifier::LowerBounds::transmissions)
      .def_readonly("step_candidates", &verifier::LowerBounds::step_candidates)
      .def("__repr__", [](const verifier::LowerBounds& b) {
        return "<LowerBounds steps >= " + std::to_string(b.steps.value) +
               ", transmissions >= " + std::to_string(b.transmissions.value) + ">";
      });
  m.def(
      "_lower_bounds",
      [](const Network& net, const std::string& model, const Problem& p,
         std::optional<std::uint64_t> leaves, const std::string& leaves_argument) {
        const Model mo = model_arg(model);
        p.validate(net);
        if (leaves)
          return verifier::lower_bounds(net, mo, p, verifier::LeafBound{*leaves, leaves_argument});
        return encodings::alpha::best_lower_bounds(net, mo, p);  // as `schedcert bound`
      },
      py::arg("network"), py::arg("model"), py::arg("problem"), py::arg("leaves") = py::none(),
      py::arg("leaves_argument") = "");
  m.def("desprez_lower_bound", &verifier::desprez_lower_bound, py::arg("p"), py::arg("alpha"),
        "Desprez et al. 1993 Prop. 2: 2p - alpha - 1 steps for p successive broadcasts");
  m.def("max_leaves_upper_bound", &verifier::max_leaves_upper_bound, py::arg("network"));

  m.def(
      "_html",
      [](const Schedule& s) {
        std::ostringstream out;
        {
          py::gil_scoped_release nogil;
          const auto v = verifier::verify_native(s);
          witnesses::write_html(s, v, out);
        }
        return out.str();
      },
      py::arg("schedule"), "The page `schedcert render` writes (the native verdict embedded)");
}

}  // namespace schedcert::python
