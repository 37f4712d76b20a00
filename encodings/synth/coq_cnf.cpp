// The CNF of coq/synth/SynthCnf.v, mirrored (design note in coq_cnf.hpp).
#include "encodings/synth/coq_cnf.hpp"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include <sys/resource.h>
#include <unistd.h>

#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/backend.hpp"
#include "schedules/disagree.hpp"
#include "schedules/error.hpp"

namespace schedcert::encodings::synth {

using schedules::FactorKind;
using schedules::Model;
using schedules::Network;
using schedules::Node;
using schedules::Problem;

namespace {

struct Layout {
  long long n, I, T;
  int h(long long t, long long i, long long v) const { return static_cast<int>((t * I + i) * n + v + 1); }
  int s(long long t, long long i, long long u, long long v) const {
    return static_cast<int>((T + 1) * I * n + ((t * I + i) * n + u) * n + v + 1);
  }
};

using Send = std::tuple<long long, Node, Node>;  // (item, from, to)

// SynthCnf.v's pktc: two different items one packet cannot hold.
bool pktc(const Problem& p, long long n, long long i, long long j) {
  if (i == j) return false;
  if (p.combining())
    return p.target(static_cast<schedules::Item>(i), static_cast<std::uint64_t>(n)) !=
           p.target(static_cast<schedules::Item>(j), static_cast<std::uint64_t>(n));
  return p.packet_items == 1;
}

// SynthCnf.v's conflict.
bool conflict(const Network& net, Model m, const Problem& p, long long n, const Send& a, const Send& b) {
  const auto [i, u, v] = a;
  const auto [j, u2, v2] = b;
  if (u == u2 && v == v2) {
    const auto dim = net.edge_dim(u, v);
    const bool cap1 = dim && net.link_capacity(u, v, *dim) <= 1;
    return pktc(p, n, i, j) && (m != Model::AllPort || cap1);
  }
  if (u == u2) return m == Model::AllPort ? false : m == Model::ShoutWhisper ? pktc(p, n, i, j) : true;
  if (v == v2) return m != Model::AllPort;
  if (u == v2 || v == u2) return m == Model::SinglePortHalf || m == Model::ShoutWhisper;
  return false;
}

// SynthFree.v's alloc_clauses: the allocation H 0 i v ("v is the source of broadcast i") is a
// bijection: per item, at least one node then the pairs v < w; per node, at least one item
// then the pairs i < j.
void append_allocation(std::vector<sat::Clause>& out, const Layout& L, const SynthCoqMutation& mutation) {
  const long long n = L.n;
  for (int pass = 0; pass < 2; ++pass)
    for (long long x = 0; x < n; ++x) {
      // pass 0: item x over the nodes y; pass 1: node x over the items y.
      auto a = [&](long long y) { return pass == 0 ? L.h(0, x, y) : L.h(0, y, x); };
      sat::Clause some;
      for (long long y = 0; y < n; ++y) some.push_back(a(y));
      if (!(pass == 1 && mutation.drop == "onto")) out.push_back(std::move(some));
      for (long long y = 0; y < n; ++y)
        for (long long z = y + 1; z < n; ++z) out.push_back({-a(y), -a(z)});
    }
}

// The extracted generator builds its clause list with Coq's (non tail-recursive) app, map and
// flat_map: on millions of clauses it needs more than the usual 8 MB stack (measured: Q4
// shout-whisper free allocation, T = 28, 3.2 M clauses: "Fatal error: exception
// Stack_overflow" with 8 MB, identical and 1.0 GB with no limit). The checker inherits our
// limits, so the soft stack limit is raised to the hard one while it runs, then restored.
struct RaisedStackLimit {
  rlimit saved{};
  bool changed = false;
  RaisedStackLimit() {
    if (getrlimit(RLIMIT_STACK, &saved) != 0 || saved.rlim_cur == saved.rlim_max) return;
    rlimit raised = saved;
    raised.rlim_cur = saved.rlim_max;
    changed = setrlimit(RLIMIT_STACK, &raised) == 0;
  }
  ~RaisedStackLimit() {
    if (changed) setrlimit(RLIMIT_STACK, &saved);
  }
  RaisedStackLimit(const RaisedStackLimit&) = delete;
  RaisedStackLimit& operator=(const RaisedStackLimit&) = delete;
};

}  // namespace

std::vector<sat::Clause> synth_coq_cnf(const Network& net, Model m, const Problem& p, unsigned T,
                                       const SynthCoqMutation& mutation, bool free_allocation) {
  if (net.has_graph()) throw InputError("--coq: networks with a graph factor are not in the verified path yet");
  const long long n = net.num_nodes();
  if (free_allocation && p.kind != schedules::ProblemKind::SuccessiveBroadcast)
    throw InputError("--coq: the free allocation is for successive broadcasts only");
  // Free allocation (SynthFree.v): n items, one per node, whatever p.sources holds.
  const long long I = free_allocation ? n : static_cast<long long>(p.num_items(static_cast<std::uint64_t>(n)));
  const Layout L{n, I, T};
  // The largest variable must fit a DIMACS int (and the driver's bounds).
  const long double top = static_cast<long double>(T + 1) * I * n + static_cast<long double>(T) * I * n * n;
  if (top >= 2e9L) throw InputError("--coq: the verified synthesis CNF would have more than 2^31 variables");
  auto drop = [&](const char* rule) { return mutation.drop == rule; };
  auto origin = [&](long long i) { return static_cast<long long>(p.origin(static_cast<schedules::Item>(i), static_cast<std::uint64_t>(n))); };
  std::vector<Send> sends;
  for (long long i = 0; i < I; ++i)
    for (Node u = 0; u < n; ++u)
      for (Node v = 0; v < n; ++v)
        if (u != v && net.adjacent(u, v)) sends.emplace_back(i, u, v);
  std::vector<std::pair<std::size_t, std::size_t>> prs;
  for (std::size_t a = 0; a < sends.size(); ++a)
    for (std::size_t b = a + 1; b < sends.size(); ++b)
      if (conflict(net, m, p, n, sends[a], sends[b])) prs.emplace_back(a, b);
  std::vector<sat::Clause> out;
  if (free_allocation) {
    append_allocation(out, L, mutation);
  } else if (!drop("init")) {
    for (long long i = 0; i < I; ++i)
      for (long long v = 0; v < n; ++v) out.push_back({v == origin(i) ? L.h(0, i, v) : -L.h(0, i, v)});
  }
  for (long long t = 0; t < T; ++t) {
    if (!drop("evolve"))
      for (long long i = 0; i < I; ++i)
        for (Node v = 0; v < n; ++v) {
          sat::Clause c{-L.h(t + 1, i, v), L.h(t, i, v)};
          for (Node u = 0; u < n; ++u)
            if (u != v && net.adjacent(u, v)) c.push_back(L.s(t, i, u, v));
          out.push_back(std::move(c));
        }
    if (!drop("causal"))
      for (const auto& [i, u, v] : sends) out.push_back({-L.s(t, i, u, v), L.h(t, i, u)});
    if (p.ordered() && !drop("order"))
      for (const auto& [i, u, v] : sends) {
        if (i == 0) continue;
        out.push_back({-L.s(t, i, u, v), L.h(t, i, v), L.h(t, i - 1, v)});
        if (free_allocation) {
          // SynthFree.v: the source's clause, guarded by the allocation variable H 0 i u.
          if (!drop("source")) out.push_back({-L.s(t, i, u, v), -L.h(0, i, u), L.h(t, i - 1, u)});
        } else if (u == origin(i)) {
          out.push_back({-L.s(t, i, u, v), L.h(t, i - 1, u)});
        }
      }
    if (!drop("conflict"))
      for (const auto& [a, b] : prs) {
        const auto& [i, u, v] = sends[a];
        const auto& [j, u2, v2] = sends[b];
        out.push_back({-L.s(t, i, u, v), -L.s(t, j, u2, v2)});
      }
  }
  if (!drop("goal"))
    for (long long i = 0; i < I; ++i) {
      const Node g = free_allocation ? schedules::kAllNodes
                                     : p.target(static_cast<schedules::Item>(i), static_cast<std::uint64_t>(n));
      for (long long v = 0; v < n; ++v)
        if (g == schedules::kAllNodes || g == v) out.push_back({L.h(T, i, v)});
    }
  return out;
}

std::string synth_coq_spec(const Network& net, Model m, const Problem& p, unsigned T, bool free_allocation) {
  std::ostringstream o;
  o << "network";
  for (const auto& f : net.factors()) {
    const char* k = nullptr;
    switch (f.kind) {
      case FactorKind::K2: k = "K2"; break;
      case FactorKind::Ring: k = "Ring"; break;
      case FactorKind::Path: k = "Path"; break;
      case FactorKind::Complete: k = "Complete"; break;
      case FactorKind::Graph: throw InputError("--coq: networks with a graph factor are not in the verified path yet");
    }
    o << " " << k << " " << f.size;
  }
  o << "\nmodel " << to_string(m) << "\nproblem " << to_string(p.kind) << " root " << p.root << " messages "
    << p.messages << " packet " << p.packet_items;
  if (free_allocation) {
    o << " allocation free";
  } else {
    o << " sources";
    for (Node s : p.sources) o << " " << s;
  }
  o << "\nsteps " << T << "\n";
  return o.str();
}

std::string coq_network_term(const Network& net) {
  std::string s = "[";
  for (std::size_t k = 0; k < net.factors().size(); ++k) {
    const auto& f = net.factors()[k];
    const char* name = f.kind == FactorKind::K2 ? "K2" : f.kind == FactorKind::Ring ? "Ring"
                       : f.kind == FactorKind::Path ? "Path" : f.kind == FactorKind::Complete ? "Complete" : nullptr;
    if (!name) throw InputError("--coq: networks with a graph factor are not in the verified path yet");
    s += std::string(k ? "; " : "") + "Fac " + name + " " + std::to_string(f.size);
  }
  return s + "]";
}

std::string coq_model_term(Model m) {
  switch (m) {
    case Model::AllPort: return "AllPort";
    case Model::SinglePortFull: return "SinglePortFull";
    case Model::SinglePortHalf: return "SinglePortHalf";
    case Model::ShoutWhisper: return "ShoutWhisper";
  }
  return "AllPort";
}

std::string coq_problem_term(const Problem& p) {
  static const char* kinds[] = {"Broadcast", "Accumulation", "Scatter", "Gather", "MultinodeBroadcast",
                                "MultinodeAccumulation", "TotalExchange", "SuccessiveBroadcast", "Allreduce"};
  std::string s = std::string("Prob ") + kinds[static_cast<int>(p.kind)] + " " + std::to_string(p.root) + " " +
                  std::to_string(p.messages) + " " + std::to_string(p.packet_items) + " [";
  for (std::size_t k = 0; k < p.sources.size(); ++k) s += (k ? "; " : "") + std::to_string(p.sources[k]);
  return s + "]";
}

SynthCoqRefutation refute_synth_coq(const Network& net, Model m, const Problem& p, unsigned T, double timeout_s,
                                    std::size_t keep_lrat_bytes, const SynthCoqMutation& mutation,
                                    bool free_allocation) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  auto since = [](Clock::time_point a) { return std::chrono::duration<double>(Clock::now() - a).count(); };
  SynthCoqRefutation r;
  const std::string generator =
      free_allocation ? "free_cnf (coq/synth/SynthFree.v)" : "synth_cnf (coq/synth/SynthCnf.v)";
  const std::vector<sat::Clause> cnf = synth_coq_cnf(net, m, p, T, mutation, free_allocation);
  r.clauses = cnf.size();
  namespace fs = std::filesystem;
  static int calls = 0;
  const fs::path dir = fs::temp_directory_path() /
                       ("schedcert-synthcoq-" + std::to_string(::getpid()) + "-" + std::to_string(++calls));
  fs::create_directories(dir);
  struct Cleanup {
    fs::path p;
    ~Cleanup() {
      std::error_code ec;
      if (!std::getenv("SCHEDCERT_KEEP_PROOFS")) fs::remove_all(p, ec);
    }
  } cleanup{dir};
  const std::string cnf_path = (dir / "q.cnf").string(), drat = (dir / "q.drat").string(),
                    lrat = (dir / "q.lrat").string(), spec = (dir / "q.spec").string();
  r.cnf_sha256 =
      sat::write_dimacs(cnf, cnf_path, "schedcert: verified synthesis CNF (coq/synth/SynthCnf.v)");
  int vars = 0;
  for (const auto& c : cnf)
    for (int l : c) vars = std::max(vars, std::abs(l));
  r.vars = static_cast<std::size_t>(vars);
  sat::SatAnswer a;
  {
    auto solver = sat::make_cadical(drat);
    for (const auto& c : cnf) solver->add(c);
    const auto s0 = Clock::now();
    a = solver->solve({}, timeout_s);
    r.solve_seconds = since(s0);
  }
  {
    std::ofstream f(spec);
    f << synth_coq_spec(net, m, p, T, free_allocation);
  }
  // The extracted synth_cnf regenerates the CNF and compares it with ours, whatever the answer
  // (with an empty proof when there is nothing to check): a mutated encoder is caught even when
  // the mutation made the CNF satisfiable.
  auto regenerate = [&](const std::string& proof) {
    const RaisedStackLimit stack;
    const sat::LratVerdict v = sat::run_lrat_synth(spec, proof, cnf_path);
    sat::check_cnf_identity(v, &cnf, r.cnf_sha256, "verified synthesis CNF");
    r.coq_cnf_sha256 = v.coq_cnf_sha256;
    r.comparison = v.cnf_comparison;
    // No comparison line: the checker stopped before comparing (an error, not a difference).
    if (v.exit_code >= 0 && v.cnf_comparison.empty())
      throw UnknownResult("schedcert-lrat --synth did not compare the CNFs: " + v.verdict);
    if (v.exit_code >= 0 && !v.cnf_identical)
      throw EnginesDisagree("the synthesis CNF regenerated by the extracted " + generator + " is not "
                            "the C++ one (encodings/synth/coq_cnf.cpp): the CNFs differ: " +
                            (v.cnf_comparison.empty() ? v.verdict : v.cnf_comparison));
    return v;
  };
  if (a != sat::SatAnswer::Unsat) {
    std::ofstream(lrat).flush();  // an empty proof: only the regeneration and the comparison run
    regenerate(lrat);
    if (a == sat::SatAnswer::Sat) {
      r.status = SynthCoqRefutation::Status::Satisfiable;
      r.detail = "CaDiCaL: satisfiable (the verified CNF leaves rules out, so this alone does not mean a schedule "
                 "exists)";
    } else {
      r.detail = "CaDiCaL: timeout";
    }
  } else {
    const auto c0 = Clock::now();
    const sat::DratReport d = sat::check_drat(cnf, drat, lrat);
    if (!d.verified) {
      r.detail = "the DRAT proof did not check: " + d.message;
    } else {
      const sat::LratVerdict v = regenerate(lrat);
      std::error_code ec;
      r.lrat_bytes = static_cast<std::size_t>(fs::file_size(lrat, ec));
      if (v.verified) {
        r.status = SynthCoqRefutation::Status::Refuted;
        r.detail = "CaDiCaL unsat; DRAT checked (" + std::to_string(d.lemmas) + " lemmas), its LRAT (" +
                   std::to_string(r.lrat_bytes) + " bytes) accepted by schedcert-lrat --synth on the CNF generated "
                   "by the extracted " + generator + " (sha256 " + v.coq_cnf_sha256 + ", identical to the C++ CNF)";
        if (r.lrat_bytes <= keep_lrat_bytes) {
          std::ifstream in(lrat, std::ios::binary);
          r.lrat_text.assign(std::istreambuf_iterator<char>(in), {});
        }
      } else {
        r.detail = "the verified checker did not accept: " + v.verdict;
      }
    }
    r.check_seconds = since(c0);
  }
  r.seconds = since(t0);
  return r;
}

}  // namespace schedcert::encodings::synth
