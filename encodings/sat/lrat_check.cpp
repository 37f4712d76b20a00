// Runs the extracted, Coq-verified LRAT checker (lrat_check.hpp) as a child process: the binary
// is opened, hashed (it must be the one the build made) and run from that descriptor (fork +
// fexecve) with stdout and stderr on a pipe, wait4 for its CPU time. The verdict is read from the
// checker's "s " line, the CNF's identity from its "c cnf-sha256 " and "c cnf-clauses-sha256 "
// lines (format: coq/lrat/lrat_main.ml) and compared by check_cnf_identity.
#include "encodings/sat/lrat_check.hpp"
#include "encodings/sat/drat_reader.hpp"
#include "schedules/io/check_log.hpp"
#include "schedules/disagree.hpp"
#include "schedules/error.hpp"
#include "schedules/io/sha256.hpp"
#include "schedules/budget/watchdog.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

extern char** environ;

namespace schedcert::encodings::sat {

#ifdef SCHEDCERT_LRAT_CHECKER
// Generated at build time from the schedcert-lrat binary (coq/lrat/checker_sha256.cmake).
const char* lrat_checker_build_sha256();
#endif

namespace {

double cpu_self() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

std::string line_after(const std::string& out, const std::string& prefix) {
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) return line.substr(prefix.size());
  return "";
}

}  // namespace

std::string lrat_checker_path() {
  if (const char* env = std::getenv("SCHEDCERT_LRAT_CHECKER"); env && *env) return env;
#ifdef SCHEDCERT_LRAT_CHECKER
  if (std::filesystem::exists(SCHEDCERT_LRAT_CHECKER)) return SCHEDCERT_LRAT_CHECKER;
#endif
  return "";
}

std::string built_lrat_checker_sha256() {
#ifdef SCHEDCERT_LRAT_CHECKER
  return lrat_checker_build_sha256();
#else
  return "";
#endif
}

namespace {

// Opens the checker, hashes its bytes and returns the descriptor to execute (so the bytes that
// were hashed are the bytes that run, even if the path is replaced meanwhile). Throws InputError
// (exit 2) when the binary is not the one the build made.
int open_verified_checker(const std::string& exe, std::string& sha) {
  const int fd = open(exe.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError("cannot open the LRAT checker '" + exe + "': " + std::strerror(errno));
  std::string bytes;
  char buf[1 << 16];
  for (;;) {
    const ssize_t k = read(fd, buf, sizeof buf);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) {
      const int e = errno;
      close(fd);
      throw InputError("cannot read the LRAT checker '" + exe + "': " + std::strerror(e));
    }
    if (k == 0) break;
    bytes.append(buf, static_cast<std::size_t>(k));
  }
  sha = schedules::io::sha256_hex(bytes);
  const std::string want = built_lrat_checker_sha256();
  if (sha != want) {
    close(fd);
    const char* env = std::getenv("SCHEDCERT_LRAT_CHECKER");
    throw InputError("refusing to run the LRAT checker '" + exe + "'" +
                     (env && *env ? " (from $SCHEDCERT_LRAT_CHECKER)" : "") + ": its SHA-256 is " + sha + ", " +
                     (want.empty() ? std::string("and this build made no schedcert-lrat")
                                   : "but the schedcert-lrat this build made has SHA-256 " +
                                         want + " (recorded at build time)") +
                     "; only that binary is run (unset SCHEDCERT_LRAT_CHECKER, or rebuild)");
  }
  return fd;
}

LratVerdict run_checker(const std::vector<std::string>& args) {
  LratVerdict v;
  const std::string exe = lrat_checker_path();
  if (exe.empty()) {
    v.verdict = "the verified LRAT checker schedcert-lrat is not built (needs coqc, ocamlfind, libsha-ocaml-dev)";
    return v;
  }
  v.checker_path = exe;
  const int exe_fd = open_verified_checker(exe, v.checker_sha256);
  int fds[2];
  if (pipe(fds) != 0) {
    close(exe_fd);
    v.verdict = "pipe() failed";
    return v;
  }
  std::vector<char*> argv{const_cast<char*>(exe.c_str())};
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const auto t0 = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    close(exe_fd);
    close(fds[0]);
    close(fds[1]);
    v.verdict = "fork() failed";
    return v;
  }
  if (pid == 0) {
    // The checker dies with us: a watchdog's hard stop (issue 18) must not leave it running.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() == 1) _exit(127);  // the parent is already gone
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    fexecve(exe_fd, argv.data(), environ);
    _exit(127);
  }
  close(exe_fd);
  close(fds[1]);
  char buf[4096];
  ssize_t k;
  {
    // A stopped budget (deadline or memory) ends the check now; the verdict is then "no verdict".
    const auto hook = schedules::budget::command_budget().on_stop([pid] { kill(pid, SIGKILL); });
    while ((k = read(fds[0], buf, sizeof buf)) > 0) v.output.append(buf, static_cast<std::size_t>(k));
  }
  close(fds[0]);
  int status = 0;
  rusage u{};
  wait4(pid, &status, 0, &u);
  v.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  v.cpu_seconds = u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
  v.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  v.cnf_sha256 = line_after(v.output, "c cnf-sha256 ");
  v.cnf_clauses_sha256 = line_after(v.output, "c cnf-clauses-sha256 ");
  const std::string s = line_after(v.output, "s ");
  v.verdict = s.empty() ? "no verdict (exit " + std::to_string(v.exit_code) + "): " + v.output : s;
  v.verified = v.exit_code == 0 && s == "VERIFIED UNSAT";
  v.coq_cnf_sha256 = line_after(v.output, "c coq-cnf-sha256 ");
  v.cnf_comparison = line_after(v.output, "c coq-cnf-vs-file ");
  v.cnf_identical = v.cnf_comparison == "identical";
  schedules::io::note_check("lrat", v.verified, v.verdict);
  return v;
}

}  // namespace

LratVerdict run_lrat_checker(const std::string& cnf_path, const std::string& lrat_path) {
  return run_checker({cnf_path, lrat_path});
}

LratVerdict run_lrat_alpha(int d, int level, const std::string& extras_path, const std::string& lrat_path,
                           const std::string& cnf_path) {
  std::vector<std::string> args{"--alpha", std::to_string(d), std::to_string(level), extras_path, lrat_path};
  if (!cnf_path.empty()) args.push_back(cnf_path);
  return run_checker(args);
}

LratVerdict run_lrat_synth(const std::string& spec_path, const std::string& lrat_path, const std::string& cnf_path) {
  std::vector<std::string> args{"--synth", spec_path, lrat_path};
  if (!cnf_path.empty()) args.push_back(cnf_path);
  return run_checker(args);
}

namespace {

void append_clauses(std::string& out, const std::vector<Clause>& cnf) {
  for (const auto& c : cnf) {
    for (int l : c) {
      out += std::to_string(l);
      out += ' ';
    }
    out += "0\n";
  }
}

}  // namespace

std::string clauses_sha256(const std::vector<Clause>& cnf) {
  std::string text;
  append_clauses(text, cnf);
  return schedules::io::sha256_hex(text);
}

void check_cnf_identity(const LratVerdict& v, const std::vector<Clause>* solver_clauses, const std::string& file_sha256,
                        const std::string& what) {
  std::string why;
  if (solver_clauses && !v.cnf_clauses_sha256.empty()) {
    const std::string ours = clauses_sha256(*solver_clauses);
    if (v.cnf_clauses_sha256 != ours)
      why = "its clause list has SHA-256 " + v.cnf_clauses_sha256 + " (as schedcert-lrat parsed it), the clauses the "
            "solver saw " + ours + " (C++)";
  } else if (solver_clauses && v.verified) {
    why = "it accepted without stating the SHA-256 of the clauses it read";
  }
  if (!file_sha256.empty()) {
    if (!v.cnf_sha256.empty() && v.cnf_sha256 != file_sha256)
      why += (why.empty() ? "" : "; ") + ("its file has SHA-256 " + v.cnf_sha256 + " (read by schedcert-lrat), " +
                                          file_sha256 + " when C++ wrote or read it");
    else if (v.cnf_sha256.empty() && v.verified)
      why += (why.empty() ? "" : "; ") + std::string("it accepted without stating the SHA-256 of the file it read");
  }
  if (!why.empty())
    throw EnginesDisagree("the CNF the verified LRAT checker read is not the CNF the solver saw (" + what + "): " + why +
                          "; the UNSAT certificate is not accepted");
}

std::string render_dimacs(const std::vector<Clause>& cnf, const std::string& comment) {
  int vars = 0;
  for (const auto& c : cnf)
    for (int l : c) vars = std::max(vars, std::abs(l));
  std::string out;
  std::istringstream cl(comment);
  std::string line;
  while (std::getline(cl, line)) out += "c " + line + "\n";
  out += "p cnf " + std::to_string(vars) + " " + std::to_string(cnf.size()) + "\n";
  append_clauses(out, cnf);
  return out;
}

std::string write_dimacs(const std::vector<Clause>& cnf, const std::string& path, const std::string& comment) {
  const std::string text = render_dimacs(cnf, comment);
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "wb"), std::fclose);
  if (!f || std::fwrite(text.data(), 1, text.size(), f.get()) != text.size() || std::fflush(f.get()) != 0)
    throw std::runtime_error("cannot write CNF '" + path + "'");
  return schedules::io::sha256_hex(text);
}

UnsatCertificate certify_unsat(const std::vector<Clause>& cnf, const std::string& drat_path, const std::string& stem,
                               const std::string& comment, bool keep_lrat, const LratRunner& runner) {
  const std::string sha = write_dimacs(cnf, stem + ".cnf", comment);
  return certify_unsat_file(cnf, stem + ".cnf", sha, drat_path, stem + ".lrat", keep_lrat, runner);
}

UnsatCertificate certify_unsat_file(const std::vector<Clause>& cnf, const std::string& cnf_path,
                                    const std::string& cnf_sha256, const std::string& drat_path,
                                    const std::string& lrat_path, bool keep_lrat, const LratRunner& runner) {
  UnsatCertificate c = check_drat_for_lrat(cnf, drat_path, lrat_path);
  c.cnf_path = cnf_path;
  std::error_code ec;
  if (c.drat.verified) c.lrat = runner ? runner(c.cnf_path, c.lrat_path) : run_lrat_checker(c.cnf_path, c.lrat_path);
  else c.lrat.verdict = "not run: the DRAT proof did not check (" + c.drat.message + ")";
  if (!keep_lrat) std::filesystem::remove(c.lrat_path, ec);
  // The CNF the checker read must be the one the solver (and our DRAT checker) saw.
  check_cnf_identity(c.lrat, &cnf, cnf_sha256, cnf_path);
  return c;
}

UnsatCertificate check_drat_for_lrat(const std::vector<Clause>& cnf, const std::string& drat_path,
                                     const std::string& lrat_path) {
  UnsatCertificate c;
  c.lrat_path = lrat_path;
  // CaDiCaL writes no empty clause when the input itself propagates to a conflict; appending it
  // is always sound (the checker still has to find it RUP) and ends every refutation the same way.
  if (std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(drat_path.c_str(), "rb"), std::fclose); f) {
    const bool binary = drat_detail::ProofReader(f.get()).binary();
    f.reset(std::fopen(drat_path.c_str(), "ab"));
    if (f) std::fwrite(binary ? "a\0" : "0\n", 1, 2, f.get());
  }
  const double t0 = cpu_self();
  c.drat = check_drat(cnf, drat_path, c.lrat_path);
  c.drat_cpu_seconds = cpu_self() - t0;
  std::error_code ec;
  c.lrat_bytes = static_cast<std::size_t>(std::filesystem::file_size(c.lrat_path, ec));
  return c;
}

std::string UnsatCertificate::summary() const {
  std::ostringstream o;
  o.precision(3);
  o << "DRAT " << (drat.verified ? "checked" : "NOT checked") << " (" << drat.lemmas << " lemmas, " << drat_cpu_seconds
    << " s CPU); LRAT (" << lrat_bytes << " bytes) " << (lrat.verified ? "accepted" : "NOT accepted")
    << " by the Coq-verified checker (" << lrat.verdict << ", " << lrat.cpu_seconds << " s CPU)";
  if (!lrat.cnf_sha256.empty()) o << "; CNF sha256 " << lrat.cnf_sha256;
  // certify_unsat_file threw EnginesDisagree unless these are the solver's.
  if (lrat.verified) o << " (the bytes written and the clauses the solver saw)";
  return o.str();
}

}  // namespace schedcert::encodings::sat
