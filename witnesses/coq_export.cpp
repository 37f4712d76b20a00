// Coq witness writer (design note).
//
// What: writes one .v file per schedule for the Coq development coq/Schedcert.v (issue 8,
// item 1). The development states the validity rules of verifier/verdict.hpp as Props (`valid`)
// and proves checkers sound and complete. What the witness proves is `valid sched` for the term
// this writer produced: that the term states the schedule file (network, model, problem,
// transmissions) is trusted in this writer, and `export coq FILE --check WITNESS` re-runs this
// same writer, so it catches an edited witness, not a bug here (docs/coq.md, "What is trusted").
// How: `network_term` maps the factors (hypercube -> `hypercube d`; a graph factor -> `Fac
// (Graph arcs) n` with every directed arc (from, to, multiplicity) of the topology, both arcs of
// an undirected edge), `model_term` and `problem_term` the enums, and the steps are written one
// per line as lists of `Tx from to [items]`. Item numbering and node ids are exactly those of
// schedules/problem.hpp and network.hpp, so no translation of ids happens.
// Every problem of schedules/problem.hpp is written, allreduce included: `Prob kind root M B
// [sources]` (root 0 for the problems without a root, sources [] except for successive
// broadcasts).
// The proof runs the fast checker (coq/FastChecker.v, one pass over the transmissions) through
// the tactic schedcert_valid of coq/Messages.v; an invalid schedule makes coqc fail with its
// first violation in the native verifier's words. The witness records the SHA-256 of the
// schedule file it was exported from (source_sha256), so `export coq FILE --check WITNESS`
// (coq_check.cpp) can re-derive it from the file and compare. Measured sizes: docs/coq.md.
#include "witnesses/coq_export.hpp"

#include <ostream>
#include <sstream>
#include <string>

#include "schedules/io/schedule_json.hpp"
#include "schedules/io/sha256.hpp"

namespace schedcert::witnesses {

using schedules::FactorKind;
using schedules::Model;
using schedules::ProblemKind;

namespace {

std::string network_term(const schedules::Network& net) {
  if (net.is_hypercube()) return "(hypercube " + std::to_string(net.dims()) + ")";
  std::string s = "[";
  bool first = true;
  for (const auto& f : net.factors()) {
    const char* k = "K2";
    switch (f.kind) {
      case FactorKind::K2: k = "K2"; break;
      case FactorKind::Ring: k = "Ring"; break;
      case FactorKind::Path: k = "Path"; break;
      case FactorKind::Complete: k = "Complete"; break;
      case FactorKind::Graph: {
        // Every arc u -> v (out-neighbours sorted by id) with its multiplicity.
        const auto& g = *f.graph;
        std::string arcs;
        for (std::uint32_t u = 0; u < g.size(); ++u) {
          const auto [b, e] = g.out(u);
          for (auto p = b; p != e; ++p)
            arcs += std::string(arcs.empty() ? "" : "; ") + "(" + std::to_string(u) + ", " +
                    std::to_string(*p) + ", " +
                    std::to_string(g.multiplicity_at(u, static_cast<std::uint32_t>(p - b))) + ")";
        }
        s += std::string(first ? "" : "; ") + "Fac (Graph [" + arcs + "]) " +
             std::to_string(f.size);
        first = false;
        continue;
      }
    }
    s += std::string(first ? "" : "; ") + "Fac " + k + " " + std::to_string(f.size);
    first = false;
  }
  return s + "]";
}

std::string model_term(Model m) {
  switch (m) {
    case Model::AllPort: return "AllPort";
    case Model::SinglePortFull: return "SinglePortFull";
    case Model::SinglePortHalf: return "SinglePortHalf";
    case Model::ShoutWhisper: return "ShoutWhisper";
  }
  return "AllPort";
}

std::string problem_term(const schedules::Problem& p) {
  std::string k;
  switch (p.kind) {
    case ProblemKind::Broadcast: k = "Broadcast"; break;
    case ProblemKind::Accumulation: k = "Accumulation"; break;
    case ProblemKind::Scatter: k = "Scatter"; break;
    case ProblemKind::Gather: k = "Gather"; break;
    case ProblemKind::MultinodeBroadcast: k = "MultinodeBroadcast"; break;
    case ProblemKind::MultinodeAccumulation: k = "MultinodeAccumulation"; break;
    case ProblemKind::TotalExchange: k = "TotalExchange"; break;
    case ProblemKind::SuccessiveBroadcast: k = "SuccessiveBroadcast"; break;
    case ProblemKind::Allreduce: k = "Allreduce"; break;
  }
  std::string srcs = "[";
  for (std::size_t j = 0; j < p.sources.size(); ++j)
    srcs += (j ? "; " : "") + std::to_string(p.sources[j]);
  return "(Prob " + k + " " + std::to_string(p.has_root() ? p.root : 0) + " " +
         std::to_string(p.messages) + " " + std::to_string(p.packet_items) + " " + srcs + "])";
}

void write_term(const schedules::Schedule& s, std::ostream& out) {
  out << "Sched " << network_term(s.network()) << " " << model_term(s.model()) << " "
      << problem_term(s.problem()) << " [\n";
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    out << "  [";
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      if (k != s.step_begin(st)) out << "; ";
      out << "Tx " << s.from(k) << " " << s.to(k) << " [";
      auto pk = s.packet(k);
      for (std::size_t j = 0; j < pk.size(); ++j) out << (j ? "; " : "") << pk[j];
      out << "]";
    }
    out << "]" << (st + 1 < s.num_steps() ? ";" : "") << "\n";
  }
  out << "]";
}

}  // namespace

const char* const kCoqHeaderStart = "(* Coq witness written by schedcert ";

std::string coq_schedule_term(const schedules::Schedule& s) {
  std::ostringstream o;
  write_term(s, o);
  return o.str();
}

std::string coq_default_sha256(const schedules::Schedule& s) {
  std::ostringstream json;
  schedules::io::write_schedule_json(s, json);
  return schedules::io::sha256_hex(json.str());
}

void write_coq_validity(const schedules::Schedule& s, std::ostream& out,
                        const std::string& source_sha256, const CoqWitnessKind& kind) {
  const std::string sha = source_sha256.empty() ? coq_default_sha256(s) : source_sha256;
  out << kCoqHeaderStart << SCHEDCERT_VERSION << ": " << kind.title << s.problem().describe()
      << " on " << s.network().name() << ", " << schedules::to_string(s.model()) << ", "
      << s.num_steps() << " steps, " << s.num_transmissions() << " transmissions";
  if (!s.provenance().construction.empty())
    out << ", construction " << s.provenance().construction;
  out << ".\n   Check: coqc -Q <repo>/coq Schedcert <this file> (after make -C <repo>/coq; see "
         "docs/coq.md).\n   Compare with its schedule file: schedcert export coq FILE.json "
      << kind.check_flags << "--check <this file>. *)\n";
  out << "From Schedcert Require Import " << kind.imports << ".\n"
         "From Coq Require Import List NArith String.\n"
         "Import ListNotations.\nOpen Scope N_scope.\n\n";
  out << "(* SHA-256 of the schedule file this witness was exported from. *)\n"
      << "Definition source_sha256 : string := \"" << sha << "\"%string.\n\n";
  out << "Definition sched : schedule := ";
  write_term(s, out);
  out << ".\n\n";
  out << "Theorem sched_steps : List.length (s_steps sched) = " << s.num_steps() << "%nat.\n"
      << "Proof. reflexivity. Qed.\n\n";
  // schedcert_valid (coq/Messages.v) computes the verdict of the fast checker; an invalid
  // schedule makes it fail with its first violation in the native verifier's words.
  out << "Theorem sched_valid : valid sched.\n"
         "Proof. schedcert_valid. Qed.\n\n";
}

void write_coq(const schedules::Schedule& s, std::ostream& out, const std::string& source_sha256) {
  write_coq_validity(s, out, source_sha256, CoqWitnessKind{});
  out << "Print Assumptions sched_valid.\n";
}

}  // namespace schedcert::witnesses
