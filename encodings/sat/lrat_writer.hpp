// Writer of LRAT proofs (Cruz-Filipe, Heule, Hunt, Kaufmann & Schneider-Kamp, "Efficient
// certified RAT verification", CADE 2017) for the DRAT checker in drat.cpp, which finds the
// hints while it checks. Text format, one step a line:
//   addition  "<id> <literals> 0 <hints> 0"   hints: positive ids = clauses that become unit (the
//             last one falsified) under the negated lemma; a negative id -j opens the RAT group of
//             clause j (which holds the negated pivot), followed by that resolvent's unit chain;
//   deletion  "<id> d <ids> 0"                (id: the last clause id, as drat-trim writes).
// Clause ids: the CNF's clauses are 1..m in file order, lemmas continue from m + 1. The backward
// checker (drat_backward.cpp) writes only the core lemmas (ids skip) and deletes each clause
// after its last use.
#pragma once
#include <charconv>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace schedcert::encodings::sat::drat_detail {

class LratWriter {
 public:
  explicit LratWriter(const std::string& path) : f_(std::fopen(path.c_str(), "wb"), std::fclose) {
    if (!f_) throw std::runtime_error("cannot write LRAT proof '" + path + "'");
    buf_.reserve(1 << 16);
  }
  ~LratWriter() { flush(); }
  void add(long id, const std::vector<int>& lits, const std::vector<long>& hints) {
    num(id);
    for (int l : lits) num(l);
    num(0);
    for (long h : hints) num(h);
    num(0);
    buf_ += '\n';
    spill();
  }
  void del(long last_id, const std::vector<long>& ids) {
    if (ids.empty()) return;
    num(last_id);
    buf_ += " d";
    for (long i : ids) num(i);
    num(0);
    buf_ += '\n';
    spill();
  }
  void flush() {
    if (!buf_.empty() && std::fwrite(buf_.data(), 1, buf_.size(), f_.get()) != buf_.size())
      throw std::runtime_error("LRAT proof: write failed");
    buf_.clear();
    std::fflush(f_.get());
  }

 private:
  void num(long x) {
    if (!buf_.empty() && buf_.back() != '\n') buf_ += ' ';
    char digits[24];
    const auto r = std::to_chars(digits, digits + sizeof digits, x);
    buf_.append(digits, r.ptr);
  }
  void spill() {
    if (buf_.size() > (1 << 16)) flush();
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f_;
  std::string buf_;
};

}  // namespace schedcert::encodings::sat::drat_detail
