// MPI distributor (design note in distributor_mpi.hpp).
#include "mpi/distributor_mpi.hpp"

#include <unistd.h>

#include <chrono>
#include <deque>
#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <stdexcept>
#include <thread>

#include "schedules/disagree.hpp"
#include "schedules/error.hpp"
#include "search/conquer.hpp"

namespace schedcert::mpi {

namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

enum Tag : int { kQuery = 1, kCube = 2, kAbort = 3, kExit = 4, kReady = 5, kResult = 6, kError = 7, kDisagree = 8 };

void send_text(const std::string& s, int dest, int tag, MPI_Comm comm) {
  if (s.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()))
    throw InputError("MPI: a message of " + std::to_string(s.size()) + " bytes is too large");
  MPI_Send(s.data(), static_cast<int>(s.size()), MPI_CHAR, dest, tag, comm);
}

// Receives the message that `st` (from MPI_Probe / MPI_Iprobe) announces.
std::string recv_text(const MPI_Status& st, MPI_Comm comm) {
  int n = 0;
  MPI_Get_count(&st, MPI_CHAR, &n);
  std::string s(static_cast<std::size_t>(n), '\0');
  MPI_Recv(s.data(), n, MPI_CHAR, st.MPI_SOURCE, st.MPI_TAG, comm, MPI_STATUS_IGNORE);
  return s;
}

std::string host_name() {
  char buf[256] = {0};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "?";
  return buf;
}

}  // namespace

MpiDistributor::MpiDistributor(MPI_Comm comm) : comm_(comm) {
  MPI_Comm_rank(comm_, &rank_);
  MPI_Comm_size(comm_, &size_);
}

void MpiDistributor::release() {
  if (released_ || rank_ != 0) return;
  released_ = true;
  for (int w = 1; w < size_; ++w) send_text("", w, kExit, comm_);
}

search::RunSummary MpiDistributor::master(const search::Family& f, const search::RunDir& run,
                                          const search::RunOptions& o) {
  const auto t0 = Clock::now();
  if (size_ < 2) throw InputError("schedcert-mpi: needs at least 2 ranks (1 master + workers), got " + std::to_string(size_));
  const std::vector<std::uint32_t> todo = search::pending_cubes(run, o);
  const search::RunSummary before = search::summarize(f, run);
  json cubes = json::array();
  for (const auto& c : run.cubes()) cubes.push_back(search::to_json(c));
  const json hello{{"query", run.query()},
                   {"cubes", cubes},
                   {"cube_timeout", o.cube_timeout_s},
                   {"keep_dir", o.keep_proofs || f.keeps_lrat() ? fs::absolute(run.proofs_dir()).string() : std::string()},
                   {"keep_drat", o.keep_proofs}};
  const std::string hello_text = hello.dump();
  for (int w = 1; w < size_; ++w) send_text(hello_text, w, kQuery, comm_);

  std::deque<int> idle;
  std::map<int, std::uint32_t> busy;  // worker -> cube id
  std::size_t next = 0, finished = 0, unsat_now = 0, sat_now = 0, open_now = 0;
  double cpu_now = 0;
  bool stop = before.verdict == search::RunVerdict::Sat, aborted = false;
  std::string error;
  bool disagree = false;  // a worker's EnginesDisagree (exit 4 on the root too)
  auto last = Clock::now();
  if (o.progress && !todo.empty() && !stop)
    std::cerr << "[cube] " << f.title() << ": " << todo.size() << " cubes to run (" << before.unsat + before.sat
              << " of " << before.cubes << " done before), " << size_ - 1 << " MPI worker rank(s)" << std::endl;
  for (;;) {
    if (!stop && !aborted && o.budget.expired()) stop = true;
    if (stop && !aborted) {  // early stop or deadline: the running cubes are abandoned
      for (const auto& [w, id] : busy) send_text("", w, kAbort, comm_);
      aborted = true;
    }
    while (!stop && next < todo.size() && !idle.empty()) {
      const int w = idle.front();
      idle.pop_front();
      busy[w] = todo[next];
      send_text(std::to_string(todo[next]), w, kCube, comm_);
      ++next;
    }
    if (busy.empty() && (stop || next >= todo.size()) && idle.size() + busy.size() >= static_cast<std::size_t>(size_ - 1))
      break;
    int flag = 0;
    MPI_Status st;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_, &flag, &st);
    if (!flag) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    } else {
      const std::string text = recv_text(st, comm_);
      const int w = st.MPI_SOURCE;
      if (st.MPI_TAG == kReady) {
        idle.push_back(w);
      } else if (st.MPI_TAG == kError || st.MPI_TAG == kDisagree) {
        error = "MPI worker rank " + std::to_string(w) + ": " + text;
        disagree = disagree || st.MPI_TAG == kDisagree;
        stop = true;
        busy.erase(w);
        idle.push_back(w);
      } else if (st.MPI_TAG == kResult) {
        const search::CubeResult r = search::result_from_json(json::parse(text));
        busy.erase(w);
        idle.push_back(w);
        if (r.status != search::CubeStatus::Unknown || r.reason != "stopped") run.record(r);
        ++finished;
        cpu_now += r.cpu_seconds;
        if (r.status == search::CubeStatus::Sat) {
          ++sat_now;
          stop = true;  // one witness answers the feasibility question
        } else if (r.done()) {
          ++unsat_now;
        } else {
          ++open_now;
        }
      }
    }
    const auto now = Clock::now();
    if (o.progress && std::chrono::duration<double>(now - last).count() >= o.progress_interval_s) {
      last = now;
      const double el = std::chrono::duration<double>(now - t0).count();
      std::cerr << "[cube " << search::format_duration(el) << "] "
                << search::progress_line(before.unsat + before.sat + unsat_now + sat_now, before.cubes,
                                         before.unsat + unsat_now, before.sat + sat_now, open_now, busy.size(), el,
                                         finished, todo.size())
                << ", CPU " << search::format_duration(cpu_now) << (o.bounds ? "; " + o.bounds() : "") << std::endl;
    }
  }
  release();
  if (disagree) throw EnginesDisagree(error);
  if (!error.empty()) throw std::runtime_error(error);
  search::RunSummary s = search::summarize(f, run);
  s.wall_seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  s.cpu_seconds = cpu_now;
  run.write_json("summary.json", s.to_json());
  if (s.sat_cube) run.write_json("witness.json", s.sat_cube->witness);
  return s;
}

void MpiDistributor::work() {
  const std::string worker = "rank " + std::to_string(rank_) + "@" + host_name();
  const std::string scratch =
      (fs::temp_directory_path() / ("schedcert-mpi-" + std::to_string(rank_) + "-" + std::to_string(::getpid()))).string();
  std::unique_ptr<search::Family> family;
  std::vector<search::Cube> cubes;
  std::vector<search::Clause> pool;
  search::ConquerOptions co;
  co.scratch_dir = scratch;
  co.worker = worker;
  // The solver polls stop() often: look for an ABORT message at most every 50 ms.
  auto last_poll = Clock::now();
  co.stop = [&] {
    const auto now = Clock::now();
    if (now - last_poll < std::chrono::milliseconds(50)) return false;
    last_poll = now;
    int flag = 0;
    MPI_Iprobe(0, kAbort, comm_, &flag, MPI_STATUS_IGNORE);
    return flag != 0;
  };
  for (;;) {
    MPI_Status st;
    MPI_Probe(0, MPI_ANY_TAG, comm_, &st);
    const std::string text = recv_text(st, comm_);
    if (st.MPI_TAG == kExit) break;
    if (st.MPI_TAG == kAbort) continue;  // arrived after the cube ended: nothing to stop
    try {
      if (st.MPI_TAG == kQuery) {
        const json hello = json::parse(text);
        family = search::make_family(hello.at("query"));
        cubes.clear();
        for (const auto& c : hello.at("cubes")) cubes.push_back(search::cube_from_json(c));
        pool.clear();
        co.cube_timeout_s = hello.value("cube_timeout", 0.0);
        const std::string keep = hello.value("keep_dir", std::string());
        co.keep_dir = !keep.empty() && fs::is_directory(keep) ? keep : std::string();
        co.keep_relative = co.keep_dir.empty() ? std::string() : std::string("proofs");
        co.keep_drat = hello.value("keep_drat", true);
        fs::create_directories(scratch);
        send_text("", 0, kReady, comm_);
      } else if (st.MPI_TAG == kCube) {
        const unsigned long id = std::stoul(text);
        if (!family || id >= cubes.size() || cubes[id].id != id)
          throw std::runtime_error("cube " + text + " is not in the query this worker received");
        const search::CubeResult r = search::conquer(*family, cubes[id], pool, co);
        send_text(search::to_json(r).dump(), 0, kResult, comm_);
      }
    } catch (const EnginesDisagree& e) {  // the CNF a checker read is not the solver's (issue 25)
      send_text(e.what(), 0, kDisagree, comm_);
    } catch (const std::exception& e) {
      send_text(e.what(), 0, kError, comm_);
    }
  }
  std::error_code ec;
  fs::remove_all(scratch, ec);
}

}  // namespace schedcert::mpi
