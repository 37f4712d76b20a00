// MSCCL-IR import of the real msccl-tools files (MSCCLang examples): rounds, data flow, verdicts.
#include "msccl_test_util.hpp"

#include <filesystem>
#include <sstream>

namespace schedcert_test_interop_msccl_test {

namespace fs = std::filesystem;
using namespace schedcert;
using namespace schedcert::interop;
using namespace msccl_test;

TEST_CASE("msccl: recursive doubling allgather is a dimension exchange on Q3") {
  const Imported i = import_text(slurp(real("allgather_recursive_doubling_8.xml")), "rd.xml");
  CHECK(i.rounds.rounds == 3);
  CHECK(i.rounds.transfers.size() == 24);
  CHECK(i.flow.valid);
  CHECK(i.flow.notes.empty());
  for (const auto& t : i.rounds.transfers) {  // round k crosses dimension k-1
    const int x = t.from ^ t.to;
    CHECK(x == 1 << (t.round - 1));
    CHECK(t.cnt == x);
  }
  CHECK(on(i, "Q3", "all-port").valid);
  CHECK(on(i, "Q3", "single-port-full").valid);
  const auto half = on(i, "Q3", "single-port-half");
  REQUIRE(!half.valid);
  CHECK(half.violation->rule == verifier::Rule::Port);
  CHECK(on(i, "C8", "all-port").violation->rule == verifier::Rule::Adjacency);
}

TEST_CASE("msccl: ring allgather is valid on C8 single-port, not on Q3") {
  const Imported i = import_text(slurp(real("allgather_ring_8.xml")), "ring.xml");
  CHECK(i.rounds.rounds == 7);
  CHECK(i.rounds.transfers.size() == 56);
  CHECK(i.flow.valid);
  CHECK(on(i, "C8", "single-port-full").valid);
  CHECK(on(i, "Q3", "all-port").violation->rule == verifier::Rule::Adjacency);
}

TEST_CASE("msccl: the ring allgather placed along Q3's Gray code is gray-ring-mnb, transmission for transmission") {
  const Imported i = import_text(slurp(real("allgather_ring_8.xml")), "ring.xml");
  const auto net = schedules::Network::parse("Q3");
  const Conversion c = to_schedcert(i.algo, i.rounds, i.flow, net, schedules::Model::SinglePortFull,
                                    parse_placement("0,1,3,2,6,7,5,4"));
  REQUIRE(c.schedule);
  CHECK(verifier::verify_native(*c.schedule).valid);
  schedules::Params p;
  p.dim = 3;
  p.model = schedules::Model::SinglePortFull;
  const schedules::Schedule gray = schedules::generate(schedules::Registry::instance().find("gray-ring-mnb"), p);
  CHECK(steps_of(*c.schedule) == steps_of(gray));
  // A placement that is not a permutation is an input error naming the option.
  CHECK_THROWS_WITH_AS(to_schedcert(i.algo, i.rounds, i.flow, net, schedules::Model::AllPort,
                                    parse_placement("0,1,3,2,6,7,5,5")),
                       "--placement: rank 7 -> node 5 is used twice (give a permutation of 0..7)",
                       InputError);
  CHECK_THROWS_AS(parse_placement("0,,1"), InputError);
}

TEST_CASE("msccl: allpairs alltoall is one round on K8, all-port only") {
  const Imported i = import_text(slurp(real("alltoall_allpairs_8.xml")), "a2a.xml");
  CHECK(i.rounds.rounds == 1);
  CHECK(i.rounds.transfers.size() == 56);
  CHECK(i.flow.valid);
  CHECK(on(i, "K8", "all-port").valid);
  CHECK(on(i, "K8", "single-port-full").violation->rule == verifier::Rule::Port);
  // It is dimakopoulos-dim-te on K8, all-port, transmission for transmission.
  schedules::Params p;
  p.network = "K8";
  const schedules::Schedule dim = schedules::generate(schedules::Registry::instance().find("dimakopoulos-dim-te"), p);
  const Conversion c = to_schedcert(i.algo, i.rounds, i.flow, schedules::Network::parse("K8"),
                                    schedules::Model::AllPort);
  REQUIRE(c.schedule);
  CHECK(steps_of(*c.schedule) == steps_of(dim));
  // The single-port version exported to MSCCL-IR keeps its 7 rounds.
  p.model = schedules::Model::SinglePortFull;
  const schedules::Schedule sp = schedules::generate(schedules::Registry::instance().find("dimakopoulos-dim-te"), p);
  std::ostringstream xml;
  write_msccl_xml(to_msccl(sp, "k8-single-port"), xml);
  const Imported j = import_text(xml.str(), "k8.xml");
  CHECK(j.rounds.rounds == 7);
  CHECK(on(j, "K8", "single-port-full").valid);
}

TEST_CASE("msccl: recursive halving-doubling allreduce converts to a schedcert allreduce") {
  const Imported i = import_text(slurp(real("allreduce_recursive_doubling_halving_8.xml")), "ar.xml");
  CHECK(i.rounds.rounds == 6);
  CHECK(i.rounds.transfers.size() == 48);
  CHECK(i.flow.valid);
  CHECK(i.flow.shape.reduction);
  const Conversion c = to_schedcert(i.algo, i.rounds, i.flow, schedules::Network::parse("Q3"),
                                    schedules::Model::AllPort);
  REQUIRE(c.schedule);
  const schedules::Schedule& s = *c.schedule;
  CHECK(s.problem().kind == schedules::ProblemKind::Allreduce);
  CHECK(s.problem().messages == 8);  // M = nchunksperloop
  // One transmission per MSCCL transfer, in its round, whose packet is the simulated contents of
  // the slots it sends (item = rank*M + chunk = the contribution's number, rank r on node r).
  REQUIRE(s.num_steps() == 6);
  REQUIRE(s.num_transmissions() == i.rounds.transfers.size());
  std::size_t chunk_values = 0;
  for (std::size_t t = 0; t < i.rounds.transfers.size(); ++t) {
    const MscclTransfer& tr = i.rounds.transfers[t];
    CAPTURE(t);
    CHECK(s.from(t) == static_cast<schedules::Node>(tr.from));
    CHECK(s.to(t) == static_cast<schedules::Node>(tr.to));
    CHECK(s.step_begin(tr.round - 1) <= t);
    CHECK(t < s.step_end(tr.round - 1));
    std::vector<schedules::Item> want;
    for (const Contributions& v : i.flow.payload[t]) want.insert(want.end(), v.begin(), v.end());
    std::sort(want.begin(), want.end());
    std::vector<schedules::Item> got(s.packet(t).begin(), s.packet(t).end());
    std::sort(got.begin(), got.end());
    CHECK(got == want);
    chunk_values += i.flow.payload[t].size();
  }
  CHECK(chunk_values == 112);
  // Rounds 1-3 carry partial sums of 1, 2, 4 contributions; rounds 4-6 complete values (8).
  for (std::size_t t = 0; t < i.rounds.transfers.size(); ++t) {
    const int round = i.rounds.transfers[t].round;
    for (const Contributions& v : i.flow.payload[t])
      CHECK(v.size() == (round <= 3 ? std::size_t{1} << (round - 1) : std::size_t{8}));
  }
  // The native verdict on Q3 (docs/msccl.md).
  CHECK(verifier::verify_native(s).valid);
  CHECK(on(i, "Q3", "single-port-full").valid);
  const auto c8 = on(i, "C8", "all-port");
  REQUIRE(!c8.valid);
  CHECK(c8.violation->rule == verifier::Rule::Adjacency);
}

TEST_CASE("msccl: a double-counting allreduce is rejected at the MSCCL level and not converted") {
  const std::string f = std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl/double-count.xml";
  const Imported i = import_text(slurp(f), "double-count.xml");
  CHECK(i.algo.coll == "allreduce");
  CHECK(!i.flow.valid);
  REQUIRE(!i.flow.violations.empty());
  CHECK(i.flow.violations.front().find("twice") != std::string::npos);
  const Conversion c = to_schedcert(i.algo, i.rounds, i.flow, schedules::Network::parse("K2"),
                                    schedules::Model::AllPort);
  CHECK(!c.schedule);
  CHECK(c.why_not == "the data flow is wrong, so chunks do not map to items");
  // The valid two-gpu allreduce fixtures convert and verify on K2.
  for (const char* name : {"valid-allreduce-re.xml"}) {
    CAPTURE(name);
    const Imported j = import_text(slurp(std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl/" + name), name);
    REQUIRE(j.flow.valid);
    CHECK(on(j, "K2", "all-port").valid);
  }
  // Valid MSCCL data flow, but one transfer carries (rank 0, chunk 0) in two slots: no schedcert
  // packet (one partial sum per chunk), said in words.
  const Imported k = import_text(R"(<algo name="dup-slots" proto="Simple" nchannels="1" nchunksperloop="1" ngpus="2" coll="allreduce" inplace="1">
  <gpu id="0" i_chunks="1" o_chunks="0" s_chunks="2">
    <tb id="0" send="1" recv="1" chan="0">
      <step s="0" type="cpy" srcbuf="i" srcoff="0" dstbuf="s" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="cpy" srcbuf="i" srcoff="0" dstbuf="s" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="2" type="s" srcbuf="s" srcoff="0" dstbuf="s" dstoff="0" cnt="2" depid="-1" deps="-1" hasdep="0"/>
      <step s="3" type="r" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
  </gpu>
  <gpu id="1" i_chunks="1" o_chunks="0" s_chunks="2">
    <tb id="0" send="0" recv="0" chan="0">
      <step s="0" type="r" srcbuf="s" srcoff="0" dstbuf="s" dstoff="0" cnt="2" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="re" srcbuf="s" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="2" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
  </gpu>
</algo>
)", "dup.xml");
  REQUIRE(k.flow.valid);
  const Conversion e = to_schedcert(k.algo, k.rounds, k.flow, schedules::Network::parse("K2"),
                                    schedules::Model::AllPort);
  CHECK(!e.schedule);
  CHECK(e.why_not ==
        "allreduce: the transfer gpu 0 tb 0 step 2 (s, line 6) (round 1) carries (rank 0, chunk 0) in "
        "two of its chunks; a schedcert packet holds one partial sum per chunk, so it is not an "
        "allreduce transmission");
}

}  // namespace schedcert_test_interop_msccl_test
