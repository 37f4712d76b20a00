// optimum_<instance>_free.v: the free allocation's text (coq_optimum.hpp), and the LRAT proof as
// Coq definitions, shared with coq_optimum.cpp.
#include <sstream>

#include "encodings/synth/coq_cnf.hpp"
#include "encodings/synth/coq_translations.hpp"
#include "schedules/error.hpp"
#include "witnesses/alpha_coq.hpp"
#include "witnesses/coq_export.hpp"
#include "witnesses/coq_optimum.hpp"

namespace schedcert::witnesses {

namespace {

// The LRAT proof as Coq definitions: chunks of kRefutationChunk proof lines
// (NAME_0, NAME_1, ...) and NAME, their concatenation, with long deletion
// lines split. A list literal of some 10^5 elements overflows coqc's stack (measured: "Stack
// overflow." on the 2 MB proof of Q3 shout-whisper free allocation, T = 13, whose first deletion
// names about 10^5 clauses); the chunks keep every term shallow, and vm_compute evaluates the
// concatenation.
constexpr std::size_t kRefutationChunk = 2000;

}  // namespace

std::string coq_lrat_definitions(const std::string& lrat_text, const std::string& name) {
  std::istringstream in(lrat_text);
  std::ostringstream o, chunk;
  std::string line;
  std::size_t lines = 0, chunks = 0;
  auto flush = [&] {
    o << "Definition " << name << "_" << chunks++ << " : list Lrat.step :=\n  " << lrat_coq_steps(chunk.str()) << ".\n";
    chunk.str("");
    lines = 0;
  };
  auto add = [&](const std::string& l) {
    chunk << l << "\n";
    if (++lines == kRefutationChunk) flush();
  };
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == 'c') continue;
    // A deletion of many clauses ("ID d x1 x2 ... 0"; CaDiCaL's first ones list some 10^5 ids)
    // becomes several deletions of at most kRefutationChunk ids: the same clauses are deleted.
    std::istringstream ls(line);
    std::string id, d;
    if (ls >> id >> d && d == "d") {
      std::string x, part;
      std::size_t k = 0;
      while (ls >> x && x != "0") {
        part += " " + x;
        if (++k == kRefutationChunk) {
          add(id + " d" + part + " 0");
          part.clear();
          k = 0;
        }
      }
      if (k > 0) add(id + " d" + part + " 0");
      continue;
    }
    add(line);
  }
  if (lines > 0 || chunks == 0) flush();
  o << "Definition " << name << " : list Lrat.step :=\n  ";
  for (std::size_t k = 0; k < chunks; ++k) o << (k ? " ++ " : "") << name << "_" << k;
  o << ".\n\n";
  return o.str();
}

std::string coq_closed_optimum_text(const std::string& lrat_text, const std::string& what, const std::string& inst,
                                    const std::string& conclusion) {
  return "\n(* The LRAT proof of \"" + what + ", checked here by vm_compute. *)\n" +
         coq_lrat_definitions(lrat_text, "refutation") + "Lemma refutation_ok : check_proof (" + inst +
         ") refutation = true.\nProof. vm_cast_no_check (eq_refl true). Qed.\n\n" + "Theorem optimum : " +
         conclusion + ".\nProof. exact (optimum_from_lrat refutation refutation_ok). Qed.\n\n" +
         "Print Assumptions optimum.\n";
}

// The free allocation (coq/synth/SynthFree.v): optimal_free net model packet T, over every
// allocation; the witness's allocation is checked by free_witnessb (n distinct sources). With
// Symmetric, T - 1 is refuted on SynthSym.v's free_sym_cnf and the theorem also takes the
// translations `auts`, checked by transb (vm_compute).
std::string optimum_free_coq_text(const OptimumCoqInput& in) {
  using encodings::synth::FreeAllocation;
  const schedules::Schedule& s = *in.witness;
  const bool sym = in.allocation == FreeAllocation::Symmetric;
  if (sym && in.auts.size() != s.network().num_nodes())
    throw InputError("--coq: free_sym_cnf needs one automorphism per node (auts)");
  const std::size_t T = s.num_steps();
  const std::string t = std::to_string(T), tm1 = std::to_string(T - 1);
  const std::string cnf = sym ? "free_sym_cnf" : "free_cnf";
  const std::string inst = cnf + " net model packet " + tm1;
  std::ostringstream o;
  o << "(* " << s.problem().describe() << " on " << s.network().name() << ", " << schedules::to_string(s.model())
    << ", the allocation (which node broadcasts which value) left free: the optimum over every allocation is "
    << t << " steps.\n"
    << "   Written by `" << in.command << "`.\n"
    << "   Check: cd DIR && for f in Rules.v Checker.v Completeness.v lrat/Cnf.v lrat/Lrat.v synth/SynthCnf.v\n"
    << "   synth/SynthFree.v " << (sym ? "synth/SynthSym.v " : "") << "optimum_" << optimum_instance_name(s, true)
    << ".v; do coqc -Q . Schedcert $f; done.\n"
    << "   Theorem optimum_from_unsat: optimal_free net model packet " << t << " (coq/synth/SynthFree.v: some valid\n"
    << "   successive-broadcast schedule whose sources are n distinct nodes has " << t << " steps, and every such\n"
    << "   schedule, whatever its allocation, has at least " << t << ") from the witness schedule below (Checker.v's\n"
    << "   check and free_witnessb, by vm_compute)";
  if (sym)
    o << ", the automorphisms `auts` below (the network's\n   translations, one mapping each node to node 0; "
      << "SynthSym.v's transb, by vm_compute),\n  ";
  o << " and the premise\n   unsatisfiable (" << inst << ")";
  if (sym)
    o << " (free_cnf, the CNF \"some allocation and a\n   schedule of at most " << tm1 << " steps\", followed by the "
      << "unit \"broadcast 0 starts at node 0\" and the early-send\n   units \"no item i leaves before step i\"; "
      << "generated\n   in Coq, sound by free_sym_from_unsat).";
  else
    o << " (the CNF \"some allocation and a schedule of at most " << tm1 << " steps\",\n   generated in Coq and "
      << "proved complete by free_sat).";
  o << "\n" << established_by_fast_checker(in.refutation_note)
    << "   Theorem optimum_from_lrat: the same from the premise that the checker of coq/lrat/Lrat.v (check_proof,\n"
    << "   no axioms) accepts some proof on that CNF, which `schedcert-lrat --slow --synth SPEC LRAT` re-establishes.\n";
  if (!in.lrat_text.empty())
    o << "   Theorem optimum: the same without premise, the LRAT proof embedded and checked by vm_compute. *)\n";
  else
    o << "   (the LRAT proof is larger than --coq-lrat-max: no premise-free theorem in this file) *)\n";
  o << coq_optimum_instance_text(in, "", sym ? "SynthCnf SynthFree SynthSym" : "SynthCnf SynthFree");
  o << "Theorem optimum_from_unsat : unsatisfiable (" << inst << ") ->\n"
    << "  optimal_free net model packet " << t << ".\n"
    << "Proof.\n  intros H. destruct sched_inst as [E1 [E2 E3]].\n";
  if (sym)
    o << "  pose proof (optimal_free_from_sym_unsat sched " << tm1 << " auts sched_ok sched_free sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O auts_ok H).\nQed.\n\n";
  else
    o << "  pose proof (optimal_free_from_unsat sched " << tm1 << " sched_ok sched_free sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O H).\nQed.\n\n";
  o << "Print Assumptions optimum_from_unsat.\n\n";
  o << "Theorem optimum_from_lrat : forall steps, check_proof (" << inst << ") steps = true ->\n"
    << "  optimal_free net model packet " << t << ".\n"
    << "Proof.\n  intros steps H. destruct sched_inst as [E1 [E2 E3]].\n";
  if (sym)
    o << "  pose proof (optimal_free_from_sym_lrat sched " << tm1 << " auts steps sched_ok sched_free sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O auts_ok H).\nQed.\n\n";
  else
    o << "  pose proof (optimal_free_from_lrat sched " << tm1 << " steps sched_ok sched_free sched_len) as O.\n"
      << "  rewrite E1, E2, E3 in O. exact (O H).\nQed.\n\n";
  o << "Print Assumptions optimum_from_lrat.\n";
  if (!in.lrat_text.empty())
    o << coq_closed_optimum_text(in.lrat_text,
                                 "no allocation and schedule of at most " + tm1 + " steps\"" +
                                     (sym ? " (with the symmetry units)" : ""),
                                 inst, "optimal_free net model packet " + t);
  return o.str();
}

}  // namespace schedcert::witnesses
