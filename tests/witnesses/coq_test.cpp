// The Coq companion (coq/Schedcert.v, witnesses/coq_export, `schedcert export coq`): coqc must
// accept the development with no axioms, accept the witnesses of valid schedules, and REJECT
// the witness of an invalid schedule. coqc missing is a failure, not a skip (install: apt-get
// install coq). Each case compiles the development into its own temporary directory.
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "schedules/error.hpp"
#include "schedules/registry.hpp"
#include "schedules/schedule_json.hpp"
#include "tests/cli/run_cli.hpp"
#include "verifier/native.hpp"
#include "witnesses/coq_export.hpp"

namespace fs = std::filesystem;
using namespace schedcert;
using schedules::Model;
using schedules::Schedule;

namespace {

struct Run {
  int code = -1;
  std::string out;
};

Run sh(const std::string& cmd) {
  Run r;
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (!p) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

const fs::path kCoqSource = fs::path(SCHEDCERT_TEST_DIR) / ".." / "coq" / "Schedcert.v";
const fs::path kFixtures = fs::path(SCHEDCERT_TEST_DIR) / "fixtures" / "schedules";

// A temporary directory holding a compiled copy of the development (compiled once per process).
struct CoqDir {
  fs::path dir;
  Run build;
  CoqDir() {
    static unsigned counter = 0;
    dir = fs::temp_directory_path() /
          ("schedcert-coq-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(dir);
    fs::copy_file(kCoqSource, dir / "Schedcert.v", fs::copy_options::overwrite_existing);
    build = sh("cd '" + dir.string() + "' && coqc -Q . Schedcert Schedcert.v");
  }
  ~CoqDir() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  // Writes the witness of s as <name>.v and runs coqc on it.
  Run check(const Schedule& s, const std::string& name) const {
    {
      std::ofstream out(dir / (name + ".v"));
      witnesses::write_coq(s, out);
    }
    return sh("cd '" + dir.string() + "' && coqc -Q . Schedcert " + name + ".v");
  }
};

void require_coqc() {
  const Run r = sh("command -v coqc");
  INFO("coqc is required by the Coq companion tests (apt-get install -y coq)");
  REQUIRE(r.code == 0);
}

const CoqDir& coq_dir() {
  require_coqc();
  static CoqDir d;
  INFO(d.build.out);
  REQUIRE(d.build.code == 0);
  return d;
}

Schedule gen(const std::string& name, int dim, Model model) {
  const auto& c = schedules::Registry::instance().find(name);
  schedules::Params p;
  p.dim = dim;
  p.model = model;
  return schedules::generate(c, p);
}

bool no_axioms(const std::string& out) {
  return out.find("Closed under the global context") != std::string::npos &&
         out.find("Axiom") == std::string::npos && out.find("axiom") == std::string::npos;
}

}  // namespace

TEST_CASE("coq: the development compiles, check_sound is closed under the global context") {
  const CoqDir& d = coq_dir();
  CHECK(no_axioms(d.build.out));
  std::ifstream in(kCoqSource);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string src = ss.str();
  CHECK(src.find("Admitted") == std::string::npos);
  CHECK(src.find("Axiom") == std::string::npos);
  CHECK(src.find("Parameter") == std::string::npos);
}

TEST_CASE("coq: witnesses of valid schedules check (SBT Q3 both models, Gray ring MNB Q3, TE Q3)") {
  const CoqDir& d = coq_dir();
  const std::pair<std::string, Schedule> cases[] = {
      {"sbt_q3_all_port", gen("sbt-broadcast", 3, Model::AllPort)},
      {"sbt_q3_single_port", gen("sbt-broadcast", 3, Model::SinglePortFull)},
      {"gray_ring_mnb_q3", gen("gray-ring-mnb", 3, Model::SinglePortFull)},
      {"te_q3", gen("bertsekas-te", 3, Model::AllPort)},
  };
  for (const auto& [name, s] : cases) {
    INFO(name);
    REQUIRE(verifier::verify_native(s).valid);
    const Run r = d.check(s, name);
    INFO(r.out);
    CHECK(r.code == 0);
    CHECK(no_axioms(r.out));
  }
}

TEST_CASE("coq: the witness of an invalid schedule does not check") {
  const CoqDir& d = coq_dir();
  // SBT Q3 without its last step: completion fails.
  const Schedule full = gen("sbt-broadcast", 3, Model::AllPort);
  Schedule cut(full.network(), full.model(), full.problem());
  for (std::size_t st = 0; st + 1 < full.num_steps(); ++st) {
    cut.begin_step();
    for (std::size_t k = full.step_begin(st); k < full.step_end(st); ++k)
      cut.add(full.from(k), full.to(k), full.packet(k));
  }
  REQUIRE_FALSE(verifier::verify_native(cut).valid);
  Run r = d.check(cut, "sbt_q3_cut");
  CHECK(r.code != 0);
  // A fixture that breaks store-and-forward causality, and one that breaks a port rule.
  for (const char* f : {"invalid-causality-send-before-receive.json",
                        "invalid-port-single-port-full-send-twice.json"}) {
    INFO(f);
    const auto file = schedules::read_schedule_file((kFixtures / f).string());
    REQUIRE_FALSE(verifier::verify_native(file.schedule).valid);
    r = d.check(file.schedule, "bad_fixture");
    CHECK(r.code != 0);
  }
}

TEST_CASE("coq: unsupported problems are refused; schedcert export coq writes a witness") {
  const auto acc =
      schedules::read_schedule_file((kFixtures / "valid-accumulation-q2-all-port.json").string());
  std::ostringstream sink;
  CHECK_THROWS_WITH_AS(witnesses::write_coq(acc.schedule, sink),
                       doctest::Contains("'accumulation' is not supported"), InputError);

  const fs::path dir = fs::temp_directory_path() / ("schedcert-coq-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string in = (kFixtures / "valid-sbt-broadcast-q3-all-port.json").string();
  auto r = schedcert::testing::run_cli("export coq '" + in + "' -o '" + (dir / "w.v").string() + "'");
  CHECK(r.code == 0);
  std::ifstream w(dir / "w.v");
  std::stringstream ss;
  ss << w.rdbuf();
  CHECK(ss.str().find("Theorem sched_valid : valid sched.") != std::string::npos);
  CHECK(ss.str().find("Sched (hypercube 3) AllPort") != std::string::npos);
  r = schedcert::testing::run_cli("export coq '" + in + "' -o '" + (dir / "bad-name.v").string() + "'");
  CHECK(r.code == 2);
  CHECK(r.out.find("Coq identifier") != std::string::npos);
  r = schedcert::testing::run_cli("export coq '" + (kFixtures / "valid-accumulation-q2-all-port.json").string() +
                                  "' -o '" + (dir / "acc.v").string() + "'");
  CHECK(r.code == 2);
  CHECK_FALSE(fs::exists(dir / "acc.v"));
  r = schedcert::testing::run_cli("export");
  CHECK(r.code == 2);
  std::error_code ec;
  fs::remove_all(dir, ec);
}
