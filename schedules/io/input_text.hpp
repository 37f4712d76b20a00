// Reading a JSON input (a schedule file, a CI manifest) with a bound on its size (issue 13).
//
// `verify /dev/zero` used to read until memory ran out. Now every read stops at
// max_input_bytes() (the CLI's --max-input-bytes; default min(4 GiB, a quarter of the physical
// memory)): a regular file larger than that is refused before reading, a stream once it goes
// past it. Reading also stops early at a chunk that holds a byte no JSON text contains (a
// control character other than tab, line feed and carriage return): the parser then reports
// that byte with its line and column, so /dev/zero and /dev/urandom fail within the first MiB.
#pragma once
#include <cstdint>
#include <string>

namespace schedcert::schedules::io {

std::uint64_t default_max_input_bytes();
std::uint64_t max_input_bytes();
void set_max_input_bytes(std::uint64_t bytes);  // 0 restores the default

// The text of `path` ("-": standard input). InputError naming the path when it cannot be read
// or is larger than max_input_bytes().
std::string read_json_input(const std::string& path);

}  // namespace schedcert::schedules::io
