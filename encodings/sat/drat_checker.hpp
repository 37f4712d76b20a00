// The clause database of the forward DRAT checker (drat.cpp; the backward, core-first checker has
// its own, drat_db.hpp, since issue 27): clauses in one arena, two watched literals per clause
// (positions 0 and 1 of its literals) each with a blocking literal (a true blocker skips the
// clause without touching it), a trail with the root-level units (reason = the clause that
// implied them), RUP and RAT checks that assign above the root, propagate and backtrack, and the
// LRAT unit chain of a conflict. Deleted clauses' watches are dropped lazily, when visited.
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
                        false, taut_});
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
          if (reason_[nl >> 1] >= 0) chain(reason_[nl >> 1], hints);
        }
        break;
      }
      if (val_[nl] == 0) assign(nl, -1);
    }
    if (!conflict) {
      conflict = !propagate();
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

 private:
  struct Cl {
    std::uint32_t start, size;
    bool deleted, reason, taut;
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
  void assign(std::uint32_t lit, int reason) {
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
  // variable is explained (root units included: the forward LRAT proof re-derives them).
  void chain(int confl, std::vector<long>* out) {
    out->clear();
    std::size_t pending = 0;
    auto mark = [&](int id, std::uint32_t skip) {
      const Cl& c = clauses_[id];
      for (std::uint32_t k = 0; k < c.size; ++k) {
        const std::uint32_t v = arena_[c.start + k] >> 1;
        if (v == skip || seen_[v]) continue;
        seen_[v] = 1;
        marked_.push_back(v);
        ++pending;
      }
    };
    mark(confl, 0);
    for (std::size_t k = trail_.size(); k > 0 && pending > 0; --k) {  // i = k - 1: no wrap below 0
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
    out->push_back(confl + 1);
    for (std::uint32_t v : marked_) seen_[v] = 0;
    marked_.clear();
  }
  // Visits the watches of the literal `falsified`;
  // returns false on conflict (confl_). Clauses that become reasons at the root are flagged.
  bool visit(std::uint32_t falsified) {
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
      if (!visit(trail_[head_++] ^ 1u)) return false;
    return true;
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
  std::vector<std::uint32_t> trail_;
  std::size_t head_ = 0;  // propagated up to
  std::unordered_map<std::uint64_t, std::vector<int>> index_;
  std::vector<char> seen_;               // per variable: marked in chain()
  std::vector<std::uint32_t> in_lemma_;  // per variable: 1 + code of its literal in the lemma being checked, or 0
  std::vector<std::uint32_t> marked_;
  int confl_ = -1, root_confl_ = -1;  // last conflict clause; the one that made the root inconsistent
  bool inconsistent_ = false, taut_ = false, in_check_ = false;
};

}  // namespace schedcert::encodings::sat::drat_detail
