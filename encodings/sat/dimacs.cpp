// DIMACS CNF reader for the DRAT checker (drat.hpp): "p cnf V C" header, clauses ending in
// 0 (possibly over several lines), "c" comments; errors name the file and line.
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "encodings/sat/drat.hpp"

namespace schedcert::encodings::sat {

std::vector<Clause> read_dimacs(const std::string& path, int* num_vars) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("cannot read CNF '" + path + "'");
  std::vector<Clause> out;
  Clause cur;
  std::string line;
  long vars = -1, count = -1, lineno = 0;
  while (std::getline(f, line)) {
    ++lineno;
    if (line.empty() || line[0] == 'c') continue;
    if (line[0] == 'p') {
      std::istringstream h(line);
      std::string p, cnf;
      if (!(h >> p >> cnf >> vars >> count) || cnf != "cnf" || vars < 0 || count < 0)
        throw std::runtime_error(path + ":" + std::to_string(lineno) + ": bad header '" + line + "'");
      // Literals are ints here (Clause): a larger count would let a literal wrap (issue 25).
      if (vars > std::numeric_limits<int>::max())
        throw std::runtime_error(path + ":" + std::to_string(lineno) + ": the header declares " + std::to_string(vars) +
                                 " variables; at most " + std::to_string(std::numeric_limits<int>::max()) +
                                 " are supported");
      continue;
    }
    if (vars < 0) throw std::runtime_error(path + ":" + std::to_string(lineno) + ": clause before the 'p cnf' header");
    std::istringstream ls(line);
    long x;
    while (ls >> x) {
      if (x == 0) {
        out.push_back(cur);
        cur.clear();
      } else {
        if (x > vars || x < -vars) throw std::runtime_error(path + ":" + std::to_string(lineno) + ": literal " + std::to_string(x) + " beyond " + std::to_string(vars) + " variables");
        cur.push_back(static_cast<int>(x));
      }
    }
    if (!ls.eof()) throw std::runtime_error(path + ":" + std::to_string(lineno) + ": not a number in '" + line + "'");
  }
  if (!cur.empty()) throw std::runtime_error(path + ": last clause not terminated by 0");
  if (count >= 0 && static_cast<long>(out.size()) != count)
    throw std::runtime_error(path + ": header says " + std::to_string(count) + " clauses, found " + std::to_string(out.size()));
  if (num_vars) *num_vars = static_cast<int>(vars);
  return out;
}

}  // namespace schedcert::encodings::sat
