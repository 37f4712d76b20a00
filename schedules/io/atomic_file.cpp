#include "schedules/io/atomic_file.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "schedules/error.hpp"

namespace schedcert::schedules::io {

void write_atomically(const std::string& path, const std::function<void(std::ostream&)>& write) {
  if (path == "-") {
    write(std::cout);
    std::cout.flush();
    if (!std::cout) throw InputError("-: cannot write to standard output");
    return;
  }
  namespace fs = std::filesystem;
  static std::atomic<unsigned> counter{0};
  const fs::path target(path);
  fs::path dir = target.parent_path();
  if (dir.empty()) dir = ".";
  const fs::path tmp = dir / ("." + target.filename().string() + ".tmp-" +
                              std::to_string(::getpid()) + "-" + std::to_string(counter++));
  try {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out)
      throw InputError(path + ": cannot create a temporary file in " + dir.string() + ": " +
                       std::strerror(errno));
    write(out);
    out.close();
    if (!out) throw InputError(path + ": cannot write the file: " + std::strerror(errno));
    std::error_code ec;
    fs::rename(tmp, target, ec);
    if (ec) throw InputError(path + ": cannot replace the file: " + ec.message());
  } catch (...) {
    std::error_code ignore;
    fs::remove(tmp, ignore);
    throw;
  }
}

void write_atomically(const std::string& option, const std::string& path,
                      const std::function<void(std::ostream&)>& write) {
  try {
    write_atomically(path, write);
  } catch (const InputError& e) {
    throw InputError(option + ": " + e.what());
  }
}

}  // namespace schedcert::schedules::io
