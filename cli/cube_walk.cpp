// `cube synthesize|successive --walk` (issue 27, item 3: "the cube runs can split on T"): the
// least T found by cube-and-conquer, one run directory per T.
//
// The walk is the one of `synthesize` (encodings/synth/walk.hpp), with a cube run as the decision
// of each T: it starts at the lower bound (every smaller T is impossible by the argument it
// prints), stops below the best known schedule (a construction or a derived schedule, verified
// natively; --no-known-upper: up to --max-steps), and runs T = lo, lo + 1, ... each in DIR/T<k>,
// a normal run directory (resumable with `cube resume DIR/T<k>`, mergeable, its ledger
// committable). Running the walk again continues: a T whose directory exists is resumed, not
// restarted. It ends at the first T whose run is SAT (the optimum, since T - 1 was refuted by its
// own certified run or is below the bound), at the first run left open (the gap is printed), or
// when every T below the known schedule is refuted (the known schedule's steps are the optimum).
// Each "impossible" is a certified cube run: every cube UNSAT with both proof checks and the
// coverage checked (search/family.hpp); nothing else is called impossible.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>

#include "certify/known_schedules.hpp"
#include "cli/cube_cli.hpp"
#include "encodings/synth/request.hpp"
#include "schedules/error.hpp"
#include "schedules/network.hpp"
#include "search/distributor.hpp"
#include "search/family.hpp"
#include "search/run_dir.hpp"
#include "verifier/native.hpp"

namespace schedcert::cli {

namespace fs = std::filesystem;
using nlohmann::json;

int run_cube_walk(const json& base, const CubeCli& o,
                  const std::function<int(const json&, const CubeCli&)>& run_one) {
  if (o.dir.empty() || !o.resume.empty())
    throw InputError("--walk: give --dir DIR (one run directory per T is made in it; run the same command "
                     "again to continue)");
  if (!o.coq.empty()) throw InputError("--walk: not with --coq (run `cube ... -T T --coq DIR` for one T)");
  if (search::distributor()) throw InputError("--walk: not under MPI (run one T per mpirun)");
  const auto net = schedules::Network::parse(base.at("network").get<std::string>());
  const auto model = schedules::parse_model(base.at("model").get<std::string>());
  schedules::Problem p;
  std::string allocation;
  if (base.at("family") == "successive") {
    p.kind = schedules::ProblemKind::SuccessiveBroadcast;
    if (base.at("allocation").is_string())
      allocation = base.at("allocation").get<std::string>();
    else
      p.sources = base.at("allocation").get<std::vector<schedules::Node>>();
  } else {
    p.kind = schedules::parse_problem_kind(base.at("problem").get<std::string>());
    p.root = base.value("root", 0u);
    p.messages = base.value("messages", 1u);
  }
  const auto route = encodings::synth::route_synthesis(net, p, allocation);
  const auto range = encodings::synth::synthesis_range(net, model, route, o.max_steps);
  std::cout << "cube walk: " << net.name() << ", " << schedules::to_string(model) << ", "
            << (route.successive ? std::string("successive-broadcast") : route.problem.describe()) << "\n"
            << "lower bound " << range.bound << " (" << range.argument << ")\n";
  // The best known schedule bounds the walk from above.
  std::optional<certify::Derived> known;
  if (!o.no_known_upper) {
    schedules::Problem want = route.problem;
    if (route.successive) {
      want.kind = schedules::ProblemKind::SuccessiveBroadcast;
      want.sources = route.fixed_sources;
    }
    known = certify::best_known_schedule(net, model, want);
    if (known && route.successive && !route.fixed_sources.empty() &&
        known->s.problem().sources != route.fixed_sources)
      known.reset();
    if (known && !verifier::verify_native(known->s).valid) known.reset();  // never trusted unchecked
  }
  unsigned hi = range.hi;
  if (known) {
    const auto u = static_cast<unsigned>(known->s.num_steps());
    std::cout << "upper bound " << u << " (" << known->label << "; checked by the native verifier)\n";
    hi = u == 0 ? 0 : std::min(hi, u - 1);
  }
  fs::create_directories(o.dir);
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  std::optional<unsigned> last_unsat;
  for (unsigned T = range.lo; T <= hi; ++T) {
    json q = base;
    q["steps"] = T;
    CubeCli one = o;
    const std::string dir = (fs::path(o.dir) / ("T" + std::to_string(T))).string();
    if (search::RunDir::exists(dir)) {
      one.dir.clear();
      one.resume = dir;
    } else {
      one.dir = dir;
    }
    if (o.timeout > 0) {
      const double left = o.timeout - elapsed();
      if (left <= 0) {
        std::cout << "cube walk: the --timeout ran out before T = " << T << "\n";
        break;
      }
      one.timeout = left;
    }
    one.output.clear();
    std::cout << "== T = " << T << ": cube run " << dir << "\n" << std::flush;
    run_one(q, one);
    const auto run = search::RunDir::open(dir);
    const auto family = search::make_family(run.query());
    const auto s = search::summarize(*family, run);
    if (s.verdict == search::RunVerdict::Sat) {
      const bool below_refuted = T == range.lo || (last_unsat && *last_unsat + 1 == T);
      std::cout << "cube walk: T = " << T << " found (" << dir << "/witness.json, verified natively)\n";
      if (below_refuted) {
        std::cout << "optimum: " << T << " steps (T = " << T << " found; "
                  << (T == range.lo ? "every smaller T is below the lower bound"
                                    : "T = " + std::to_string(T - 1) + " impossible: its cube run is certified")
                  << ")\n";
        return 0;
      }
      return 3;
    }
    if (s.verdict != search::RunVerdict::Unsat) {
      std::cout << "cube walk: T = " << T << " open (" << s.unsat << " of " << s.cubes
                << " cubes refuted; resume with the same command); the optimum is in [" << T << ", "
                << (known ? std::to_string(known->s.num_steps()) : "unknown") << "]\n";
      return 3;
    }
    last_unsat = T;
    std::cout << "cube walk: T = " << T << " impossible (every cube UNSAT with checked proofs, coverage checked)\n";
  }
  if (known && last_unsat && *last_unsat + 1 == known->s.num_steps()) {
    std::cout << "optimum: " << known->s.num_steps() << " steps (the known schedule, " << known->label
              << ", verified natively; every T from the lower bound " << range.lo << " to " << *last_unsat
              << " impossible by its certified cube run)\n";
    return 0;
  }
  if (known && range.lo >= known->s.num_steps()) {
    std::cout << "optimum: " << known->s.num_steps() << " steps (the known schedule meets the lower bound)\n";
    return 0;
  }
  std::cout << "cube walk: no optimum established in [" << range.lo << ", " << hi << "]\n";
  return 3;
}

}  // namespace schedcert::cli
