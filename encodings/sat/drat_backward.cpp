// Backward, core-first DRAT checking (Heule, Hunt & Wetzler, "Trimming while checking clausal
// proofs", FMCAD 2013, and "DRAT-trim", SAT 2014: the method of drat-trim's default mode, written
// here from scratch on our own clause database, drat_db.hpp). Issue 27.
//
// 1. Forward pass, no checks: the CNF, then every proof line in order: a lemma joins the database
//    (unit propagation at the root), a deletion removes one copy (a root unit's reason is kept,
//    as in the forward checker). It stops when the root propagates to a conflict; before each
//    lemma it records the trail length (a propagation fixpoint), and for each deletion the clause
//    it removed. The rest of the proof is only read up to the empty clause (a refutation must
//    state it; an empty clause while the root is consistent is not RUP: rejected).
// 2. The final conflict's unit chain marks its clauses as the core.
// 3. Backward pass over the recorded lines: a deletion puts its clause back; a lemma leaves the
//    database, the root units it implied are undone (back to the recorded fixpoint; the watches
//    need no repair, drat_db.hpp says why), and, only if the lemma is in the core, it is checked against the database as it
//    was when the lemma was added (RUP, else RAT on its first literal, as drat.cpp does);
//    the clauses of its unit chains (and, for RAT, every clause holding the negated pivot) join
//    the core. Propagation is core-first (drat-trim's): a lemma's chain prefers core clauses,
//    so the core stays small. A core lemma that fails both checks rejects the proof.
// 4. The trimmed LRAT proof (lrat_writer.hpp), in forward order: the CNF's clauses outside
//    the core deleted first (unless they outnumber the proof's hints and no lemma is RAT:
//    removals cost the verified checker time), then each core lemma with its hints, each root unit
//    a chain names written once as a unit lemma right after the lemma whose propagation derived it
//    (hints: the units of its reason's other literals, then the reason; drat_db.hpp
//    set_root_units), each clause deleted after its last use, and the empty clause with the final
//    chain. Ids are renumbered in writing order (CNF 1..m, then m + 1, ...): they increase, and
//    every hint names a clause written earlier.
//
// Why this is sound: each core lemma is RUP (or RAT) over the database at its position, by unit
// chains that use core clauses only; so the core lemmas alone, in order, form a DRAT (indeed
// LRAT) refutation of the CNF: a clause used by a chain is in the database at that point and is
// an original clause or an earlier, checked core lemma. For RAT, every candidate clause is in the
// core, so the trimmed database at that point has no candidate without its resolvent checked.
// LRAT deletions after a clause's last use keep the database of the verified checker a subset of
// ours, so its RAT candidates are ours too. Lemmas outside the core are never checked and never
// written: they might be wrong, and nothing depends on them.
// Limitations: RAT candidates are found by a scan of the database, as in the forward checker;
// the proof is held in memory (clauses, one trail mark per lemma, the core lemmas' hints).
#include "encodings/sat/drat_backward.hpp"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>

#include "encodings/sat/drat_db.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::sat::drat_detail {

namespace {

bool budget_stopped(std::size_t counter) {
  return (counter & 0xfff) == 0 && schedules::budget::command_budget().stopped();
}

// Puts `first` at the front of `lits` (the RAT pivot; the order of the others is free).
void pivot_first(std::vector<int>& lits, int first) {
  for (std::size_t k = 1; k < lits.size(); ++k)
    if (lits[k] == first) {
      std::swap(lits[0], lits[k]);
      return;
    }
}

}  // namespace

DratReport run_backward(const std::vector<Clause>& cnf, ProofReader& in, LratWriter* lrat) {
  int max_var = 0;
  for (const auto& c : cnf)
    for (int l : c) max_var = std::max(max_var, std::abs(l));
  BackwardDb chk(max_var);
  DratReport rep;
  rep.mode = "backward";
  std::vector<int> lits;
  for (const auto& c : cnf) {
    lits = c;
    chk.add(lits);
  }
  const int m = chk.size();

  // ---- 1. forward pass ----
  struct Lemma {
    int clause;             // index in the database (LRAT id - 1)
    int pivot;              // first literal (0: none)
    std::size_t mark;       // trail length before it was added
    std::size_t number;     // its position among the proof's lemmas (from 1), for messages
    std::size_t hint_start = 0;
    std::uint32_t hints = 0;
  };
  std::vector<Lemma> lemmas;
  std::vector<long> steps;  // >= 0: lemma index into `lemmas`; < 0: -1 - clause restored going back
  bool del = false, empty_added = false, inconsistent = chk.inconsistent();
  try {
    while (in.next(lits, &del)) {
      if (del) {
        ++rep.deletions;
        if (inconsistent) continue;
        const int id = chk.remove(lits, rep);
        if (id >= 0) steps.push_back(-1L - id);
        continue;
      }
      ++rep.lemmas;
      if (budget_stopped(rep.lemmas)) {
        rep.message = "check stopped after lemma " + std::to_string(rep.lemmas) +
                      ": the command's time or memory budget ran out";
        return rep;
      }
      chk.normalise_lits(lits);
      if (lits.empty()) {
        empty_added = true;
        break;
      }
      if (inconsistent) continue;
      steps.push_back(static_cast<long>(lemmas.size()));
      lemmas.push_back({chk.size(), lits[0], chk.trail_size(), rep.lemmas});
      chk.add(lits, true);
      inconsistent = chk.inconsistent();
    }
  } catch (const std::runtime_error& e) {
    rep.message = std::string("proof parse error after lemma ") + std::to_string(rep.lemmas) + ": " + e.what();
    return rep;
  }
  if (!empty_added) {
    rep.message = inconsistent ? "the proof never adds the empty clause (the database is inconsistent at the root, "
                                 "but a DRAT refutation must end with the empty clause)"
                               : "the proof does not derive the empty clause";
    return rep;
  }
  if (!inconsistent) {
    rep.message = "lemma " + std::to_string(rep.lemmas) + " (0 literals) is neither RUP nor RAT on its first literal";
    return rep;
  }

  // ---- 2. the final conflict ----
  // Hints are clause refs 1..n (negative: a RAT group) or root-unit refs n + 1 + p (the unit
  // lemma of the root unit at trail position p, drat_db.hpp set_root_units).
  const long n = chk.size();
  const std::size_t trail_end = chk.trail_size();
  if (n + static_cast<long>(trail_end) + 2 > INT32_MAX) {
    rep.message = "proof too large for the backward checker (use SCHEDCERT_DRAT_CHECK=forward)";
    return rep;
  }
  chk.set_root_units(n + 1);
  std::vector<std::size_t> marks;  // trail length before each lemma (non-decreasing)
  for (const auto& lem : lemmas) marks.push_back(lem.mark);
  // When a root unit was derived: 0 from the CNF alone, k + 1 while adding lemma k.
  auto unit_time = [&](std::size_t p) {
    return static_cast<int>(std::upper_bound(marks.begin(), marks.end(), p) - marks.begin());
  };
  constexpr int kEnd = INT_MAX;                                           // the empty clause
  std::vector<int> last_use(static_cast<std::size_t>(n), -1);            // time of the last user
  std::vector<char> unit_needed(trail_end, 0);
  std::vector<int> unit_lit(trail_end, 0);
  std::vector<std::size_t> unit_start(trail_end, 0);
  std::vector<std::uint32_t> unit_len(trail_end, 0);
  std::vector<std::int32_t> hint_arena;
  std::vector<std::size_t> work;
  std::vector<long> hints, final_hints, unit_hints;
  // Marks what hints `hs` of a step at time `user` use: clauses join the core, root units
  // get their unit lemma (whose own hints are used at the unit's time).
  auto use = [&](const std::vector<long>& hs, int user) {
    auto one = [&](long h, int when) {
      const long a = h < 0 ? -h : h;
      if (a <= n) {
        const auto id = static_cast<std::size_t>(a - 1);
        chk.set_core(static_cast<int>(id));
        last_use[id] = std::max(last_use[id], when);
      } else if (const auto p = static_cast<std::size_t>(a - n - 1); !unit_needed[p]) {
        unit_needed[p] = 1;
        work.push_back(p);
      }
    };
    for (long h : hs) one(h, user);
    while (!work.empty()) {
      const std::size_t p = work.back();
      work.pop_back();
      unit_lit[p] = chk.trail_literal(p);
      chk.unit_chain(p, &unit_hints);
      unit_start[p] = hint_arena.size();
      unit_len[p] = static_cast<std::uint32_t>(unit_hints.size());
      for (long h : unit_hints) {
        hint_arena.push_back(static_cast<std::int32_t>(h));
        one(h, unit_time(p));
      }
    }
  };
  chk.root_chain(&final_hints);
  use(final_hints, kEnd);

  // ---- 3. backward pass ----
  chk.set_core_first(true);
  std::size_t visited = 0, self_check_problems = 0;
  for (std::size_t s = steps.size(); s > 0; --s) {
    const long step = steps[s - 1];
    if (budget_stopped(++visited)) {
      rep.message = "check stopped in the backward pass: the command's time or memory budget ran out";
      return rep;
    }
    if (step < 0) {
      chk.restore(static_cast<int>(-1 - step));
      continue;
    }
    Lemma& lem = lemmas[static_cast<std::size_t>(step)];
    chk.detach(lem.clause);
    chk.backtrack_root(lem.mark);
    if (backward_self_check) self_check_problems += chk.self_check();
    if (!chk.core(lem.clause)) continue;
    ++rep.core_lemmas;
    chk.literals(lem.clause, lits);
    pivot_first(lits, lem.pivot);
    if (!chk.rup(lits, &hints)) {
      if (!chk.rat(lits, lits[0], &hints)) {
        rep.message = "lemma " + std::to_string(lem.number) + " (" + std::to_string(lits.size()) +
                      " literals, in the core of the refutation) is neither RUP nor RAT on its first literal";
        return rep;
      }
      ++rep.rat_lemmas;
    }
    lem.hint_start = hint_arena.size();
    lem.hints = static_cast<std::uint32_t>(hints.size());
    for (long h : hints) hint_arena.push_back(static_cast<std::int32_t>(h));
    use(hints, static_cast<int>(step) + 1);
  }

  // ---- 4. the trimmed LRAT proof ----
  if (lrat) {
    // Output ids: the CNF keeps 1..m; lemmas and unit lemmas are numbered as written.
    std::vector<long> out_clause(static_cast<std::size_t>(n), 0), out_unit(trail_end, 0);
    for (int id = 0; id < m; ++id) out_clause[static_cast<std::size_t>(id)] = id + 1L;
    long next = m + 1L;
    bool unwritten = false;  // a hint naming a clause not written (a bug: the proof would be wrong)
    auto translate = [&](long h) {
      const long a = h < 0 ? -h : h;
      const long id = a <= n ? out_clause[static_cast<std::size_t>(a - 1)] : out_unit[static_cast<std::size_t>(a - n - 1)];
      unwritten |= id == 0;
      return h < 0 ? -id : id;
    };
    // Per time t (0: the CNF, k + 1: after lemma k): the unit lemmas written then and the clauses
    // whose last use it is, as two bucketed arrays (offsets by time, then the items).
    const std::size_t times = lemmas.size() + 1;
    std::vector<std::size_t> units_from(times + 1, 0), dels_from(times + 1, 0);
    std::vector<std::size_t> units_at;
    std::vector<long> dels, unused, hs, ids;
    for (std::size_t p = 0; p < trail_end; ++p)
      if (unit_needed[p]) ++units_from[static_cast<std::size_t>(unit_time(p)) + 1];
    for (std::size_t id = 0; id < static_cast<std::size_t>(n); ++id) {
      const int u = last_use[id];
      if (id < static_cast<std::size_t>(m) && u < 0) unused.push_back(static_cast<long>(id) + 1);
      if (u >= 0 && u != kEnd) ++dels_from[static_cast<std::size_t>(u) + 1];
    }
    for (std::size_t t = 0; t < times; ++t) {
      units_from[t + 1] += units_from[t];
      dels_from[t + 1] += dels_from[t];
    }
    units_at.resize(units_from[times]);
    dels.resize(dels_from[times]);
    {
      std::vector<std::size_t> fill_u(units_from.begin(), units_from.end() - 1), fill_d(dels_from.begin(), dels_from.end() - 1);
      for (std::size_t p = 0; p < trail_end; ++p)
        if (unit_needed[p]) units_at[fill_u[static_cast<std::size_t>(unit_time(p))]++] = p;
      for (std::size_t id = 0; id < static_cast<std::size_t>(n); ++id)
        if (const int u = last_use[id]; u >= 0 && u != kEnd) dels[fill_d[static_cast<std::size_t>(u)]++] = static_cast<long>(id) + 1;
    }
    // Deleting the unused CNF clauses shrinks the verified checker's database (faster lookups,
    // less memory) but costs one removal each: worth it only when the proof does more lookups
    // (measured: a 626,056-clause CNF refuted by propagation, a 15-hint proof: 3.8 s -> 9.3 s
    // with the deletions; an alpha(7) cube: 0.57 s -> 0.45 s).
    std::size_t total_hints = final_hints.size();
    for (const auto& lem : lemmas) total_hints += lem.hints;
    for (std::size_t p = 0; p < trail_end; ++p) total_hints += unit_len[p];
    // With RAT lemmas they are always deleted: an unused clause that our database had lost by a
    // deletion must not become a RAT candidate of the verified checker.
    if (rep.rat_lemmas > 0 || unused.size() <= total_hints) lrat->del(std::max(m, 1), unused);
    std::vector<int> unit(1);
    auto emit_time = [&](std::size_t t) {
      for (std::size_t j = units_from[t]; j < units_from[t + 1]; ++j) {
        const std::size_t p = units_at[j];
        hs.clear();
        for (std::uint32_t k = 0; k < unit_len[p]; ++k) hs.push_back(translate(hint_arena[unit_start[p] + k]));
        out_unit[p] = next++;
        unit[0] = unit_lit[p];
        lrat->add(out_unit[p], unit, hs);
      }
      ids.clear();
      for (std::size_t j = dels_from[t]; j < dels_from[t + 1]; ++j) ids.push_back(translate(dels[j]));
      lrat->del(next - 1, ids);
    };
    emit_time(0);
    for (std::size_t k = 0; k < lemmas.size(); ++k) {
      const Lemma& lem = lemmas[k];
      if (chk.core(lem.clause)) {
        chk.literals(lem.clause, lits);
        pivot_first(lits, lem.pivot);
        hs.clear();
        for (std::uint32_t j = 0; j < lem.hints; ++j) hs.push_back(translate(hint_arena[lem.hint_start + j]));
        out_clause[static_cast<std::size_t>(lem.clause)] = next++;
        lrat->add(out_clause[static_cast<std::size_t>(lem.clause)], lits, hs);
      }
      emit_time(k + 1);
    }
    hs.clear();
    for (long h : final_hints) hs.push_back(translate(h));
    unit.clear();
    lrat->add(next, unit, hs);
    lrat->flush();
    if (unwritten) {
      rep.message = "internal error: the trimmed LRAT proof names a clause it does not define";
      return rep;
    }
  }
  rep.verified = true;
  rep.message = "verified (backward, core-first): " + std::to_string(rep.lemmas) + " lemmas, " +
                std::to_string(rep.core_lemmas) + " in the core and checked (" + std::to_string(rep.rat_lemmas) +
                " RAT), " + std::to_string(rep.deletions) + " deletions (" + std::to_string(rep.ignored_deletions) +
                " of root reasons ignored, " + std::to_string(rep.missing_deletions) + " of absent clauses ignored)";
  if (self_check_problems) rep.message += "; self-check: " + std::to_string(self_check_problems) + " problems";
  return rep;
}

}  // namespace schedcert::encodings::sat::drat_detail
