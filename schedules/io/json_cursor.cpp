// JSON cursor: tokens, strings, numbers and an iterative skip. See json_cursor.hpp.
#include "schedules/io/json_cursor.hpp"

#include <algorithm>
#include <cstring>

#include "schedules/error.hpp"

namespace schedcert::schedules::io::json {

const char* describe(Kind k) {
  switch (k) {
    case Kind::Object:
      return "an object";
    case Kind::Array:
      return "an array";
    case Kind::String:
      return "a string";
    case Kind::Number:
      return "a number";
    case Kind::True:
      return "true";
    case Kind::False:
      return "false";
    case Kind::Null:
      return "null";
    case Kind::End:
      return "the end of the file";
    case Kind::Invalid:
      return "invalid JSON";
  }
  return "?";
}

namespace {

std::string show_byte(unsigned char c) {
  if (c >= 0x21 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[c >> 4] + hex[c & 15];
}

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

// Length of the valid UTF-8 sequence starting at s[0] (lead byte >= 0x80), or 0 if invalid.
std::size_t utf8_length(std::string_view s) {
  const auto b = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  const unsigned char c = b(0);
  std::size_t n = 0;
  std::uint32_t cp = 0;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
    cp = c & 0x1F;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    cp = c & 0x0F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    cp = c & 0x07;
  } else {
    return 0;
  }
  if (s.size() < n) return 0;
  for (std::size_t i = 1; i < n; ++i) {
    if ((b(i) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(i) & 0x3F);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Cursor::Cursor(std::string_view text, std::string source) : t_(text), source_(std::move(source)) {
  if (t_.size() >= 3 && std::memcmp(t_.data(), "\xEF\xBB\xBF", 3) == 0) p_ = 3;  // UTF-8 BOM
}

std::pair<std::size_t, std::size_t> Cursor::line_col(std::size_t at) const {
  at = std::min(at, t_.size());
  std::size_t line = 1, line_start = 0;
  for (std::size_t i = 0; i < at; ++i)
    if (t_[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  return {line, at - line_start + 1};
}

void Cursor::fail(std::size_t at, const PathFn& path, std::string_view message) const {
  auto [line, col] = line_col(at);
  throw InputError(source_ + ":" + std::to_string(line) + ":" + std::to_string(col) + ": " +
                   path() + ": " + std::string(message));
}

void Cursor::unexpected(const PathFn& path, std::string_view expected) {
  skip_ws();
  if (p_ >= t_.size()) fail(p_, path, "unexpected end of file (the file is truncated)");
  fail(p_, path,
       "syntax error: expected " + std::string(expected) + ", found " +
           show_byte(static_cast<unsigned char>(t_[p_])));
}

Kind Cursor::peek_kind() {
  skip_ws();
  if (p_ >= t_.size()) return Kind::End;
  switch (t_[p_]) {
    case '{':
      return Kind::Object;
    case '[':
      return Kind::Array;
    case '"':
      return Kind::String;
    // A literal counts only when spelled out; "tru" is a syntax error, not "true".
    case 't':
      return t_.substr(p_, 4) == "true" ? Kind::True : Kind::Invalid;
    case 'f':
      return t_.substr(p_, 5) == "false" ? Kind::False : Kind::Invalid;
    case 'n':
      return t_.substr(p_, 4) == "null" ? Kind::Null : Kind::Invalid;
    case '-':
      return Kind::Number;
    default:
      return (t_[p_] >= '0' && t_[p_] <= '9') ? Kind::Number : Kind::Invalid;
  }
}

void Cursor::require(Kind want, const PathFn& path, std::string_view what) {
  const Kind k = peek_kind();
  if (k == want) return;
  if (k == Kind::End || k == Kind::Invalid) unexpected(path, what);
  fail(p_, path, "expected " + std::string(what) + ", got " + describe(k));
}

std::string Cursor::read_string(const PathFn& path) {
  require(Kind::String, path, "a string");
  const std::size_t start = p_;
  ++p_;
  std::string out;
  while (true) {
    // Fast path: a run of plain ASCII bytes.
    std::size_t run = p_;
    while (run < t_.size()) {
      const unsigned char c = static_cast<unsigned char>(t_[run]);
      if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
      ++run;
    }
    out.append(t_.data() + p_, run - p_);
    p_ = run;
    if (p_ >= t_.size())
      fail(p_, path,
           "unexpected end of file inside the string that starts at column " +
               std::to_string(line_col(start).second) + " (the file is truncated)");
    const unsigned char c = static_cast<unsigned char>(t_[p_]);
    if (c == '"') {
      ++p_;
      return out;
    }
    if (c < 0x20)
      fail(p_, path,
           "syntax error: unescaped control character (" + show_byte(c) +
               ") in a string; is a closing '\"' missing?");
    if (c >= 0x80) {
      const std::size_t n = utf8_length(t_.substr(p_));
      if (n == 0) fail(p_, path, "invalid UTF-8 in a string (" + show_byte(c) + ")");
      out.append(t_.data() + p_, n);
      p_ += n;
      continue;
    }
    // Escape.
    if (p_ + 1 >= t_.size()) fail(p_ + 1, path, "unexpected end of file (the file is truncated)");
    const char e = t_[p_ + 1];
    p_ += 2;
    switch (e) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '/':
        out += '/';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        auto hex4 = [&](std::size_t at) -> std::int32_t {
          if (at + 4 > t_.size()) return -1;
          std::int32_t v = 0;
          for (std::size_t i = 0; i < 4; ++i) {
            int h = hex_value(t_[at + i]);
            if (h < 0) return -1;
            v = v * 16 + h;
          }
          return v;
        };
        const std::size_t esc = p_ - 2;
        std::int32_t cp = hex4(p_);
        if (cp < 0) fail(esc, path, "syntax error: \\u must be followed by four hex digits");
        p_ += 4;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          std::int32_t lo =
              (p_ + 1 < t_.size() && t_[p_] == '\\' && t_[p_ + 1] == 'u') ? hex4(p_ + 2) : -1;
          if (lo < 0xDC00 || lo > 0xDFFF)
            fail(esc, path, "invalid \\u escape: a high surrogate without its low surrogate");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          p_ += 6;
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
          fail(esc, path, "invalid \\u escape: a low surrogate without its high surrogate");
        }
        append_utf8(out, static_cast<std::uint32_t>(cp));
        break;
      }
      default:
        fail(p_ - 2, path,
             "syntax error: invalid escape \\" + std::string(1, e) +
                 " in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
    }
  }
}

Number Cursor::read_number(const PathFn& path) {
  skip_ws();
  Number n;
  n.begin = p_;
  const auto digit = [&](std::size_t i) { return i < t_.size() && t_[i] >= '0' && t_[i] <= '9'; };
  if (p_ < t_.size() && t_[p_] == '-') {
    n.negative = true;
    ++p_;
  }
  if (!digit(p_)) {
    if (p_ >= t_.size()) fail(p_, path, "unexpected end of file (the file is truncated)");
    fail(n.begin, path, "syntax error: invalid number (a digit must follow '-')");
  }
  if (t_[p_] == '0' && digit(p_ + 1))
    fail(n.begin, path, "syntax error: invalid number (JSON numbers have no leading zeros)");
  while (digit(p_)) {
    const std::uint64_t d = static_cast<std::uint64_t>(t_[p_] - '0');
    if (!n.too_large) {
      n.value = n.value * 10 + d;
      if (n.value > kMaxInteger) n.too_large = true;
    }
    ++p_;
  }
  if (p_ < t_.size() && t_[p_] == '.') {
    n.integral = false;
    ++p_;
    if (!digit(p_)) fail(n.begin, path, "syntax error: invalid number (a digit must follow '.')");
    while (digit(p_)) ++p_;
  }
  if (p_ < t_.size() && (t_[p_] == 'e' || t_[p_] == 'E')) {
    n.integral = false;
    ++p_;
    if (p_ < t_.size() && (t_[p_] == '+' || t_[p_] == '-')) ++p_;
    if (!digit(p_))
      fail(n.begin, path, "syntax error: invalid number (a digit must follow the exponent)");
    while (digit(p_)) ++p_;
  }
  n.end = p_;
  return n;
}

std::string Cursor::literal(const Number& n) const {
  std::string_view s = t_.substr(n.begin, n.end - n.begin);
  if (s.size() > 40)
    return std::string(s.substr(0, 30)) + "... (" + std::to_string(s.size()) + " characters)";
  return std::string(s);
}

std::uint64_t Cursor::read_uint(const PathFn& path, std::string_view what) {
  // Inline fast path: plain digits, no sign, fraction or exponent, at most 15 digits.
  skip_ws();
  std::size_t q = p_;
  std::uint64_t v = 0;
  while (q < t_.size() && t_[q] >= '0' && t_[q] <= '9' && q - p_ < 15)
    v = v * 10 + static_cast<std::uint64_t>(t_[q++] - '0');
  if (q > p_ && q < t_.size() && !(t_[p_] == '0' && q - p_ > 1)) {
    const char c = t_[q];
    if (c == ',' || c == ']' || c == '}' || c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      p_ = q;
      return v;
    }
  }
  // General path, with the precise errors.
  require(Kind::Number, path, what);
  Number n = read_number(path);
  if (n.negative || !n.integral)
    fail(n.begin, path, "expected " + std::string(what) + ", got " + literal(n));
  if (n.too_large)
    fail(n.begin, path,
         "integer " + literal(n) + " is too large (the format allows integers up to 2^53 = " +
             std::to_string(kMaxInteger) + ")");
  return n.value;
}

void Cursor::read_literal(const PathFn& path) {
  for (const char* lit : {"true", "false", "null"}) {
    const std::size_t len = std::strlen(lit);
    if (t_.substr(p_, len) == lit) {
      p_ += len;
      return;
    }
  }
  if (p_ >= t_.size()) fail(p_, path, "unexpected end of file (the file is truncated)");
  fail(p_, path, "syntax error: invalid literal (expected true, false or null)");
}

void Cursor::skip_value(const PathFn& path) {
  char stack[kMaxDepth];
  int depth = 0;
  while (true) {
    // A value starts here.
    switch (peek_kind()) {
      case Kind::Object:
      case Kind::Array: {
        if (depth == kMaxDepth)
          fail(p_, path, "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        const char open = t_[p_++];
        stack[depth++] = open;
        const char close = open == '{' ? '}' : ']';
        if (consume(close)) {
          --depth;
          break;
        }
        if (open == '{') {
          read_string(path);
          expect(':', path, "':'");
        }
        continue;  // the first member's value
      }
      case Kind::String:
        read_string(path);
        break;
      case Kind::Number:
        read_number(path);
        break;
      case Kind::True:
      case Kind::False:
      case Kind::Null:
        read_literal(path);
        break;
      case Kind::End:
      case Kind::Invalid:
        unexpected(path, "a value");
    }
    // After a value: close containers until one continues with ','.
    bool next_value = false;
    while (depth > 0 && !next_value) {
      const char open = stack[depth - 1];
      if (consume(',')) {
        if (open == '{') {
          read_string(path);
          expect(':', path, "':'");
        }
        next_value = true;
      } else if (consume(open == '{' ? '}' : ']')) {
        --depth;
      } else {
        unexpected(path, open == '{' ? "',' or '}'" : "',' or ']'");
      }
    }
    if (depth == 0) return;
  }
}

}  // namespace schedcert::schedules::io::json
