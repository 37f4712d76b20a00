// JSON of cubes and results, and the file hash (cube.hpp).
#include "search/cube.hpp"

#include <cstdio>
#include <fstream>

#include "schedules/checked.hpp"
#include "schedules/error.hpp"

namespace schedcert::search {

using nlohmann::json;

json to_json(const Cube& c) { return json{{"id", c.id}, {"lits", c.lits}, {"label", c.label}}; }

Cube cube_from_json(const json& j) {
  Cube c;
  c.id = j.at("id").get<std::uint32_t>();
  c.lits = j.at("lits").get<std::vector<int>>();
  c.label = j.value("label", "");
  return c;
}

std::string to_string(CubeStatus s) {
  switch (s) {
    case CubeStatus::Unsat: return "unsat";
    case CubeStatus::Sat: return "sat";
    case CubeStatus::Unknown: break;
  }
  return "unknown";
}

CubeStatus parse_cube_status(const std::string& s) {
  if (s == "unsat") return CubeStatus::Unsat;
  if (s == "sat") return CubeStatus::Sat;
  if (s == "unknown") return CubeStatus::Unknown;
  throw InputError("cube result: status '" + s + "' is not unsat, sat or unknown");
}

json to_json(const CubeResult& r) {
  json j{{"id", r.id},
         {"status", to_string(r.status)},
         {"cpu_seconds", r.cpu_seconds},
         {"check_seconds", r.check_seconds},
         {"wall_seconds", r.wall_seconds},
         {"solves", r.solves},
         {"extra_clauses", r.extra_clauses},
         {"worker", r.worker}};
  if (!r.reason.empty()) j["reason"] = r.reason;
  if (!r.ledger.empty()) j["ledger"] = r.ledger;
  if (r.status == CubeStatus::Unsat || !r.proof.hash.empty()) {
    const auto& p = r.proof;
    j["proof"] = json{{"format", p.format}, {"bytes", p.bytes},     {"hash", p.hash},
                      {"lemmas", p.lemmas}, {"checked", p.checked}, {"message", p.message},
                      {"fresh", p.fresh},   {"file", p.file},       {"extra_file", p.extra_file},
                      {"lrat_verified", p.lrat_verified}, {"cnf_sha256", p.cnf_sha256}};
    if (!p.lrat_file.empty()) {
      j["proof"]["lrat_file"] = p.lrat_file;
      j["proof"]["lrat_bytes"] = p.lrat_bytes;
    }
  }
  if (r.status == CubeStatus::Sat) j["witness"] = r.witness;
  return j;
}

CubeResult result_from_json(const json& j) {
  CubeResult r;
  r.id = j.at("id").get<std::uint32_t>();
  r.status = parse_cube_status(j.at("status").get<std::string>());
  r.reason = j.value("reason", "");
  r.cpu_seconds = j.value("cpu_seconds", 0.0);
  r.check_seconds = j.value("check_seconds", 0.0);
  r.wall_seconds = j.value("wall_seconds", 0.0);
  r.solves = j.value("solves", std::uint64_t{0});
  r.extra_clauses = j.value("extra_clauses", std::uint64_t{0});
  r.worker = j.value("worker", "");
  r.ledger = j.value("ledger", "");
  if (j.contains("proof")) {
    const json& p = j["proof"];
    r.proof.format = p.value("format", "drat");
    r.proof.bytes = p.value("bytes", std::uint64_t{0});
    r.proof.hash = p.value("hash", "");
    r.proof.lemmas = p.value("lemmas", std::uint64_t{0});
    r.proof.checked = p.value("checked", false);
    r.proof.message = p.value("message", "");
    r.proof.fresh = p.value("fresh", false);
    r.proof.file = p.value("file", "");
    r.proof.extra_file = p.value("extra_file", "");
    r.proof.lrat_verified = p.value("lrat_verified", false);
    r.proof.cnf_sha256 = p.value("cnf_sha256", "");
    r.proof.lrat_file = p.value("lrat_file", "");
    r.proof.lrat_bytes = p.value("lrat_bytes", std::uint64_t{0});
  }
  if (j.contains("witness")) r.witness = j["witness"];
  return r;
}

namespace {

struct Fnv {
  std::uint64_t h = 1469598103934665603ull;
  SCHEDCERT_INTENDED_WRAP void add(const unsigned char* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) {
      h ^= p[i];
      h *= 1099511628211ull;
    }
  }
  std::string hex() const {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
  }
};

}  // namespace

std::string file_hash(const std::string& path, std::uint64_t* bytes) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return "";
  Fnv h;
  std::uint64_t total = 0;
  unsigned char buf[1 << 16];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    h.add(buf, n);
    total += n;
  }
  std::fclose(f);
  if (bytes) *bytes = total;
  return h.hex();
}

std::string text_hash(const std::string& text) {
  Fnv h;
  h.add(reinterpret_cast<const unsigned char*>(text.data()), text.size());
  return h.hex();
}

}  // namespace schedcert::search
