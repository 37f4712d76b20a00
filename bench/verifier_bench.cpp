// Native verifier throughput. For each schedule: generation time, verification time, and
// transmissions per second, with a reference measured in the same run: one pass that only
// reads every transmission and counts link loads (the least work any checker must do). The
// ratio verify/reference says how much the full rule set costs over touching the data once.
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "schedules/constructions/gray_ring_mnb.hpp"
#include "schedules/constructions/sbt_broadcast.hpp"
#include "schedules/transforms/translate.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"

using namespace schedcert;
using namespace schedcert::schedules;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::uint64_t reference_pass(const Schedule& s) {
  const auto& net = s.network();
  std::vector<std::uint32_t> load(net.size() * net.ports(), 0);
  const auto& f = s.from_array();
  const auto& t = s.to_array();
  for (std::size_t k = 0; k < f.size(); ++k) ++load[std::uint64_t{f[k]} * net.ports() + net.port(f[k], t[k])];
  std::uint64_t mx = 0;
  for (auto l : load) mx = std::max<std::uint64_t>(mx, l);
  return mx;
}

void run(const std::string& name, const Schedule& s, double gen_seconds) {
  auto t0 = Clock::now();
  volatile std::uint64_t sink = reference_pass(s);
  (void)sink;
  const double ref = seconds_since(t0);
  t0 = Clock::now();
  auto v = verifier::verify_native(s);
  const double ver = seconds_since(t0);
  const double tx = static_cast<double>(s.num_transmissions());
  std::printf("%-34s %12.0f tx  gen %7.3f s  verify %7.3f s  %7.1f Mtx/s  reference %7.1f Mtx/s  ratio %5.2f  %s\n",
              name.c_str(), tx, gen_seconds, ver, tx / ver / 1e6, tx / ref / 1e6, ver / ref,
              v.valid ? "valid" : "INVALID");
}

}  // namespace

int main() {
  std::printf("native verifier throughput (one core)\n");
  for (int d : {10, 12}) {
    auto t0 = Clock::now();
    Schedule s = constructions::gray_ring_mnb(d, Model::SinglePortFull);
    run("gray-ring-mnb Q" + std::to_string(d), s, seconds_since(t0));
  }
  {
    auto t0 = Clock::now();
    Schedule root = constructions::sbt_broadcast(12, 0, Model::AllPort);
    Schedule s = transforms::translate_to_all_roots(root);
    run("sbt translated (invalid) Q12", s, seconds_since(t0));
  }
  for (int d : {16, 20, 24}) {
    auto t0 = Clock::now();
    Schedule s = constructions::sbt_broadcast(d, 0, Model::SinglePortFull);
    run("sbt-broadcast single-port Q" + std::to_string(d), s, seconds_since(t0));
  }
  {
    Schedule root = constructions::sbt_broadcast(20, 0, Model::AllPort);
    auto t0 = Clock::now();
    auto v = verifier::verify_translated(root);
    std::printf("%-34s symmetric check of %llu tx: %.3f s (%s)\n", "sbt translated Q20",
                static_cast<unsigned long long>(v.metrics.transmissions), seconds_since(t0),
                v.valid ? "valid" : ("invalid: " + v.violation->message.substr(0, 60)).c_str());
  }
  return 0;
}
