// Shared helpers of the MSCCL-IR interop tests (msccl_*_test.cpp).
#pragma once
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

namespace msccl_test {

using namespace schedcert;
using namespace schedcert::interop;

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string real(const std::string& name) {
  return std::string(SCHEDCERT_TEST_DIR) + "/fixtures/msccl/real/" + name;
}

struct Imported {
  MscclAlgo algo;
  MscclRounds rounds;
  DataflowReport flow;
};

inline Imported import_text(const std::string& text, const std::string& name) {
  Imported i;
  i.algo = parse_msccl_ir(text, name);
  i.rounds = derive_rounds(i.algo);
  i.flow = check_dataflow(i.algo, i.rounds);
  return i;
}

// Steps as sorted lists of (from, to, sorted packet): equal when the rounds carry the same
// transmissions.
using Tx = std::tuple<schedules::Node, schedules::Node, std::vector<schedules::Item>>;
inline std::vector<std::vector<Tx>> steps_of(const schedules::Schedule& s) {
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

inline verifier::Verdict on(const Imported& i, const std::string& net, const std::string& model) {
  const Conversion c = to_schedcert(i.algo, i.rounds, i.flow, schedules::Network::parse(net),
                                    schedules::parse_model(model));
  REQUIRE(c.schedule);
  return verifier::verify_native(*c.schedule);
}

}  // namespace msccl_test
