// Ledgers of cube runs (design note in ledger.hpp).
#include "search/ledger.hpp"

#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "schedules/io/atomic_file.hpp"
#include "schedules/error.hpp"
#include "schedules/io/sha256.hpp"
#include "search/conquer.hpp"

namespace schedcert::search {

using nlohmann::json;

namespace {

constexpr const char* kFormat = "schedcert-cube-ledger";

std::string row_line(const LedgerRow& r) {
  nlohmann::ordered_json j;
  j["id"] = r.id;
  j["status"] = to_string(r.status);
  if (r.status == CubeStatus::Unsat) {
    j["cnf_sha256"] = r.cnf_sha256;
    j["drat"] = r.drat;
    j["lrat"] = r.lrat;
  }
  j["cpu"] = static_cast<double>(static_cast<long long>(r.cpu * 1000 + 0.5)) / 1000;
  j["check"] = static_cast<double>(static_cast<long long>(r.check * 1000 + 0.5)) / 1000;
  j["worker"] = r.worker;
  if (r.status == CubeStatus::Sat) j["witness"] = r.witness;
  return j.dump();
}

[[noreturn]] void bad(const std::string& path, std::size_t line, const std::string& what) {
  throw InputError(path + ":" + std::to_string(line) + ": " + what);
}

template <class T>
T field(const json& j, const char* key, const std::string& path, std::size_t line) {
  if (!j.contains(key)) bad(path, line, std::string("field \"") + key + "\" is missing");
  try {
    return j.at(key).get<T>();
  } catch (const json::exception&) {
    bad(path, line, std::string("field \"") + key + "\" has the wrong type: " + j.at(key).dump());
  }
}

}  // namespace

std::string query_sha256(const json& query) {
  return schedules::io::sha256_hex(query.dump());
}

std::string cubes_sha256(const std::vector<Cube>& cubes) {
  json a = json::array();
  for (const auto& c : cubes) a.push_back(to_json(c));
  return schedules::io::sha256_hex(a.dump());
}

Ledger ledger_of(const RunDir& run) {
  Ledger l;
  l.title = run.header().value("title", "");
  l.query = run.query();
  l.cube_options = run.header().value("cube_options", json::object());
  l.query_sha256 = query_sha256(l.query);
  l.cube_count = run.cubes().size();
  l.cubes_hash = run.cubes_hash();
  l.cubes_sha256 = cubes_sha256(run.cubes());
  l.coverage = to_json(run.coverage());
  l.schedcert_version = SCHEDCERT_VERSION;
  for (const auto& [id, r] : run.load_results()) {
    if (!r.done()) continue;
    LedgerRow row;
    row.id = id;
    row.status = r.status;
    row.cnf_sha256 = r.proof.cnf_sha256;
    row.drat = r.proof.checked;
    row.lrat = r.proof.lrat_verified;
    row.cpu = r.cpu_seconds;
    row.check = r.check_seconds;
    row.worker = r.worker;  // an imported row keeps the worker that solved it
    row.witness = r.witness;
    l.rows.push_back(std::move(row));
  }
  return l;
}

void write_ledger(const Ledger& l, const std::string& path) {
  nlohmann::ordered_json h;
  h["format"] = kFormat;
  h["version"] = 1;
  h["title"] = l.title;
  h["query"] = l.query;
  h["cube_options"] = l.cube_options;
  h["query_sha256"] = l.query_sha256;
  h["cubes"] = {{"count", l.cube_count}, {"hash", l.cubes_hash}, {"sha256", l.cubes_sha256}};
  json cov = l.coverage;
  cov.erase("sha256");
  h["coverage"] = cov;
  h["coverage"]["sha256"] = schedules::io::sha256_hex(cov.dump());
  h["schedcert_version"] = l.schedcert_version;
  h["rows"] = l.rows.size();
  schedules::io::write_atomically("ledger", path, [&](std::ostream& out) {
    out << h.dump() << "\n";
    for (const auto& r : l.rows) out << row_line(r) << "\n";
  });
}

Ledger read_ledger(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("ledger: cannot read '" + path + "'");
  Ledger l;
  std::string text;
  std::size_t line = 0, expected_rows = 0;
  std::set<std::uint32_t> seen;
  long long last = -1;
  while (std::getline(in, text)) {
    ++line;
    if (text.empty()) bad(path, line, "empty line");
    json j;
    try {
      j = json::parse(text);
    } catch (const json::exception& e) {
      bad(path, line, std::string("not JSON (") + e.what() + ")");
    }
    if (!j.is_object()) bad(path, line, "expected a JSON object");
    if (line == 1) {
      if (j.value("format", "") != kFormat)
        bad(path, line, std::string("field \"format\": expected \"") + kFormat + "\" (not a cube ledger)");
      if (field<int>(j, "version", path, line) != 1) bad(path, line, "field \"version\": only version 1 is known");
      l.title = field<std::string>(j, "title", path, line);
      l.query = j.value("query", json());
      if (!l.query.is_object()) bad(path, line, "field \"query\" must be an object");
      l.cube_options = j.value("cube_options", json::object());
      l.query_sha256 = field<std::string>(j, "query_sha256", path, line);
      if (l.query_sha256 != query_sha256(l.query))
        bad(path, line, "field \"query_sha256\" does not match the query it stands next to");
      const json c = j.value("cubes", json());
      if (!c.is_object()) bad(path, line, "field \"cubes\" must be an object");
      l.cube_count = field<std::size_t>(c, "count", path, line);
      l.cubes_hash = field<std::string>(c, "hash", path, line);
      l.cubes_sha256 = field<std::string>(c, "sha256", path, line);
      l.coverage = j.value("coverage", json());
      if (!l.coverage.is_object()) bad(path, line, "field \"coverage\" must be an object");
      json cov = l.coverage;
      cov.erase("sha256");
      if (l.coverage.value("sha256", "") != schedules::io::sha256_hex(cov.dump()))
        bad(path, line, "field \"coverage\": its sha256 does not match the record");
      l.schedcert_version = j.value("schedcert_version", "");
      expected_rows = field<std::size_t>(j, "rows", path, line);
      continue;
    }
    LedgerRow r;
    r.id = field<std::uint32_t>(j, "id", path, line);
    if (r.id >= l.cube_count)
      bad(path, line, "field \"id\": cube " + std::to_string(r.id) + " is out of range (the run has " +
                          std::to_string(l.cube_count) + " cubes)");
    if (static_cast<long long>(r.id) <= last)
      bad(path, line, "field \"id\": cube " + std::to_string(r.id) + (seen.count(r.id) ? " appears twice" : " is out of order"));
    last = r.id;
    seen.insert(r.id);
    const auto st = field<std::string>(j, "status", path, line);
    if (st == "unsat") {
      r.status = CubeStatus::Unsat;
      r.cnf_sha256 = field<std::string>(j, "cnf_sha256", path, line);
      r.drat = field<bool>(j, "drat", path, line);
      r.lrat = field<bool>(j, "lrat", path, line);
      if (!r.drat) bad(path, line, "cube " + std::to_string(r.id) + ": unsat without a checked proof (\"drat\": false)");
    } else if (st == "sat") {
      r.status = CubeStatus::Sat;
      if (!j.contains("witness") || j["witness"].is_null()) bad(path, line, "field \"witness\": a sat row needs its witness");
      r.witness = j["witness"];
    } else {
      bad(path, line, "field \"status\": expected \"unsat\" or \"sat\", got \"" + st + "\"");
    }
    r.cpu = field<double>(j, "cpu", path, line);
    r.check = field<double>(j, "check", path, line);
    r.worker = j.value("worker", "");
    l.rows.push_back(std::move(r));
  }
  if (line == 0) throw InputError("ledger: '" + path + "' is empty");
  if (l.rows.size() != expected_rows)
    throw InputError(path + ": the header says " + std::to_string(expected_rows) + " rows, the file has " +
                     std::to_string(l.rows.size()) + " (truncated?)");
  return l;
}

std::size_t check_ledger_against(const Ledger& l, const Family& f, const RunDir& run, std::string* report) {
  if (l.query != run.query())
    throw InputError("ledger: it answers another query (" + l.query.dump() + ") than '" + run.path() + "' (" +
                     run.query().dump() + ")");
  if (l.cube_count != run.cubes().size() || l.cubes_hash != run.cubes_hash() ||
      l.cubes_sha256 != cubes_sha256(run.cubes()))
    throw InputError("ledger: its cube list (" + std::to_string(l.cube_count) + " cubes, sha256 " + l.cubes_sha256 +
                     ") differs from the run's (" + std::to_string(run.cubes().size()) + " cubes, sha256 " +
                     cubes_sha256(run.cubes()) + ")");
  std::size_t problems = 0;
  std::ostringstream o;
  for (const auto& r : l.rows)
    if (r.status == CubeStatus::Sat)
      if (const auto why = f.check_witness(r.witness); !why.empty()) {
        ++problems;
        o << "cube " << r.id << ": the ledger's witness fails the native check: " << why << "\n";
      }
  if (report) *report = o.str();
  return problems;
}

std::size_t import_ledger(const Ledger& l, const RunDir& run, const std::string& ledger_name) {
  const auto have = run.load_results();
  std::size_t n = 0;
  for (const auto& row : l.rows) {
    if (auto it = have.find(row.id); it != have.end() && it->second.done()) continue;
    CubeResult r;
    r.id = row.id;
    r.status = row.status;
    r.cpu_seconds = row.cpu;
    r.check_seconds = row.check;
    r.worker = row.worker;
    r.ledger = ledger_name;
    if (row.status == CubeStatus::Unsat) {
      r.proof.checked = row.drat;
      r.proof.lrat_verified = row.lrat;
      r.proof.cnf_sha256 = row.cnf_sha256;
      r.proof.message = "imported from the ledger " + ledger_name +
                        ": checked by the run that wrote it, not on this machine (proof not kept)";
    } else {
      r.witness = row.witness;
    }
    run.record(r);
    ++n;
  }
  return n;
}

RunDir create_from_ledger(const Ledger& l, const std::string& dir, bool progress) {
  auto family = make_family(l.query);
  CubeOptions co;
  co.depth = l.cube_options.value("depth", -1);
  co.target = l.cube_options.value("target", std::size_t{0});
  const auto cubes = family->make_cubes(co);
  if (cubes.size() != l.cube_count || cubes_sha256(cubes) != l.cubes_sha256)
    throw InputError("ledger: this build makes " + std::to_string(cubes.size()) + " cubes with sha256 " +
                     cubes_sha256(cubes) + " for its query; the ledger has " + std::to_string(l.cube_count) +
                     " with sha256 " + l.cubes_sha256 + " (another schedcert version split the query differently)");
  if (progress) std::fprintf(stderr, "[cube] %zu cubes rebuilt from the ledger's query; checking coverage\n", cubes.size());
  const auto cov = family->check_coverage(cubes);
  return RunDir::create(dir, *family, cubes, cov, l.cube_options);
}

SampleCheck resolve_sample(const Family& f, const RunDir& run, std::size_t k, std::uint64_t seed,
                           double cube_timeout_s) {
  SampleCheck out;
  std::vector<CubeResult> done;
  for (auto& [id, r] : run.load_results())
    if (r.done()) done.push_back(std::move(r));
  std::mt19937_64 rng(seed);
  std::shuffle(done.begin(), done.end(), rng);
  if (done.size() > k) done.resize(k);
  std::sort(done.begin(), done.end(), [](const CubeResult& a, const CubeResult& b) { return a.id < b.id; });
  const auto scratch = std::filesystem::path(run.path()) / ("tmp-check-" + std::to_string(seed));
  std::filesystem::create_directories(scratch);
  std::ostringstream o;
  for (const auto& rec : done) {
    std::vector<Clause> pool;
    ConquerOptions co;
    co.cube_timeout_s = cube_timeout_s;
    co.scratch_dir = scratch.string();
    co.worker = "check";
    const CubeResult now = conquer(f, run.cubes()[rec.id], pool, co);
    ++out.sampled;
    out.cpu_seconds += now.cpu_seconds;
    o << "cube " << rec.id << " (recorded " << to_string(rec.status) << (rec.ledger.empty() ? "" : ", from a ledger")
      << "): now " << to_string(now.status);
    if (!now.done()) {
      ++out.unconfirmed;
      o << " (" << now.reason << "): unconfirmed";
    } else if (now.status != rec.status) {
      ++out.disagreed;
      o << ": DISAGREES with the record";
    } else {
      ++out.confirmed;
      o << (now.status == CubeStatus::Unsat ? ", proof checked (DRAT + verified LRAT)" : ", witness verified natively");
      if (now.status == CubeStatus::Unsat && !rec.proof.cnf_sha256.empty() && !now.proof.cnf_sha256.empty()) {
        const bool same = rec.proof.cnf_sha256 == now.proof.cnf_sha256;
        ++(same ? out.same_cnf : out.other_cnf);
        if (same)
          o << "; same CNF (sha256)";
        else if (f.pool_extras())
          o << "; the CNF differs from the recorded one (this family's lazy clauses depend on the cubes solved before)";
        else {
          ++out.disagreed;  // no lazy clauses: the same cube must give the same CNF
          o << "; the CNF DIFFERS from the recorded one (recorded " << rec.proof.cnf_sha256 << ", now "
            << now.proof.cnf_sha256 << ")";
        }
      }
    }
    o << ", " << now.cpu_seconds << " s CPU\n";
  }
  std::error_code ec;
  std::filesystem::remove_all(scratch, ec);
  out.report = o.str();
  return out;
}

}  // namespace schedcert::search
