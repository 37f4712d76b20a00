// MSCCL-IR written by msccl-tools' SCCL synthesizer (tests/fixtures/msccl/sccl/, README there):
// each file through the command line with its expected exit code and output line; coll="custom"
// resolved from the name or --collective; and mutants of the valid files, each rejected.
#include "msccl_test_util.hpp"

#include "interop/msccl_collective.hpp"

#include <filesystem>
#include <sstream>

namespace schedcert_test_interop_msccl_sccl_test {

namespace fs = std::filesystem;

using namespace schedcert;
using namespace schedcert::interop;
using namespace msccl_test;

namespace {

std::string sccl_dir() { return std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl/sccl"; }

}  // namespace

TEST_CASE("msccl sccl: every SCCL-written file gives its expected verdict") {
  const auto files = tests::fixture_files("fixtures/msccl/sccl", ".xml");
  REQUIRE(files.size() >= 13);
  for (const std::string& f : files) {
    const std::string name = fs::path(f).filename().string();
    std::istringstream expected(slurp(fs::path(f).replace_extension(".expected").string()));
    int code = -1;
    std::string args, line;
    expected >> code;
    expected.ignore();
    std::getline(expected, args);
    std::getline(expected, line);
    CAPTURE(name);
    REQUIRE(!line.empty());
    const auto r = testing::run_cli("import msccl " + name + " " + args, sccl_dir());
    CAPTURE(r.out);
    CHECK(r.code == code);
    CHECK(r.out.find(line) != std::string::npos);
  }
}

TEST_CASE("msccl sccl: coll=\"custom\" needs a name SCCL wrote or --collective") {
  const std::string text = slurp(sccl_dir() + "/custom-Allgather.n8.chunks6-DGX1-steps3.rounds7.msccl.xml");
  MscclAlgo a = parse_msccl_ir(text, "c.xml");
  CHECK(a.coll == "custom");
  MscclAlgo b = a;
  CHECK(resolve_collective(b, "allgather", -1) == "collective: allgather (--collective; the file says coll=\"custom\")");
  // Without a collective in the name: refused, asking for --collective.
  a.name = "my-algo";
  CHECK_THROWS_WITH_AS(resolve_collective(a, "", -1),
                       "c.xml: <algo>: attribute 'coll' = \"custom\" and the name \"my-algo\" does not say which "
                       "collective (SCCL writes \"Allgather(n=8)...\"): give --collective (allgather, alltoall, "
                       "allreduce, reduce_scatter, broadcast, reduce)",
                       InputError);
  // A name for another number of gpus is not trusted.
  a.name = "Allgather(n=4)-x";
  CHECK_THROWS_AS(resolve_collective(a, "", -1), InputError);
  // --collective must agree with a coll other than custom.
  MscclAlgo c = parse_msccl_ir(slurp(sccl_dir() + "/Allgather.n8-DGX1-steps2.msccl.xml"), "ag.xml");
  CHECK_THROWS_AS(resolve_collective(c, "alltoall", -1), InputError);
  CHECK(resolve_collective(c, "allgather", -1).empty());
  CHECK_THROWS_AS(resolve_collective(c, "gather", -1), InputError);
  // The command line: stated, and a wrong statement is refused.
  const auto ok = testing::run_cli("import msccl custom-Allgather.n8.chunks6-DGX1-steps3.rounds7.msccl.xml --collective allgather", sccl_dir());
  CHECK(ok.code == 0);
  const auto bad = testing::run_cli("import msccl custom-Allgather.n8.chunks6-DGX1-steps3.rounds7.msccl.xml --collective broadcast --root 0", sccl_dir());
  CHECK(bad.code == 2);  // its buffer sizes do not fit a broadcast: an input error naming the gpu
}

TEST_CASE("msccl sccl: mutants of the SCCL files are rejected unless they stay correct") {
  // Three mutations per step, where they apply: drop its dependency, flip its hasdep to 0, move
  // a receive's destination one slot up. A mutant is rejected (a hang, a data-flow violation or
  // an input error) unless the program stays correct: a dropped dependency implied by another
  // path, a hasdep whose dependants a later marked step of the tb releases (accepted with the
  // late-release note), a receive that SCCL's algorithm never reads moved onto a slot that is
  // overwritten later (the data flow is still checked valid: every output right, no race).
  std::size_t total = 0, rejected = 0, accepted[3] = {0, 0, 0};
  for (const char* f : {"Allgather.n8-DGX1-steps2.msccl.xml", "Alltoall.n8-DGX1-steps3.msccl.xml",
                        "Allgather.n8-Q3-steps3.msccl.xml", "Allgather.n6-Ring.n6-steps3.msccl.xml"}) {
    const MscclAlgo base = parse_msccl_ir(slurp(sccl_dir() + "/" + f), f);
    for (std::size_t g = 0; g < base.gpus.size(); ++g)
      for (std::size_t t = 0; t < base.gpus[g].tbs.size(); ++t)
        for (std::size_t s = 0; s < base.gpus[g].tbs[t].steps.size(); ++s)
          for (int kind = 0; kind < 3; ++kind) {
            MscclAlgo m = base;
            MscclStep& st = m.gpus[g].tbs[t].steps[s];
            if (kind == 0 && st.depid < 0) continue;
            if (kind == 1 && !st.hasdep) continue;
            if (kind == 2 && !op_receives(st.op)) continue;
            if (kind == 0) st.depid = st.deps = -1;
            if (kind == 1) st.hasdep = false;
            if (kind == 2) st.dstoff = (st.dstoff + 1) % m.gpus[g].chunks(st.dstbuf);
            ++total;
            try {
              const MscclRounds r = derive_rounds(m);
              const DataflowReport d = check_dataflow(m, r);
              if (!d.valid || !r.hangs.empty()) {
                ++rejected;
                continue;
              }
              ++accepted[kind];
              if (kind == 1) {
                bool late = false;
                for (const auto& n : r.notes) late = late || n.find("released by the runtime only after") != std::string::npos;
                CHECK_MESSAGE(late, std::string(f) << " gpu " << g << " tb " << t << " step " << s);
              }
            } catch (const InputError&) {
              ++rejected;
            }
          }
  }
  MESSAGE(total << " mutants of 4 SCCL files: " << rejected << " rejected; accepted and still correct: "
                << accepted[0] << " dependency drops, " << accepted[1] << " hasdep flips (released later), "
                << accepted[2] << " moved receives");
  CHECK(total > 400);
  CHECK(rejected * 10 > total * 9);
}

}  // namespace schedcert_test_interop_msccl_sccl_test
