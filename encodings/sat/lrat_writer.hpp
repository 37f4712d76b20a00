// Writer of LRAT proofs (Cruz-Filipe, Heule, Hunt, Kaufmann & Schneider-Kamp, "Efficient
// certified RAT verification", CADE 2017) for the DRAT checker in drat.cpp, which finds the
// hints while it checks. Text format, one step a line:
//   addition  "<id> <literals> 0 <hints> 0"   hints: positive ids = clauses that become unit (the
//             last one falsified) under the negated lemma; a negative id -j opens the RAT group of
//             clause j (which holds the negated pivot), followed by that resolvent's unit chain;
//   deletion  "<id> d <ids> 0"                (id: the last clause id, as drat-trim writes).
// Clause ids: the CNF's clauses are 1..m in file order, lemmas continue from m + 1. The backward
// checker (drat_backward.cpp) writes only the core lemmas (ids skip) and deletes each clause
// after its last use. Each line is formatted straight into one 64 KB-flushed buffer (issue 27).
#pragma once
#include <algorithm>
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
    buf_.resize(2 * kFlush);
  }
  ~LratWriter() { flush(); }
  void add(long id, const std::vector<int>& lits, const std::vector<long>& hints) {
    char* p = room(lits.size() + hints.size() + 3);
    p = num(p, id);
    for (int l : lits) p = num(p, l);
    *p++ = '0';
    *p++ = ' ';
    for (long h : hints) p = num(p, h);
    *p++ = '0';
    *p++ = '\n';
    done(p);
  }
  void del(long last_id, const std::vector<long>& ids) {
    if (ids.empty()) return;
    char* p = room(ids.size() + 3);
    p = num(p, last_id);
    *p++ = 'd';
    *p++ = ' ';
    for (long i : ids) p = num(p, i);
    *p++ = '0';
    *p++ = '\n';
    done(p);
  }
  void flush() {
    if (n_ > 0 && std::fwrite(buf_.data(), 1, n_, f_.get()) != n_) throw std::runtime_error("LRAT proof: write failed");
    n_ = 0;
    std::fflush(f_.get());
  }

 private:
  static constexpr std::size_t kFlush = 1 << 16;
  // Space for `numbers` numbers of up to 20 characters and a separator each.
  char* room(std::size_t numbers) {
    const std::size_t need = n_ + 21 * numbers + 2;
    if (buf_.size() < need) buf_.resize(std::max(need, 2 * kFlush));
    return buf_.data() + n_;
  }
  void done(char* p) {
    n_ = static_cast<std::size_t>(p - buf_.data());
    if (n_ > kFlush) flush();
  }
  // The decimal digits of x and a space; two digits a step from a table (callgrind, the 15
  // alpha(7) cube proofs: LRAT writing 340 -> 305 million instructions against std::to_chars).
  static char* num(char* p, long x) {
    static constexpr char kPairs[] =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
        "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
        "8081828384858687888990919293949596979899";
    unsigned long u = static_cast<unsigned long>(x);
    if (x < 0) {
      *p++ = '-';
      u = static_cast<unsigned long>(-(x + 1)) + 1ul;  // |x|, also for LONG_MIN, without wrapping
    }
    char tmp[20];
    char* e = tmp + sizeof tmp;
    char* b = e;
    while (u >= 100) {
      const unsigned long r = u % 100;
      u /= 100;
      b -= 2;
      b[0] = kPairs[2 * r];
      b[1] = kPairs[2 * r + 1];
    }
    if (u >= 10) {
      b -= 2;
      b[0] = kPairs[2 * u];
      b[1] = kPairs[2 * u + 1];
    } else {
      *--b = static_cast<char>('0' + u);
    }
    while (b != e) *p++ = *b++;
    *p++ = ' ';
    return p;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f_;
  std::vector<char> buf_;
  std::size_t n_ = 0;  // bytes of buf_ in use
};

}  // namespace schedcert::encodings::sat::drat_detail
