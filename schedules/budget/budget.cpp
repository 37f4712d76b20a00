// The command's resource budget (design note in budget.hpp).
#include "schedules/budget/budget.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <limits>
#include <mutex>
#include <regex>
#include <sstream>
#include <vector>

namespace schedcert::schedules::budget {

namespace {

using Clock = Budget::Clock;
constexpr auto kRssSampleInterval = std::chrono::milliseconds(50);
constexpr auto kProgressAfter = std::chrono::seconds(5);   // a phase is long after this
constexpr auto kProgressEvery = std::chrono::seconds(10);  // at most one line per interval

std::int64_t ticks(Clock::time_point t) { return t.time_since_epoch().count(); }

}  // namespace

struct Budget::State {
  Clock::time_point start = Clock::now();
  double seconds = 0;  // the whole command's budget (0: none), for messages
  std::string time_option = "--timeout";
  std::uint64_t memory_limit = 0;
  bool progress = false;
  std::atomic<int> stop_kind{-1};
  std::atomic<std::int64_t> next_rss_sample{0};
  std::atomic<std::int64_t> last_print{std::numeric_limits<std::int64_t>::min() / 2};
  std::mutex m;  // guards the members below
  std::ostream* out = &std::cerr;
  std::string reached;  // note_reached
  struct OpenPhase {
    std::uint64_t id;
    std::string name;
    Clock::time_point start;
  };
  std::vector<OpenPhase> phases;  // open phases, innermost last
  std::vector<std::pair<std::uint64_t, std::function<void()>>> hooks;
  std::uint64_t next_id = 1;
};

TooLarge::TooLarge(const std::string& what, std::uint64_t estimate_bytes, std::uint64_t limit_bytes)
    : InputError(what + " needs an estimated " + format_bytes(estimate_bytes) +
                 ", more than the " + format_bytes(limit_bytes) +
                 " left under the memory limit (--max-memory); refused before building it"),
      estimate_(estimate_bytes),
      limit_(limit_bytes) {}

Budget::Budget() : state_(std::make_shared<State>()) {}

Budget::Budget(double seconds, std::uint64_t memory_bytes, bool progress, std::string time_option)
    : Budget() {
  state_->time_option = std::move(time_option);
  state_->memory_limit = memory_bytes;
  state_->progress = progress;
  if (seconds > 0) {
    state_->seconds = seconds;
    deadline_ = state_->start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(seconds));
  }
}

std::string Budget::time_limit_text() const {
  return state_->time_option + " " + format_seconds(state_->seconds);
}

double Budget::elapsed_seconds() const {
  return std::chrono::duration<double>(Clock::now() - state_->start).count();
}

double Budget::remaining_seconds() const {
  if (!deadline_) return std::numeric_limits<double>::infinity();
  const double left = std::chrono::duration<double>(*deadline_ - Clock::now()).count();
  return left > 0 ? left : 0.0;
}

bool Budget::expired() const {
  return stopped() || (deadline_ && Clock::now() >= *deadline_);
}

unsigned Budget::solver_timeout_ms(unsigned cap_ms) const {
  if (!deadline_) return cap_ms;
  double ms = std::max(1.0, std::floor(remaining_seconds() * 1000.0));
  if (cap_ms > 0) ms = std::min(ms, static_cast<double>(cap_ms));
  return static_cast<unsigned>(std::min(ms, 4.0e9));
}

Budget Budget::slice(double fraction) const {
  Budget b = *this;
  if (deadline_) {
    const double s = std::clamp(fraction, 0.0, 1.0) * remaining_seconds();
    b.deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(s));
  }
  return b;
}

Budget Budget::capped(double seconds) const {
  Budget b = *this;
  if (seconds > 0) {
    const auto end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(seconds));
    if (!deadline_ || end < *deadline_) b.deadline_ = end;
  }
  return b;
}

std::uint64_t Budget::memory_limit() const { return state_->memory_limit; }

std::uint64_t Budget::working_limit() const { return state_->memory_limit / 10 * 9; }

std::uint64_t Budget::headroom() const {
  if (state_->memory_limit == 0) return std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t rss = resident_bytes(), lim = working_limit();
  return rss >= lim ? 0 : lim - rss;
}

void Budget::admit(std::uint64_t estimated_bytes, const std::string& what) const {
  if (state_->memory_limit == 0) return;
  const std::uint64_t room = headroom();
  if (estimated_bytes > room) throw TooLarge(what, estimated_bytes, room);
}

void Budget::check(const std::string& phase) const {
  const int k = state_->stop_kind.load(std::memory_order_relaxed);
  if (k >= 0) fail(static_cast<BudgetExceeded::Kind>(k), phase);
  const auto now = Clock::now();
  if (deadline_ && now >= *deadline_) fail(BudgetExceeded::Kind::Time, phase);
  if (state_->memory_limit == 0) return;
  auto next = state_->next_rss_sample.load(std::memory_order_relaxed);
  if (ticks(now) < next) return;
  if (!state_->next_rss_sample.compare_exchange_strong(next, ticks(now + kRssSampleInterval)))
    return;  // another thread samples
  if (resident_bytes() > working_limit()) fail(BudgetExceeded::Kind::Memory, phase);
}

void Budget::fail(BudgetExceeded::Kind kind, const std::string& phase) const {
  const std::string where = phase.empty() ? std::string() : " in " + phase;
  if (kind == BudgetExceeded::Kind::Memory)
    throw BudgetExceeded(kind, phase,
                         "out of memory at " + format_bytes(resident_bytes()) + " resident" +
                             where + " (memory limit " + format_bytes(state_->memory_limit) +
                             ", --max-memory)");
  std::string budget = state_->seconds > 0 && deadline_ && !stopped() &&
                               std::chrono::duration<double>(*deadline_ - state_->start).count() <
                                   state_->seconds - 1e-3
                           ? "this phase's share of the time budget"
                           : "the time budget";
  if (state_->seconds > 0) budget += " (" + time_limit_text() + ")";
  throw BudgetExceeded(kind, phase,
                       budget + " ran out" + where + " after " + format_seconds(elapsed_seconds()));
}

void Budget::stop(BudgetExceeded::Kind kind) const {
  int none = -1;
  if (!state_->stop_kind.compare_exchange_strong(none, static_cast<int>(kind))) return;
  std::lock_guard<std::mutex> lock(state_->m);
  for (auto& [id, hook] : state_->hooks) hook();
}

void Budget::repeat_stop_hooks() const {
  if (!stopped()) return;
  std::lock_guard<std::mutex> lock(state_->m);
  for (auto& [id, hook] : state_->hooks) hook();
}

bool Budget::stopped() const { return state_->stop_kind.load(std::memory_order_relaxed) >= 0; }

Budget::StopHook Budget::on_stop(std::function<void()> hook) const {
  std::lock_guard<std::mutex> lock(state_->m);
  const std::uint64_t id = state_->next_id++;
  if (stopped()) hook();
  state_->hooks.emplace_back(id, std::move(hook));
  return StopHook(state_, id);
}

Budget::StopHook::~StopHook() {
  if (!state_) return;
  std::lock_guard<std::mutex> lock(state_->m);
  std::erase_if(state_->hooks, [&](const auto& h) { return h.first == id_; });
}

void Budget::note_reached(const std::string& what) const {
  std::lock_guard<std::mutex> lock(state_->m);
  state_->reached = what;
}

std::string Budget::reached() const {
  std::lock_guard<std::mutex> lock(state_->m);
  return state_->reached;
}

bool Budget::progress() const { return state_->progress; }

void Budget::set_progress_stream(std::ostream* out) const {
  std::lock_guard<std::mutex> lock(state_->m);
  state_->out = out ? out : &std::cerr;
}

Budget::Phase Budget::phase(std::string name) const { return Phase(*this, std::move(name)); }

std::string Budget::current_phase() const {
  std::lock_guard<std::mutex> lock(state_->m);
  return state_->phases.empty() ? std::string() : state_->phases.back().name;
}

void Budget::report_if_due() const {
  std::string name;
  Clock::time_point start;
  {
    std::lock_guard<std::mutex> lock(state_->m);
    if (state_->phases.empty()) return;
    name = state_->phases.back().name;
    start = state_->phases.back().start;
  }
  if (progress_due(Clock::now(), start)) report(name, "");
}

bool Budget::progress_due(Clock::time_point now, Clock::time_point phase_start) const {
  if (!state_->progress || now - phase_start < kProgressAfter) return false;
  return ticks(now) - state_->last_print.load(std::memory_order_relaxed) >=
         std::chrono::duration_cast<Clock::duration>(kProgressEvery).count();
}

void Budget::report(const std::string& phase, const std::string& detail) const {
  if (!state_->progress) return;
  std::ostringstream line;
  line << "[schedcert " << std::fixed << std::setprecision(1) << elapsed_seconds() << " s] "
       << phase << ": " << (detail.empty() ? "" : detail + ", ") << "RSS "
       << format_bytes(resident_bytes());
  if (state_->memory_limit) line << " of " << format_bytes(state_->memory_limit);
  if (deadline_) line << ", " << format_seconds(remaining_seconds()) << " left";
  std::lock_guard<std::mutex> lock(state_->m);
  state_->last_print.store(ticks(Clock::now()), std::memory_order_relaxed);
  *state_->out << line.str() << std::endl;
}

Budget::Phase::Phase(const Budget& b, std::string name)
    : budget_(b), name_(std::move(name)), start_(Clock::now()) {
  std::lock_guard<std::mutex> lock(budget_.state_->m);
  id_ = budget_.state_->next_id++;
  budget_.state_->phases.push_back({id_, name_, start_});
}

Budget::Phase::~Phase() {
  std::lock_guard<std::mutex> lock(budget_.state_->m);
  std::erase_if(budget_.state_->phases, [&](const auto& p) { return p.id == id_; });
}

double Budget::Phase::seconds() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

// ---- memory of this process and of the machine

std::uint64_t resident_bytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long long size = 0, resident = 0;
  const int n = std::fscanf(f, "%llu %llu", &size, &resident);
  std::fclose(f);
  if (n != 2) return 0;
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

std::uint64_t peak_resident_bytes() {
  rusage ru{};
  if (getrusage(RUSAGE_SELF, &ru) != 0) return 0;
  return static_cast<std::uint64_t>(ru.ru_maxrss) * 1024;  // Linux: kilobytes
}

namespace {

// A cgroup's memory limit (v2 memory.max, v1 memory.limit_in_bytes), or 0 when none.
std::uint64_t cgroup_limit() {
  for (const char* path :
       {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::ifstream in(path);
    std::string s;
    if (in >> s && !s.empty() && s != "max") {
      try {
        const std::uint64_t v = std::stoull(s);
        if (v > 0 && v < (std::uint64_t{1} << 60)) return v;
      } catch (const std::exception&) {
      }
    }
  }
  return 0;
}

}  // namespace

std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
  std::uint64_t phys = pages > 0 && size > 0 ? static_cast<std::uint64_t>(pages) * size : 0;
  const std::uint64_t cg = cgroup_limit();
  if (cg > 0 && (phys == 0 || cg < phys)) phys = cg;
  return phys;
}

std::uint64_t available_memory_bytes() {
  std::ifstream in("/proc/meminfo");
  std::string key, unit;
  unsigned long long kb = 0;
  std::uint64_t avail = 0;
  while (in >> key >> kb) {
    std::getline(in, unit);
    if (key == "MemAvailable:") {
      avail = static_cast<std::uint64_t>(kb) * 1024;
      break;
    }
  }
  const std::uint64_t cg = cgroup_limit();
  if (cg > 0 && (avail == 0 || cg < avail)) avail = cg;
  return avail;
}

std::uint64_t default_memory_limit() {
  const std::uint64_t phys = physical_memory_bytes();
  if (phys == 0) return 0;
  std::uint64_t limit = phys / 4 * 3;
  const std::uint64_t avail = available_memory_bytes();
  if (avail > 0) limit = std::min(limit, resident_bytes() + avail / 10 * 9);
  return limit;
}

unsigned seconds_to_ms(double seconds) {
  if (!(seconds > 0)) return 0;
  const double ms = std::ceil(seconds * 1000.0);
  return ms >= 4294967295.0 ? 4294967295u : static_cast<unsigned>(ms);
}

std::string format_seconds(double seconds) {
  std::ostringstream o;
  o << std::fixed << std::setprecision(1) << seconds << " s";
  return o.str();
}

std::string format_bytes(std::uint64_t bytes) {
  static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024.0 && u < 4) v /= 1024.0, ++u;
  std::ostringstream o;
  if (u == 0)
    o << bytes << " B";
  else
    o << std::fixed << std::setprecision(1) << v << ' ' << units[u];
  return o.str();
}

std::uint64_t parse_memory_size(const std::string& text, const std::string& option) {
  static const std::regex re(R"(\s*([0-9]+(?:\.[0-9]+)?)\s*([kKmMgGtT]?)(?:i?[bB])?\s*)");
  std::smatch m;
  if (!std::regex_match(text, m, re))
    throw InputError(option + ": '" + text +
                     "' is not a size (examples: 8G, 512M, 1.5GiB, 0 = no limit)");
  const double v = std::stod(m[1].str());
  int shift = 0;
  if (m[2].length() > 0) {
    switch (m[2].str()[0]) {
      case 'k': case 'K': shift = 10; break;
      case 'm': case 'M': shift = 20; break;
      case 'g': case 'G': shift = 30; break;
      default: shift = 40; break;
    }
  }
  const double bytes = std::ldexp(v, shift);
  if (bytes >= 1.8e19) throw InputError(option + ": '" + text + "' is too large");
  return static_cast<std::uint64_t>(bytes);
}

}  // namespace schedcert::schedules::budget
