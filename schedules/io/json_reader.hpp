// The schedule reader's internals, shared by schedule_json.cpp (top level, steps) and
// json_header.cpp (problem, provenance, expect). Not part of the public API: include
// schedules/io/schedule_json.hpp instead. Design note at the top of schedule_json.cpp.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "schedules/io/json_cursor.hpp"
#include "schedules/io/schedule_json.hpp"

namespace schedcert::schedules::io::json {

inline constexpr const char* kTopKeys[] = {"format",  "version",    "network", "model",
                                           "problem", "provenance", "expect",  "steps"};
inline constexpr const char* kProblemKeys[] = {"kind", "root", "messages", "packet_items",
                                               "sources"};
inline constexpr const char* kProvenanceKeys[] = {"construction", "parameters", "tool_version"};
inline constexpr const char* kExpectKeys[] = {"verdict", "rule", "step", "transmission"};
inline constexpr const char* kNodeWhat = "a node id (a non-negative integer)";
inline constexpr const char* kItemWhat = "an item id (a non-negative integer)";

template <std::size_t N>
inline std::string list(const char* const (&keys)[N]) {
  std::string s;
  for (const char* k : keys) s += std::string(s.empty() ? "" : ", ") + k;
  return s;
}

template <std::size_t N>
inline int index_of(const char* const (&keys)[N], const std::string& key) {
  for (std::size_t i = 0; i < N; ++i)
    if (key == keys[i]) return static_cast<int>(i);
  return -1;
}

inline std::string shorten(const std::string& s) {
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

// The JSON path inside "steps", rendered only when an error is reported.
struct StepsPath {
  int level = 0;  // 0 steps, 1 step, 2 transmission, 3 field, 4 packet item
  std::size_t step = 0, tx = 0, item = 0;
  int field = 0;
  std::string path() const {
    std::string p = "steps";
    if (level >= 1) p += "[" + std::to_string(step) + "]";
    if (level >= 2) p += "[" + std::to_string(tx) + "]";
    if (level >= 3) p += "[" + std::to_string(field) + "]";
    if (level >= 4) p += "[" + std::to_string(item) + "]";
    return p;
  }
};

struct Field {
  bool present = false;
  std::size_t at = 0;  // offset of the value
  std::uint64_t value = 0;
};

class Reader {
 public:
  Reader(std::string_view text, const std::string& source) : c_(text, source) {}
  ScheduleFile read();

 private:
  // Iterates the members of an object; on_member(key, key_index, key_at) consumes the value.
  template <std::size_t N, class F>
  void members(const std::string& path, const char* const (&keys)[N], F&& on_member);
  std::string member_path(const std::string& parent, const std::string& key) const {
    return parent.empty() ? key : parent + "." + key;
  }
  std::size_t value_at() {
    c_.skip_ws();
    return c_.pos();
  }
  void read_problem();
  void read_provenance();
  void read_expect();
  bool header_ready() const {
    return have_format_ && have_version_ && net_ && model_ && kind_.present;
  }
  void finish_header();
  void read_steps();
  bool fast_transmission(std::uint64_t n, std::uint64_t items);
  [[noreturn]] void transmission_shape(std::size_t at, const std::string& count);
  void check_expect();

  Cursor c_;
  bool have_format_ = false, have_version_ = false;
  std::optional<Network> net_;
  std::optional<Model> model_;
  std::size_t problem_at_ = 0;
  Field kind_, root_, messages_, packet_items_, sources_;
  ProblemKind kind_value_ = ProblemKind::Broadcast;
  std::vector<Field> source_list_;
  std::optional<Provenance> provenance_;
  std::optional<Expectation> expect_;
  Field expect_step_, expect_tx_;
  std::optional<Schedule> schedule_;
  Field steps_;  // at: offset of the deferred "steps" value
  bool steps_read_ = false;
  StepsPath sp_;
};

template <std::size_t N, class F>
void Reader::members(const std::string& path, const char* const (&keys)[N], F&& on_member) {
  const std::string where = path.empty() ? std::string("top level") : path;
  c_.expect('{', where, "'{'");
  if (c_.consume('}')) return;
  unsigned seen = 0;
  while (true) {
    const std::size_t key_at = value_at();
    c_.require(Kind::String, where, "a key (a string in double quotes)");
    const std::string key = c_.read_string(where);
    const std::string kp = member_path(path, shorten(key));
    const int idx = index_of(keys, key);
    if (idx < 0) c_.fail(key_at, kp, "unknown key (valid keys: " + list(keys) + ")");
    if (seen & (1u << idx)) c_.fail(key_at, kp, "duplicate key");
    seen |= 1u << idx;
    c_.expect(':', kp, "':' after the key");
    on_member(key, idx, key_at);
    if (c_.consume(',')) continue;
    if (c_.consume('}')) return;
    c_.unexpected(where, "',' or '}'");
  }
}

}  // namespace schedcert::schedules::io::json
