// Forward DRAT checker (Wetzler, Heule & Hunt, "DRAT-trim", SAT 2014, for the proof format;
// the checking itself is the textbook forward procedure, written here from scratch), and the
// entry points check_drat / check_drat_text, which run the backward, core-first checker
// (drat_backward.cpp, the default) or this one (DratMode, $SCHEDCERT_DRAT_CHECK).
//
// The database starts as the CNF. Each proof line is processed in order:
//  - a lemma C is accepted if it is RUP (asserting the negation of every literal of C and unit
//    propagating over the database reaches a conflict) or, failing that, RAT on its first
//    literal p (for every clause D of the database containing -p, the resolvent C u (D \ {-p})
//    is RUP); accepted lemmas join the database;
//  - a deletion "d C" removes one copy of C (matched as a set of literals).
// The proof is verified when the empty clause is added as a lemma and is RUP, i.e. the
// database propagates to a conflict at the root. A lemma that fails both checks rejects the
// proof with its index.
// Root-level units are kept assigned for the whole run (reason = the clause that implied them).
// As drat-trim does by default, a deletion of a clause that is currently the reason of a root
// unit is ignored (counted in ignored_deletions). This is sound: skipping a deletion leaves a
// database that is a superset of the stated one, every step of the effective sequence is still
// a RUP/RAT addition (which preserve satisfiability) or a deletion, so an empty clause at the
// end still proves the CNF unsatisfiable. Deleting a clause that is not in the database is
// ignored as well (counted). RAT candidates are found by a scan of the database (CaDiCaL's
// proofs are RUP apart from rare cases, so the scan is not a hot path).
// The clause database, watches and conflict chains: drat_checker.hpp (the backward checker has
// its own, drat_db.hpp).
#include "encodings/sat/drat.hpp"
#include "encodings/sat/drat_backward.hpp"
#include "encodings/sat/drat_checker.hpp"
#include "encodings/sat/drat_reader.hpp"
#include "encodings/sat/lrat_writer.hpp"
#include "schedules/io/check_log.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

namespace schedcert::encodings::sat {

namespace {

using drat_detail::Checker;
using drat_detail::LratWriter;
using drat_detail::ProofReader;

DratReport run(const std::vector<Clause>& cnf, ProofReader& in, LratWriter* lrat) {
  int max_var = 0;
  for (const auto& c : cnf)
    for (int l : c) max_var = std::max(max_var, std::abs(l));
  Checker chk(max_var);
  DratReport rep;
  rep.mode = "forward";
  for (const auto& c : cnf) chk.add(c);
  std::vector<int> lits;
  std::vector<long> hints;
  std::vector<long>* want = lrat ? &hints : nullptr;
  bool del = false;
  bool empty_added = false;
  try {
    while (in.next(lits, &del)) {
      if (del) {
        ++rep.deletions;
        const int id = chk.remove(lits, rep);
        // Once the root is inconsistent, the clauses of its conflict chain must stay for the
        // LRAT empty clause (this checker treats inconsistency as final, which is sound).
        if (lrat && id >= 0 && !chk.inconsistent()) lrat->del(chk.size(), {id + 1L});
        continue;
      }
      ++rep.lemmas;
      // The command's budget (issue 18): a stopped command ends the check unverified, at once.
      if ((rep.lemmas & 0xfff) == 0 && schedules::budget::command_budget().stopped()) {
        rep.message = "check stopped after lemma " + std::to_string(rep.lemmas) +
                      ": the command's time or memory budget ran out";
        return rep;
      }
      chk.normalise_lits(lits);
      if (!chk.rup(lits, want)) {
        if (lits.empty() || !chk.rat(lits, lits[0], want)) {
          rep.message = "lemma " + std::to_string(rep.lemmas) + " (" + std::to_string(lits.size()) +
                        " literals) is neither RUP nor RAT on its first literal";
          return rep;
        }
        ++rep.rat_lemmas;
      }
      // After the root became inconsistent only the empty clause matters (its hints: the root
      // conflict's chain); other lemmas are left out of the LRAT proof (ids may skip).
      if (lrat && (lits.empty() || !chk.inconsistent())) lrat->add(chk.size() + 1L, lits, hints);
      if (lits.empty()) {
        empty_added = true;
        break;
      }
      chk.add(lits);
    }
  } catch (const std::runtime_error& e) {
    rep.message = std::string("proof parse error after lemma ") + std::to_string(rep.lemmas) + ": " + e.what();
    return rep;
  }
  if (!empty_added) {
    rep.message = chk.inconsistent() ? "the proof never adds the empty clause (the database is inconsistent at the root, "
                                       "but a DRAT refutation must end with the empty clause)"
                                     : "the proof does not derive the empty clause";
    return rep;
  }
  rep.verified = true;
  rep.message = "verified: " + std::to_string(rep.lemmas) + " lemmas (" + std::to_string(rep.rat_lemmas) + " RAT), " +
                std::to_string(rep.deletions) + " deletions (" + std::to_string(rep.ignored_deletions) +
                " of root reasons ignored, " + std::to_string(rep.missing_deletions) + " of absent clauses ignored)";
  return rep;
}

// Runs `mode` on the proof `open()` gives (called again for the fallback), writing LRAT to
// `lrat_path` if not empty (rewritten by the fallback).
// Every DRAT check reports its final verdict to the check log (schedules/io/check_log.hpp).
DratReport noted(DratReport r) {
  schedules::io::note_check("drat", r.verified, r.message);
  return r;
}

template <class Open>
DratReport run_mode_unnoted(const std::vector<Clause>& cnf, Open open, const std::string& lrat_path, DratMode mode) {
  if (mode == DratMode::Default) mode = drat_mode_from_env();
  auto once = [&](bool backward) {
    auto f = open();
    if (!f) {
      DratReport r;
      r.message = "cannot read proof";
      return r;
    }
    ProofReader in(f.get());
    std::unique_ptr<LratWriter> lrat;
    if (!lrat_path.empty()) lrat = std::make_unique<LratWriter>(lrat_path);
    return backward ? drat_detail::run_backward(cnf, in, lrat.get()) : run(cnf, in, lrat.get());
  };
  if (mode == DratMode::Forward) return once(false);
  DratReport r = once(true);
  const bool stopped = r.message.rfind("check stopped", 0) == 0;
  if (r.verified || mode == DratMode::Backward || stopped) return r;
  DratReport fwd = once(false);
  fwd.backward_message = r.message;
  return fwd;
}

template <class Open>
DratReport run_mode(const std::vector<Clause>& cnf, Open open, const std::string& lrat_path, DratMode mode) {
  return noted(run_mode_unnoted(cnf, open, lrat_path, mode));
}

using File = std::unique_ptr<FILE, int (*)(FILE*)>;

}  // namespace

DratMode drat_mode_from_env() {
  const char* env = std::getenv("SCHEDCERT_DRAT_CHECK");
  const std::string v = env ? env : "";
  if (v.empty() || v == "auto") return DratMode::Auto;
  if (v == "backward") return DratMode::Backward;
  if (v == "forward") return DratMode::Forward;
  throw InputError("environment variable SCHEDCERT_DRAT_CHECK: expected auto, backward or forward, got '" + v + "'");
}

const char* to_string(DratMode m) {
  switch (m) {
    case DratMode::Default: return "default";
    case DratMode::Auto: return "auto";
    case DratMode::Backward: return "backward";
    case DratMode::Forward: return "forward";
  }
  return "?";
}

DratReport check_drat(const std::vector<Clause>& cnf, const std::string& proof_path, const std::string& lrat_path,
                      DratMode mode) {
  if (File probe(std::fopen(proof_path.c_str(), "rb"), std::fclose); !probe) {
    DratReport r;
    r.message = "cannot read proof '" + proof_path + "'";
    return noted(r);
  }
  return run_mode(cnf, [&] { return File(std::fopen(proof_path.c_str(), "rb"), std::fclose); }, lrat_path, mode);
}

DratReport check_drat_text(const std::vector<Clause>& cnf, const std::string& proof_text, const std::string& lrat_path,
                           DratMode mode) {
  auto open = [&] {
    if (proof_text.empty()) return File(std::tmpfile(), std::fclose);
    return File(fmemopen(const_cast<char*>(proof_text.data()), proof_text.size(), "rb"), std::fclose);
  };
  return run_mode(cnf, open, lrat_path, mode);
}

}  // namespace schedcert::encodings::sat
