// Coq optimality witnesses (design note: coq_optimality.hpp).
#include "witnesses/coq_optimality.hpp"

#include <ostream>

#include "witnesses/coq_export.hpp"

namespace schedcert::witnesses {

std::optional<CoqBoundArgument> coq_optimality_argument(const schedules::Schedule& s) {
  auto a = best_coq_bound(s.network(), s.model(), s.problem(), s.num_steps());
  if (!a || a->steps != s.num_steps()) return std::nullopt;
  return a;
}

void write_coq_optimality(const schedules::Schedule& s, const CoqBoundArgument& a,
                          std::ostream& out, const std::string& source_sha256) {
  CoqWitnessKind kind;
  kind.title = "optimality, ";
  kind.imports = "Schedcert Bounds Cuts Optimality";
  kind.check_flags = "--optimality ";
  write_coq_validity(s, out, source_sha256, kind);
  out << "(* The lower bound (coq/Bounds.v): " << a.what << ": at least " << a.steps
      << " steps. *)\n"
      << "Definition bound_argument : argument := " << a.coq_term() << ".\n\n"
      << "(* sched is valid, and every valid schedule with the same network, model and problem has\n"
         "   at least as many steps (" << s.num_steps() << "). *)\n"
      << "Theorem sched_optimal : optimal sched.\n"
         "Proof. schedcert_optimal sched_valid bound_argument. Qed.\n\n"
         "Print Assumptions sched_optimal.\n";
}

}  // namespace schedcert::witnesses
