// The parts of the backward checker's clause database (drat_db.hpp, design note there) that are
// not on the propagation path: deletions and restores, the core, RAT candidates, the root-unit
// chains, the hash table, attaching a new clause, and the self-check of the tests.
#include "encodings/sat/drat_db.hpp"

#include <algorithm>

namespace schedcert::encodings::sat::drat_detail {

int BackwardDb::remove(std::vector<int>& lits, DratReport& rep) {
  normalise(lits);
  const std::uint32_t h = hash(lits);
  ++stamp_;
  for (int l : lits) stamp_of_[code(l)] = stamp_;
  std::uint32_t found = kNone, prev_found = kNone;
  for (std::uint32_t id = head_of(h), prev = kNone; id != kNone; prev = id, id = next_[id]) {
    if (hash_[id] != h) continue;
    const std::uint32_t* c = &mem_[ref_[id]];
    if (c[0] != lits.size()) continue;
    bool same = true;
    for (std::uint32_t k = 0; k < c[0] && same; ++k) same = stamp_of_[c[kLits + k]] == stamp_;
    if (same) found = id, prev_found = prev;  // the last in the chain: the oldest copy
  }
  if (found == kNone) {
    ++rep.missing_deletions;
    return -1;
  }
  const std::uint32_t ref = ref_[found];
  for (std::uint32_t k = 0; k < mem_[ref]; ++k) {
    const std::uint32_t v = mem_[ref + kLits + k] >> 1;
    if (val_[2 * v] != 0 && reason_[v] == ref) {
      ++rep.ignored_deletions;
      return -1;
    }
  }
  (prev_found == kNone ? buckets_[h & mask_] : next_[prev_found]) = next_[found];
  if ((mem_[ref + 1] & kAttached) && mem_[ref] == 2) unwatch(ref);  // longer ones: lazily
  mem_[ref + 1] |= kDeleted;
  return static_cast<int>(found);
}

bool BackwardDb::rat(const std::vector<int>& lits, int p, std::vector<long>* hints) {
  const std::uint32_t np = code(-p);
  if (hints) hints->clear();
  for (std::uint32_t id = 0; id < ref_.size(); ++id) {
    const std::uint32_t* c = &mem_[ref_[id]];
    if (c[1] & kDeleted) continue;
    const std::uint32_t* L = c + kLits;
    if (std::find(L, L + c[0], np) == L + c[0]) continue;
    res_ = lits;
    for (std::uint32_t k = 0; k < c[0]; ++k)
      if (L[k] != np) res_.push_back(decode(L[k]));
    if (!rup(res_, hints ? &group_ : nullptr)) return false;
    if (hints) {
      hints->push_back(-static_cast<long>(id) - 1);
      hints->insert(hints->end(), group_.begin(), group_.end());
    }
  }
  return true;
}

void BackwardDb::unit_chain(std::size_t p, std::vector<long>* out) {
  out->clear();
  const std::uint32_t v = trail_[p] >> 1;
  const std::uint32_t* c = &mem_[reason_[v]];
  for (std::uint32_t k = 0; k < c[0]; ++k) {
    const std::uint32_t w = c[kLits + k] >> 1;
    if (w != v) out->push_back(root_ref(w));
  }
  out->push_back(c[2] + 1L);
}

void BackwardDb::set_core(int id) {
  const std::uint32_t ref = ref_[static_cast<std::size_t>(id)];
  const std::uint32_t f = mem_[ref + 1];
  if (f & kCore) return;
  const bool watched = (f & kAttached) && !(f & kDeleted);
  if (watched) unwatch(ref);
  mem_[ref + 1] = f | kCore;
  if (watched) watch(ref);
}

void BackwardDb::restore(int id) {
  const std::uint32_t ref = ref_[static_cast<std::size_t>(id)];
  mem_[ref + 1] &= ~kDeleted;
  if (!(mem_[ref + 1] & kAttached)) return;
  if (mem_[ref] == 2) {
    watch(ref);
    return;
  }
  const std::uint32_t* L = &mem_[ref + kLits];  // the order of its deletion
  for (std::uint32_t k = 0; k < 2; ++k)
    if (!(mem_[ref + 1] & (kListed0 << k))) {
      list(L[k], ref).push_back({L[1 - k], ref << 1});
      mem_[ref + 1] |= kListed0 << k;
    }
}

std::size_t BackwardDb::self_check() const {
  std::size_t bad = 0, expected = 0, entries = 0;
  for (std::uint32_t id = 0; id < ref_.size(); ++id) {
    const std::uint32_t ref = ref_[id];
    const std::uint32_t f = mem_[ref + 1];
    if (f & kAttached) {
      const std::uint32_t listed = ((f & kListed0) ? 1 : 0) + ((f & kListed1) ? 1 : 0);
      if (!(f & kDeleted)) {
        bad += listed != 2;
        expected += 2;
      } else if (mem_[ref] > 2) {
        expected += listed;
      }
    }
    if (f & (kDeleted | kTaut)) continue;
    std::uint32_t open = 0;
    bool sat = false;
    for (std::uint32_t k = 0; k < mem_[ref]; ++k) {
      sat |= val_[mem_[ref + kLits + k]] > 0;
      open += val_[mem_[ref + kLits + k]] == kUnset;
    }
    bad += !sat && open <= 1;
  }
  for (int t = 0; t < 4; ++t)
    for (std::size_t lit = 0; lit < watches_[t].size(); ++lit)
      for (const Watch& w : watches_[t][lit]) {
        ++entries;
        const std::uint32_t ref = w.tag >> 1;
        const std::uint32_t f = mem_[ref + 1];
        const bool kind = t == ((f & kCore) ? kCoreLong : kLong) + (mem_[ref] == 2 ? 1 : 0);
        const bool at0 = mem_[ref + kLits] == lit, at1 = mem_[ref + kLits + 1] == lit;
        const bool listed = (at0 && (f & kListed0)) || (at1 && (f & kListed1));
        bad += ((f & kDeleted) && (mem_[ref] == 2 || !listed)) || !(f & kAttached) || !kind || !(at0 || at1) ||
               (w.tag & 1u) != (mem_[ref] == 2 ? 1u : 0u);
      }
  return bad + (entries != expected);
}

void BackwardDb::hash_insert(std::uint32_t id, std::uint32_t h) {
  hash_.push_back(h);
  next_.push_back(kNone);
  if (2 * ref_.size() > buckets_.size()) {  // load at most 1/2: rehash into twice the buckets
    std::size_t b = 1024;
    while (b < 4 * ref_.size()) b *= 2;
    buckets_.assign(b, kNone);
    mask_ = static_cast<std::uint32_t>(buckets_.size() - 1);
    for (std::uint32_t j = 0; j < id; ++j)
      if (!(mem_[ref_[j] + 1] & kDeleted)) next_[j] = buckets_[hash_[j] & mask_], buckets_[hash_[j] & mask_] = j;
  }
  next_[id] = buckets_[h & mask_];
  buckets_[h & mask_] = id;
}

void BackwardDb::grow_to(std::size_t need) {
  val_.resize(need, kUnset);
  stamp_of_.resize(need, 0);
  for (auto& w : watches_) w.resize(need);
  in_lemma_.resize(need, 0);
  seen_.resize(need, 0);  // stamps: nothing to clear between chains
  reason_.resize(need, kNone);
  pos_.resize(need, 0);
  trail_.resize(need, 0);
  rev_.resize(need, 0);
}

void BackwardDb::unwatch(std::uint32_t ref) {
  const std::uint32_t tag = ref << 1 | (mem_[ref] == 2 ? 1u : 0u);
  for (int k = 0; k < 2; ++k) {
    auto& ws = list(mem_[ref + kLits + k], ref);
    for (std::size_t i = 0; i < ws.size(); ++i)
      if (ws[i].tag == tag) {
        ws[i] = ws.back();
        ws.pop_back();
        break;
      }
  }
}

void BackwardDb::attach(std::uint32_t ref) {
  const std::uint32_t n = mem_[ref];
  std::uint32_t* L = &mem_[ref + kLits];
  auto rank = [&](std::uint32_t l) { return val_[l] == 1 ? 0u : val_[l] == 0 ? 1u : 2u; };
  for (std::uint32_t pos = 0; pos < 2 && pos < n; ++pos)
    for (std::uint32_t k = pos + 1; k < n; ++k)
      if (rank(L[k]) < rank(L[pos]) ||
          (rank(L[k]) == 2 && rank(L[pos]) == 2 && pos_[L[k] >> 1] > pos_[L[pos] >> 1]))
        std::swap(L[k], L[pos]);
  if (n == 0 || val_[L[0]] == -1) {
    inconsistent_ = true;
    root_confl_ = ref;
    return;
  }
  if (n >= 2) {
    mem_[ref + 1] |= kAttached;
    watch(ref);
  }
  if (val_[L[0]] == 0 && (n == 1 || val_[L[1]] == -1)) {
    assign(L[0], ref);
    if (!propagate()) {
      inconsistent_ = true;
      root_confl_ = confl_;
    }
  }
}

}  // namespace schedcert::encodings::sat::drat_detail
