// Schedule file loader (format version 1; docs/schedule-format.md).
//
// Design: a schema-directed reader over a byte cursor (json_cursor.hpp), not a DOM. It reads the
// header keys in any order, builds the Schedule as soon as network, model and problem are known,
// and then streams "steps" straight into the Schedule's flat arrays: one pass, no per-
// transmission allocation, no recursion. If "steps" comes before the header (legal JSON, never
// written by us), its offset is remembered, the value is skipped iteratively (depth-limited),
// and it is read once the header is complete. nlohmann-json was not used: its SAX events carry
// no positions (only parse errors do), so line:column for semantic errors such as "node 99 is
// out of range" would need a second scanner anyway, and a DOM of 10^6 transmissions costs
// ~100 bytes each. See docs/schedule-format.md for the measured speed.
//
// Loader errors are the file's own faults (syntax, keys, types, ranges, empty packets); the
// communication rules (adjacency, capacity, ports, causality, ...) belong to the verifier.
#include "schedules/schedule_json.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

#include "schedules/error.hpp"
#include "schedules/json_cursor.hpp"

namespace schedcert::schedules {

namespace {

using json::Cursor;
using json::Kind;
using json::PathFn;

constexpr const char* kTopKeys[] = {"format",     "version", "network", "model",
                                    "problem",    "provenance", "expect", "steps"};
constexpr const char* kProblemKeys[] = {"kind", "root", "messages", "packet_items", "sources"};
constexpr const char* kProvenanceKeys[] = {"construction", "parameters", "tool_version"};
constexpr const char* kExpectKeys[] = {"verdict", "rule", "step", "transmission"};
constexpr const char* kNodeWhat = "a node id (a non-negative integer)";
constexpr const char* kItemWhat = "an item id (a non-negative integer)";

template <std::size_t N>
std::string list(const char* const (&keys)[N]) {
  std::string s;
  for (const char* k : keys) s += std::string(s.empty() ? "" : ", ") + k;
  return s;
}

template <std::size_t N>
int index_of(const char* const (&keys)[N], const std::string& key) {
  for (std::size_t i = 0; i < N; ++i)
    if (key == keys[i]) return static_cast<int>(i);
  return -1;
}

std::string shorten(const std::string& s) { return s.size() > 60 ? s.substr(0, 57) + "..." : s; }

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
  bool header_ready() const { return have_format_ && have_version_ && net_ && model_ && kind_.present; }
  void finish_header();
  void read_steps();
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

void Reader::read_problem() {
  problem_at_ = value_at();
  c_.require(Kind::Object, "problem", "an object {\"kind\": ...}");
  members("problem", kProblemKeys, [&](const std::string& key, int, std::size_t) {
    const std::string path = "problem." + key;
    const std::size_t at = value_at();
    if (key == "kind") {
      std::string name = c_.read_string(path);
      try {
        kind_value_ = parse_problem_kind(name);
      } catch (const InputError& e) {
        c_.fail(at, path, e.what());
      }
      kind_ = {true, at, 0};
    } else if (key == "sources") {
      sources_ = {true, at, 0};
      c_.require(Kind::Array, path, "an array of node ids");
      c_.expect('[', path, "'['");
      if (c_.consume(']')) return;
      while (true) {
        const std::string ep = path + "[" + std::to_string(source_list_.size()) + "]";
        const std::size_t eat = value_at();
        source_list_.push_back({true, eat, c_.read_uint(ep, kNodeWhat)});
        if (c_.consume(',')) continue;
        if (c_.consume(']')) break;
        c_.unexpected(path, "',' or ']'");
      }
    } else {
      Field& f = key == "root" ? root_ : key == "messages" ? messages_ : packet_items_;
      f = {true, at, c_.read_uint(path, key == "root" ? kNodeWhat : "a positive integer")};
      if (key != "root" && f.value > std::numeric_limits<std::uint32_t>::max())
        c_.fail(at, path, std::to_string(f.value) + " is too large (at most 2^32 - 1)");
    }
  });
  if (!kind_.present) c_.fail(problem_at_, "problem.kind", "required key is missing");
}

void Reader::read_provenance() {
  provenance_.emplace();
  c_.require(Kind::Object, "provenance", "an object");
  members("provenance", kProvenanceKeys, [&](const std::string& key, int, std::size_t) {
    const std::string path = "provenance." + key;
    if (key == "construction") {
      provenance_->construction = c_.read_string(path);
    } else if (key == "tool_version") {
      provenance_->tool_version = c_.read_string(path);
    } else {
      auto& params = provenance_->parameters;
      c_.require(Kind::Object, path, "an object of strings");
      c_.expect('{', path, "'{'");
      if (c_.consume('}')) return;
      while (true) {
        const std::size_t key_at = value_at();
        c_.require(Kind::String, path, "a key (a string in double quotes)");
        std::string name = c_.read_string(path);
        const std::string pp = path + "." + shorten(name);
        for (const auto& [n, v] : params)
          if (n == name) c_.fail(key_at, pp, "duplicate key");
        c_.expect(':', pp, "':' after the key");
        params.emplace_back(std::move(name), c_.read_string(pp));
        if (c_.consume(',')) continue;
        if (c_.consume('}')) break;
        c_.unexpected(path, "',' or '}'");
      }
    }
  });
}

void Reader::read_expect() {
  const std::size_t obj_at = value_at();
  c_.require(Kind::Object, "expect", "an object {\"verdict\": ...}");
  Expectation e;
  bool have_verdict = false;
  Field rule;
  members("expect", kExpectKeys, [&](const std::string& key, int, std::size_t) {
    const std::string path = "expect." + key;
    const std::size_t at = value_at();
    if (key == "verdict") {
      std::string v = c_.read_string(path);
      if (v != "valid" && v != "invalid")
        c_.fail(at, path, "expected \"valid\" or \"invalid\", got \"" + shorten(v) + "\"");
      e.valid = v == "valid";
      have_verdict = true;
    } else if (key == "rule") {
      std::string r = c_.read_string(path);
      try {
        e.rule = verifier::parse_rule(r);
      } catch (const InputError& err) {
        c_.fail(at, path, err.what());
      }
      rule = {true, at, 0};
    } else {
      Field& f = key == "step" ? expect_step_ : expect_tx_;
      f = {true, at, c_.read_uint(path, "a non-negative integer")};
      if (key == "step" && f.value == 0) c_.fail(at, path, "steps are numbered from 1");
      (key == "step" ? e.step : e.transmission) = static_cast<std::int64_t>(f.value);
    }
  });
  if (!have_verdict) c_.fail(obj_at, "expect.verdict", "required key is missing");
  if (e.valid) {
    if (rule.present) c_.fail(rule.at, "expect.rule", "a valid verdict has no rule");
    if (expect_step_.present) c_.fail(expect_step_.at, "expect.step", "a valid verdict has no step");
    if (expect_tx_.present)
      c_.fail(expect_tx_.at, "expect.transmission", "a valid verdict has no transmission");
  } else {
    if (!rule.present)
      c_.fail(obj_at, "expect.rule", "required key is missing (an invalid verdict names its rule)");
    if (*e.rule == verifier::Rule::Completion && (expect_step_.present || expect_tx_.present)) {
      const bool st = expect_step_.present;
      c_.fail(st ? expect_step_.at : expect_tx_.at, st ? "expect.step" : "expect.transmission",
              "a completion failure is not tied to a transmission");
    }
  }
  expect_ = e;
}

void Reader::finish_header() {
  const Network& net = *net_;
  const std::string kind = to_string(kind_value_);
  Problem p;
  p.kind = kind_value_;
  if (p.has_root() && !root_.present)
    c_.fail(problem_at_, "problem.root", "required key is missing (" + kind + " has a root)");
  if (!p.has_root() && root_.present)
    c_.fail(root_.at, "problem.root",
            kind + " has no root (only broadcast, accumulation, scatter and gather do)");
  const bool successive = p.kind == ProblemKind::SuccessiveBroadcast;
  if (successive && !sources_.present)
    c_.fail(problem_at_, "problem.sources", "required key is missing (" + kind + " has sources)");
  if (!successive && sources_.present)
    c_.fail(sources_.at, "problem.sources", "only successive-broadcast takes sources");
  auto node_range = [&](const Field& f, const std::string& path) {
    if (f.value >= net.size())
      c_.fail(f.at, path,
              "node " + std::to_string(f.value) + " is out of range [0, " +
                  std::to_string(net.size()) + ") for network " + net.name());
    return static_cast<Node>(f.value);
  };
  if (root_.present) p.root = node_range(root_, "problem.root");
  for (std::size_t j = 0; j < source_list_.size(); ++j)
    p.sources.push_back(node_range(source_list_[j], "problem.sources[" + std::to_string(j) + "]"));
  if (messages_.present) p.messages = static_cast<std::uint32_t>(messages_.value);
  if (packet_items_.present) p.packet_items = static_cast<std::uint32_t>(packet_items_.value);
  try {
    p.validate(net);
  } catch (const InputError& e) {
    // Problem::validate names the field ("problem.messages: ..."); point at it.
    const std::string msg = e.what();
    const std::size_t colon = msg.find(": ");
    std::string path = colon == std::string::npos ? "problem" : msg.substr(0, colon);
    if (path.rfind("problem", 0) != 0) path = "problem";
    const std::string rest = path == "problem" && msg.rfind("problem:", 0) != 0
                                 ? msg
                                 : msg.substr(colon + 2);
    std::size_t at = problem_at_;
    if (path == "problem.messages" && messages_.present) at = messages_.at;
    if (path == "problem.packet_items" && packet_items_.present) at = packet_items_.at;
    if (path == "problem.root" && root_.present) at = root_.at;
    if (path.rfind("problem.sources", 0) == 0 && sources_.present) at = sources_.at;
    c_.fail(at, path, rest);
  }
  schedule_.emplace(net, *model_, std::move(p));
}

void Reader::transmission_shape(std::size_t at, const std::string& count) {
  sp_.level = 2;
  c_.fail(at, PathFn::of(&sp_),
          "a transmission is [from, to, item] or [from, to, [item, ...]]; this one has " + count);
}

void Reader::read_steps() {
  Schedule& s = *schedule_;
  const Network& net = s.network();
  const std::uint64_t n = net.size();
  const std::uint64_t items = s.problem().num_items(n);
  sp_ = StepsPath{};
  const PathFn path = PathFn::of(&sp_);
  std::vector<Item> packet;
  auto read_node = [&]() -> Node {
    const std::size_t at = value_at();
    const std::uint64_t v = c_.read_uint(path, kNodeWhat);
    if (v >= n)
      c_.fail(at, path,
              "node " + std::to_string(v) + " is out of range [0, " + std::to_string(n) +
                  ") for network " + net.name());
    return static_cast<Node>(v);
  };
  auto read_item = [&]() -> Item {
    const std::size_t at = value_at();
    const std::uint64_t v = c_.read_uint(path, kItemWhat);
    if (v >= items)
      c_.fail(at, path,
              "item " + std::to_string(v) + " is out of range [0, " + std::to_string(items) +
                  ") for " + s.problem().describe());
    return v;
  };
  c_.require(Kind::Array, path, "an array of steps");
  c_.expect('[', path, "'['");
  steps_read_ = true;
  if (c_.consume(']')) return;
  for (sp_.step = 0;; ++sp_.step) {
    sp_.level = 1;
    s.begin_step();
    if (!c_.consume('[')) {
      c_.require(Kind::Array, path, "a step (an array of transmissions)");
      c_.expect('[', path, "'['");
    }
    if (!c_.consume(']')) {
      for (sp_.tx = 0;; ++sp_.tx) {
        sp_.level = 2;
        if (!c_.consume('[')) {
          c_.require(Kind::Array, path, "a transmission [from, to, item]");
          c_.expect('[', path, "'['");
        }
        if (c_.consume(']')) transmission_shape(c_.pos() - 1, "0 elements");
        sp_.level = 3;
        sp_.field = 0;
        const Node from = read_node();
        if (!c_.consume(',')) {
          if (c_.consume(']')) transmission_shape(c_.pos() - 1, "1 element");
          c_.unexpected(path, "','");
        }
        sp_.field = 1;
        const Node to = read_node();
        if (!c_.consume(',')) {
          if (c_.consume(']')) transmission_shape(c_.pos() - 1, "2 elements");
          c_.unexpected(path, "','");
        }
        sp_.field = 2;
        const std::size_t third_at = value_at();
        if (c_.consume('[')) {
          sp_.level = 4;
          packet.clear();
          if (c_.consume(']')) {
            sp_.level = 3;
            c_.fail(third_at, path, "empty packet (a transmission carries at least one item)");
          }
          for (sp_.item = 0;; ++sp_.item) {
            packet.push_back(read_item());
            if (c_.consume(',')) continue;
            if (c_.consume(']')) break;
            sp_.level = 3;
            c_.unexpected(path, "',' or ']'");
          }
          s.add(from, to, std::span<const Item>(packet));
        } else {
          s.add(from, to, read_item());
        }
        if (!c_.consume(']')) {
          if (c_.consume(',')) transmission_shape(c_.pos() - 1, "more than 3 elements");
          sp_.level = 2;
          c_.unexpected(path, "']'");
        }
        if (c_.consume(',')) continue;
        if (c_.consume(']')) break;
        sp_.level = 1;
        c_.unexpected(path, "',' or ']'");
      }
    }
    sp_.level = 0;
    if (c_.consume(',')) continue;
    if (c_.consume(']')) break;
    c_.unexpected(path, "',' or ']'");
  }
}

void Reader::check_expect() {
  if (!expect_) return;
  const Schedule& s = *schedule_;
  if (expect_step_.present && expect_step_.value > s.num_steps())
    c_.fail(expect_step_.at, "expect.step",
            "step " + std::to_string(expect_step_.value) + " does not exist (the schedule has " +
                std::to_string(s.num_steps()) + (s.num_steps() == 1 ? " step)" : " steps)"));
  if (!expect_tx_.present) return;
  const std::uint64_t t = expect_tx_.value;
  if (t >= s.num_transmissions())
    c_.fail(expect_tx_.at, "expect.transmission",
            "transmission " + std::to_string(t) + " does not exist (the schedule has " +
                std::to_string(s.num_transmissions()) + " transmissions, numbered from 0)");
  if (expect_step_.present) {
    const std::size_t st = expect_step_.value - 1;
    const std::size_t b = s.step_begin(st), e = s.step_end(st);
    if (t < b || t >= e)
      c_.fail(expect_tx_.at, "expect.transmission",
              "transmission " + std::to_string(t) + " is not in step " +
                  std::to_string(expect_step_.value) + " (which holds " +
                  (b == e ? std::string("no transmissions)")
                          : "transmissions " + std::to_string(b) + " to " +
                                std::to_string(e - 1) + ")"));
  }
}

ScheduleFile Reader::read() {
  if (c_.at_end())
    c_.fail(c_.pos(), "top level", "the file is empty (expected a schedcert schedule, a JSON object)");
  const Kind k = c_.peek_kind();
  if (k != Kind::Object) {
    if (k == Kind::Invalid) c_.unexpected("top level", "'{'");
    c_.fail(c_.pos(), "top level",
            std::string("expected a JSON object (a schedcert schedule), got ") + json::describe(k));
  }
  const std::size_t top_at = c_.pos();
  bool present[std::size(kTopKeys)] = {};
  members("", kTopKeys, [&](const std::string& key, int idx, std::size_t) {
    present[idx] = true;
    const std::size_t at = value_at();
    if (key == "format") {
      std::string f = c_.read_string(key);
      if (f != kScheduleFormat)
        c_.fail(at, key, "expected \"" + std::string(kScheduleFormat) + "\", got \"" + shorten(f) +
                             "\" (this is not a schedcert schedule)");
      have_format_ = true;
    } else if (key == "version") {
      const std::uint64_t v = c_.read_uint(key, "an integer");
      if (v != kScheduleFormatVersion)
        c_.fail(at, key,
                "unsupported version " + std::to_string(v) + " (this tool reads version " +
                    std::to_string(kScheduleFormatVersion) + ")");
      have_version_ = true;
    } else if (key == "network") {
      std::string spec = c_.read_string(key);
      try {
        net_.emplace(Network::parse(spec));
      } catch (const InputError& e) {
        c_.fail(at, key, e.what());
      }
    } else if (key == "model") {
      std::string m = c_.read_string(key);
      try {
        model_ = parse_model(m);
      } catch (const InputError& e) {
        c_.fail(at, key, e.what());
      }
    } else if (key == "problem") {
      read_problem();
    } else if (key == "provenance") {
      read_provenance();
    } else if (key == "expect") {
      read_expect();
    } else {  // steps
      if (header_ready()) {
        finish_header();
        read_steps();
      } else {
        steps_ = {true, at, 0};
        c_.skip_value("steps");
      }
    }
  });
  if (!c_.at_end())
    c_.fail(c_.pos(), "top level", "unexpected text after the end of the schedule object");
  for (std::size_t i = 0; i < std::size(kTopKeys); ++i) {
    const std::string key = kTopKeys[i];
    if (!present[i] && key != "provenance" && key != "expect")
      c_.fail(top_at, key, "required key is missing");
  }
  if (!schedule_) finish_header();
  if (!steps_read_) {
    c_.seek(steps_.at);
    read_steps();
  }
  if (provenance_)
    schedule_->provenance() = std::move(*provenance_);
  else
    schedule_->provenance().construction = "file";
  check_expect();
  return ScheduleFile{std::move(*schedule_), expect_};
}

}  // namespace

ScheduleFile parse_schedule_json(std::string_view text, const std::string& source_name) {
  return Reader(text, source_name).read();
}

ScheduleFile read_schedule_file(const std::string& path) {
  const bool stdin_ = path == "-";
  std::FILE* f = stdin_ ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) throw InputError(path + ": cannot open the file: " + std::strerror(errno));
  std::string text;
  std::vector<char> chunk(1 << 20);
  std::size_t got;
  while ((got = std::fread(chunk.data(), 1, chunk.size(), f)) > 0) text.append(chunk.data(), got);
  const bool failed = std::ferror(f);
  const int err = errno;
  if (!stdin_) std::fclose(f);
  if (failed) throw InputError(path + ": cannot read the file: " + std::strerror(err));
  return parse_schedule_json(text, stdin_ ? std::string("<stdin>") : path);
}

}  // namespace schedcert::schedules
