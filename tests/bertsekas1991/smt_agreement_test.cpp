// Issue 3, Z3 part: for d <= 4 the Z3 verifier agrees with the native verifier on every
// Bertsekas construction (each model it is built for), and at d = 3 the exported SMT-LIB2 of
// each is answered `unsat` (no rule violated) by the z3 and cvc5 command-line tools.
#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <unistd.h>

#include "encodings/smt/verifier.hpp"
#include "schedules/registry.hpp"
#include "verifier/native.hpp"

namespace schedcert_test_bertsekas1991_smt_agreement_test {

using namespace schedcert;
using namespace schedcert::schedules;
namespace fs = std::filesystem;

namespace {

std::string run(const std::string& cmd) {
  std::string out;
  std::unique_ptr<FILE, int (*)(FILE*)> p(popen((cmd + " 2>&1").c_str(), "r"), pclose);
  if (!p) return out;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p.get())) > 0) out.append(buf.data(), n);
  return out;
}

bool is_bertsekas(const Construction& c) {
  return c.paper == "bertsekas1991";
}

}  // namespace

TEST_CASE("bertsekas1991: Z3 verifier agrees with native on every construction, d = 1..4") {
  int checked = 0;
  for (const auto& c : Registry::instance().all()) {
    if (!is_bertsekas(c)) continue;
    for (Model m : c.models)
      for (int d = std::max(1, c.min_dim); d <= std::min(4, c.max_dim); ++d) {
        Params p;
        p.dim = d;
        p.model = m;
        Schedule s = generate(c, p);
        CAPTURE(c.name);
        CAPTURE(to_string(m));
        CAPTURE(d);
        auto nv = verifier::verify_native(s);
        auto zv = encodings::smt::verify_smt(s);
        CHECK(nv.valid);
        CHECK(zv.valid == nv.valid);
        CHECK(zv.metrics.steps == nv.metrics.steps);
        CHECK(zv.metrics.transmissions == nv.metrics.transmissions);
        ++checked;
      }
  }
  CHECK(checked >= 30);
}

TEST_CASE("bertsekas1991: exported SMT-LIB2 at d = 3 is unsat for z3 and cvc5") {
  REQUIRE_MESSAGE(std::system("command -v z3 > /dev/null 2>&1") == 0, "z3 is not installed (apt-get install z3)");
  REQUIRE_MESSAGE(std::system("command -v cvc5 > /dev/null 2>&1") == 0, "cvc5 is not installed (apt-get install cvc5)");
  const fs::path dir = fs::temp_directory_path() / ("schedcert-b91-smt-" + std::to_string(getpid()));
  fs::create_directories(dir);
  for (const auto& c : Registry::instance().all()) {
    if (!is_bertsekas(c)) continue;
    for (Model m : c.models) {
      Params p;
      p.dim = 3;
      p.model = m;
      Schedule s = generate(c, p);
      const fs::path f = dir / (c.name + "-" + to_string(m) + ".smt2");
      std::ofstream(f) << encodings::smt::smt2_query(s);
      CAPTURE(f.string());
      const std::string z = run("z3 " + f.string());
      const std::string v = run("cvc5 " + f.string());
      CHECK(z.rfind("unsat", 0) == 0);
      CHECK(v.rfind("unsat", 0) == 0);
    }
  }
  fs::remove_all(dir);
}

}  // namespace schedcert_test_bertsekas1991_smt_agreement_test
