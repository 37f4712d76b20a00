// MSCCL-IR export: export -> import round trips, the golden text, the command line.
#include "msccl_test_util.hpp"

#include <filesystem>
#include <sstream>

namespace schedcert_test_interop_msccl_roundtrip_test {

namespace fs = std::filesystem;
using namespace schedcert;
using namespace schedcert::interop;
using namespace msccl_test;

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
    CHECK(i.rounds.notes.empty());  // hasdep exactly where another tb waits (issue 28)
    CHECK(i.rounds.hangs.empty());
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
    CHECK(i.rounds.notes.empty());  // hasdep exactly where another tb waits (issue 28)
    CHECK(i.rounds.hangs.empty());
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
  CHECK(i.rounds.notes.empty());  // hasdep exactly where another tb waits (issue 28)
  CHECK(i.rounds.hangs.empty());
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
  CHECK(i.rounds.notes.empty());  // hasdep exactly where another tb waits (issue 28)
  CHECK(i.rounds.hangs.empty());
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
  CHECK(j.rounds.notes.empty());
  CHECK(j.rounds.hangs.empty());
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

}  // namespace schedcert_test_interop_msccl_roundtrip_test
