// CI manifests: a list of checks to run in one go (`schedcert ci MANIFEST.json`).
//
//   {"format": "schedcert-ci", "version": 1,
//    "jobs": [
//      {"construction": "sbt-broadcast", "dim": 4, "model": "all-port", "engine": "auto"},
//      {"file": "schedules/q3.json", "engine": "both"},
//      {"bound": {"network": "Q4", "model": "all-port", "problem": "broadcast",
//                 "expect_steps": 4}}]}
//
// Construction jobs take the keys of `certify` (construction, dim, radix, network, model, root,
// messages, packet_items, variant, engine, timeout seconds) and give certify_construction's
// report. File jobs (file relative to the manifest's folder, engine, timeout) give
// check_schedule's report. Bound jobs compute lower_bounds; with expect_steps or
// expect_transmissions the report is Invalid when the computed bound differs (a regression
// check), Valid otherwise. Engine defaults to "auto" (native, plus Z3 up to 4000
// transmissions). A job that fails to run (unreadable file, unknown construction, bad
// parameter) becomes an Invalid report whose finding is the error, so one bad job does not hide
// the others; a malformed manifest (wrong keys or types) is an InputError naming jobs[i].key.
#pragma once
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "certify/check.hpp"

namespace schedcert::certify {

struct ManifestJob {
  enum class Kind { Construction, File, Bound } kind = Kind::Construction;
  std::string construction;
  schedules::Params params;
  std::string model;  // empty: the construction's first model
  std::string file;   // already resolved against the manifest's folder
  std::string engine = "auto";
  double timeout_seconds = 60;
  // Bound jobs.
  std::string network, problem;
  schedules::Problem bound_problem;
  std::optional<std::uint64_t> expect_steps, expect_transmissions;
};

struct Manifest {
  std::vector<ManifestJob> jobs;
};

// base_dir: where relative "file" paths start.
Manifest parse_manifest(std::string_view text, const std::string& source_name,
                        const std::string& base_dir);
Manifest read_manifest(const std::string& path);

// Runs every job in order; progress lines ("ci [i/n] subject") go to log when given.
std::vector<Report> run_manifest(const Manifest& m, std::ostream* log = nullptr);

}  // namespace schedcert::certify
