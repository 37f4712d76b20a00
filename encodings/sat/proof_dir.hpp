// A private temporary directory for one solver call's files (the CNF, the DRAT and LRAT proofs,
// the checker's SPEC): <tmp>/schedcert-<tag>-<pid>-<n>, unique within the process (n counts the
// calls, atomically) and between processes (pid). It is removed with everything in it when the
// object goes out of scope, unless SCHEDCERT_KEEP_PROOFS is set (then the files stay for a
// re-check by hand or a benchmark: bench/drat_check_bench.cpp).
#pragma once
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>

#include <unistd.h>

namespace schedcert::encodings::sat {

class ProofDir {
 public:
  explicit ProofDir(const std::string& tag) {
    static std::atomic<unsigned long> calls{0};
    path_ = std::filesystem::temp_directory_path() /
            ("schedcert-" + tag + "-" + std::to_string(::getpid()) + "-" + std::to_string(++calls));
    std::filesystem::create_directories(path_);
  }
  ~ProofDir() {
    std::error_code ec;
    if (!std::getenv("SCHEDCERT_KEEP_PROOFS")) std::filesystem::remove_all(path_, ec);
  }
  ProofDir(const ProofDir&) = delete;
  ProofDir& operator=(const ProofDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace schedcert::encodings::sat
