// Coverage checks (coverage.hpp).
#include "search/coverage.hpp"

#include <cadical.hpp>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>

#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/drat.hpp"
#include "schedules/error.hpp"
#include "search/conquer.hpp"

namespace schedcert::search {

using nlohmann::json;

json to_json(const Coverage& c) {
  json j{{"checked", c.checked}, {"method", c.method},   {"argument", c.argument},
         {"message", c.message}, {"clauses", c.clauses}, {"lemmas", c.lemmas},
         {"cpu_seconds", c.cpu_seconds}};
  if (!c.lrat_file.empty()) j["lrat_file"] = c.lrat_file;
  return j;
}

Coverage coverage_from_json(const json& j) {
  Coverage c;
  c.checked = j.value("checked", false);
  c.method = j.value("method", "");
  c.argument = j.value("argument", "");
  c.message = j.value("message", "");
  c.clauses = j.value("clauses", std::uint64_t{0});
  c.lemmas = j.value("lemmas", std::uint64_t{0});
  c.cpu_seconds = j.value("cpu_seconds", 0.0);
  c.lrat_file = j.value("lrat_file", "");
  return c;
}

encodings::sat::LratVerdict Family::verified_check(const std::string& cnf_path, const std::string& lrat_path,
                                                   const Cube*, const std::vector<Cube>*) const {
  return encodings::sat::run_lrat_checker(cnf_path, lrat_path);
}

std::vector<Clause> Family::cube_clauses(const Cube& c) const {
  std::vector<Clause> out;
  for (int l : c.lits) out.push_back({l});
  return out;
}

namespace {

std::vector<Clause> coverage_cnf(const std::vector<Clause>& side, const std::vector<Cube>& cubes) {
  std::vector<Clause> cnf = side;
  for (const auto& c : cubes) {
    Clause neg;
    for (int l : c.lits) neg.push_back(-l);
    cnf.push_back(std::move(neg));
  }
  return cnf;
}

std::string scratch_file(const char* what) {
  static std::atomic<unsigned> counter{0};
  return (std::filesystem::temp_directory_path() /
          ("schedcert-" + std::string(what) + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++)))
      .string();
}

// Both checkers on the coverage CNF: our DRAT checker (writing LRAT) and the Coq-verified LRAT
// checker (encodings/sat/lrat_check.hpp); without a verified checker in the build, DRAT alone.
// With `family`, its verified_check runs the verified checker (on the coverage CNF of `cubes`),
// and the accepted LRAT proof is kept in cov.lrat_text when the family keeps its proofs.
void certify_into(Coverage& cov, const std::vector<Clause>& cnf, const std::string& proof,
                  const Family* family = nullptr, const std::vector<Cube>* cubes = nullptr) {
  const bool verified_checker = !encodings::sat::lrat_checker_path().empty();
  encodings::sat::LratRunner runner;
  if (family)
    runner = [family, cubes](const std::string& cnf_path, const std::string& lrat_path) {
      return family->verified_check(cnf_path, lrat_path, nullptr, cubes);
    };
  const bool keep = family && family->keeps_lrat();
  const encodings::sat::UnsatCertificate c =
      encodings::sat::certify_unsat(cnf, proof, proof, "", keep, runner);
  std::error_code ec;
  // SCHEDCERT_KEEP_PROOFS keeps the coverage CNF and its DRAT proof (bench/drat_check.sh).
  if (!std::getenv("SCHEDCERT_KEEP_PROOFS")) std::filesystem::remove(proof + ".cnf", ec);
  if (keep) {
    if (c.verified()) {
      std::ifstream in(c.lrat_path, std::ios::binary);
      cov.lrat_text.assign(std::istreambuf_iterator<char>(in), {});
    }
    std::filesystem::remove(c.lrat_path, ec);
  }
  cov.checked = c.drat.verified && (c.lrat.verified || !verified_checker);
  cov.lemmas = c.drat.lemmas;
  cov.clauses = cnf.size();
  const std::string how = verified_checker ? c.summary() : c.drat.message + " (no verified LRAT checker in this build)";
  cov.message = cov.checked ? "coverage CNF (" + std::to_string(cnf.size()) + " clauses) UNSAT: " + how
                            : "coverage proof REJECTED: " + how;
}

}  // namespace

Coverage check_cover_cadical(const std::vector<Clause>& side, const std::vector<Cube>& cubes, const std::string& argument) {
  const double cpu0 = thread_cpu_seconds();
  Coverage cov;
  cov.method = "CaDiCaL decides (splitting/symmetry clauses + negated cubes); its DRAT proof is checked by "
               "schedcert's checker";
  cov.argument = argument;
  const std::vector<Clause> cnf = coverage_cnf(side, cubes);
  const std::string proof = scratch_file("coverage");
  int r = 0;
  std::vector<int> model;
  {
    CaDiCaL::Solver s;
    s.set("quiet", 1);
    s.set("binary", 1);
    s.trace_proof(proof.c_str());
    for (const auto& c : cnf) {
      for (int l : c) s.add(l);
      s.add(0);
    }
    r = s.solve();
    if (r == 10) {
      std::set<int> vars;
      for (const auto& c : cubes)
        for (int l : c.lits) vars.insert(std::abs(l));
      for (int v : vars) model.push_back(s.val(v) > 0 ? v : -v);
    }
    s.close_proof_trace();
  }
  if (r == 10) {
    std::ostringstream m;
    m << "NOT covered: the assignment";
    for (int l : model) m << ' ' << l;
    m << " satisfies the splitting/symmetry clauses and lies in no cube";
    cov.message = m.str();
    cov.clauses = cnf.size();
  } else if (r == 20) {
    certify_into(cov, cnf, proof);
  } else {
    cov.message = "coverage CNF not decided";
  }
  if (!std::getenv("SCHEDCERT_KEEP_PROOFS")) std::remove(proof.c_str());
  cov.cpu_seconds = thread_cpu_seconds() - cpu0;
  return cov;
}

Coverage check_cover_drup(const std::vector<Clause>& side, const std::vector<Cube>& cubes,
                          const std::vector<Clause>& lemmas, const std::string& argument, const Family* family) {
  const double cpu0 = thread_cpu_seconds();
  Coverage cov;
  cov.method = "decision-tree proof (each lemma RUP) checked by schedcert's DRAT checker against the "
               "formula + negated cubes";
  cov.argument = argument;
  const std::vector<Clause> cnf = coverage_cnf(side, cubes);
  const std::string proof = scratch_file("coverage-drup");
  {
    std::ofstream out(proof);
    for (const auto& c : lemmas) {
      for (int l : c) out << l << ' ';
      out << "0\n";
    }
    out << "0\n";
    if (!out) throw InputError("cannot write the coverage proof '" + proof + "'");
  }
  certify_into(cov, cnf, proof, family, &cubes);
  std::remove(proof.c_str());
  cov.cpu_seconds = thread_cpu_seconds() - cpu0;
  return cov;
}

}  // namespace schedcert::search
