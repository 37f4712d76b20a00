// CaDiCaL backend (backend.hpp): clauses and assumptions go straight to CaDiCaL::Solver;
// the time limit is a Terminator polled by the solver; a DRAT proof file, if asked for, is
// attached before the first clause (CaDiCaL requires this) and closed when the backend dies.
#include <cadical.hpp>

#include <chrono>
#include <stdexcept>
#include <string>

#include "encodings/sat/backend.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::encodings::sat {

namespace {

// The call's own limit, and the command's budget (issue 18): a watchdog's stop (deadline or
// memory) ends the search with Unknown instead of waiting for the hard exit.
class Deadline : public CaDiCaL::Terminator {
 public:
  std::chrono::steady_clock::time_point end;
  bool active = false;
  bool terminate() override {
    return schedules::budget::command_budget().stopped() ||
           (active && std::chrono::steady_clock::now() >= end);
  }
};

class Cadical : public SatBackend {
 public:
  explicit Cadical(const std::string& proof_path) : path_(proof_path) {
    solver_.set("quiet", 1);
    if (!path_.empty()) {
      solver_.set("binary", 1);
      if (!solver_.trace_proof(path_.c_str()))
        throw std::runtime_error("cannot write DRAT proof '" + proof_path + "'");
    }
    solver_.connect_terminator(&deadline_);
  }
  ~Cadical() override {
    solver_.disconnect_terminator();
    if (!path_.empty()) solver_.close_proof_trace();
  }
  void add(const std::vector<int>& clause) override {
    for (int l : clause) solver_.add(l);
    solver_.add(0);
  }
  SatAnswer solve(const std::vector<int>& assumptions, double seconds) override {
    for (int l : assumptions) solver_.assume(l);
    deadline_.active = seconds > 0;
    deadline_.end = std::chrono::steady_clock::now() +
                    std::chrono::microseconds(static_cast<long long>(seconds * 1e6));
    const int r = solver_.solve();
    deadline_.active = false;
    if (!path_.empty()) solver_.flush_proof_trace();
    return r == 10 ? SatAnswer::Sat : r == 20 ? SatAnswer::Unsat : SatAnswer::Unknown;
  }
  bool value(int var) override { return solver_.val(var) > 0; }
  const char* name() const override { return "cadical"; }
  void freeze(int var) override { solver_.freeze(var); }

 private:
  std::string path_;  // CaDiCaL keeps a pointer to the proof file name
  CaDiCaL::Solver solver_;
  Deadline deadline_;
};

}  // namespace

std::unique_ptr<SatBackend> make_cadical(const std::string& proof_path) {
  return std::make_unique<Cadical>(proof_path);
}

}  // namespace schedcert::encodings::sat
