// MSCCL-IR progress semantics (issue 28 item 2): the msccl runtime publishes a thread block's
// progress only after a step with hasdep="1"; a dependency on a step without it is released by
// a later marked step of its tb, or never (a hang, exit 1). docs/msccl.md "Progress".
#include "msccl_test_util.hpp"

#include <regex>

namespace schedcert_test_interop_msccl_progress_test {

using namespace schedcert;
using namespace schedcert::interop;
using namespace msccl_test;

namespace {

// One gpu, an allgather of one chunk through a scratch slot, with two local tbs:
// tb 0: i[0] -> s[0] (hasdep H0), then i[0] -> s[1] waiting for tb 1 step 0 (hasdep 1);
// tb 1: s[0] -> o[0] waiting for tb 0 step 0.
std::string two_local_tbs(int h0, int h1) {
  return R"(<algo name="t" proto="Simple" nchannels="1" nchunksperloop="1" ngpus="1" coll="allgather" inplace="0">
  <gpu id="0" i_chunks="1" o_chunks="1" s_chunks="2">
    <tb id="0" send="-1" recv="-1" chan="0">
      <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep=")" +
         std::to_string(h0) + R"("/>
      <step s="1" type="cpy" srcbuf="i" srcoff="0" dstbuf="s" dstoff="1" cnt="1" depid=")" +
         (h1 >= 0 ? "1" : "-1") + R"(" deps=")" + (h1 >= 0 ? "0" : "-1") + R"(" hasdep="1"/>
    </tb>
    <tb id="1" send="-1" recv="-1" chan="0">
      <step s="0" type="cpy" srcbuf="s" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="0" hasdep=")" +
         std::to_string(h1 < 0 ? 0 : h1) + R"("/>
    </tb>
  </gpu>
</algo>
)";
}

}  // namespace

TEST_CASE("msccl progress: a dependency on an unmarked step is released by the next marked one") {
  // hasdep on tb 0 step 0: released at once, no note about it.
  const Imported ok = import_text(two_local_tbs(1, -1), "ok.xml");
  CHECK(ok.rounds.hangs.empty());
  CHECK(ok.flow.valid);
  CHECK(release_step(ok.algo, 0, 0, 0) == 0);
  // Without it, the wait on step 0 ends after step 1 (the tb's next marked step): a note.
  const Imported late = import_text(two_local_tbs(0, -1), "late.xml");
  CHECK(late.rounds.hangs.empty());
  CHECK(release_step(late.algo, 0, 0, 0) == 1);
  bool noted = false;
  for (const auto& n : late.rounds.notes)
    noted = noted || n.find("released by the runtime only after a later step") != std::string::npos;
  CHECK(noted);
}

TEST_CASE("msccl progress: a late release that closes a cycle is a deadlock (exit 1)") {
  // tb 1 waits for tb 0 step 0, released only after tb 0 step 1, which waits for tb 1 step 0.
  const Imported i = import_text(two_local_tbs(0, 1), "deadlock.xml");
  REQUIRE(i.rounds.hangs.size() == 1);
  CHECK(i.rounds.hangs[0].find("a deadlock on the msccl runtime") == 0);
  CHECK(i.rounds.hangs[0].find("gpu 0 tb 1 step 0 (cpy, line 8) waits for its dependency gpu 0 tb 0 step 0 "
                               "(cpy, line 4) (depid/deps), released only after gpu 0 tb 0 step 1 (cpy, line 5)") !=
        std::string::npos);
  CHECK(i.flow.valid);  // the data flow with dependencies released at once is fine
  // Marked: no deadlock.
  const Imported m = import_text(two_local_tbs(1, 1), "marked.xml");
  CHECK(m.rounds.hangs.empty());
}

TEST_CASE("msccl progress: the runtime's step counter (nops fold into the next step, re chains fuse)") {
  MscclThreadBlock t;
  auto step = [&](MscclOp op, int depid, bool hasdep, std::int64_t dstoff = 0) {
    MscclStep s;
    s.s = static_cast<int>(t.steps.size());
    s.op = op;
    s.depid = depid;
    s.deps = depid >= 0 ? 0 : -1;
    s.hasdep = hasdep;
    s.cnt = 1;
    s.srcbuf = MscclBuffer::Scratch;
    s.dstbuf = MscclBuffer::Output;
    s.dstoff = dstoff;
    t.steps.push_back(s);
  };
  step(MscclOp::Nop, 1, false);          // 0: folded into step 1
  step(MscclOp::Copy, 1, false);         // 1: counter 1 (two dependencies)
  step(MscclOp::Reduce, -1, false);      // 2: a fused chain 2..3, counter 3
  step(MscclOp::Reduce, -1, true);       // 3
  step(MscclOp::Nop, 1, true);           // 4: a nop's hasdep is not the runtime's
  MscclAlgo a;
  a.ngpus = 1;
  a.gpus.resize(1);
  a.gpus[0].tbs.push_back(t);
  CHECK(release_step(a, 0, 0, 0) == 3);
  CHECK(release_step(a, 0, 0, 2) == 3);
  CHECK(release_step(a, 0, 0, 3) == 3);
  CHECK(release_step(a, 0, 0, 4) == -1);  // nothing after it: never
}

TEST_CASE("msccl progress: every hasdep flipped to 0 in the real files hangs or is released later") {
  // The mutants of issue 28: each is either refused (a hang) or accepted with the late-release
  // note, never accepted silently.
  std::size_t mutants = 0, hangs = 0, late = 0;
  for (const char* f : {"allgather_recursive_doubling_8.xml", "allgather_ring_8.xml",
                        "alltoall_allpairs_8.xml", "allreduce_recursive_doubling_halving_8.xml"}) {
    const std::string text = slurp(real(f));
    const std::string flag = "hasdep=\"1\"";
    for (std::size_t at = text.find(flag); at != std::string::npos; at = text.find(flag, at + 1)) {
      std::string m = text;
      m[at + 8] = '0';
      const Imported i = import_text(m, f);
      ++mutants;
      if (!i.rounds.hangs.empty()) ++hangs;
      else {
        bool noted = false;
        for (const auto& n : i.rounds.notes) noted = noted || n.find("released by the runtime only after") != std::string::npos;
        CHECK(noted);
        if (noted) ++late;
      }
    }
  }
  MESSAGE(mutants << " hasdep mutants: " << hangs << " hang, " << late << " released later");
  CHECK(mutants > 0);
  CHECK(hangs + late == mutants);
}

}  // namespace schedcert_test_interop_msccl_progress_test
