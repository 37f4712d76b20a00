// A byte cursor over JSON text for the schema-directed schedule reader (schedule_json.cpp).
//
// There is no DOM and no recursion: the reader asks for exactly the token the format expects
// next (a key, an integer, '[' ...), so the nesting depth of what it accepts is bounded by the
// format itself. The only generic walk, skip_value() (used to defer a "steps" array that comes
// before the header), is iterative with an explicit depth limit, so no input can blow the stack.
//
// Errors: every failure throws InputError "<source>:<line>:<column>: <path>: <message>", where
// line and column are 1-based and the column counts bytes. Positions are only computed when an
// error is reported (a scan for newlines up to the offset), which keeps the hot loop cheap.
// The JSON path of the value being read is produced lazily by a PathFn, so the step loop pays
// nothing for paths unless it fails.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace schedcert::schedules::io::json {

// What the next value is, judged from its first byte.
enum class Kind { Object, Array, String, Number, True, False, Null, End, Invalid };
const char* describe(Kind k);  // "an object", "an array", "a string", "a number", "true", ...

// Largest integer the format accepts anywhere: 2^53, the bound up to which every JSON tool
// (doubles) reads integers exactly.
inline constexpr std::uint64_t kMaxInteger = std::uint64_t{1} << 53;
inline constexpr int kMaxDepth = 64;

// A lazily rendered JSON path, e.g. "problem.root" or "steps[2][5][1]".
class PathFn {
 public:
  PathFn(const char* literal) : fn_(&from_literal), ctx_(literal) {}  // NOLINT: implicit on purpose
  PathFn(const std::string& s) : fn_(&from_string), ctx_(&s) {}       // NOLINT
  // obj->path() renders the path; obj must outlive the PathFn.
  template <class T>
  static PathFn of(const T* obj) {
    return PathFn([](const void* c) { return static_cast<const T*>(c)->path(); }, obj);
  }
  std::string operator()() const { return fn_(ctx_); }

 private:
  using Fn = std::string (*)(const void*);
  PathFn(Fn fn, const void* ctx) : fn_(fn), ctx_(ctx) {}
  static std::string from_literal(const void* c) { return static_cast<const char*>(c); }
  static std::string from_string(const void* c) { return *static_cast<const std::string*>(c); }
  Fn fn_;
  const void* ctx_;
};

struct Number {
  bool negative = false;
  bool integral = true;            // no fraction and no exponent
  bool too_large = false;          // magnitude above kMaxInteger
  std::uint64_t value = 0;         // exact when integral and not too_large
  std::size_t begin = 0, end = 0;  // the literal's bytes in the text
};

class Cursor {
 public:
  Cursor(std::string_view text, std::string source);

  std::size_t pos() const { return p_; }
  void seek(std::size_t p) { p_ = p; }
  const std::string& source() const { return source_; }
  std::string_view text() const { return t_; }

  void skip_ws() {
    while (p_ < t_.size()) {
      const char c = t_[p_];
      if (c != ' ' && c != '\n' && c != '\r' && c != '\t') return;
      ++p_;
    }
  }
  bool at_end() {
    skip_ws();
    return p_ >= t_.size();
  }
  Kind peek_kind();
  // Consumes c if it is the next non-blank byte.
  bool consume(char c) {
    skip_ws();
    if (p_ < t_.size() && t_[p_] == c) {
      ++p_;
      return true;
    }
    return false;
  }
  // Consumes c or fails with "expected <expected>" (or "unexpected end of file" at the end).
  void expect(char c, const PathFn& path, std::string_view expected) {
    if (!consume(c)) unexpected(path, expected);
  }
  // Fails at the next non-blank byte: truncated file, or a syntax error naming what was found.
  [[noreturn]] void unexpected(const PathFn& path, std::string_view expected);
  // Requires the next value to be of kind `want`; otherwise fails with
  // "expected <what>, got <kind>" (or a syntax/truncation error).
  void require(Kind want, const PathFn& path, std::string_view what);

  std::string read_string(const PathFn& path);  // decodes escapes, checks UTF-8
  Number read_number(const PathFn& path);       // JSON number grammar, exact up to 2^53
  // A non-negative integer <= kMaxInteger; `what` names it in errors ("a node id").
  std::uint64_t read_uint(const PathFn& path, std::string_view what);
  void skip_value(const PathFn& path);  // any JSON value, iteratively, depth <= kMaxDepth

  std::string literal(const Number& n) const;  // the number as written, shortened if long
  std::pair<std::size_t, std::size_t> line_col(std::size_t at) const;
  [[noreturn]] void fail(std::size_t at, const PathFn& path, std::string_view message) const;

 private:
  void read_literal(const PathFn& path);  // true, false, null
  std::string_view t_;
  std::size_t p_ = 0;
  std::string source_;
};

}  // namespace schedcert::schedules::io::json
