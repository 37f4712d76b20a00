// The clause database of the backward, core-first DRAT check (drat_backward.cpp; issue 27,
// rewritten for speed: the forward checker keeps drat_checker.hpp). Same duties as that one
// (watched-literal propagation at the root and in RUP/RAT checks, core-first propagation, the LRAT
// unit chains), laid out the way drat-trim and CaDiCaL do it (Heule, Hunt & Wetzler, FMCAD 2013;
// Wetzler, Heule & Hunt, SAT 2014):
//  - one flat arena: a clause at `ref` is [size, flags, id, search start, literals...]; a watch names the ref
//    (bit 0: binary clause) and a blocker literal, so a satisfied clause is skipped without
//    touching the arena, and a binary clause is propagated from its watch alone;
//  - two watch lists per literal, core and non-core, so that core-first propagation
//    (drat-trim's) scans each list once instead of filtering one list twice;
//  - no stale watches: a clause joining the core moves its two watches at once, and so does the
//    deletion of a binary clause; a deleted longer clause (a deletion, or a lemma leaving the
//    database going back) keeps its watches, each dropped when a visit finds the clause deleted
//    (flags kListed0/1 say which are left, so that a restored clause is listed exactly twice);
//  - deletions find their clause in a chained hash table keyed on an order-free hash of the
//    literals, compared as sets with a literal stamp (no sorting, no per-clause allocation).
// Why no watch repair is needed when the backward pass undoes root units (the old database's
// backtrack_root repaired watches; this one only pops the trail): every trail the backward pass
// returns to is a prefix of the forward pass's trail at a lemma boundary (a propagation fixpoint).
// Invariant J: for every active clause and each of its watches w that is false, the clause has a
// true literal assigned in w's segment or earlier (segments: the CNF's propagation, each lemma's,
// the RUP check's). A visit keeps J (a true blocker or first watch came earlier; a new watch is
// not false; a unit is assigned in the falsified watch's segment), undoing whole segments keeps it,
// and J at a fixpoint means no clause is unit or falsified unnoticed. A clause attached (a lemma)
// or restored (a deletion undone: its literal order is that of its deletion, at the same trail)
// is valid for every trail from its attachment on, and the backward pass never goes below that
// while the clause is active. Completeness is all that rests on J: each assignment is made by a
// clause that is unit, so a conflict found is always a real RUP derivation (and the verified
// checker re-checks every hint).
// The LRAT side is the old database's: root units as LRAT lemmas (set_root_units), chain()
// walking the check's trail back from the conflict, RAT candidates by a scan of the database.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "encodings/sat/drat.hpp"
#include "schedules/checked.hpp"

namespace schedcert::encodings::sat::drat_detail {

class BackwardDb {
 public:
  explicit BackwardDb(int max_var) { grow(max_var); }

  // Adds a clause (original or lemma), normalised in place (unless `normalised`: by the last
  // normalise_lits); at the root it may propagate.
  void add(std::vector<int>& lits, bool normalised = false) {
    if (!normalised) normalise(lits);
    const std::uint32_t id = static_cast<std::uint32_t>(ref_.size());
    const std::uint32_t ref = static_cast<std::uint32_t>(mem_.size());
    ref_.push_back(ref);
    mem_.push_back(static_cast<std::uint32_t>(lits.size()));
    mem_.push_back(taut_ ? kTaut : 0u);
    mem_.push_back(id);
    mem_.push_back(2);  // where the search for a new watch starts
    for (int l : lits) mem_.push_back(code(l));
    hash_insert(id, hash(lits));
    if (taut_ || inconsistent_) return;
    attach(ref);
  }
  // Removes one copy of the clause `lits` (a set); returns its id, -1 if none (absent, or a root
  // reason, kept).
  int remove(std::vector<int>& lits, DratReport& rep);
  int size() const { return static_cast<int>(ref_.size()); }
  bool inconsistent() const { return inconsistent_; }
  bool normalise_lits(std::vector<int>& lits) {
    normalise(lits);
    return taut_;
  }

  // RUP: does asserting the negation of `lits` propagate to a conflict? With `hints`, the LRAT
  // unit chain of that conflict (clause ids from 1).
  bool rup(const std::vector<int>& lits, std::vector<long>* hints) {
    if (inconsistent_) {
      if (hints) chain(root_confl_, hints);
      return true;
    }
    for (int l : lits) grow(std::abs(l));
    const std::size_t mark = trail_n_;
    check_mark_ = mark;
    in_check_ = true;
    bool conflict = false;
    // The negated lemma is assigned first in LRAT: a root unit agreeing with it needs no hint.
    for (int l : lits) in_lemma_[static_cast<std::size_t>(std::abs(l))] = code(l) + 1;
    for (int l : lits) {
      const std::uint32_t nl = code(l) ^ 1u;
      if (val_[nl] == -1) {  // l is already true: its reason is the conflict (none: a tautology)
        conflict = true;
        if (hints) {
          hints->clear();
          const std::uint32_t r = reason_[nl >> 1];
          if (r != kNone) {
            if (unit_base_ > 0) hints->push_back(root_ref(nl >> 1));
            else chain(r, hints);
          }
        }
        break;
      }
      if (val_[nl] == 0) assign(nl, kNone);
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
  // groups (-id of the clause, then the resolvent's unit chain).
  bool rat(const std::vector<int>& lits, int p, std::vector<long>* hints);

  std::size_t trail_size() const { return trail_n_; }
  int trail_literal(std::size_t p) const { return decode(trail_[p]); }
  void root_chain(std::vector<long>* out) { chain(root_confl_, out); }
  // Root units as LRAT lemmas: from now on a chain names a root-level unit x by one hint, the
  // unit clause (x) (its reason if that is a unit clause, else the reference unit_base + trail
  // position, which the caller writes as a lemma "x" with unit_chain's hints), instead of
  // repeating x's derivation in every chain.
  void set_root_units(long unit_base) { unit_base_ = unit_base; }
  // The hints of the unit lemma for the root unit at trail position p: the root units of its
  // reason's other literals, then the reason.
  void unit_chain(std::size_t p, std::vector<long>* out);
  void set_core_first(bool on) {
    core_first_ = on;
    headb_ = head2_ = head_;
  }
  bool core(int id) const { return (flags(id) & kCore) != 0; }
  // A clause joins the core: its watches move to the core lists.
  void set_core(int id);
  bool deleted(int id) const { return (flags(id) & kDeleted) != 0; }
  void literals(int id, std::vector<int>& out) const {
    const std::uint32_t* c = &mem_[ref_[static_cast<std::size_t>(id)]];
    out.clear();
    for (std::uint32_t k = 0; k < c[0]; ++k) out.push_back(decode(c[kLits + k]));
  }
  // The lemma `id` leaves the database.
  void detach(int id) {
    const std::uint32_t ref = ref_[static_cast<std::size_t>(id)];
    if ((mem_[ref + 1] & kAttached) && !(mem_[ref + 1] & kDeleted) && mem_[ref] == 2) unwatch(ref);
    mem_[ref + 1] |= kDeleted;  // a longer clause's watches are dropped when visited
  }
  // A deleted clause comes back, at the trail of its deletion, with its literal order then.
  void restore(int id);
  // Test support (drat_backward.hpp, backward_self_check), O(database): the active clauses that
  // are unit or falsified at the trail without a true literal (a propagation the root missed:
  // invariant J broken), plus every watch entry that is not one of the two watches of an
  // attached clause in the list of its kind (a deleted one's only if still marked listed), plus a
  // count of entries that is not two per active attached clause and the listed ones per deleted.
  std::size_t self_check() const;
  // Undoes the root units from trail position `mark` on (a fixpoint of the forward pass) and
  // leaves the inconsistent state.
  void backtrack_root(std::size_t mark) {
    inconsistent_ = false;
    if (mark < trail_n_) backtrack(mark);
    head_ = headb_ = head2_ = trail_n_;
  }

 private:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  static constexpr std::uint32_t kDeleted = 1, kCore = 2, kTaut = 4, kAttached = 8;
  // A deleted clause of 3 or more literals keeps its watches until a visit drops them (a scan
  // of a watch list per deletion was 70% of the time on the coverage CNF, whose lists hold up to
  // 300,000 clauses); these flags say which of its two watches (on L[0], L[1]) are still listed.
  static constexpr std::uint32_t kListed0 = 32, kListed1 = 64;
  static constexpr std::uint32_t kLits = 4;  // header: size, flags, id, search start
  // Values as an enum, not signed char: a store through a char type may alias anything, which
  // made the compiler reload every member after each assignment in the propagation loop.
  enum Tv : std::int8_t { kFalse = -1, kUnset = 0, kTrue = 1 };
  struct Watch {
    std::uint32_t blocker;  // another literal of the clause (for a binary clause: the other one)
    std::uint32_t tag;      // ref << 1 | binary
  };
  static std::uint32_t code(int l) {
    return l > 0 ? 2u * static_cast<std::uint32_t>(l) : 2u * static_cast<std::uint32_t>(-l) + 1u;
  }
  static int decode(std::uint32_t c) { return (c & 1u) ? -static_cast<int>(c >> 1) : static_cast<int>(c >> 1); }
  std::uint32_t flags(int id) const { return mem_[ref_[static_cast<std::size_t>(id)] + 1]; }
  SCHEDCERT_INTENDED_WRAP static std::uint32_t hash(const std::vector<int>& lits) {
    std::uint64_t h = 0, s = 0;
    for (int l : lits) {
      std::uint64_t x = code(l) * 0x9E3779B97F4A7C15ull;
      x ^= x >> 29;
      h ^= x;
      s += x * 31;
    }
    const std::uint64_t r = h + s * 1000003ull + lits.size();
    return static_cast<std::uint32_t>(r ^ (r >> 32));
  }
  std::uint32_t head_of(std::uint32_t h) const { return buckets_.empty() ? kNone : buckets_[h & mask_]; }
  void hash_insert(std::uint32_t id, std::uint32_t h);
  void grow(int v) {
    if (2 * static_cast<std::size_t>(v) + 2 <= val_.size()) return;
    grow_to(2 * static_cast<std::size_t>(v) + 2);
  }
  [[gnu::noinline]] void grow_to(std::size_t need);
  // Sorts out duplicates (first occurrences kept, in order) and detects tautologies (taut_).
  void normalise(std::vector<int>& lits) {
    taut_ = false;
    for (int l : lits) grow(std::abs(l));
    ++stamp_;
    std::size_t j = 0;
    for (int l : lits) {
      const std::uint32_t c = code(l);
      if (stamp_of_[c] == stamp_) continue;
      taut_ |= stamp_of_[c ^ 1u] == stamp_;
      stamp_of_[c] = stamp_;
      lits[j++] = l;
    }
    lits.resize(j);
  }
  // The watch lists: [core][binary], per literal code.
  std::vector<Watch>& list(std::uint32_t lit, std::uint32_t ref) {
    return watches_[((mem_[ref + 1] & kCore) ? 2 : 0) + (mem_[ref] == 2 ? 1 : 0)][lit];
  }
  void watch(std::uint32_t ref) {
    const std::uint32_t* L = &mem_[ref + kLits];
    const std::uint32_t bin = mem_[ref] == 2 ? 1u : 0u;
    list(L[0], ref).push_back({L[1], ref << 1 | bin});
    list(L[1], ref).push_back({L[0], ref << 1 | bin});
    mem_[ref + 1] |= kListed0 | kListed1;
  }
  void unwatch(std::uint32_t ref);
  // The one hint naming the root unit of variable v (see set_root_units).
  long root_ref(std::uint32_t v) const {
    const std::uint32_t r = reason_[v];
    if (mem_[r] == 1) return mem_[r + 2] + 1L;
    return unit_base_ + static_cast<long>(pos_[v]);
  }
  void assign(std::uint32_t lit, std::uint32_t reason) {
    pos_[lit >> 1] = static_cast<std::uint32_t>(trail_n_);
    val_[lit] = kTrue;
    val_[lit ^ 1u] = kFalse;
    reason_[lit >> 1] = reason;
    trail_[trail_n_++] = lit;
  }
  void backtrack(std::size_t mark) {
    while (trail_n_ > mark) {
      const std::uint32_t l = trail_[--trail_n_];
      val_[l] = val_[l ^ 1u] = kUnset;  // reason_ and pos_ are read only for assigned variables
    }
    head_ = std::min(head_, mark);
    headb_ = std::min(headb_, mark);
    head2_ = std::min(head2_, mark);
  }
  // A new clause at the root: watches on its non-false literals (true first), else on the false
  // literal assigned last; unit: assigned and propagated; falsified: the root is inconsistent.
  void attach(std::uint32_t ref);
  // The LRAT unit chain of the conflict on clause `confl`: the root units it depends on (one hint
  // each, set_root_units; none for a unit that agrees with the negated lemma, which LRAT assigns
  // first), then the reasons of the check's assignments it depends on, in trail order, then
  // `confl` (ids from 1). Walks the check's trail back from its end until every marked variable
  // is explained (the negated lemma's literals, which have no reason, need no hint).
  void chain(std::uint32_t confl, std::vector<long>* out) {
    out->clear();
    std::size_t pending = 0, nrev = 0;
    const std::size_t root_end = unit_base_ > 0 ? (in_check_ ? check_mark_ : trail_n_) : 0;
    const std::uint32_t seen = ++seen_stamp_;
    // Every literal of the conflict and of a reason is assigned (false, or the reason's own,
    // already seen), so a position below root_end means a root unit.
    auto mark = [&](std::uint32_t ref) {
      const std::uint32_t* c = &mem_[ref];
      for (std::uint32_t k = 0; k < c[0]; ++k) {
        const std::uint32_t v = c[kLits + k] >> 1;
        if (seen_[v] == seen) continue;
        seen_[v] = seen;
        if (pos_[v] < root_end) {  // a root unit
          const bool agrees = in_lemma_[v] && val_[in_lemma_[v] - 1] == kFalse;
          if (!agrees) out->push_back(root_ref(v));
        } else {
          ++pending;
        }
      }
    };
    mark(confl);
    for (std::size_t k = trail_n_; k > root_end && pending > 0; --k) {
      const std::uint32_t v = trail_[k - 1] >> 1;
      if (seen_[v] != seen) continue;
      --pending;
      const bool agrees = in_lemma_[v] && val_[in_lemma_[v] - 1] == kFalse;
      const std::uint32_t r = reason_[v];
      if (r != kNone && r != confl && !agrees) {
        rev_[nrev++] = mem_[r + 2] + 1L;  // at most one per variable: rev_ has a slot per literal
        mark(r);
      }
    }
    // The root units (found in any order) first, then the reasons in trail order, then confl.
    std::size_t j = out->size();
    out->resize(j + nrev + 1);
    long* o = out->data();
    while (nrev > 0) o[j++] = rev_[--nrev];
    o[j] = mem_[confl + 2] + 1L;
  }
  // Visits the binary watches of the literal `f` (just falsified): the blocker is the other
  // literal, the list never changes. False on conflict (confl_).
  [[gnu::always_inline]] bool visit_binary(const std::vector<Watch>& ws) {
    for (const Watch& w : ws) {
      const Tv v = val_[w.blocker];
      if (v > 0) continue;
      if (v < 0) {
        confl_ = w.tag >> 1;
        return false;
      }
      assign(w.blocker, w.tag >> 1);
    }
    return true;
  }
  // Visits the watches of clauses of 3 or more literals of `f` in one list; false on conflict
  // (confl_). The entries not yet visited stay as they are.
  [[gnu::always_inline]] bool visit_long(std::vector<Watch>& ws, std::uint32_t f) {
    if (ws.empty()) return true;
    Watch* q = ws.data();
    const Watch* p = q;
    const Watch* const end = q + ws.size();
    bool ok = true;
    while (p != end) {
      const Watch w = *p++;
      if (val_[w.blocker] > 0) {
        *q++ = w;
        continue;
      }
      const std::uint32_t ref = w.tag >> 1;
      std::uint32_t* c = &mem_[ref];
      std::uint32_t* L = c + kLits;
      if (c[1] & kDeleted) {  // dropped; its literal order stays that of its deletion
        c[1] &= ~(L[0] == f ? kListed0 : kListed1);
        continue;
      }
      if (L[0] == f) L[0] = L[1], L[1] = f;
      const std::uint32_t first = L[0];
      const Tv vf = val_[first];
      if (vf > 0) {
        *q++ = {first, w.tag};
        continue;
      }
      const std::uint32_t n = c[0];
      // A new watch: searched from where the last search ended, round the tail (Gent, JAIR
      // 2013; CaDiCaL's saved position), so literals false at the root are not rescanned.
      const std::uint32_t start = c[3];
      std::uint32_t k = start;
      while (k < n && val_[L[k]] < 0) ++k;
      if (k == n) {
        k = 2;
        while (k < start && val_[L[k]] < 0) ++k;
        if (k == start) k = n;
      }
      if (k < n) {
        c[3] = k;
        L[1] = L[k];
        L[k] = f;
        watches_[(c[1] & kCore) ? kCoreLong : kLong][L[1]].push_back({first, w.tag});
        continue;
      }
      *q++ = {first, w.tag};
      if (vf < 0) {
        confl_ = ref;
        ok = false;
        break;
      }
      assign(first, ref);
    }
    while (p != end) *q++ = *p++;
    ws.resize(static_cast<std::size_t>(q - ws.data()));
    return ok;
  }
  // Unit propagation over every list from head_; false on conflict.
  bool propagate() {
    while (head_ < trail_n_) {
      const std::uint32_t f = trail_[head_++] ^ 1u;
      if (!visit_binary(watches_[kCoreBin][f]) || !visit_binary(watches_[kBin][f]) ||
          !visit_long(watches_[kCoreLong][f], f) || !visit_long(watches_[kLong][f], f))
        return false;
    }
    headb_ = head2_ = head_;
    return true;
  }
  // Core-first (drat-trim's), binary clauses first: the core's binary clauses over every pending
  // literal (headb_), then the core's longer clauses of one literal (head_), and only when the
  // core is exhausted both non-core lists of one literal (head2_); after each step, back to the
  // start.
  bool propagate_core_first() {
    for (;;) {
      while (head_ < trail_n_) {
        const std::uint32_t f = trail_[head_++] ^ 1u;
        if (!visit_binary(watches_[kCoreBin][f]) || !visit_long(watches_[kCoreLong][f], f)) return false;
      }
      if (head2_ >= trail_n_) return true;
      const std::uint32_t f = trail_[head2_++] ^ 1u;
      if (!visit_binary(watches_[kBin][f]) || !visit_long(watches_[kLong][f], f)) return false;
    }
  }

  std::vector<std::uint32_t> mem_, ref_;  // the arena; id -> ref
  std::vector<std::uint32_t> hash_, next_, buckets_;  // per id: hash, next in its bucket
  std::uint32_t mask_ = 0;
  static constexpr int kLong = 0, kBin = 1, kCoreLong = 2, kCoreBin = 3;
  std::vector<std::vector<Watch>> watches_[4];  // per literal code
  std::vector<Tv> val_;
  std::vector<std::uint32_t> stamp_of_, reason_, trail_, pos_, in_lemma_, seen_;  // seen_: == seen_stamp_
  std::vector<long> rev_, group_;
  std::vector<int> res_;
  std::uint32_t stamp_ = 0, seen_stamp_ = 0;
  std::size_t trail_n_ = 0, head_ = 0, headb_ = 0, head2_ = 0, check_mark_ = 0;
  long unit_base_ = 0;
  std::uint32_t confl_ = kNone, root_confl_ = kNone;
  bool inconsistent_ = false, taut_ = false, in_check_ = false, core_first_ = false;
};

}  // namespace schedcert::encodings::sat::drat_detail
