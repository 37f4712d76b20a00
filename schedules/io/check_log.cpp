// SCHEDCERT_CHECK_LOG writer (check_log.hpp). One O_APPEND write per line, so lines of several
// threads or processes never interleave within a line.
#include "schedules/io/check_log.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdlib>
#include <mutex>
#include <string>

namespace schedcert::schedules::io {

void note_check(std::string_view kind, bool passed, std::string_view detail) {
  static const char* const path = [] {
    const char* p = std::getenv("SCHEDCERT_CHECK_LOG");
    return p && *p ? p : nullptr;
  }();
  if (!path) return;
  std::string line(kind);
  line += passed ? " passed" : " failed";
  if (!detail.empty()) {
    line += ' ';
    for (char c : detail) line += c == '\n' ? ' ' : c;
  }
  line += '\n';
  static std::mutex mu;
  const std::lock_guard<std::mutex> lock(mu);
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;  // a log that cannot be written never changes an answer
  const ssize_t w = ::write(fd, line.data(), line.size());
  (void)w;
  ::close(fd);
}

}  // namespace schedcert::schedules::io
