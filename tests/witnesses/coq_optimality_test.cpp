// Coq optimality witnesses (issue 15, part 2: coq/Bounds.v, coq/Optimality.v,
// witnesses/coq_bounds.*, witnesses/coq_optimality.*): every row of `certify --paper` marked
// optimal by bound has an argument of coq/Bounds.v reaching its number of steps; the files of
// small rows, one per kind of argument, compile; a weakened argument and a schedule one step
// longer than the bound are refused with a message; `export coq --optimality` round-trips
// through --check.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "papers/paper_optimality.hpp"
#include "schedules/io/schedule_json.hpp"
#include "tests/cli/run_cli.hpp"
#include "tests/witnesses/coq_run.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_bounds.hpp"
#include "witnesses/coq_optimality.hpp"

namespace schedcert_test_witnesses_coq_optimality_test {

namespace fs = std::filesystem;
using namespace schedcert;
using namespace coq_test;
using schedules::Model;
using schedules::Schedule;

namespace {

// The optimal rows: bertsekas1991 up to d = 6, dimakopoulos1998 up to 256 nodes (no Z3).
const std::vector<certify::OptimalRow>& rows() {
  static const std::vector<certify::OptimalRow> r = [] {
    auto a = certify::optimal_paper_rows("bertsekas1991", 6);
    auto b = certify::optimal_paper_rows("dimakopoulos1998", 0, 256, false);
    a.insert(a.end(), std::make_move_iterator(b.begin()), std::make_move_iterator(b.end()));
    return a;
  }();
  return r;
}

const certify::OptimalRow& row(const std::string& label) {
  for (const auto& r : rows())
    if (r.label == label) return r;
  FAIL("no optimal row " << label);
  return rows().front();
}

}  // namespace

TEST_CASE("coq optimality: every row marked optimal by bound has a Coq argument reaching its steps") {
  REQUIRE(rows().size() >= 90 + 28);  // 15 per d (bertsekas1991, d <= 6), 28 dimakopoulos1998 rows
  std::map<std::string, int> kinds;
  for (const auto& r : rows()) {
    INFO(r.row);
    const auto lb = verifier::lower_bounds(r.schedule.network(), r.schedule.model(), r.schedule.problem());
    CHECK(lb.steps.value == r.schedule.num_steps());  // the row is optimal by the C++ bound ...
    const auto a = witnesses::coq_optimality_argument(r.schedule);
    REQUIRE(a.has_value());  // ... and by an argument Coq proves
    CHECK(a->steps == r.schedule.num_steps());
    ++kinds[a->coq_term().substr(0, a->coq_term().find(' '))];
  }
  CHECK(kinds["ByDistance"] > 0);
  CHECK(kinds["ByCuts"] > 0);
}

TEST_CASE("coq optimality: no argument exceeds a valid schedule's steps (soundness of the C++ mirror)") {
  // A valid schedule can never be shorter than a proved bound: here the mirror of Bounds.v is
  // evaluated on every candidate of every optimal row (not only the chosen one).
  for (const auto& r : rows()) {
    INFO(r.row);
    for (const auto& a : witnesses::coq_bound_candidates(r.schedule.network(), r.schedule.model(),
                                                         r.schedule.problem())) {
      INFO(a.coq_term());
      CHECK(a.steps <= r.schedule.num_steps());
    }
  }
}

TEST_CASE("coq optimality: witnesses of small rows compile, one per kind of argument" *
          doctest::test_suite("slow")) {
  const CoqDir& d = coq_dir();
  // distance; doubling is never chosen on Q_d (it equals the distance), so it is forced below;
  // receptions at a node (AllBut); sends of a combining node (Only, one item per packet); a
  // bisection (single cut, all-port); the item-hop family (single-port total exchange); a path's
  // middle node (P5, single-port).
  const char* labels[] = {
      "bertsekas1991_d3_broadcast_single_port_full_sbt_broadcast",
      "bertsekas1991_d3_multinode_broadcast_single_port_full_bertsekas_mnb_sla",
      "bertsekas1991_d3_multinode_accumulation_single_port_full_bertsekas_mna",
      "bertsekas1991_d4_total_exchange_all_port_bertsekas_te",
      "bertsekas1991_d3_total_exchange_single_port_full_bertsekas_te_sla",
      "dimakopoulos1998_P5_single_port_full_dimakopoulos_dim_te",
      "dimakopoulos1998_C5_single_port_full_dimakopoulos_dim_te",
  };
  for (const char* label : labels) {
    const auto& r = row(label);
    INFO(r.row);
    const auto a = witnesses::coq_optimality_argument(r.schedule);
    REQUIRE(a.has_value());
    {
      std::ofstream out(d.dir / (r.label + ".v"));
      witnesses::write_coq_optimality(r.schedule, *a, out);
    }
    const Run c = d.coqc(r.label);
    INFO(c.out);
    CHECK(c.code == 0);
    CHECK(no_axioms(c.out));
  }
  // Doubling, forced: SBT broadcast Q3 single-port, ceil(log2 8) = 3.
  const auto& r = row("bertsekas1991_d3_broadcast_single_port_full_sbt_broadcast");
  witnesses::CoqBoundArgument dbl;
  dbl.kind = witnesses::CoqBoundArgument::Kind::Doubling;
  dbl.item = 0;
  dbl.steps = 3;
  dbl.what = "doubling";
  {
    std::ofstream out(d.dir / "opt_doubling.v");
    witnesses::write_coq_optimality(r.schedule, dbl, out);
  }
  const Run c = d.coqc("opt_doubling");
  INFO(c.out);
  CHECK(c.code == 0);
}

// Issue 26: the SCCL set's "Q5 allgather in 5 steps is impossible" (docs/synthesis.md) as a
// closed Coq theorem. allgather = multinode broadcast, M = 1, all-port; the 7-step schedule of
// Bertsekas et al. 1991 with the cut around node 0 (31 items over 5 links: 7 steps) gives
// `optimal sched`, whose second half says that every valid schedule of this instance has at
// least 7 > 5 steps. No embedded LRAT is needed (the exact-mode refutation's is 29.8 MB).
TEST_CASE("coq optimality: Q5 allgather (SCCL set) has no schedule of 5 or 6 steps, closed theorem" *
          doctest::test_suite("slow")) {
  const CoqDir& d = coq_dir();
  const auto& r = row("bertsekas1991_d5_multinode_broadcast_all_port_bertsekas_mnb");
  INFO(r.row);
  const auto a = witnesses::coq_optimality_argument(r.schedule);
  REQUIRE(a.has_value());
  CHECK(a->steps == 7);  // Bertsekas et al. 1991: ceil((2^5 - 1) / 5)
  CHECK(a->steps > 5);
  std::ostringstream text;
  witnesses::write_coq_optimality(r.schedule, *a, text);
  CHECK(text.str().find("Sched (hypercube 5) AllPort (Prob MultinodeBroadcast 0 1 1 [])") !=
        std::string::npos);
  std::ofstream(d.dir / "q5_allgather.v") << text.str();
  const Run c = d.coqc("q5_allgather");
  INFO(c.out);
  CHECK(c.code == 0);
  CHECK(no_axioms(c.out));
}

TEST_CASE("coq optimality: a weakened argument and a longer schedule are refused") {
  const CoqDir& d = coq_dir();
  // The MNB Q3 single-port row (7 steps) with the distance argument instead (3 steps).
  const auto& r = row("bertsekas1991_d3_multinode_broadcast_single_port_full_bertsekas_mnb_sla");
  witnesses::CoqBoundArgument weak;
  weak.kind = witnesses::CoqBoundArgument::Kind::Distance;
  weak.item = 0;
  weak.node = 7;
  weak.steps = 3;
  weak.what = "distance";
  {
    std::ofstream out(d.dir / "opt_weak.v");
    witnesses::write_coq_optimality(r.schedule, weak, out);
  }
  const Run c = d.coqc("opt_weak");
  INFO(c.out);
  CHECK(c.code != 0);
  CHECK(c.out.find("the argument proves 3%nat") != std::string::npos);
  CHECK(c.out.find("the schedule has 7%nat") != std::string::npos);

  // SBT broadcast Q3 with a fourth step repeating a transmission: valid, not optimal.
  const Schedule s = gen("sbt-broadcast", 3, Model::AllPort);
  Schedule longer = s;
  longer.begin_step();
  longer.add(s.from(0), s.to(0), s.packet(0));
  REQUIRE(verifier::verify_native(longer).valid);
  CHECK_FALSE(witnesses::coq_optimality_argument(longer).has_value());
  const fs::path json = d.dir / "longer.json";
  schedules::io::write_schedule_file(longer, json.string());
  const auto cli = testing::run_cli("export coq '" + json.string() + "' --optimality -o '" +
                                    (d.dir / "longer_opt.v").string() + "'");
  INFO(cli.out);
  CHECK(cli.code == 1);
  CHECK(cli.out.find("no argument of coq/Bounds.v proves 4 steps") != std::string::npos);
  CHECK_FALSE(fs::exists(d.dir / "longer_opt.v"));
}

TEST_CASE("coq optimality: export coq --optimality writes the witness and --check re-derives it") {
  const CoqDir& d = coq_dir();
  const auto& r = row("bertsekas1991_d2_gather_single_port_full_bertsekas_gather");
  const fs::path json = d.dir / "gather.json";
  schedules::io::write_schedule_file(r.schedule, json.string());
  const fs::path w = d.dir / "gather_opt.v";
  auto cli = testing::run_cli("export coq '" + json.string() + "' --optimality -o '" + w.string() + "'");
  INFO(cli.out);
  REQUIRE(cli.code == 0);
  std::ifstream in(w);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str().find("Theorem sched_optimal : optimal sched.") != std::string::npos);
  CHECK(ss.str().find("ByCuts [AllBut 0]") != std::string::npos);
  cli = testing::run_cli("export coq '" + json.string() + "' --optimality --check '" + w.string() + "'");
  CHECK(cli.code == 0);
  cli = testing::run_cli("export coq '" + json.string() + "' --check '" + w.string() + "'");
  CHECK(cli.code == 1);  // the validity witness of the file is a different text
  const Run c = d.coqc("gather_opt");
  INFO(c.out);
  CHECK(c.code == 0);
  CHECK(no_axioms(c.out));
}

}  // namespace schedcert_test_witnesses_coq_optimality_test
