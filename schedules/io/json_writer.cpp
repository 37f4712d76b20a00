// Schedule file writer (format version 1; docs/schedule-format.md).
//
// Streams straight from the Schedule's flat arrays into a 1 MiB byte buffer with std::to_chars:
// no DOM and no per-transmission allocation, so 10^6 transmissions take a few tens of ms.
// Layout: one header key per line, then one step per line, compact inside a step; small
// schedules stay readable and large ones stay close to the minimum size (~12 bytes per
// single-item transmission on Q10). Files are replaced atomically (temporary file + rename).
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <vector>

#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "schedules/io/atomic_file.hpp"

namespace schedcert::schedules::io {

namespace {

// The two-character escape of a control character (as nlohmann-json and Python write them).
char short_escape(char c) {
  switch (c) {
    case '\b':
      return 'b';
    case '\f':
      return 'f';
    case '\n':
      return 'n';
    case '\r':
      return 'r';
    case '\t':
      return 't';
    default:
      return 0;
  }
}

class Out {
 public:
  explicit Out(std::ostream& os) : os_(os), buf_(kSize) {}
  ~Out() { flush(); }
  void room(std::size_t n) {
    if (len_ + n > kSize) flush();
  }
  void flush() {
    os_.write(buf_.data(), static_cast<std::streamsize>(len_));
    len_ = 0;
  }
  // Callers reserve room first; small fixed pieces only.
  void raw(char c) { buf_[len_++] = c; }
  void raw(std::string_view s) {
    std::memcpy(buf_.data() + len_, s.data(), s.size());
    len_ += s.size();
  }
  void num(std::uint64_t v) {
    len_ = static_cast<std::size_t>(std::to_chars(buf_.data() + len_, buf_.data() + kSize, v).ptr -
                                    buf_.data());
  }
  // Arbitrary text, flushed as needed.
  void text(std::string_view s) {
    while (!s.empty()) {
      room(1);
      const std::size_t n = std::min(s.size(), kSize - len_);
      raw(s.substr(0, n));
      s.remove_prefix(n);
    }
  }
  void number(std::uint64_t v) {
    room(24);
    num(v);
  }
  void string(std::string_view s) {
    std::string q = "\"";
    for (char ch : s) {
      const unsigned char c = static_cast<unsigned char>(ch);
      if (c == '"' || c == '\\') {
        q += '\\';
        q += ch;
      } else if (const char e = short_escape(ch)) {
        q += '\\';
        q += e;
      } else if (c < 0x20) {
        static const char* hex = "0123456789abcdef";
        q += "\\u00";
        q += hex[c >> 4];
        q += hex[c & 15];
      } else {
        q += ch;
      }
    }
    q += '"';
    text(q);
  }

 private:
  static constexpr std::size_t kSize = 1 << 20;
  std::ostream& os_;
  std::vector<char> buf_;
  std::size_t len_ = 0;
};

void write(const Schedule& s, const Expectation* expect, std::ostream& os) {
  Out o(os);
  const Problem& p = s.problem();
  o.text("{\n  \"format\": ");
  o.string(kScheduleFormat);
  o.text(",\n  \"version\": ");
  o.number(kScheduleFormatVersion);
  o.text(",\n  \"network\": ");
  if (const Topology* g = s.network().file_graph())
    o.text(topology_json(*g, "  "));  // a graph file is embedded: the schedule stays self-contained
  else
    o.string(s.network().name());
  o.text(",\n  \"model\": ");
  o.string(to_string(s.model()));
  o.text(",\n  \"problem\": {\"kind\": ");
  o.string(to_string(p.kind));
  if (p.has_root()) {
    o.text(", \"root\": ");
    o.number(p.root);
  }
  if (p.messages != 1) {
    o.text(", \"messages\": ");
    o.number(p.messages);
  }
  if (p.packet_items != 1) {
    o.text(", \"packet_items\": ");
    o.number(p.packet_items);
  }
  if (p.kind == ProblemKind::SuccessiveBroadcast) {
    o.text(", \"sources\": [");
    for (std::size_t j = 0; j < p.sources.size(); ++j) {
      if (j) o.text(", ");
      o.number(p.sources[j]);
    }
    o.text("]");
  }
  o.text("}");
  const Provenance& pv = s.provenance();
  if (!pv.construction.empty() || !pv.parameters.empty() || !pv.tool_version.empty()) {
    o.text(",\n  \"provenance\": {\"construction\": ");
    o.string(pv.construction);
    if (!pv.parameters.empty()) {
      o.text(", \"parameters\": {");
      for (std::size_t j = 0; j < pv.parameters.size(); ++j) {
        if (j) o.text(", ");
        o.string(pv.parameters[j].first);
        o.text(": ");
        o.string(pv.parameters[j].second);
      }
      o.text("}");
    }
    if (!pv.tool_version.empty()) {
      o.text(", \"tool_version\": ");
      o.string(pv.tool_version);
    }
    o.text("}");
  }
  if (expect) {
    o.text(",\n  \"expect\": {\"verdict\": ");
    o.string(expect->valid ? "valid" : "invalid");
    if (expect->rule) {
      o.text(", \"rule\": ");
      o.string(to_string(*expect->rule));
    }
    if (expect->step) {
      o.text(", \"step\": ");
      o.number(static_cast<std::uint64_t>(*expect->step));
    }
    if (expect->transmission) {
      o.text(", \"transmission\": ");
      o.number(static_cast<std::uint64_t>(*expect->transmission));
    }
    o.text("}");
  }
  o.text(",\n  \"steps\": [");
  const auto& from = s.from_array();
  const auto& to = s.to_array();
  const bool single = s.single_item_packets();
  for (std::size_t st = 0; st < s.num_steps(); ++st) {
    o.text(st ? ",\n    [" : "\n    [");
    for (std::size_t k = s.step_begin(st); k < s.step_end(st); ++k) {
      o.room(80);
      if (k != s.step_begin(st)) o.raw(',');
      o.raw('[');
      o.num(from[k]);
      o.raw(',');
      o.num(to[k]);
      o.raw(',');
      auto pk = s.packet(k);
      if (single || pk.size() == 1) {
        o.num(pk[0]);
      } else {
        o.raw('[');
        for (std::size_t j = 0; j < pk.size(); ++j) {
          o.room(24);
          if (j) o.raw(',');
          o.num(pk[j]);
        }
        o.raw(']');
      }
      o.raw(']');
    }
    o.text("]");
  }
  o.text(s.num_steps() ? "\n  ]\n}\n" : "]\n}\n");
}

void write_file(const Schedule& s, const Expectation* expect, const std::string& path) {
  write_atomically(path, [&](std::ostream& out) { write(s, expect, out); });
}

}  // namespace

void write_schedule_json(const Schedule& s, std::ostream& out) {
  write(s, nullptr, out);
}

void write_schedule_json(const ScheduleFile& f, std::ostream& out) {
  write(f.schedule, f.expect ? &*f.expect : nullptr, out);
}

void write_schedule_file(const Schedule& s, const std::string& path) {
  write_file(s, nullptr, path);
}

void write_schedule_file(const ScheduleFile& f, const std::string& path) {
  write_file(f.schedule, f.expect ? &*f.expect : nullptr, path);
}

}  // namespace schedcert::schedules::io
