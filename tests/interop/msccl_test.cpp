// MSCCL-IR interop (interop/): the real msccl-tools files, the bad-input fixtures with their
// expected errors, and export -> import round trips.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "../cli/run_cli.hpp"
#include "../fixture_list.hpp"
#include "interop/msccl_convert.hpp"
#include "interop/msccl_dataflow.hpp"
#include "interop/msccl_export.hpp"
#include "interop/msccl_ir.hpp"
#include "interop/msccl_schedule.hpp"
#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "verifier/native.hpp"

namespace fs = std::filesystem;
using namespace schedcert;
using namespace schedcert::interop;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string real(const std::string& name) {
  return std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl/real/" + name;
}

struct Imported {
  MscclAlgo algo;
  MscclRounds rounds;
  DataflowReport flow;
};

Imported import_text(const std::string& text, const std::string& name) {
  Imported i;
  i.algo = parse_msccl_ir(text, name);
  i.rounds = derive_rounds(i.algo);
  i.flow = check_dataflow(i.algo, i.rounds);
  return i;
}

// Steps as sorted lists of (from, to, sorted packet): equal when the rounds carry the same
// transmissions.
using Tx = std::tuple<schedules::Node, schedules::Node, std::vector<schedules::Item>>;
std::vector<std::vector<Tx>> steps_of(const schedules::Schedule& s) {
  std::vector<std::vector<Tx>> out(s.num_steps());
  for (std::size_t k = 0; k < s.num_steps(); ++k) {
    for (std::size_t t = s.step_begin(k); t < s.step_end(k); ++t) {
      std::vector<schedules::Item> p(s.packet(t).begin(), s.packet(t).end());
      std::sort(p.begin(), p.end());
      out[k].emplace_back(s.from(t), s.to(t), p);
    }
    std::sort(out[k].begin(), out[k].end());
  }
  return out;
}

verifier::Verdict on(const Imported& i, const std::string& net, const std::string& model) {
  const Conversion c = to_schedcert(i.algo, i.rounds, i.flow, schedules::Network::parse(net),
                                    schedules::parse_model(model));
  REQUIRE(c.schedule);
  return verifier::verify_native(*c.schedule);
}

}  // namespace

TEST_CASE("msccl: every bad-input fixture gives its expected exit code and message") {
  const std::string dir = std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl";
  const auto files = tests::fixture_files("fixtures/msccl", ".xml");
  REQUIRE(files.size() >= 15);
  for (const std::string& f : files) {
    const std::string name = fs::path(f).filename().string();
    std::istringstream expected(slurp(fs::path(f).replace_extension(".expected").string()));
    int code = -1;
    std::string message;
    expected >> code;
    expected.ignore();
    std::getline(expected, message);
    CAPTURE(name);
    REQUIRE(!message.empty());
    const auto r = testing::run_cli("import msccl " + name, dir);
    CAPTURE(r.out);
    CHECK(r.code == code);
    if (code == 2) CHECK(r.out.find("schedcert: error: " + message + "\n") != std::string::npos);
    else CHECK(r.out.find(message + "\n") != std::string::npos);
    // The library gives the same words: an InputError, or the first data-flow violation.
    const std::string text = slurp(f);
    if (code == 2) {
      CHECK_THROWS_WITH_AS(import_text(text, name), message.c_str(), InputError);
    } else {
      const Imported i = import_text(text, name);
      CHECK(i.flow.valid == (code == 0));
      if (code == 1) CHECK(i.flow.violations.front() == message);
    }
  }
}

TEST_CASE("msccl: every prefix of a real file is refused with an InputError, never a crash") {
  const std::string text = slurp(real("allgather_recursive_doubling_8.xml"));
  for (std::size_t n = 0; n + 1 < text.size(); n += 37)
    CHECK_THROWS_AS(import_text(text.substr(0, n), "cut.xml"), InputError);
}

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

TEST_CASE("msccl: export then import gives back the same rounds and transmissions") {
  const auto& reg = schedules::Registry::instance();
  struct Case {
    const char* name;
    int dim;
    std::uint32_t messages;
  };
  const Case cases[] = {{"bertsekas-mnb", 3, 1},     {"bertsekas-mnb", 4, 1},
                        {"bertsekas-mnb-sla", 3, 1}, {"gray-ring-mnb", 3, 1},
                        {"bertsekas-te", 3, 1},      {"bertsekas-te-sla", 3, 1},
                        {"dimakopoulos-a1", 3, 2}};
  for (const Case& k : cases) {
    const std::string name = k.name;
    CAPTURE(name);
    CAPTURE(k.dim);
    const auto& c = reg.find(name);
    schedules::Params p;
    p.dim = k.dim;
    p.model = c.models.front();
    p.messages = k.messages;
    const schedules::Schedule s = schedules::generate(c, p);
    REQUIRE(verifier::verify_native(s).valid);
    std::ostringstream xml;
    write_msccl_xml(to_msccl(s, name), xml);
    const Imported i = import_text(xml.str(), "export.xml");
    CHECK(i.flow.valid);
    CHECK(i.rounds.notes.empty());
    const Conversion back = to_schedcert(i.algo, i.rounds, i.flow, s.network(), s.model());
    REQUIRE(back.schedule);
    CHECK(back.schedule->problem().kind == s.problem().kind);
    CHECK(steps_of(*back.schedule) == steps_of(s));
    CHECK(verifier::verify_native(*back.schedule).valid);
  }
}

// Allreduce export (interop/msccl_export_allreduce.cpp): every allreduce construction on Q3 in
// both of its models, and on tori (allreduce-torus-rings with k = 5 forwards received partial
// sums unchanged, so its export keeps them in scratch slots), exported, read back by the
// importer (data flow valid, no race), converted with --network / --model: the same
// transmissions in the same steps, accepted by the native verifier.
TEST_CASE("msccl: allreduce export then import gives back the same steps and transmissions") {
  const auto& reg = schedules::Registry::instance();
  struct Case {
    const char* name;
    schedules::Model model;
    int dim, radix;
    std::uint32_t messages;
  };
  std::vector<Case> cases;
  for (const char* name : {"allreduce-recursive-doubling", "allreduce-halving-doubling",
                           "allreduce-mna-mnb", "allreduce-tree"})
    for (schedules::Model m : {schedules::Model::AllPort, schedules::Model::SinglePortFull})
      cases.push_back({name, m, 3, 0, 1});
  cases.push_back({"allreduce-recursive-doubling", schedules::Model::AllPort, 3, 0, 8});
  cases.push_back({"allreduce-mna-mnb-torus", schedules::Model::AllPort, 2, 3, 1});
  cases.push_back({"allreduce-tree-torus", schedules::Model::AllPort, 2, 3, 1});
  cases.push_back({"allreduce-torus-rings", schedules::Model::AllPort, 2, 3, 1});
  cases.push_back({"allreduce-torus-rings", schedules::Model::AllPort, 1, 5, 1});
  cases.push_back({"allreduce-torus-rings", schedules::Model::AllPort, 2, 5, 1});
  for (const Case& k : cases) {
    const std::string name = k.name;
    const std::string model = schedules::to_string(k.model);
    const int dim = k.dim, radix = k.radix;
    CAPTURE(name);
    CAPTURE(model);
    CAPTURE(dim);
    CAPTURE(radix);
    schedules::Params p;
    p.dim = k.dim;
    p.radix = k.radix;
    p.model = k.model;
    p.messages = k.messages;
    const schedules::Schedule s = schedules::generate(reg.find(name), p);
    REQUIRE(s.problem().kind == schedules::ProblemKind::Allreduce);
    REQUIRE(verifier::verify_native(s).valid);
    std::ostringstream xml;
    write_msccl_xml(to_msccl(s, name), xml);
    const Imported i = import_text(xml.str(), "export.xml");
    const std::string first = i.flow.violations.empty() ? "" : i.flow.violations.front();
    CAPTURE(first);
    CHECK(i.flow.valid);
    CHECK(i.flow.race_check_done);
    CHECK(i.algo.coll == "allreduce");
    CHECK(i.rounds.notes.empty());
    const Conversion back = to_schedcert(i.algo, i.rounds, i.flow, s.network(), s.model());
    const std::string why = back.why_not;
    CAPTURE(why);
    REQUIRE(back.schedule);
    CHECK(back.schedule->problem().kind == schedules::ProblemKind::Allreduce);
    CHECK(back.schedule->problem().messages == s.problem().messages);
    // allreduce-tree all-port: leaves idle in step 1 send in step 2 (node 5 -> 4 on Q3); MSCCL's
    // as-soon-as-possible layering runs such a send in step 1: the same transmissions, some
    // earlier, none later, none different.
    const RoundTrip rt = compare_round_trip(s, *back.schedule);
    const std::size_t earlier = rt.earlier, differ = rt.differ;
    CHECK(differ == 0);
    if (name == "allreduce-tree" && k.model == schedules::Model::AllPort)
      CHECK(earlier > 0);
    else
      CHECK(steps_of(*back.schedule) == steps_of(s));
    CHECK(back.schedule->num_steps() <= s.num_steps());
    CHECK(verifier::verify_native(*back.schedule).valid);
  }
}

TEST_CASE("msccl: allreduce on dgx1: two transmissions on a double NVLink in one step keep their step") {
  // Recursive doubling on Q3 (a subgraph of dgx1 with the same node ids), M = 2, moved to dgx1,
  // with 0 -> 1 of step 1 (a double NVLink) split into two transmissions of one chunk each.
  schedules::Params p;
  p.dim = 3;
  p.messages = 2;
  const schedules::Schedule q3 = schedules::generate(schedules::Registry::instance().find("allreduce-recursive-doubling"), p);
  schedules::Schedule s(schedules::Network::parse("dgx1"), schedules::Model::AllPort, q3.problem());
  for (std::size_t k = 0; k < q3.num_steps(); ++k) {
    s.begin_step();
    for (std::size_t t = q3.step_begin(k); t < q3.step_end(k); ++t) {
      const std::vector<schedules::Item> pk(q3.packet(t).begin(), q3.packet(t).end());
      if (k == 0 && q3.from(t) == 0 && q3.to(t) == 1)
        for (schedules::Item x : pk) s.add(0, 1, std::vector<schedules::Item>{x});
      else
        s.add(q3.from(t), q3.to(t), pk);
    }
  }
  REQUIRE(verifier::verify_native(s).valid);
  const MscclAlgo a = to_msccl(s, "rd-dgx1");
  CHECK(a.nchannels == 2);
  std::ostringstream xml;
  write_msccl_xml(a, xml);
  const Imported i = import_text(xml.str(), "rd-dgx1.xml");
  CHECK(i.flow.valid);
  const Conversion back = to_schedcert(i.algo, i.rounds, i.flow, s.network(), s.model());
  REQUIRE(back.schedule);
  CHECK(steps_of(*back.schedule) == steps_of(s));
  CHECK(verifier::verify_native(*back.schedule).valid);
}

TEST_CASE("msccl: an allreduce partial sum that no slot holds is refused, naming the transmission") {
  // K3, one chunk: 1 and 2 send their inputs to 0 (0 then holds the complete value); step 2:
  // 0 sends {0, 2} to 1 and {0, 1} to 2. Valid for schedcert (each receiver combines a disjoint
  // partial sum), but {0, 2} is neither 0's value {0, 1, 2}, nor its input, nor a value it received.
  schedules::Problem p;
  p.kind = schedules::ProblemKind::Allreduce;
  p.messages = 1;
  schedules::Schedule s(schedules::Network::parse("K3"), schedules::Model::AllPort, p);
  s.begin_step();
  s.add(1, 0, std::vector<schedules::Item>{1});
  s.add(2, 0, std::vector<schedules::Item>{2});
  s.begin_step();
  s.add(0, 1, std::vector<schedules::Item>{0, 2});
  s.add(0, 2, std::vector<schedules::Item>{0, 1});
  REQUIRE(verifier::verify_native(s).valid);
  CHECK_THROWS_WITH_AS(to_msccl(s, "k3"),
                       "export msccl: allreduce: step 2, node 0 -> 1 sends the partial sum {0, 2} of "
                       "chunk 0, but its sender's value of chunk 0 is then {0, 1, 2} and no slot holds "
                       "{0, 2} alone (not its own input, not a partial sum it received): an MSCCL send "
                       "moves one slot's whole value, so this schedule has no MSCCL-IR program here",
                       InputError);
  // Forwarding a received partial sum, or the sender's own input, is expressible.
  schedules::Schedule ok(schedules::Network::parse("K3"), schedules::Model::AllPort, p);
  ok.begin_step();
  ok.add(1, 0, std::vector<schedules::Item>{1});
  ok.add(2, 0, std::vector<schedules::Item>{2});
  ok.begin_step();
  ok.add(0, 1, std::vector<schedules::Item>{2});  // received in step 1, forwarded unchanged
  ok.add(0, 2, std::vector<schedules::Item>{0, 1, 2});
  ok.begin_step();
  ok.add(0, 1, std::vector<schedules::Item>{0});  // its own input, no longer its value
  REQUIRE(verifier::verify_native(ok).valid);
  std::ostringstream xml;
  write_msccl_xml(to_msccl(ok, "k3"), xml);
  const Imported i = import_text(xml.str(), "k3.xml");
  CHECK(i.flow.valid);
  const Conversion back = to_schedcert(i.algo, i.rounds, i.flow, ok.network(), ok.model());
  REQUIRE(back.schedule);
  CHECK(steps_of(*back.schedule) == steps_of(ok));
  CHECK(verifier::verify_native(*back.schedule).valid);
}

TEST_CASE("msccl: an imported real file exported again keeps its rounds") {
  const Imported i = import_text(slurp(real("allgather_recursive_doubling_8.xml")), "rd.xml");
  const Conversion c = to_schedcert(i.algo, i.rounds, i.flow, schedules::Network::parse("Q3"),
                                    schedules::Model::AllPort);
  REQUIRE(c.schedule);
  std::ostringstream xml;
  write_msccl_xml(to_msccl(*c.schedule, "again"), xml);
  const Imported j = import_text(xml.str(), "again.xml");
  CHECK(j.flow.valid);
  const Conversion d = to_schedcert(j.algo, j.rounds, j.flow, schedules::Network::parse("Q3"),
                                    schedules::Model::AllPort);
  REQUIRE(d.schedule);
  CHECK(steps_of(*d.schedule) == steps_of(*c.schedule));
}

TEST_CASE("msccl: the command line round trip, and -o writes a schedule that verify accepts") {
  const fs::path dir = fs::temp_directory_path() / ("schedcert-msccl-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string d = dir.string();
  REQUIRE(testing::run_cli("generate bertsekas-mnb --dim 3 -o mnb.json", d).code == 0);
  auto e = testing::run_cli("export msccl mnb.json -o mnb.xml", d);
  CAPTURE(e.out);
  CHECK(e.code == 0);
  CHECK(e.out.find("read back: 3 rounds (schedule: 3 steps), data flow valid") != std::string::npos);
  auto r = testing::run_cli("import msccl mnb.xml --network Q3 -o back.json", d);
  CAPTURE(r.out);
  CHECK(r.code == 0);
  CHECK(r.out.find("Q3 all-port: valid (native verifier; 3 steps, 56 transmissions") != std::string::npos);
  CHECK(testing::run_cli("verify back.json", d).code == 0);
  // allreduce: converted, checked on Q3, and -o writes a schedule that verify accepts.
  auto ar = testing::run_cli("import msccl " + real("allreduce_recursive_doubling_halving_8.xml") +
                             " -n Q3 -o ar.json", d);
  CAPTURE(ar.out);
  CHECK(ar.code == 0);
  CHECK(ar.out.find("schedcert: allreduce(M=8)") != std::string::npos);
  CHECK(ar.out.find("Q3 all-port: valid (native verifier; 6 steps, 48 transmissions") != std::string::npos);
  CHECK(testing::run_cli("verify ar.json", d).code == 0);
  // Export of an allreduce schedule, and its import on Q3 with a model and a placement.
  REQUIRE(testing::run_cli("generate allreduce-halving-doubling --dim 3 -o ard.json", d).code == 0);
  auto are = testing::run_cli("export msccl ard.json -o ard.xml", d);
  CAPTURE(are.out);
  CHECK(are.code == 0);
  CHECK(are.out.find("export msccl: wrote ard.xml: allreduce on 8 gpus") != std::string::npos);
  CHECK(are.out.find("read back: 6 rounds (schedule: 6 steps), data flow valid; converted back: the same "
                     "transmissions in the same steps") != std::string::npos);
  REQUIRE(testing::run_cli("generate allreduce-tree --dim 3 -o art.json", d).code == 0);
  auto art = testing::run_cli("export msccl art.json -o art.xml", d);
  CAPTURE(art.out);
  CHECK(art.code == 0);
  CHECK(art.out.find("converted back: the same transmissions, 4 of them in an earlier step") != std::string::npos);
  // A partial sum no slot holds: refused, no file.
  std::ofstream(dir / "k3.json") << R"({"format": "schedcert-schedule", "version": 1, "network": "K3",
    "model": "all-port", "problem": {"kind": "allreduce", "messages": 1},
    "steps": [[[1, 0, [1]], [2, 0, [2]]], [[0, 1, [0, 2]], [0, 2, [0, 1]]]]})";
  auto k3 = testing::run_cli("export msccl k3.json -o k3.xml", d);
  CAPTURE(k3.out);
  CHECK(k3.code == 2);
  CHECK(k3.out.find("no slot holds {0, 2} alone") != std::string::npos);
  CHECK(!fs::exists(dir / "k3.xml"));
  auto ari = testing::run_cli("import msccl ard.xml --network Q3 --model single-port-full "
                              "--placement 0,1,2,3,4,5,6,7 -o ard-back.json", d);
  CAPTURE(ari.out);
  CHECK(ari.code == 0);
  CHECK(ari.out.find("Q3 single-port-full: valid (native verifier; 6 steps, 48 transmissions") != std::string::npos);
  CHECK(testing::run_cli("verify ard-back.json", d).code == 0);
  // Wrong network size: an input error.
  CHECK(testing::run_cli("import msccl mnb.xml --network Q4", d).code == 2);
  // Export of a problem MSCCL has no collective for here: an input error.
  REQUIRE(testing::run_cli("generate sbt-broadcast --dim 3 -o sbt.json", d).code == 0);
  auto b = testing::run_cli("export msccl sbt.json -o sbt.xml", d);
  CHECK(b.code == 2);
  CHECK(b.out.find("has no MSCCL collective here") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("msccl: export writes the golden text (bertsekas-mnb on Q1, bertsekas-te on Q2)") {
  const auto& reg = schedules::Registry::instance();
  const std::pair<const char*, int> cases[] = {{"bertsekas-mnb", 1}, {"bertsekas-te", 2}};
  for (const auto& c : cases) {
    const char* name = c.first;  // not a structured binding: CAPTURE captures it (clang 14)
    const int dim = c.second;
    CAPTURE(name);
    schedules::Params p;
    p.dim = dim;
    const schedules::Schedule s = schedules::generate(reg.find(name), p);
    std::ostringstream xml;
    write_msccl_xml(to_msccl(s, name), xml);
    const std::string golden = std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl/golden/" + name +
                               "-q" + std::to_string(dim) + ".xml";
    CHECK(xml.str() == slurp(golden));
  }
}
