// Schedule file loader (format version 1; docs/schedule-format.md).
//
// Files: this one (top level, steps, public API), json_header.cpp (problem, provenance,
// expect), json_reader.hpp (the Reader class), json_cursor.hpp (tokens), json_writer.cpp.
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
#include "schedules/io/schedule_json.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#include "schedules/error.hpp"
#include "schedules/io/input_text.hpp"
#include "schedules/io/json_reader.hpp"

namespace schedcert::schedules::io {

namespace json {

void Reader::transmission_shape(std::size_t at, const std::string& count) {
  sp_.level = 2;
  c_.fail(at, PathFn::of(&sp_),
          "a transmission is [from, to, item] or [from, to, [item, ...]]; this one has " + count);
}

namespace {

// Reads an unsigned decimal of at most 15 digits without a leading zero; nullptr otherwise.
inline const char* fast_uint(const char* p, const char* end, std::uint64_t& v) {
  const char* start = p;
  v = 0;
  while (p < end && *p >= '0' && *p <= '9' && p - start < 15)
    v = v * 10 + static_cast<std::uint64_t>(*p++ - '0');
  if (p == start || (*start == '0' && p - start > 1)) return nullptr;
  return p;
}

std::size_t count_transmission_starts(std::string_view t) {
  std::size_t count = 0;
  const char* p = t.data();
  const char* const end = p + t.size();
  while ((p = static_cast<const char*>(std::memchr(p, '[', static_cast<std::size_t>(end - p))))) {
    if (++p < end && *p >= '0' && *p <= '9') ++count;
  }
  return count;
}

}  // namespace

bool Reader::fast_transmission(std::uint64_t n, std::uint64_t items) {
  const std::string_view t = c_.text();
  const char* const end = t.data() + t.size();
  const char* p = t.data() + c_.pos();
  std::uint64_t f, to, item;
  if (p == end || *p++ != '[') return false;
  if (!(p = fast_uint(p, end, f)) || p == end || *p++ != ',') return false;
  if (!(p = fast_uint(p, end, to)) || p == end || *p++ != ',') return false;
  if (!(p = fast_uint(p, end, item)) || p == end || *p++ != ']') return false;
  if (f >= n || to >= n || item >= items) return false;
  schedule_->add(static_cast<Node>(f), static_cast<Node>(to), item);
  c_.seek(static_cast<std::size_t>(p - t.data()));
  return true;
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
  // In the writer's layout every transmission (and every multi-item packet) starts with '['
  // and a digit: counting those sizes the arrays once instead of growing them by doubling,
  // which took most of the load time. A transmission takes at least 7 bytes ("[0,1,2]"), so
  // a hostile file cannot make the reservation much larger than itself.
  const std::string_view rest = c_.text().substr(c_.pos());
  s.reserve(std::min(count_transmission_starts(rest), rest.size() / 7));
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
        // Fast path for the writer's own layout, "[from,to,item]" with in-range values; any
        // surprise falls through to the general path below, which gives the precise error.
        if (fast_transmission(n, items)) {
          if (c_.consume(',')) continue;
          if (c_.consume(']')) break;
          sp_.level = 1;
          c_.unexpected(path, "',' or ']'");
        }
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
                          : "transmissions " + std::to_string(b) + " to " + std::to_string(e - 1) +
                                ")"));
  }
}

ScheduleFile Reader::read() {
  if (c_.at_end())
    c_.fail(c_.pos(), "top level",
            "the file is empty (expected a schedcert schedule, a JSON object)");
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
        c_.fail(at, key,
                "expected \"" + std::string(kScheduleFormat) + "\", got \"" + shorten(f) +
                    "\" (this is not a schedcert schedule)");
      have_format_ = true;
    } else if (key == "version") {
      const std::uint64_t v = c_.read_uint(key, "an integer");
      if (v != kScheduleFormatVersion)
        c_.fail(at, key,
                "unsupported version " + std::to_string(v) + " (this tool reads version " +
                    std::to_string(kScheduleFormatVersion) + ")");
      have_version_ = true;
    } else if (key == "network" && c_.peek_kind() == Kind::Object) {
      // An embedded graph (a network read from a graph file): docs/networks-graphs.md.
      auto t = read_topology(c_, key, "");
      net_.emplace(std::vector<Factor>{Factor{FactorKind::Graph, t->size(), t}});
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

}  // namespace json

using json::Reader;

ScheduleFile parse_schedule_json(std::string_view text, const std::string& source_name) {
  return Reader(text, source_name).read();
}

std::string read_file_text(const std::string& path) {
  // Bounded by --max-input-bytes, and stopped early at bytes no JSON text holds (input_text.hpp).
  return read_json_input(path);
}

ScheduleFile read_schedule_file(const std::string& path) {
  return parse_schedule_json(read_file_text(path), path == "-" ? std::string("<stdin>") : path);
}

}  // namespace schedcert::schedules::io
