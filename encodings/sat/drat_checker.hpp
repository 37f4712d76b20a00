// The clause database of the DRAT checkers (drat.cpp forward, drat_backward.cpp backward,
// core-first): clauses in one arena, two watched literals per clause (positions 0 and 1 of its
// literals) each with a blocking literal (a true blocker skips the clause without touching it),
// a trail with the root-level units (reason = the clause that implied them), RUP and RAT checks
// that assign above the root, propagate and backtrack, and the LRAT unit chain of a conflict.
//
// For the backward checker (issue 27) it also has:
//  - a core flag per clause, and core-first propagation (drat-trim's: the watches of core clauses
//    are visited before the others, so the chains found reuse the core and the core stays small);
//  - backtrack_root(mark): undoes root units down to a trail position and repairs the watches: a
//    clause that watched a now-unassigned true literal next to a root-false one gets a non-false
//    second watch, so that propagation above the root stays complete (invariant W: every clause
//    either has a root-true watch or no root-false watch). The backward checker only ever
//    backtracks to positions where the forward pass had a propagation fixpoint, so such a
//    replacement always exists; `anomalies` counts the cases where it did not (0 if the reasoning
//    holds: an anomaly could only make a check fail, never pass);
//  - detach (a lemma leaves the database) and restore (a deleted clause comes back).
// Stale watch entries (a clause no longer watching that literal, after a repair or a restore)
// are detected on visit (the literal is not at position 0 or 1) and dropped.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <unordered_map>
#include <vector>

#include "encodings/sat/drat.hpp"
#include "schedules/checked.hpp"

namespace schedcert::encodings::sat::drat_detail {

class Checker {
 public:
  explicit Checker(int max_var) { grow(max_var); }

  // Adds a clause (original or lemma) to the database; at the root it may propagate.
  void add(std::vector<int> lits) {
    normalise(lits);
    const int id = static_cast<int>(clauses_.size());
    clauses_.push_back({static_cast<std::uint32_t>(arena_.size()), static_cast<std::uint32_t>(lits.size()), false,
                        false, taut_, false});
    for (int l : lits) arena_.push_back(code(l));
    index_[hash(lits)].push_back(id);
    if (taut_ || inconsistent_) return;
    attach(id);
  }
  // Returns the id of the clause removed, -1 if none (absent, or a root reason kept).
  int remove(std::vector<int> lits, DratReport& rep) {
    normalise(lits);
    auto it = index_.find(hash(lits));
    std::vector<std::uint32_t> want;
    for (int l : lits) want.push_back(code(l));
    std::sort(want.begin(), want.end());
    if (it != index_.end()) {
      for (std::size_t k = 0; k < it->second.size(); ++k) {
        const int id = it->second[k];
        auto& c = clauses_[id];
        std::vector<std::uint32_t> have(arena_.begin() + c.start, arena_.begin() + c.start + c.size);
        std::sort(have.begin(), have.end());
        if (have != want) continue;
        if (c.reason) {
          ++rep.ignored_deletions;
          return -1;
        }
        c.deleted = true;  // watches drop it lazily
        it->second.erase(it->second.begin() + static_cast<long>(k));
        return id;
      }
    }
    ++rep.missing_deletions;
    return -1;
  }
  int size() const { return static_cast<int>(clauses_.size()); }
  bool inconsistent() const { return inconsistent_; }
  // RUP: does asserting the negation of `lits` propagate to a conflict? With `hints`, the LRAT
  // unit chain of that conflict (clause ids from 1) is stored there.
  bool rup(const std::vector<int>& lits, std::vector<long>* hints = nullptr) {
    if (inconsistent_) {
      if (hints) chain(root_confl_, hints);
      return true;
    }
    grow_for(lits);
    const std::size_t mark = trail_.size();
    check_mark_ = mark;
    in_check_ = true;
    bool conflict = false;
    // In LRAT the negated lemma is assigned first: a root unit that agrees with it needs no
    // reason in the chain (that reason is satisfied by the negated lemma); chain() uses this.
    for (int l : lits) in_lemma_[static_cast<std::size_t>(std::abs(l))] = code(l) + 1;
    for (int l : lits) {
      const std::uint32_t nl = code(l) ^ 1u;
      if (val_[nl] == -1) {  // l is already true: its reason is the conflict (none: a tautology)
        conflict = true;
        if (hints) {
          hints->clear();
          if (unit_base_ > 0 && reason_[nl >> 1] >= 0) {
            hints->push_back(root_ref(nl >> 1));
          } else if (reason_[nl >> 1] >= 0) {
            chain(reason_[nl >> 1], hints);
          }
        }
        break;
      }
      if (val_[nl] == 0) assign(nl, -1);
    }
    if (!conflict) {
      conflict = !(core_first_ ? propagate_core_first() : propagate());
      if (conflict && hints) chain(confl_, hints);
    }
    backtrack(mark);
    for (int l : lits) in_lemma_[static_cast<std::size_t>(std::abs(l))] = 0;
    in_check_ = false;
    return conflict;
  }
  // RAT on pivot p: every resolvent with a clause containing -p is RUP. With `hints`, the LRAT
  // groups (-id of the clause, then the resolvent's unit chain) are stored there.
  bool rat(const std::vector<int>& lits, int p, std::vector<long>* hints = nullptr) {
    const std::uint32_t np = code(-p);
    std::vector<int> res;
    std::vector<long> group;
    if (hints) hints->clear();
    for (std::size_t id = 0; id < clauses_.size(); ++id) {
      const auto& c = clauses_[id];
      if (c.deleted) continue;
      bool has = false;
      for (std::uint32_t k = 0; k < c.size; ++k) has |= arena_[c.start + k] == np;
      if (!has) continue;
      res = lits;
      for (std::uint32_t k = 0; k < c.size; ++k)
        if (arena_[c.start + k] != np) res.push_back(decode(arena_[c.start + k]));
      if (!rup(res, hints ? &group : nullptr)) return false;
      if (hints) {
        hints->push_back(-static_cast<long>(id) - 1);
        hints->insert(hints->end(), group.begin(), group.end());
      }
    }
    return true;
  }
  // Sorts out duplicate literals (the first literal stays first); true for a tautology.
  bool normalise_lits(std::vector<int>& lits) {
    normalise(lits);
    return taut_;
  }

  // ---- for the backward checker ----
  std::size_t trail_size() const { return trail_.size(); }
  int trail_literal(std::size_t p) const { return decode(trail_[p]); }
  // The chain of the conflict that made the root inconsistent.
  void root_chain(std::vector<long>* out) { chain(root_confl_, out); }
  // Root units as LRAT lemmas: from now on a chain names a root-level unit x by one hint, the
  // unit clause (x) (its reason if that is a unit clause, else the reference unit_base + trail
  // position, which the caller writes as a lemma "x" with unit_chain's hints), instead of
  // repeating x's derivation in every chain.
  void set_root_units(long unit_base) { unit_base_ = unit_base; }
  // The hints of the unit lemma for the root unit at trail position p: the root units of its
  // reason's other literals, then the reason.
  void unit_chain(std::size_t p, std::vector<long>* out) {
    out->clear();
    const std::uint32_t v = trail_[p] >> 1;
    const Cl& c = clauses_[static_cast<std::size_t>(reason_[v])];
    for (std::uint32_t k = 0; k < c.size; ++k) {
      const std::uint32_t w = arena_[c.start + k] >> 1;
      if (w != v) out->push_back(root_ref(w));
    }
    out->push_back(reason_[v] + 1L);
  }
  void set_core_first(bool on) {
    core_first_ = on;
    head2_ = head_;
  }
  bool core(int id) const { return clauses_[static_cast<std::size_t>(id)].core; }
  void set_core(int id) { clauses_[static_cast<std::size_t>(id)].core = true; }
  bool deleted(int id) const { return clauses_[static_cast<std::size_t>(id)].deleted; }
  // The literals of clause `id` (in their current watch order).
  void literals(int id, std::vector<int>& out) const {
    const Cl& c = clauses_[static_cast<std::size_t>(id)];
    out.clear();
    for (std::uint32_t k = 0; k < c.size; ++k) out.push_back(decode(arena_[c.start + k]));
  }
  // The lemma `id` leaves the database (its watches are dropped lazily).
  void detach(int id) { clauses_[static_cast<std::size_t>(id)].deleted = true; }
  // A deleted clause comes back; the root must be a propagation fixpoint that includes it
  // (otherwise it counts an anomaly and leaves the root as it is).
  void restore(int id) {
    Cl& c = clauses_[static_cast<std::size_t>(id)];
    c.deleted = false;
    if (c.taut) return;
    std::uint32_t* L = &arena_[c.start];
    rank_front(c);
    if (c.size == 0 || val_[L[0]] == -1 || (val_[L[0]] == 0 && (c.size == 1 || val_[L[1]] == -1))) {
      ++anomalies;
    }
    if (c.size < 2) return;
    watches_[L[0]].push_back({id, L[1]});
    watches_[L[1]].push_back({id, L[0]});
  }
  // Undoes the root units from trail position `mark` on, then repairs the watches (see above).
  // Also leaves the inconsistent state: the caller backtracks to a consistent fixpoint.
  void backtrack_root(std::size_t mark) {
    inconsistent_ = false;  // also when the conflict came without new units (a falsified lemma)
    if (mark >= trail_.size()) return;
    undone_.assign(trail_.begin() + static_cast<long>(mark), trail_.end());
    backtrack(mark);
    for (std::uint32_t a : undone_) {
      auto& ws = watches_[a];
      for (std::size_t i = 0; i < ws.size(); ++i) {
        const int id = ws[i].id;
        Cl& c = clauses_[static_cast<std::size_t>(id)];
        if (c.deleted || c.size < 2) continue;
        std::uint32_t* L = &arena_[c.start];
        const int pos = L[0] == a ? 1 : L[1] == a ? 0 : -1;  // the other watch
        if (pos < 0 || val_[L[pos]] != -1) continue;
        bool moved = false;
        for (std::uint32_t k = 2; k < c.size; ++k)
          if (val_[L[k]] != -1) {
            std::swap(L[pos], L[k]);
            watches_[L[pos]].push_back({id, a});
            moved = true;
            break;
          }
        if (!moved) ++anomalies;
      }
    }
  }
  std::size_t anomalies = 0;  // see the header comment; 0 on every proof we have seen

 private:
  struct Cl {
    std::uint32_t start, size;
    bool deleted, reason, taut, core;
  };
  static std::uint32_t code(int l) {
    return l > 0 ? 2u * static_cast<std::uint32_t>(l) : 2u * static_cast<std::uint32_t>(-l) + 1u;
  }
  static int decode(std::uint32_t c) { return (c & 1u) ? -static_cast<int>(c >> 1) : static_cast<int>(c >> 1); }
  SCHEDCERT_INTENDED_WRAP static std::uint64_t hash(const std::vector<int>& lits) {
    std::uint64_t h = 0, s = 0;
    for (int l : lits) {
      std::uint64_t x = code(l) * 0x9E3779B97F4A7C15ull;
      x ^= x >> 29;
      h ^= x;
      s += x * 31;
    }
    return h + s * 1000003ull + lits.size();
  }
  void grow(int v) {
    const std::size_t need = 2 * static_cast<std::size_t>(v) + 2;
    if (val_.size() < need) {
      val_.resize(need, 0);
      seen_.resize(need, 0);
      in_lemma_.resize(need, 0);
      watches_.resize(need);
      reason_.resize(need, -1);
      pos_.resize(need, 0);
    }
  }
  void grow_for(const std::vector<int>& lits) {
    for (int l : lits) grow(std::abs(l));
  }
  // Sorts out duplicates, detects tautologies (taut_), keeps the first literal first.
  void normalise(std::vector<int>& lits) {
    grow_for(lits);
    taut_ = false;
    std::vector<int> out;
    for (int l : lits) {
      if (std::find(out.begin(), out.end(), l) != out.end()) continue;
      if (std::find(out.begin(), out.end(), -l) != out.end()) taut_ = true;
      out.push_back(l);
    }
    lits.swap(out);
  }
  // The one hint naming the root unit of variable v (see set_root_units).
  long root_ref(std::uint32_t v) const {
    const int r = reason_[v];
    if (clauses_[static_cast<std::size_t>(r)].size == 1) return r + 1L;
    return unit_base_ + static_cast<long>(pos_[v]);
  }
  void assign(std::uint32_t lit, int reason) {
    pos_[lit >> 1] = static_cast<std::uint32_t>(trail_.size());
    val_[lit] = 1;
    val_[lit ^ 1u] = -1;
    reason_[lit >> 1] = reason;
    trail_.push_back(lit);
  }
  void backtrack(std::size_t mark) {
    while (trail_.size() > mark) {
      const std::uint32_t l = trail_.back();
      trail_.pop_back();
      val_[l] = val_[l ^ 1u] = 0;
      reason_[l >> 1] = -1;
    }
    head_ = std::min(head_, mark);
    head2_ = std::min(head2_, mark);
  }
  // Moves the two best literals (true, then unassigned, then false) to the front.
  void rank_front(Cl& c) {
    std::uint32_t* L = &arena_[c.start];
    auto rank = [&](std::uint32_t l) { return val_[l] == 1 ? 0 : val_[l] == 0 ? 1 : 2; };
    for (int pos = 0; pos < 2 && pos < static_cast<int>(c.size); ++pos)
      for (std::uint32_t k = pos + 1; k < c.size; ++k)
        if (rank(L[k]) < rank(L[pos])) std::swap(L[k], L[pos]);
  }
  // Places a new clause's watches; at the root it may be unit or falsified.
  void attach(int id) {
    Cl& c = clauses_[id];
    std::uint32_t* L = &arena_[c.start];
    rank_front(c);
    if (c.size == 0 || val_[L[0]] == -1) {
      inconsistent_ = true;
      root_confl_ = id;
      return;
    }
    if (c.size >= 2) {
      watches_[L[0]].push_back({id, L[1]});
      watches_[L[1]].push_back({id, L[0]});
    }
    if (val_[L[0]] == 0 && (c.size == 1 || val_[L[1]] == -1)) {
      c.reason = true;
      assign(L[0], id);
      if (!propagate()) {
        inconsistent_ = true;
        root_confl_ = confl_;
      }
    }
  }
  // The LRAT unit chain of the conflict on clause `confl`: the reasons of the assignments the
  // conflict depends on, in trail order, then `confl` itself (ids from 1). Assignments without
  // a reason (the negated lemma) need no hint. Walks the trail backwards until every marked
  // variable is explained. With root units as lemmas (set_root_units), a root-level variable
  // is one hint (root_ref), first, and the walk stops at the root.
  void chain(int confl, std::vector<long>* out) {
    out->clear();
    std::size_t pending = 0;
    const std::size_t root_end = unit_base_ > 0 ? (in_check_ ? check_mark_ : trail_.size()) : 0;
    auto mark = [&](int id, std::uint32_t skip) {
      const Cl& c = clauses_[id];
      for (std::uint32_t k = 0; k < c.size; ++k) {
        const std::uint32_t v = arena_[c.start + k] >> 1;
        if (v == skip || seen_[v]) continue;
        seen_[v] = 1;
        marked_.push_back(v);
        if (pos_[v] < root_end && val_[2 * v] != 0) {  // a root unit
          const bool agrees = in_lemma_[v] && val_[in_lemma_[v] - 1] == -1;
          if (!agrees) roots_.push_back(root_ref(v));
        } else {
          ++pending;
        }
      }
    };
    mark(confl, 0);
    for (std::size_t k = trail_.size(); k > root_end && pending > 0; --k) {  // i = k - 1: no wrap below 0
      const std::size_t i = k - 1;
      const std::uint32_t v = trail_[i] >> 1;
      if (!seen_[v]) continue;
      --pending;
      const bool agrees = in_lemma_[v] && val_[in_lemma_[v] - 1] == -1;  // lemma literal false
      if (reason_[v] >= 0 && reason_[v] != confl && !agrees) {
        out->push_back(reason_[v] + 1);
        mark(reason_[v], v);
      }
    }
    std::reverse(out->begin(), out->end());
    out->insert(out->begin(), roots_.begin(), roots_.end());
    out->push_back(confl + 1);
    roots_.clear();
    for (std::uint32_t v : marked_) seen_[v] = 0;
    marked_.clear();
  }
  enum class Only { All, Core, NonCore };
  // Visits the watches of the literal `falsified`, restricted to core / non-core clauses or not;
  // returns false on conflict (confl_). Clauses that become reasons at the root are flagged.
  bool visit(std::uint32_t falsified, Only only) {
    const bool at_root = !in_check_;
    auto& ws = watches_[falsified];
    std::size_t j = 0;
    bool conflict = false;
    for (std::size_t i = 0; i < ws.size(); ++i) {
      Watch w = ws[i];
      if (conflict || val_[w.blocker] == 1) {  // blocker true: clause satisfied, no visit
        ws[j++] = w;
        continue;
      }
      const int id = w.id;
      Cl& c = clauses_[id];
      if (c.deleted) continue;  // dropped lazily
      if (only != Only::All && c.core != (only == Only::Core)) {
        ws[j++] = w;
        continue;
      }
      std::uint32_t* L = &arena_[c.start];
      if (L[0] == falsified) std::swap(L[0], L[1]);
      if (L[1] != falsified) continue;  // stale entry (the clause watches other literals now)
      w.blocker = L[0];
      if (val_[L[0]] == 1) {
        ws[j++] = w;
        continue;
      }
      bool moved = false;
      for (std::uint32_t k = 2; k < c.size; ++k)
        if (val_[L[k]] != -1) {
          std::swap(L[1], L[k]);
          watches_[L[1]].push_back({id, L[0]});
          moved = true;
          break;
        }
      if (moved) continue;
      ws[j++] = w;
      if (val_[L[0]] == -1) {
        conflict = true;
        confl_ = id;
        continue;
      }
      if (at_root) c.reason = true;
      assign(L[0], id);
    }
    ws.resize(j);
    return !conflict;
  }
  // Unit propagation from head_; returns false on conflict.
  bool propagate() {
    while (head_ < trail_.size())
      if (!visit(trail_[head_++] ^ 1u, Only::All)) return false;
    return true;
  }
  // Core-first: every pending literal over the core clauses (head_), and only when those are
  // exhausted one literal over the other clauses (head2_), then back to the core.
  bool propagate_core_first() {
    for (;;) {
      while (head_ < trail_.size())
        if (!visit(trail_[head_++] ^ 1u, Only::Core)) return false;
      if (head2_ >= trail_.size()) return true;
      if (!visit(trail_[head2_++] ^ 1u, Only::NonCore)) return false;
    }
  }

  std::vector<Cl> clauses_;
  std::vector<std::uint32_t> arena_;
  struct Watch {
    int id;
    std::uint32_t blocker;  // another literal of the clause; if true, the clause is skipped
  };
  std::vector<std::vector<Watch>> watches_;
  std::vector<signed char> val_;
  std::vector<int> reason_;
  std::vector<std::uint32_t> trail_, undone_;
  std::size_t head_ = 0, head2_ = 0;  // propagated up to (core-first: head2_ for the non-core)
  std::unordered_map<std::uint64_t, std::vector<int>> index_;
  std::vector<char> seen_;               // per variable: marked in chain()
  std::vector<std::uint32_t> in_lemma_;  // per variable: 1 + code of its literal in the lemma being checked, or 0
  std::vector<std::uint32_t> marked_, pos_;  // pos_: per variable, its trail position when assigned
  std::vector<long> roots_;                   // chain(): the root units' hints
  std::size_t check_mark_ = 0;                // trail length when the current check began
  long unit_base_ = 0;                        // > 0: root units as lemmas (set_root_units)
  int confl_ = -1, root_confl_ = -1;  // last conflict clause; the one that made the root inconsistent
  bool inconsistent_ = false, taut_ = false, in_check_ = false, core_first_ = false;
};

}  // namespace schedcert::encodings::sat::drat_detail
