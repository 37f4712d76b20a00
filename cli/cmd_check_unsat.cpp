// `schedcert check-unsat CNF PROOF`: re-checks an UNSAT certificate from its files. A DRAT proof
// (CaDiCaL's, text or binary) is checked by our forward checker, which writes the LRAT proof;
// the LRAT proof is then checked by schedcert-lrat, the checker proved sound in Coq
// (encodings/lrat_check.hpp). With --lrat-only, PROOF is already LRAT and only the verified
// checker runs. Exit 0: both accept; 1: a checker rejects; 2: input error.
#include <iostream>

#include "cli/commands.hpp"
#include "encodings/lrat_check.hpp"

namespace schedcert::cli {

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
        const auto v = encodings::run_lrat_checker(o->cnf, o->proof);
        std::cout << v.output;
        std::cout << "verified checker: " << v.cpu_seconds << " s CPU, " << v.seconds << " s wall\n";
        return v.verified ? 0 : v.exit_code == 2 ? 2 : 1;
      }
      std::vector<encodings::Clause> cnf;
      try {
        cnf = encodings::read_dimacs(o->cnf);
      } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
      }
      const std::string lrat = o->lrat.empty() ? o->proof + ".lrat" : o->lrat;
      const auto c = encodings::certify_unsat_file(cnf, o->cnf, o->proof, lrat);
      std::cout << "DRAT: " << c.drat.message << " (" << c.drat_cpu_seconds << " s CPU)\n";
      std::cout << "LRAT: " << lrat << " (" << c.lrat_bytes << " bytes)\n" << c.lrat.output;
      std::cout << "verified checker: " << c.lrat.cpu_seconds << " s CPU, " << c.lrat.seconds << " s wall\n";
      return c.verified() ? 0 : 1;
    };
  });
}

}  // namespace schedcert::cli
