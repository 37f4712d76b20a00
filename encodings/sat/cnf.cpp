// CNF builder (cnf.hpp). The counter is Sinz's sequential counter (CP 2005) in its
// "at least j implies s[i][j]" direction only, which is all an upper bound needs:
//   x_i -> s[i][1];  s[i-1][j] -> s[i][j];  x_i & s[i-1][j-1] -> s[i][j].
// The outputs s[n][j] are then forced true whenever j literals are true, so the unit -s[n][k+1]
// forbids k + 1 true literals. Writers go through an ostringstream and one file write.
#include "encodings/sat/cnf.hpp"
#include "schedules/io/sha256.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace schedcert::encodings::sat {

std::vector<int> Cnf::counter(const std::vector<int>& lits, int width) {
  std::vector<int> prev;  // s[i-1][1..width]
  for (std::size_t i = 0; i < lits.size(); ++i) {
    std::vector<int> cur(width);
    for (int j = 0; j < width; ++j) {
      cur[j] = new_var();
      if (j == 0) add({-lits[i], cur[0]});
      if (!prev.empty()) {
        add({-prev[j], cur[j]});
        if (j > 0) add({-lits[i], -prev[j - 1], cur[j]});
      }
    }
    prev = std::move(cur);
  }
  if (prev.empty()) {  // no literals: outputs are false
    for (int j = 0; j < width; ++j) {
      prev.push_back(new_var());
      add({-prev.back()});
    }
  }
  return prev;
}

namespace {
void put(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot write '" + path + "'");
  f << text;
  if (!f) throw std::runtime_error("write failed for '" + path + "'");
}
std::string commented(const std::string& comment, const char* prefix) {
  std::ostringstream o;
  std::istringstream in(comment);
  std::string line;
  while (std::getline(in, line)) o << prefix << line << "\n";
  return o.str();
}
}  // namespace

std::string Cnf::write_dimacs(const std::string& path, const std::string& comment) const {
  std::ostringstream o;
  o << commented(comment, "c ");
  o << "p cnf " << vars_ << " " << clauses_.size() << "\n";
  for (const auto& c : clauses_) {
    for (int l : c) o << l << ' ';
    o << "0\n";
  }
  const std::string text = o.str();
  put(path, text);
  return schedules::io::sha256_hex(text);
}

void Cnf::write_smt2(const std::string& path, const std::string& comment) const {
  std::ostringstream o;
  o << commented(comment, "; ");
  o << "(set-logic QF_UF)\n";
  for (int v = 1; v <= vars_; ++v) o << "(declare-const b" << v << " Bool)\n";
  for (const auto& c : clauses_) {
    auto lit = [](int l) { return l > 0 ? "b" + std::to_string(l) : "(not b" + std::to_string(-l) + ")"; };
    if (c.empty()) o << "(assert false)\n";
    else if (c.size() == 1) o << "(assert " << lit(c[0]) << ")\n";
    else {
      o << "(assert (or";
      for (int l : c) o << ' ' << lit(l);
      o << "))\n";
    }
  }
  o << "(check-sat)\n(exit)\n";
  put(path, o.str());
}

}  // namespace schedcert::encodings::sat
