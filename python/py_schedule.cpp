// Bindings of the data layer: Network, Problem, Schedule (JSON, lists, numpy), the construction
// registry and generate. Conversions only; the JSON text is the library's reader and writer
// (schedules/io/schedule_json.hpp), so the format is the CLI's byte for byte.
#include <pybind11/numpy.h>

#include <cstdint>
#include <sstream>

#include "python/py_common.hpp"
#include "schedules/error.hpp"
#include "schedules/network.hpp"
#include "schedules/registry.hpp"
#include "schedules/schedule.hpp"
#include "schedules/io/schedule_json.hpp"

namespace schedcert::python {

using namespace schedcert::schedules;
using namespace schedcert::schedules::io;

namespace {

Node node_arg(const Network& net, std::int64_t v, const char* field) {
  if (v < 0 || static_cast<std::uint64_t>(v) >= net.size())
    throw InputError(std::string(field) + ": node " + std::to_string(v) + " is out of range [0, " +
                     std::to_string(net.size()) + ") of " + net.name());
  return static_cast<Node>(v);
}

py::dict provenance_dict(const Provenance& p) {
  py::dict d;
  d["construction"] = p.construction;
  py::dict params;
  for (const auto& [k, v] : p.parameters) params[py::str(k)] = v;
  d["parameters"] = params;
  d["tool_version"] = p.tool_version;
  return d;
}

std::string to_json(const Schedule& s) {
  std::ostringstream out;
  write_schedule_json(s, out);
  return out.str();
}

// One row per item slot: step (from 1), transmission (global, from 0), from, to, item.
py::array_t<std::int64_t> to_numpy(const Schedule& s) {
  const std::size_t rows = s.num_item_slots();
  py::array_t<std::int64_t> a({rows, std::size_t{5}});
  auto r = a.mutable_unchecked<2>();
  std::size_t row = 0;
  for (std::size_t k = 0; k < s.num_steps(); ++k)
    for (std::size_t t = s.step_begin(k); t < s.step_end(k); ++t)
      for (Item i : s.packet(t)) {
        r(row, 0) = static_cast<std::int64_t>(k + 1);
        r(row, 1) = static_cast<std::int64_t>(t);
        r(row, 2) = s.from(t);
        r(row, 3) = s.to(t);
        r(row, 4) = static_cast<std::int64_t>(i);
        ++row;
      }
  return a;
}

// The inverse of to_numpy: rows in step order; consecutive rows with the same transmission
// number form one packet (same step, from and to). Transmission numbers only group rows.
Schedule from_numpy(const Network& net, const std::string& model, const Problem& problem,
                    py::array_t<std::int64_t, py::array::c_style | py::array::forcecast> a,
                    std::optional<std::size_t> num_steps) {
  if (a.ndim() != 2 || a.shape(1) != 5)
    throw InputError(
        "from_numpy: the array must have shape (rows, 5): columns step, tx, from, "
        "to, item");
  problem.validate(net);
  Schedule s(net, model_arg(model), problem);
  s.provenance().construction = "python";
  auto r = a.unchecked<2>();
  const auto rows = static_cast<std::size_t>(a.shape(0));
  std::int64_t step = 0;
  std::vector<Item> packet;
  auto row_text = [](std::size_t i) { return "from_numpy: row " + std::to_string(i); };
  for (std::size_t i = 0; i < rows;) {
    const std::int64_t k = r(i, 0);
    if (k < 1)
      throw InputError(row_text(i) + ": step " + std::to_string(k) + " (steps count from 1)");
    if (k < step)
      throw InputError(row_text(i) + ": step " + std::to_string(k) + " after step " +
                       std::to_string(step) + " (rows must be in step order)");
    while (step < k) s.begin_step(), ++step;
    const Node from = node_arg(net, r(i, 2), (row_text(i) + ", from").c_str());
    const Node to = node_arg(net, r(i, 3), (row_text(i) + ", to").c_str());
    packet.clear();
    std::size_t j = i;
    for (; j < rows && r(j, 1) == r(i, 1); ++j) {
      if (r(j, 0) != k || r(j, 2) != r(i, 2) || r(j, 3) != r(i, 3))
        throw InputError(row_text(j) + ": transmission " + std::to_string(r(i, 1)) +
                         " has rows with different step, from or to");
      if (r(j, 4) < 0) throw InputError(row_text(j) + ": item " + std::to_string(r(j, 4)) + " < 0");
      packet.push_back(static_cast<Item>(r(j, 4)));
    }
    if (packet.size() == 1)
      s.add(from, to, packet[0]);
    else
      s.add(from, to, std::span<const Item>(packet));
    i = j;
  }
  if (num_steps) {
    if (*num_steps < static_cast<std::size_t>(step))
      throw InputError("from_numpy: num_steps " + std::to_string(*num_steps) + " < the last step " +
                       std::to_string(step));
    while (static_cast<std::size_t>(step) < *num_steps) s.begin_step(), ++step;
  }
  return s;
}

// The steps as plain lists, as the JSON file writes them: [from, to, item] or [from, to, [items]].
py::list to_lists(const Schedule& s) {
  py::list steps;
  for (std::size_t k = 0; k < s.num_steps(); ++k) {
    py::list step;
    for (std::size_t t = s.step_begin(k); t < s.step_end(k); ++t) {
      const auto p = s.packet(t);
      py::object packet;
      if (p.size() == 1 && s.single_item_packets()) {
        packet = py::int_(p[0]);
      } else {
        py::list items;
        for (Item i : p) items.append(i);
        packet = items;
      }
      py::list tx;
      tx.append(s.from(t));
      tx.append(s.to(t));
      tx.append(packet);
      step.append(tx);
    }
    steps.append(step);
  }
  return steps;
}

py::dict construction_dict(const Construction& c) {
  py::dict d;
  d["name"] = c.name;
  d["paper"] = c.paper;
  d["section"] = c.section;
  d["summary"] = c.summary;
  d["problem"] = to_string(c.problem);
  py::list models;
  for (Model m : c.models) models.append(to_string(m));
  d["models"] = models;
  d["parameters"] = c.parameters;
  d["min_dim"] = c.min_dim;
  d["max_dim"] = c.max_dim;
  d["has_root_schedule"] = static_cast<bool>(c.generate_root);
  return d;
}

}  // namespace

void bind_schedule(py::module_& m) {
  py::class_<Network>(m, "Network", "A network: Q_d, rings C_n, paths P_n, K_n and their products")
      .def(py::init([](const std::string& spec) { return Network::parse(spec); }), py::arg("spec"),
           "Parses 'Q4', 'C5', 'C3xC3', 'C3^4', 'P4xK3'; ValueError names the bad token")
      .def_property_readonly("name", &Network::name)
      .def_property_readonly("nodes", &Network::num_nodes)
      .def_property_readonly("ports", &Network::ports)
      .def_property_readonly("dims", &Network::dims)
      .def_property_readonly("diameter", &Network::diameter)
      .def_property_readonly("is_hypercube", &Network::is_hypercube)
      .def_property_readonly("is_translation_invariant", &Network::is_translation_invariant)
      .def_property_readonly("factors",
                             [](const Network& n) {
                               std::vector<std::string> f;
                               for (const auto& x : n.factors()) f.push_back(x.name());
                               return f;
                             })
      .def(
          "neighbours",
          [](const Network& n, std::int64_t v) {
            std::vector<Node> out;
            n.for_each_neighbour(node_arg(n, v, "neighbours"),
                                 [&](Node u, int) { out.push_back(u); });
            return out;
          },
          py::arg("node"))
      .def(
          "distance",
          [](const Network& n, std::int64_t u, std::int64_t v) {
            return n.distance(node_arg(n, u, "distance"), node_arg(n, v, "distance"));
          },
          py::arg("u"), py::arg("v"))
      .def(
          "adjacent",
          [](const Network& n, std::int64_t u, std::int64_t v) {
            return n.adjacent(node_arg(n, u, "adjacent"), node_arg(n, v, "adjacent"));
          },
          py::arg("u"), py::arg("v"))
      .def("degree",
           [](const Network& n, std::int64_t v) { return n.degree(node_arg(n, v, "degree")); })
      .def("eccentricity",
           [](const Network& n, std::int64_t v) {
             return n.eccentricity(node_arg(n, v, "eccentricity"));
           })
      .def("__len__", [](const Network& n) { return n.num_nodes(); })
      .def("__eq__", [](const Network& a, const Network& b) { return a.name() == b.name(); })
      .def("__repr__", [](const Network& n) { return "Network('" + n.name() + "')"; });

  m.def(
      "models",
      [] {
        std::vector<std::string> out;
        for (Model x : all_models()) out.push_back(to_string(x));
        return out;
      },
      "The communication models (canonical names; aliases MLA, SLA, ... are accepted too)");
  m.def(
      "problems",
      [] {
        std::vector<std::string> out;
        for (ProblemKind k : all_problem_kinds()) out.push_back(to_string(k));
        return out;
      },
      "The problem kinds");
  m.def(
      "model_name", [](const std::string& s) { return to_string(model_arg(s)); },
      "The canonical name of a model (ValueError listing the valid names)");

  py::class_<Problem>(m, "Problem")
      .def(py::init([](const std::string& kind, std::int64_t root, std::uint32_t messages,
                       std::uint32_t packet_items, std::vector<Node> sources) {
             if (root < 0) throw InputError("problem.root: node " + std::to_string(root) + " < 0");
             Problem p;
             p.kind = problem_arg(kind);
             p.root = static_cast<Node>(root);
             p.messages = messages;
             p.packet_items = packet_items;
             p.sources = std::move(sources);
             return p;
           }),
           py::arg("kind"), py::arg("root") = 0, py::arg("messages") = 1,
           py::arg("packet_items") = 1, py::arg("sources") = std::vector<Node>{})
      .def_property_readonly("kind", [](const Problem& p) { return to_string(p.kind); })
      .def_readonly("root", &Problem::root)
      .def_readonly("messages", &Problem::messages)
      .def_readonly("packet_items", &Problem::packet_items)
      .def_readonly("sources", &Problem::sources)
      .def_property_readonly("combining", &Problem::combining)
      .def_property_readonly("has_root", &Problem::has_root)
      .def("validate", &Problem::validate, py::arg("network"),
           "ValueError naming the field when the problem does not fit the network")
      .def("num_items", [](const Problem& p, const Network& n) { return p.num_items(n.size()); })
      .def("describe", &Problem::describe)
      .def("__repr__", [](const Problem& p) { return "Problem(" + p.describe() + ")"; });

  py::class_<Schedule>(m, "Schedule", "Synchronous steps of transmissions (from, to, packet)")
      .def_property_readonly("network", &Schedule::network)
      .def_property_readonly("model", [](const Schedule& s) { return to_string(s.model()); })
      .def_property_readonly("problem", &Schedule::problem)
      .def_property_readonly("provenance",
                             [](const Schedule& s) { return provenance_dict(s.provenance()); })
      .def_property_readonly("num_steps", &Schedule::num_steps)
      .def_property_readonly("num_transmissions", &Schedule::num_transmissions)
      .def("to_json", &to_json,
           "The schedule file's text (docs/schedule-format.md), as the CLI writes it")
      .def_static(
          "from_json",
          [](const std::string& text, const std::string& source) {
            return parse_schedule_json(text, source).schedule;
          },
          py::arg("text"), py::arg("source") = "<string>",
          "Parses a schedule file's text with the library's strict loader")
      .def_static(
          "load", [](const std::string& path) { return read_schedule_file(path).schedule; },
          py::arg("path"))
      .def(
          "save", [](const Schedule& s, const std::string& path) { write_schedule_file(s, path); },
          py::arg("path"), "Writes the file atomically, as `schedcert generate -o` does")
      .def("to_lists", &to_lists,
           "The steps as lists: steps[k] = [[from, to, item or [items]], ...] (step k + 1)")
      .def("to_numpy", &to_numpy,
           "An int64 array (rows, 5): step (from 1), tx (global, from 0), from, to, item; one row "
           "per item of a packet")
      .def_static("from_numpy", &from_numpy, py::arg("network"), py::arg("model"),
                  py::arg("problem"), py::arg("array"), py::arg("num_steps") = py::none())
      .def("__len__", &Schedule::num_steps)
      .def("__repr__", [](const Schedule& s) {
        return "<Schedule " + s.network().name() + ", " + to_string(s.model()) + ", " +
               s.problem().describe() + ": " + std::to_string(s.num_steps()) + " steps, " +
               std::to_string(s.num_transmissions()) + " transmissions>";
      });

  m.def(
      "constructions",
      [] {
        py::list out;
        for (const auto& c : Registry::instance().all()) out.append(construction_dict(c));
        return out;
      },
      "Every registered construction with its paper, section, problem, models and parameters");
  m.def(
      "construction",
      [](const std::string& name) { return construction_dict(Registry::instance().find(name)); },
      py::arg("name"));
  m.def(
      "generate",
      [](const std::string& name, int dim, int radix, const std::string& network,
         std::optional<std::string> model, std::int64_t root, std::uint32_t messages,
         std::uint32_t packet_items, const std::string& variant, bool root_only) {
        const auto& c = Registry::instance().find(name);
        if (root < 0) throw InputError("root: node " + std::to_string(root) + " < 0");
        Params p;
        p.dim = dim;
        p.radix = radix;
        p.network = network;
        p.model = model ? model_arg(*model) : c.models.front();
        p.root = static_cast<Node>(root);
        p.messages = messages;
        p.packet_items = packet_items;
        p.variant = variant;
        py::gil_scoped_release nogil;
        return root_only ? generate_root(c, p) : generate(c, p);
      },
      py::arg("name"), py::arg("dim") = 0, py::arg("radix") = 0, py::arg("network") = "",
      py::arg("model") = py::none(), py::arg("root") = 0, py::arg("messages") = 1,
      py::arg("packet_items") = 1, py::arg("variant") = "", py::arg("root_only") = false,
      "A construction's schedule (`schedcert generate`); root_only: the root-0 schedule of a "
      "translated multinode construction (for verify(engine='symmetric'))");
}

}  // namespace schedcert::python
