// See input_text.hpp.
#include "schedules/io/input_text.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "schedules/error.hpp"

namespace schedcert::schedules::io {

namespace {

std::atomic<std::uint64_t> g_limit{0};  // 0: the default

bool never_in_json(unsigned char c) { return c < 0x20 && c != '\t' && c != '\n' && c != '\r'; }

std::string limit_text(std::uint64_t limit) {
  return "--max-input-bytes = " + std::to_string(limit) + " bytes";
}

}  // namespace

std::uint64_t default_max_input_bytes() {
  constexpr std::uint64_t kFourGiB = std::uint64_t{4} << 30;
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return kFourGiB;
  const std::uint64_t ram = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
  return std::max<std::uint64_t>(std::min(kFourGiB, ram / 4), 1u << 20);
}

std::uint64_t max_input_bytes() {
  const std::uint64_t l = g_limit.load();
  return l == 0 ? default_max_input_bytes() : l;
}

void set_max_input_bytes(std::uint64_t bytes) { g_limit.store(bytes); }

std::string read_json_input(const std::string& path) {
  const bool from_stdin = path == "-";
  const std::string name = from_stdin ? std::string("<stdin>") : path;
  const std::uint64_t limit = max_input_bytes();
  std::FILE* f = from_stdin ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) throw InputError(path + ": cannot open the file: " + std::strerror(errno));
  struct Closer {
    std::FILE* f;
    bool own;
    ~Closer() {
      if (own) std::fclose(f);
    }
  } closer{f, !from_stdin};
  std::string text;
  struct stat st {};
  if (::fstat(::fileno(f), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    const auto size = static_cast<std::uint64_t>(st.st_size);
    if (size > limit)
      throw InputError(name + ": the file has " + std::to_string(size) + " bytes, more than " +
                       limit_text(limit) + " (raise it with --max-input-bytes)");
    text.reserve(static_cast<std::size_t>(size));  // a size hint; streams just grow
  }
  std::vector<char> chunk(std::size_t{1} << 20);
  std::size_t got;
  while ((got = std::fread(chunk.data(), 1, chunk.size(), f)) > 0) {
    if (text.size() + got > limit)
      throw InputError(name + ": more than " + limit_text(limit) +
                       " of input; stopped reading there (raise it with --max-input-bytes)");
    text.append(chunk.data(), got);
    // A byte no JSON text holds: the parser will report it (at or before it), so stop here.
    if (std::any_of(chunk.data(), chunk.data() + got,
                    [](char c) { return never_in_json(static_cast<unsigned char>(c)); }))
      return text;
  }
  if (std::ferror(f)) throw InputError(path + ": cannot read the file: " + std::strerror(errno));
  return text;
}

}  // namespace schedcert::schedules::io
