// The SMT verifier: a second, independent engine for the rules of verifier/verdict.hpp.
//
// The schedule becomes an SMT-LIB2 query (QF_LIA: integers with div/mod by numerals, Booleans)
// that asserts "some rule is violated": `sat` means the schedule is invalid, `unsat` that it is
// valid. The rules are written declaratively over the schedule data (adjacency as digit
// arithmetic, capacity and port limits as counts over the transmissions of a step, causality from
// a time-indexed "holds" predicate); nothing is shared with verifier/native.cpp or with
// Network::adjacent. See encodings/smt/query.cpp for the encoding and docs/smt-encoding.md for
// sizes and times.
#pragma once
#include <string>

#include "schedules/schedule.hpp"
#include "verifier/verdict.hpp"

namespace schedcert::encodings::smt {

struct SmtOptions {
  unsigned timeout_ms = 60000;
};

// Verdict with engine = "smt": the same validity and the same first violation (rule,
// transmission, step, item, node) as verify_native, and the same metrics. On sat every violation
// Boolean is evaluated in the model (the model is unique: every defined symbol is a function of
// the asserted data) and the first is picked in the order of verdict.hpp.
// Throws schedcert::UnknownResult when Z3 answers unknown; the message says whether the timeout
// was hit or gives Z3's reason.
verifier::Verdict verify_smt(const schedules::Schedule& s, const SmtOptions& o = {});

// The same query as a standalone SMT-LIB2 file: a comment header, (set-logic QF_LIA), every
// declaration, the data, the rules, the assertion "some rule is violated" and (check-sat).
// Accepted by `z3 FILE` and `cvc5 FILE`; `sat` = invalid, `unsat` = valid. The answer is not
// written into the file.
std::string smt2_query(const schedules::Schedule& s);

}  // namespace schedcert::encodings::smt
