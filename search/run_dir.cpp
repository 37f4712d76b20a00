// Run directories (design note in run_dir.hpp).
#include "search/run_dir.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "schedules/io/atomic_file.hpp"
#include "schedules/error.hpp"

namespace schedcert::search {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

json read_file_json(const fs::path& p) {
  std::ifstream in(p);
  if (!in) throw InputError(p.string() + ": cannot read");
  try {
    return json::parse(in);
  } catch (const json::exception& e) {
    throw InputError(p.string() + ": not valid JSON (" + std::string(e.what()) + ")");
  }
}

void write_file_json(const fs::path& p, const json& j) {
  schedules::io::write_atomically(p.string(), [&](std::ostream& out) { out << j.dump(1) << "\n"; });
}

// A coverage proof the family kept (Coverage::lrat_text) goes to DIR/proofs/coverage.lrat.
Coverage adopt_coverage_lrat(const fs::path& dir, Coverage cov) {
  if (cov.lrat_text.empty()) return cov;
  fs::create_directories(dir / "proofs");
  schedules::io::write_atomically((dir / "proofs" / "coverage.lrat").string(),
                                  [&](std::ostream& out) { out << cov.lrat_text; });
  cov.lrat_text.clear();
  cov.lrat_file = "proofs/coverage.lrat";
  return cov;
}

std::string hash_cubes(const std::vector<Cube>& cubes) {
  json a = json::array();
  for (const auto& c : cubes) a.push_back(to_json(c));
  return text_hash(a.dump());
}

}  // namespace

bool RunDir::exists(const std::string& dir) { return fs::exists(fs::path(dir) / "query.json"); }

RunDir RunDir::create(const std::string& dir, const Family& f, const std::vector<Cube>& cubes, const Coverage& cov,
                      const json& cube_options) {
  if (exists(dir)) throw InputError("--dir: '" + dir + "' already holds a run (use --resume " + dir + ")");
  fs::create_directories(fs::path(dir) / "results");
  RunDir r;
  r.path_ = dir;
  r.cubes_ = cubes;
  r.cubes_hash_ = hash_cubes(cubes);
  r.coverage_ = adopt_coverage_lrat(dir, cov);
  json cj = json::array();
  for (const auto& c : cubes) cj.push_back(to_json(c));
  // query.json last: its presence marks a complete directory.
  write_file_json(fs::path(dir) / "cubes.json", json{{"hash", r.cubes_hash_}, {"count", cubes.size()}, {"cubes", cj}});
  write_file_json(fs::path(dir) / "coverage.json", to_json(r.coverage_));
  r.query_ = json{{"query", f.query()},
                  {"title", f.title()},
                  {"cube_options", cube_options},
                  {"cubes_hash", r.cubes_hash_},
                  {"schedcert_version", SCHEDCERT_VERSION}};
  write_file_json(fs::path(dir) / "query.json", r.query_);
  return r;
}

RunDir RunDir::open(const std::string& dir) {
  const fs::path p(dir);
  if (!exists(dir)) throw InputError("--resume: '" + dir + "' is not a run directory (no query.json)");
  RunDir r;
  r.path_ = dir;
  r.query_ = read_file_json(p / "query.json");
  if (!r.query_.contains("query")) throw InputError(dir + "/query.json: no \"query\" field");
  const json c = read_file_json(p / "cubes.json");
  for (const auto& cj : c.at("cubes")) r.cubes_.push_back(cube_from_json(cj));
  r.cubes_hash_ = hash_cubes(r.cubes_);
  if (r.cubes_hash_ != c.value("hash", "") || r.cubes_hash_ != r.query_.value("cubes_hash", ""))
    throw InputError(dir + "/cubes.json: the cube list does not match its recorded hash");
  for (std::size_t i = 0; i < r.cubes_.size(); ++i)
    if (r.cubes_[i].id != i) throw InputError(dir + "/cubes.json: cube ids must be 0, 1, 2, ... in order");
  if (fs::exists(p / "coverage.json")) r.coverage_ = coverage_from_json(read_file_json(p / "coverage.json"));
  return r;
}

void RunDir::set_coverage(const Coverage& c) {
  coverage_ = adopt_coverage_lrat(path_, c);
  write_file_json(fs::path(path_) / "coverage.json", to_json(coverage_));
}

std::map<std::uint32_t, CubeResult> RunDir::load_results(std::vector<std::string>* skipped) const {
  std::map<std::uint32_t, CubeResult> out;
  const fs::path dir = fs::path(path_) / "results";
  if (!fs::exists(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.') continue;  // temporary files of atomic writes
    try {
      CubeResult r = result_from_json(read_file_json(e.path()));
      if (r.id >= cubes_.size() || name != "cube-" + std::to_string(r.id) + ".json")
        throw InputError("names a cube that is not in this run");
      if (r.status == CubeStatus::Unsat && !r.proof.checked) throw InputError("unsat without a checked proof");
      if (r.status == CubeStatus::Sat && r.witness.is_null()) throw InputError("sat without a witness");
      out[r.id] = std::move(r);
    } catch (const std::exception& ex) {
      if (skipped) skipped->push_back(name + ": " + ex.what());
    }
  }
  return out;
}

void RunDir::record(const CubeResult& r) const {
  const fs::path p = fs::path(path_) / "results" / ("cube-" + std::to_string(r.id) + ".json");
  if (!r.done() && fs::exists(p)) {
    try {
      if (result_from_json(read_file_json(p)).done()) return;
    } catch (const std::exception&) {
    }
  }
  fs::create_directories(p.parent_path());  // a copied run directory may lack results/
  write_file_json(p, to_json(r));
}

std::string RunDir::proofs_dir() const { return (fs::path(path_) / "proofs").string(); }

void RunDir::write_json(const std::string& name, const json& j) const { write_file_json(fs::path(path_) / name, j); }

std::optional<json> RunDir::read_json(const std::string& name) const {
  const fs::path p = fs::path(path_) / name;
  if (!fs::exists(p)) return std::nullopt;
  return read_file_json(p);
}

std::string merge_runs(const RunDir& into, const std::vector<RunDir>& others, bool* conflict) {
  if (conflict) *conflict = false;
  auto mine = into.load_results();
  std::size_t copied = 0, kept = 0;
  std::ostringstream problems;
  for (const auto& o : others) {
    if (o.query() != into.query())
      throw InputError("merge: '" + o.path() + "' answers another query than '" + into.path() + "'");
    if (o.cubes_hash() != into.cubes_hash())
      throw InputError("merge: '" + o.path() + "' has other cubes than '" + into.path() + "'");
    for (auto& [id, r] : o.load_results()) {
      auto it = mine.find(id);
      if (it != mine.end() && it->second.done() && r.done() && it->second.status != r.status) {
        if (conflict) *conflict = true;
        problems << " cube " << id << ": " << to_string(it->second.status) << " in " << into.path() << " but "
                 << to_string(r.status) << " in " << o.path() << ";";
        continue;
      }
      if (it != mine.end() && it->second.done()) {
        ++kept;
        continue;
      }
      if (!r.proof.file.empty()) {  // bring kept proofs along
        const fs::path src = fs::path(o.path()) / r.proof.file, dst = fs::path(into.path()) / r.proof.file;
        fs::create_directories(dst.parent_path());
        fs::copy_file(src, dst, fs::copy_options::overwrite_existing);
        if (!r.proof.extra_file.empty())
          fs::copy_file(fs::path(o.path()) / r.proof.extra_file, fs::path(into.path()) / r.proof.extra_file,
                        fs::copy_options::overwrite_existing);
      }
      into.record(r);
      mine[id] = r;
      ++copied;
    }
  }
  std::ostringstream s;
  s << "merged " << others.size() << " run(s): " << copied << " results copied, " << kept << " already done here";
  if (conflict && *conflict) s << "; CONFLICTS:" << problems.str();
  return s.str();
}

}  // namespace schedcert::search
