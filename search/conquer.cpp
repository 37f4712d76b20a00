// One cube: CaDiCaL with a DRAT trace, lazy refinement, proof check (design note in conquer.hpp).
#include "search/conquer.hpp"

#include <cadical.hpp>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "encodings/sat/lrat_batch.hpp"
#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/drat.hpp"
#include "schedules/io/atomic_file.hpp"
#include "schedules/error.hpp"

#include "schedules/checked.hpp"

namespace schedcert::search {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

namespace {

// FNV-1a over the non-unit cube clauses (the batch group of a deferred check); wraps by design
// (SCHEDCERT_INTENDED_WRAP, docs/trust.md).
SCHEDCERT_INTENDED_WRAP std::uint64_t side_clause_group(const std::vector<std::vector<int>>& rest,
                                                        std::size_t first_extra) {
  std::uint64_t h = 1469598103934665603ull;
  for (std::size_t k = 0; k < first_extra; ++k) {
    if (rest[k].size() < 2) continue;
    for (int l : rest[k]) h = (h ^ static_cast<std::uint32_t>(l)) * 1099511628211ull;
    h = (h ^ 0xffffffffu) * 1099511628211ull;
  }
  return h;
}


class Stopper : public CaDiCaL::Terminator {
 public:
  std::function<bool()> stop;
  Clock::time_point end;
  bool timed = false;
  bool fired = false;
  bool terminate() override {
    fired = (stop && stop()) || (timed && Clock::now() >= end);
    return fired;
  }
};

void add_clause(CaDiCaL::Solver& s, const Clause& c) {
  for (int l : c) s.add(l);
  s.add(0);
}

// The cube's whole CNF (the family's base, then the cube's own clauses), and the path of its
// DRAT proof without ".drat" (where the LRAT and CNF files go).
std::vector<Clause> cube_cnf_of(const Family& f, const std::vector<Clause>& rest) {
  std::vector<Clause> cnf;
  cnf.reserve(f.base().size() + rest.size());
  cnf.insert(cnf.end(), f.base().begin(), f.base().end());
  cnf.insert(cnf.end(), rest.begin(), rest.end());
  return cnf;
}
std::string drat_stem(std::string proof) {
  if (proof.size() > 5 && proof.compare(proof.size() - 5, 5, ".drat") == 0) proof.resize(proof.size() - 5);
  return proof;
}

// Checks `proof` against base + rest; fills rec. Two checkers, both must accept: our forward DRAT
// checker (which writes the LRAT proof with the hints it found) and the Coq-verified LRAT
// checker on that LRAT proof and the same CNF (encodings/sat/lrat_check.hpp). Without a configured
// verified checker (a build without Coq/OCaml), the DRAT check alone decides and the record says
// so.
// Returns the CPU seconds of the verified checker (a child process: not in this thread's time).
// The family's verified_check runs the verified checker; with Family::keeps_lrat the accepted
// LRAT proof stays at stem + ".lrat" (keep_unsat moves it into the run directory).
double check_into(const Family& f, const Cube& cube, const std::vector<Clause>& rest, const std::string& proof,
                  ProofRecord& rec) {
  const std::vector<Clause> cnf = cube_cnf_of(f, rest);
  const std::string stem = drat_stem(proof);
  const bool verified_checker = !encodings::sat::lrat_checker_path().empty();
  const encodings::sat::LratRunner runner = [&f, &cube](const std::string& cnf_path, const std::string& lrat_path) {
    return f.verified_check(cnf_path, lrat_path, &cube, nullptr);
  };
  const encodings::sat::UnsatCertificate c =
      encodings::sat::certify_unsat(cnf, proof, stem, "", f.keeps_lrat(), runner);
  std::error_code ec;
  fs::remove(stem + ".cnf", ec);
  if (f.keeps_lrat() && !c.verified()) fs::remove(stem + ".lrat", ec);
  rec.lrat_verified = c.lrat.verified;
  rec.cnf_sha256 = c.lrat.cnf_sha256;
  rec.checked = c.drat.verified && (c.lrat.verified || !verified_checker);
  rec.message = verified_checker ? c.summary() : c.drat.message + " (no verified LRAT checker in this build)";
  rec.lemmas = c.drat.lemmas;
  rec.hash = file_hash(proof, &rec.bytes);
  return c.lrat.cpu_seconds;
}

// The first half of check_into for a deferred verified check: our DRAT check writes the LRAT
// proof that finish_deferred hands to the verified checker with the rest of its batch.
void defer_into(const Family& f, const std::vector<Clause>& rest, const std::string& proof, ProofRecord& rec,
                DeferredCheck& d) {
  const std::vector<Clause> cnf = cube_cnf_of(f, rest);
  const std::string stem = drat_stem(proof);
  const encodings::sat::UnsatCertificate c = encodings::sat::check_drat_for_lrat(cnf, proof, stem + ".lrat");
  rec.lrat_verified = false;
  rec.checked = false;
  rec.lemmas = c.drat.lemmas;
  rec.hash = file_hash(proof, &rec.bytes);
  std::ostringstream m;
  m.precision(3);
  m << "DRAT " << (c.drat.verified ? "checked" : "NOT checked") << " (" << c.drat.lemmas << " lemmas, "
    << c.drat_cpu_seconds << " s CPU)";
  rec.message = c.drat.verified ? m.str() : c.drat.message;
  d.drat_message = m.str();
  d.lrat = c.lrat_path;
  d.lrat_bytes = c.lrat_bytes;
  d.pending = c.drat.verified;
  if (!d.pending) {
    std::error_code ec;
    fs::remove(c.lrat_path, ec);
  }
}

// An UNSAT cube with both checks passed: its proof and extra clauses kept if asked.
// With Family::keeps_lrat the accepted LRAT proof (next to the DRAT proof) goes to keep_dir too.
void keep_unsat(const Family& f, CubeResult& res, const std::vector<Clause>& rest, std::size_t first_extra,
                const std::string& proof, const ConquerOptions& o) {
  res.status = CubeStatus::Unsat;
  const std::string stem = "cube-" + std::to_string(res.id);
  const std::string lrat = drat_stem(proof) + ".lrat";
  std::error_code ec;
  if (f.keeps_lrat() && fs::exists(lrat) && !o.keep_dir.empty()) {
    fs::create_directories(o.keep_dir);
    res.proof.lrat_bytes = static_cast<std::uint64_t>(fs::file_size(lrat, ec));
    fs::rename(lrat, fs::path(o.keep_dir) / (stem + ".lrat"));
    res.proof.lrat_file = (fs::path(o.keep_relative) / (stem + ".lrat")).string();
  }
  fs::remove(lrat, ec);
  if (o.keep_dir.empty() || !o.keep_drat) return;
  fs::create_directories(o.keep_dir);
  const std::vector<Clause> extras(rest.begin() + static_cast<long>(first_extra), rest.end());
  write_clauses((fs::path(o.keep_dir) / (stem + ".extra")).string(), extras);
  fs::rename(proof, fs::path(o.keep_dir) / (stem + ".drat"));
  res.proof.file = (fs::path(o.keep_relative) / (stem + ".drat")).string();
  res.proof.extra_file = (fs::path(o.keep_relative) / (stem + ".extra")).string();
}

}  // namespace

void write_clauses(const std::string& path, const std::vector<Clause>& clauses) {
  schedules::io::write_atomically(path, [&](std::ostream& out) {
    for (const auto& c : clauses) {
      for (int l : c) out << l << ' ';
      out << "0\n";
    }
  });
}

std::vector<Clause> read_clauses(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read clause file '" + path + "'");
  std::vector<Clause> out;
  Clause c;
  long long l;
  while (in >> l) {
    if (l == 0) {
      out.push_back(std::move(c));
      c.clear();
    } else {
      c.push_back(static_cast<int>(l));
    }
  }
  if (!in.eof() || !c.empty()) throw InputError("clause file '" + path + "': malformed or truncated");
  return out;
}

CubeResult conquer(const Family& f, const Cube& cube, std::vector<Clause>& pool, const ConquerOptions& o,
                   DeferredCheck* defer) {
  const double cpu0 = thread_cpu_seconds();
  const auto t0 = Clock::now();
  CubeResult res;
  res.id = cube.id;
  res.worker = o.worker;
  const std::string proof = (fs::path(o.scratch_dir) / ("cube-" + std::to_string(cube.id) + "-" + o.worker + ".drat")).string();
  std::vector<Clause> rest = f.cube_clauses(cube);  // every non-base clause of the checked CNF
  const std::size_t first_extra = rest.size();
  rest.insert(rest.end(), pool.begin(), pool.end());

  Stopper stopper;
  stopper.stop = o.stop;
  stopper.timed = o.cube_timeout_s > 0;
  stopper.end = t0 + std::chrono::microseconds(static_cast<long long>(o.cube_timeout_s * 1e6));
  double child_cpu_total = 0;  // the verified LRAT checker runs as a child process
  auto finish = [&] {
    res.cpu_seconds = thread_cpu_seconds() - cpu0 + child_cpu_total;
    res.wall_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    return res;
  };
  bool unsat = false;
  {
    CaDiCaL::Solver s;
    s.set("quiet", 1);
    s.set("binary", 1);
    if (!s.trace_proof(proof.c_str())) throw InputError("cannot write proof file '" + proof + "'");
    s.connect_terminator(&stopper);
    for (int v : f.frozen()) s.freeze(v);
    for (const auto& c : f.base()) add_clause(s, c);
    for (const auto& c : rest) add_clause(s, c);
    std::vector<bool> model(static_cast<std::size_t>(f.num_vars()) + 1, false);
    for (;;) {
      const int r = s.solve();
      ++res.solves;
      if (r == 20) {
        unsat = true;
        break;
      }
      if (r != 10) {
        res.reason = stopper.fired && o.stop && o.stop() ? "stopped" : "timeout";
        break;
      }
      for (int v = 1; v <= f.num_vars(); ++v) model[static_cast<std::size_t>(v)] = s.val(v) > 0;
      Family::Refinement ref = f.refine(model);
      if (ref.clauses.empty()) {
        if (const std::string why = f.check_witness(ref.witness); !why.empty())
          throw std::logic_error("cube " + std::to_string(cube.id) + ": the family's witness fails its check: " + why);
        res.status = CubeStatus::Sat;
        res.witness = std::move(ref.witness);
        break;
      }
      for (auto& c : ref.clauses) {
        if (const std::string why = f.validate_extra(c); !why.empty())
          throw std::logic_error("cube " + std::to_string(cube.id) + ": invalid lazy clause: " + why);
        add_clause(s, c);
        if (f.pool_extras()) pool.push_back(c);
        rest.push_back(std::move(c));
      }
    }
    s.disconnect_terminator();
    s.close_proof_trace();
  }
  res.extra_clauses = rest.size() - first_extra;
  if (!unsat) {
    std::remove(proof.c_str());
    return finish();
  }
  const double check0 = thread_cpu_seconds();
  double child_cpu = 0;
  if (defer && !f.keeps_lrat() && !encodings::sat::lrat_checker_path().empty())
    defer_into(f, rest, proof, res.proof, *defer);
  else child_cpu = check_into(f, cube, rest, proof, res.proof);
  const bool deferred = defer && defer->pending;
  if (!deferred && !res.proof.checked && !(o.stop && o.stop())) {
    // A fresh proof of the final CNF (the incremental trace may miss restored clauses).
    CaDiCaL::Solver s;
    s.set("quiet", 1);
    s.set("binary", 1);
    s.trace_proof(proof.c_str());
    stopper.fired = false;
    s.connect_terminator(&stopper);
    for (const auto& c : f.base()) add_clause(s, c);
    for (const auto& c : rest) add_clause(s, c);
    const int r = s.solve();
    s.disconnect_terminator();
    s.close_proof_trace();
    if (r == 20) {
      res.proof.fresh = true;
      child_cpu += check_into(f, cube, rest, proof, res.proof);
    } else if (r == 10) {
      throw std::logic_error("cube " + std::to_string(cube.id) + ": the final CNF is satisfiable after an UNSAT answer");
    }
  }
  res.check_seconds = thread_cpu_seconds() - check0 + child_cpu;
  child_cpu_total = child_cpu;
  if (deferred) {
    defer->group = side_clause_group(rest, first_extra);
    defer->rest = std::move(rest);
    defer->first_extra = first_extra;
    defer->proof = proof;
    res.reason = "awaiting the verified LRAT check of its batch";
    return finish();
  }
  if (res.proof.checked) {
    keep_unsat(f, res, rest, first_extra, proof, o);
  } else {
    res.reason = "proof not checked: " + res.proof.message;
  }
  std::remove(proof.c_str());
  return finish();
}

void finish_deferred(const Family& f, std::vector<std::pair<CubeResult, DeferredCheck>>& batch,
                     const ConquerOptions& o, const std::string& stem) {
  if (batch.empty()) return;
  const double cpu0 = thread_cpu_seconds();
  std::vector<const std::vector<Clause>*> rests;
  std::vector<std::string> lrats;
  for (const auto& [r, d] : batch) {
    rests.push_back(&d.rest);
    lrats.push_back(d.lrat);
  }
  const encodings::sat::BatchVerdict v = encodings::sat::check_lrat_batch(f.base(), rests, lrats, stem);
  const double own = (thread_cpu_seconds() - cpu0) / static_cast<double>(batch.size());
  const bool stopped = o.stop && o.stop();
  for (std::size_t i = 0; i < batch.size(); ++i) {
    auto& [r, d] = batch[i];
    const auto& mv = v.members[i];
    std::ostringstream m;
    m.precision(3);
    m << d.drat_message << "; LRAT (" << d.lrat_bytes << " bytes) " << (mv.verified ? "accepted" : "NOT accepted")
      << " by the Coq-verified checker (" << mv.message << ", " << mv.cpu_seconds << " s CPU";
    if (mv.batched)
      m << ": its share of one run on the batch CNF of " << v.batched << " cubes, sha256 " << v.batch_cnf_sha256
        << ", whose UNSAT implies this cube's (encodings/sat/lrat_batch.hpp)";
    else if (batch.size() > 1)
      m << ", checked alone" << (v.note.empty() ? "" : ": " + v.note);
    m << "); CNF sha256 " << mv.cnf_sha256;
    if (mv.verified) m << (mv.batched ? " (of the clauses the solver saw, as C++ rendered them)" : " (the bytes written and the clauses the solver saw)");
    r.proof.message = m.str();
    r.proof.lrat_verified = mv.verified;
    r.proof.cnf_sha256 = mv.cnf_sha256;
    r.proof.checked = mv.verified;  // our DRAT check accepted before the cube was deferred
    r.check_seconds += own + mv.cpu_seconds;
    r.cpu_seconds += own + mv.cpu_seconds;
    if (mv.verified) {
      r.reason.clear();
      keep_unsat(f, r, d.rest, d.first_extra, d.proof, o);
    } else {
      r.reason = stopped ? "stopped" : "proof not checked: " + r.proof.message;
    }
    std::error_code ec;
    fs::remove(d.proof, ec);
    fs::remove(d.lrat, ec);
    d.pending = false;
  }
}

std::string recheck_proof(const Family& f, const Cube& c, const std::string& proof_path,
                          const std::string& extra_path, ProofRecord* out) {
  std::vector<Clause> rest = f.cube_clauses(c);
  if (!extra_path.empty()) {
    for (auto& cl : read_clauses(extra_path)) {
      if (const std::string why = f.validate_extra(cl); !why.empty()) return "invalid extra clause: " + why;
      rest.push_back(std::move(cl));
    }
  }
  ProofRecord rec;
  if (f.keeps_lrat()) {
    // The check writes its LRAT proof next to the DRAT one: work on a scratch copy, so that the
    // run's kept proofs/cube-<id>.lrat is not replaced.
    const fs::path copy = fs::temp_directory_path() / ("schedcert-recheck-" + std::to_string(::getpid()) + "-cube-" +
                                                       std::to_string(c.id) + ".drat");
    fs::copy_file(proof_path, copy, fs::copy_options::overwrite_existing);
    check_into(f, c, rest, copy.string(), rec);
    std::error_code ec;
    fs::remove(copy, ec);
    fs::remove(drat_stem(copy.string()) + ".lrat", ec);
  } else {
    check_into(f, c, rest, proof_path, rec);
  }
  if (out) *out = rec;
  return rec.checked ? "" : "DRAT check failed: " + rec.message;
}

}  // namespace schedcert::search
