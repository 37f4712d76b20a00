// The schedule file format (JSON, version 1): loader and writer. Specification, examples and
// error messages: docs/schedule-format.md; JSON Schema: docs/schedule.schema.json.
//
//   {"format": "schedcert-schedule", "version": 1, "network": "Q3", "model": "all-port",
//    "problem": {"kind": "broadcast", "root": 0},
//    "provenance": {...}, "expect": {...},            (both optional on input)
//    "steps": [ [[0,4,0]], [[0,2,0],[4,6,0]], [] ]}   (transmission = [from, to, item or [items]])
//
// The loader is strict: unknown keys, wrong types, out-of-range nodes and items, empty packets
// and numbers above 2^53 are InputErrors "<source>:<line>:<column>: <json path>: <message>".
// Everything the communication rules decide (adjacency, capacity, ports, causality, ...) is left
// to the verifier: a schedule that breaks them loads fine.
// Design: schedule_json.cpp (reader), json_writer.cpp (writer), json_cursor.hpp (tokens).
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "schedules/schedule.hpp"
#include "schedules/rule.hpp"

namespace schedcert::schedules::io {

inline constexpr const char* kScheduleFormat = "schedcert-schedule";
inline constexpr int kScheduleFormatVersion = 1;

// The verdict a fixture file states for itself ("expect" block).
struct Expectation {
  bool valid = true;
  std::optional<Rule> rule;
  std::optional<std::int64_t> step;          // 1-based, as people read it
  std::optional<std::int64_t> transmission;  // global 0-based index, as in verifier::Violation
};

struct ScheduleFile {
  Schedule schedule;
  std::optional<Expectation> expect;
};

// Parses a whole file's text; source_name prefixes every error message. A missing
// "provenance" gives provenance.construction = "file".
ScheduleFile parse_schedule_json(std::string_view text, const std::string& source_name);
// Reads and parses a file ("-" reads standard input). Unreadable files are InputErrors.
ScheduleFile read_schedule_file(const std::string& path);
// The bytes of a file ("-": standard input), as read_schedule_file reads them.
std::string read_file_text(const std::string& path);

// Streams the schedule (no DOM): header lines, then one step per line, compact within a step.
void write_schedule_json(const Schedule& s, std::ostream& out);
// The same, with the file's "expect" block when it has one (fixtures).
void write_schedule_json(const ScheduleFile& f, std::ostream& out);
// Writes atomically: a temporary file in the same directory, then rename. "-" is stdout.
void write_schedule_file(const Schedule& s, const std::string& path);
void write_schedule_file(const ScheduleFile& f, const std::string& path);

}  // namespace schedcert::schedules::io
