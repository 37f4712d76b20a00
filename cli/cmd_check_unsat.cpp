// `schedcert check-unsat CNF PROOF`: re-checks an UNSAT certificate from its files. A DRAT proof
// (CaDiCaL's, text or binary) is checked by our forward checker, which writes the LRAT proof;
// the LRAT proof is then checked by schedcert-lrat, the checker proved sound in Coq
// (encodings/sat/lrat_check.hpp). With --lrat-only, PROOF is already LRAT and only the verified
// checker runs. Exit 0: both accept; 1: a checker rejects; 2: input error (also: the checker
// binary is not the one the build made); 4: the CNF the verified checker read is not the one
// schedcert read (its SHA-256 differs from the file's as read here or, with a DRAT proof, the
// clauses it parsed differ from ours): see encodings/sat/lrat_check.hpp.
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "encodings/sat/lrat_check.hpp"
#include "schedules/error.hpp"
#include "schedules/io/sha256.hpp"

namespace schedcert::cli {

namespace {

// The SHA-256 of the file's bytes as this process reads them.
std::string file_sha256(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read CNF '" + path + "'");
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return schedules::io::sha256_hex(bytes.str());
}

void print_checker(const encodings::sat::LratVerdict& v) {
  if (!v.checker_path.empty())
    std::cout << "verified checker: " << v.checker_path << " (sha256 " << v.checker_sha256
              << ", the schedcert-lrat this build made)\n";
}

}  // namespace

void add_check_unsat_command(CLI::App& app, std::function<int()>& action, std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand("check-unsat",
                                 "check an UNSAT certificate (CNF + DRAT proof): our DRAT checker writes LRAT, the "
                                 "LRAT checker proved in Coq (schedcert-lrat) checks it");
  struct Opts {
    std::string cnf, proof, lrat;
    bool lrat_only = false;
  };
  auto o = std::make_shared<Opts>();
  keep.push_back(o);
  sub->add_option("cnf", o->cnf, "DIMACS CNF")->required();
  sub->add_option("proof", o->proof, "DRAT proof (or LRAT with --lrat-only)")->required();
  sub->add_option("--lrat", o->lrat, "where the LRAT proof goes (default: PROOF.lrat)");
  sub->add_flag("--lrat-only", o->lrat_only, "PROOF is LRAT: run only the verified checker");
  sub->callback([&action, o] {
    action = [o] {
      if (o->lrat_only) {
        const std::string sha = file_sha256(o->cnf);
        const auto v = encodings::sat::run_lrat_checker(o->cnf, o->proof);
        std::cout << v.output;
        print_checker(v);
        std::cout << "verified checker: " << v.cpu_seconds << " s CPU, " << v.seconds << " s wall\n";
        // The file the checker read must be the file read here (third-party files: issue 25).
        encodings::sat::check_cnf_identity(v, nullptr, sha, o->cnf);
        if (v.verified) std::cout << "CNF sha256 " << sha << ": the file read here is the file the checker read\n";
        return v.verified ? 0 : v.exit_code == 2 ? 2 : 1;
      }
      std::vector<encodings::sat::Clause> cnf;
      std::string sha;
      try {
        sha = file_sha256(o->cnf);
        cnf = encodings::sat::read_dimacs(o->cnf);
      } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
      }
      const std::string lrat = o->lrat.empty() ? o->proof + ".lrat" : o->lrat;
      const auto c = encodings::sat::certify_unsat_file(cnf, o->cnf, sha, o->proof, lrat);
      std::cout << "DRAT: " << c.drat.message << " (" << c.drat_cpu_seconds << " s CPU)\n";
      std::cout << "LRAT: " << lrat << " (" << c.lrat_bytes << " bytes)\n" << c.lrat.output;
      print_checker(c.lrat);
      std::cout << "verified checker: " << c.lrat.cpu_seconds << " s CPU, " << c.lrat.seconds << " s wall\n";
      if (c.verified())
        std::cout << "CNF sha256 " << sha << ", clauses sha256 " << c.lrat.cnf_clauses_sha256
                  << ": the checker read the file and the clauses our DRAT checker saw\n";
      return c.verified() ? 0 : c.lrat.exit_code == 2 ? 2 : 1;
    };
  });
}

}  // namespace schedcert::cli
