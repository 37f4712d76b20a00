// libFuzzer target: parse_schedule_json on arbitrary bytes (issue 9, "trust under bad input").
// Contract: the loader either returns a ScheduleFile or throws schedcert::InputError. Any other
// exception, a sanitizer report, a hang or an out-of-memory is a bug. A loaded schedule is also
// written back and re-read (the round trip must load). Built and run by tests/fuzz/run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    auto f = schedcert::schedules::io::parse_schedule_json(text, "fuzz");
    if (f.schedule.num_transmissions() < 100000) {
      std::ostringstream out;
      schedcert::schedules::io::write_schedule_json(f, out);
      const std::string again = out.str();
      schedcert::schedules::io::parse_schedule_json(again, "fuzz-roundtrip");  // must not throw
    }
  } catch (const schedcert::InputError&) {
    // the expected answer to bad input
  }
  return 0;
}
