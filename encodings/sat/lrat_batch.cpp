// Batched verified LRAT checks (design note and the lemma in lrat_batch.hpp).
#include "encodings/sat/lrat_batch.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <unordered_map>

#include "schedules/io/sha256.hpp"

#include "schedules/checked.hpp"

namespace schedcert::encodings::sat {

namespace {

struct BatchClauseHash {
  // FNV-1a: wraps by design (SCHEDCERT_INTENDED_WRAP, docs/trust.md).
  SCHEDCERT_INTENDED_WRAP std::size_t operator()(const Clause& c) const {
    std::size_t h = 1469598103934665603ull;
    for (int l : c) h = (h ^ static_cast<std::size_t>(static_cast<unsigned>(l))) * 1099511628211ull;
    return h;
  }
};

void batch_append_clause(std::string& out, const Clause& c) {
  char digits[16];
  for (int l : c) {
    out.append(digits, std::to_chars(digits, digits + sizeof digits, l).ptr);
    out += ' ';
  }
  out += "0\n";
}

std::string read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read LRAT proof '" + path + "'");
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A tokenizer over LRAT text: integers, 'd', comment lines.
struct LratTokens {
  const char* p;
  const char* end;
  void blanks() {
    for (;;) {
      while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) ++p;
      if (p < end && *p == 'c') {
        while (p < end && *p != '\n') ++p;
        continue;
      }
      return;
    }
  }
  bool number(long& x) {
    blanks();
    const auto r = std::from_chars(p, end, x);
    if (r.ec != std::errc()) return false;
    p = r.ptr;
    return true;
  }
  bool del() {
    blanks();
    if (p < end && *p == 'd') {
      ++p;
      return true;
    }
    return false;
  }
};

class BatchOut {
 public:
  explicit BatchOut(const std::string& path) : f_(std::fopen(path.c_str(), "wb"), std::fclose) {
    if (!f_) throw std::runtime_error("cannot write LRAT proof '" + path + "'");
  }
  void num(long x) {
    if (!buf_.empty() && buf_.back() != '\n') buf_ += ' ';
    char digits[24];
    buf_.append(digits, std::to_chars(digits, digits + sizeof digits, x).ptr);
  }
  void word(const char* w) {
    buf_ += ' ';
    buf_ += w;
  }
  void end_line() {
    buf_ += '\n';
    if (buf_.size() > (1 << 16)) flush();
  }
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), f_.get()) != buf_.size())
      throw std::runtime_error("LRAT proof: write failed");
    buf_.clear();
    std::fflush(f_.get());
  }

 private:
  std::unique_ptr<FILE, int (*)(FILE*)> f_;
  std::string buf_;
};

// Rewrites member i's proof into `out` (design note); returns "" or why it cannot be batched.
// next: the next free lemma id of G (advanced); unit: the id of the unit ¬s_i it ends with.
std::string rewrite_member(const BatchCnf& g, std::size_t i, const std::string& text, BatchOut& out, long& next,
                           long& unit) {
  const long m = static_cast<long>(g.base), r = static_cast<long>(g.rest_ids[i].size());
  const long kept = m + static_cast<long>(g.shared);  // ids of F and S: never deleted here
  const long first = next;                            // G's id of the member's first lemma id m + r + 1
  const int not_s = -g.selector[i];
  long top = first - 1;
  auto map = [&](long id) -> long {
    if (id <= m) return id;
    if (id <= m + r) return g.rest_ids[i][static_cast<std::size_t>(id - m - 1)];
    return id - (m + r + 1) + first;
  };
  // Member i's clauses still in the database (its lemmas, by id - first): deleted after its
  // empty clause, with its guarded clauses, so that the checker's database does not grow with
  // the batch.
  std::vector<char> alive;
  auto set_alive = [&](long nid, char a) {
    if (nid < first) return;
    const auto k = static_cast<std::size_t>(nid - first);
    if (k >= alive.size()) alive.resize(k + 1, 0);
    alive[k] = a;
  };
  LratTokens t{text.data(), text.data() + text.size()};
  long id = 0, x = 0;
  for (;;) {
    t.blanks();
    if (t.p == t.end) return "its proof ends without the empty clause";
    if (!t.number(id) || id <= 0) return "malformed LRAT (a step must start with a positive id)";
    if (t.del()) {
      bool any = false;
      for (;;) {
        if (!t.number(x)) return "malformed LRAT deletion";
        if (x == 0) break;
        if (x < 0) return "malformed LRAT deletion (negative id)";
        const long y = map(x);
        if (y <= kept) continue;  // F and S stay for the other members
        set_alive(y, 0);
        if (!any) {
          out.num(std::max(top, 1L));
          out.word("d");
          any = true;
        }
        out.num(y);
      }
      if (any) {
        out.num(0);
        out.end_line();
      }
      continue;
    }
    if (id <= m + r) return "a lemma reuses the id " + std::to_string(id) + " of a CNF clause";
    const long nid = map(id);
    top = std::max(top, nid);
    out.num(nid);
    bool empty = true;
    for (;;) {
      if (!t.number(x)) return "malformed LRAT clause";
      if (x == 0) break;
      empty = false;
      out.num(x);
    }
    out.num(not_s);
    out.num(0);
    for (;;) {
      if (!t.number(x)) return "malformed LRAT hints";
      if (x == 0) break;
      if (x < 0) return "its proof has a RAT step (lemma " + std::to_string(id) + ")";
      out.num(map(x));
    }
    out.num(0);
    out.end_line();
    set_alive(nid, 1);
    if (empty) {
      unit = nid;
      next = top + 1;
      set_alive(nid, 0);
      bool any = false;
      auto del = [&](long y) {
        if (!any) {
          out.num(top);
          out.word("d");
          any = true;
        }
        out.num(y);
      };
      for (std::size_t k = 0; k < alive.size(); ++k)
        if (alive[k]) del(first + static_cast<long>(k));
      for (long y : g.rest_ids[i])
        if (y > kept) del(y);
      if (any) {
        out.num(0);
        out.end_line();
      }
      return "";
    }
  }
}

}  // namespace

BatchCnf build_batch_cnf(const std::vector<Clause>& base, const std::vector<const std::vector<Clause>*>& rests) {
  BatchCnf g;
  const std::size_t k = rests.size();
  int vars = 0;
  for (const auto& c : base)
    for (int l : c) vars = std::max(vars, std::abs(l));
  for (const auto* r : rests)
    for (const auto& c : *r)
      for (int l : c) vars = std::max(vars, std::abs(l));
  // S: the clauses of R_1 that occur in every R_i (each once, in R_1's order).
  std::unordered_map<Clause, std::size_t, BatchClauseHash> seen;  // clause -> members holding it
  for (std::size_t i = 0; i < k; ++i) {
    for (const auto& c : *rests[i]) {
      auto it = seen.find(c);
      if (i == 0 && it == seen.end()) seen.emplace(c, 1);
      else if (it != seen.end() && it->second == i) it->second = i + 1;  // first sighting in member i
    }
  }
  g.clauses = base;
  g.base = base.size();
  std::unordered_map<Clause, long, BatchClauseHash> shared_id;
  if (k > 0)
    for (const auto& c : *rests[0]) {
      auto it = seen.find(c);
      if (it != seen.end() && it->second == k && !shared_id.count(c)) {
        g.clauses.push_back(c);
        shared_id.emplace(c, static_cast<long>(g.clauses.size()));
      }
    }
  g.shared = shared_id.size();
  g.rest_ids.resize(k);
  for (std::size_t i = 0; i < k; ++i) {
    g.selector.push_back(vars + 1 + static_cast<int>(i));
    for (const auto& c : *rests[i]) {
      auto it = shared_id.find(c);
      if (it != shared_id.end()) {
        g.rest_ids[i].push_back(it->second);
        continue;
      }
      Clause guarded = c;
      guarded.push_back(-g.selector[i]);
      g.clauses.push_back(std::move(guarded));
      g.rest_ids[i].push_back(static_cast<long>(g.clauses.size()));
    }
  }
  g.clauses.push_back(g.selector);  // s_1 ∨ ... ∨ s_k
  g.or_id = static_cast<long>(g.clauses.size());
  return g;
}

std::string write_batch_lrat(const BatchCnf& g, const std::vector<std::string>& member_lrat,
                             const std::string& out_path, std::size_t* bad) {
  BatchOut out(out_path);
  long next = static_cast<long>(g.clauses.size()) + 1;
  std::vector<long> units;
  for (std::size_t i = 0; i < member_lrat.size(); ++i) {
    long unit = 0;
    const std::string why = rewrite_member(g, i, read_whole(member_lrat[i]), out, next, unit);
    if (!why.empty()) {
      if (bad) *bad = i;
      return "member " + std::to_string(i) + ": " + why;
    }
    units.push_back(unit);
  }
  out.num(next);
  out.num(0);
  for (long u : units) out.num(u);
  out.num(g.or_id);
  out.num(0);
  out.end_line();
  out.flush();
  return "";
}

namespace {

std::string member_sha(const std::vector<Clause>& base, const std::string& base_text, const std::vector<Clause>& rest) {
  int vars = 0;
  for (const auto& c : base)
    for (int l : c) vars = std::max(vars, std::abs(l));
  for (const auto& c : rest)
    for (int l : c) vars = std::max(vars, std::abs(l));
  std::string text = "p cnf " + std::to_string(vars) + " " + std::to_string(base.size() + rest.size()) + "\n";
  text.reserve(text.size() + base_text.size() + 64 * rest.size());
  text += base_text;
  for (const auto& c : rest) batch_append_clause(text, c);
  return schedules::io::sha256_hex(text);
}

}  // namespace

BatchVerdict check_lrat_batch(const std::vector<Clause>& base, const std::vector<const std::vector<Clause>*>& rests,
                              const std::vector<std::string>& member_lrat, const std::string& stem) {
  const std::size_t k = rests.size();
  BatchVerdict v;
  v.members.resize(k);
  std::string base_text;
  for (const auto& c : base) batch_append_clause(base_text, c);
  for (std::size_t i = 0; i < k; ++i) v.members[i].cnf_sha256 = member_sha(base, base_text, *rests[i]);
  std::error_code ec;
  std::vector<std::size_t> in;  // members in the batch
  std::vector<bool> alone(k, false);
  for (std::size_t i = 0; i < k; ++i) in.push_back(i);
  // ---- one run on G (members that cannot be batched are taken out, one by one) ----
  while (in.size() >= 2) {
    std::vector<const std::vector<Clause>*> rs;
    std::vector<std::string> ls;
    for (std::size_t i : in) {
      rs.push_back(rests[i]);
      ls.push_back(member_lrat[i]);
    }
    const BatchCnf g = build_batch_cnf(base, rs);
    std::size_t bad = 0;
    const std::string why = write_batch_lrat(g, ls, stem + ".lrat", &bad);
    if (!why.empty()) {
      v.note += (v.note.empty() ? "" : "; ") + ("checked alone: " + why);
      alone[in[bad]] = true;
      in.erase(in.begin() + static_cast<long>(bad));
      continue;
    }
    const std::string sha = write_dimacs(g.clauses, stem + ".cnf");
    v.batch = run_lrat_checker(stem + ".cnf", stem + ".lrat");
    std::uintmax_t total_bytes = 0;
    std::vector<std::uintmax_t> bytes;
    for (std::size_t i : in) {
      bytes.push_back(std::filesystem::file_size(member_lrat[i], ec));
      if (ec) bytes.back() = 0;
      total_bytes += bytes.back();
    }
    std::filesystem::remove(stem + ".cnf", ec);
    std::filesystem::remove(stem + ".lrat", ec);
    check_cnf_identity(v.batch, &g.clauses, sha, "the batch CNF of " + std::to_string(in.size()) + " cubes");
    v.batch_cnf_sha256 = v.batch.cnf_sha256;
    if (v.batch.verified) {
      v.batched = in.size();
      for (std::size_t j = 0; j < in.size(); ++j) {
        auto& mv = v.members[in[j]];
        mv.verified = mv.batched = true;
        mv.message = v.batch.verdict;
        mv.cpu_seconds = v.batch.cpu_seconds * (total_bytes ? static_cast<double>(bytes[j]) / total_bytes
                                                            : 1.0 / static_cast<double>(in.size()));
      }
      in.clear();
    } else {
      v.note += (v.note.empty() ? "" : "; ") + ("the batch of " + std::to_string(in.size()) +
                                                 " was NOT accepted (" + v.batch.verdict +
                                                 "), each member checked alone");
      const double share = v.batch.cpu_seconds / static_cast<double>(in.size());
      for (std::size_t i : in) {
        alone[i] = true;
        v.members[i].cpu_seconds += share;
      }
      in.clear();
    }
  }
  for (std::size_t i : in) alone[i] = true;
  // ---- members checked alone ----
  for (std::size_t i = 0; i < k; ++i) {
    if (!alone[i]) continue;
    std::vector<Clause> cnf = base;
    cnf.insert(cnf.end(), rests[i]->begin(), rests[i]->end());
    const std::string path = stem + "-" + std::to_string(i) + ".cnf";
    const std::string sha = write_dimacs(cnf, path);
    const LratVerdict lv = run_lrat_checker(path, member_lrat[i]);
    std::filesystem::remove(path, ec);
    check_cnf_identity(lv, &cnf, sha, path);
    auto& mv = v.members[i];
    mv.verified = lv.verified;
    mv.batched = false;
    mv.message = lv.verdict;
    mv.cnf_sha256 = lv.cnf_sha256.empty() ? sha : lv.cnf_sha256;
    mv.cpu_seconds += lv.cpu_seconds;
  }
  return v;
}

}  // namespace schedcert::encodings::sat
