// Reader of DRAT proof files for the checker in drat.cpp: text DRAT ("d" prefix for
// deletions, "c" comment lines) or binary DRAT ('a'/'d' then variable-length literals
// 2 * var + sign, 0 ending a clause), told apart by the first 256 bytes (binary proofs hold bytes
// outside the text alphabet, starting with 'a'). Throws std::runtime_error on malformed input.
// The file is read in 64 KB blocks (fread), not byte by byte through getc (issue 27: the locked
// getc was a measurable share of the backward check).
#pragma once
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace schedcert::encodings::sat::drat_detail {

class ProofReader {
 public:
  explicit ProofReader(FILE* f) : f_(f), buf_(1 << 16) {
    // Binary DRAT uses bytes outside the text alphabet; look at the first bytes.
    fill();
    for (std::size_t k = 0; k < end_ && k < 256; ++k) {
      const char ch = buf_[k];
      const unsigned char u = static_cast<unsigned char>(ch);
      if (!(std::isdigit(u) || ch == '-' || ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t' ||
            ch == 'd' || ch == 'c'))
        binary_ = true;
    }
  }
  bool binary() const { return binary_; }
  // Reads one proof line; returns false at the end. Sets *del for deletions.
  bool next(std::vector<int>& lits, bool* del) {
    lits.clear();
    return binary_ ? next_binary(lits, del) : next_text(lits, del);
  }

 private:
  void fill() {
    pos_ = 0;
    end_ = std::fread(buf_.data(), 1, buf_.size(), f_);
  }
  int get() {
    if (pos_ == end_) {
      if (end_ == 0) return EOF;
      fill();
      if (end_ == 0) return EOF;
    }
    return static_cast<unsigned char>(buf_[pos_++]);
  }
  bool next_binary(std::vector<int>& lits, bool* del) {
    int c = get();
    if (c == EOF) return false;
    if (c != 'a' && c != 'd') throw std::runtime_error("binary DRAT: expected 'a' or 'd', got byte " + std::to_string(c));
    *del = c == 'd';
    for (;;) {
      std::uint64_t u = 0;
      int shift = 0;
      for (;;) {
        c = get();
        if (c == EOF) throw std::runtime_error("binary DRAT: truncated clause");
        u |= static_cast<std::uint64_t>(c & 0x7f) << shift;
        if (!(c & 0x80)) break;
        shift += 7;
        if (shift > 56) throw std::runtime_error("binary DRAT: literal too large");
      }
      if (u == 0) return true;
      const std::int64_t v = static_cast<std::int64_t>(u >> 1);
      if (v > (1 << 30)) throw std::runtime_error("binary DRAT: literal too large");
      lits.push_back((u & 1) ? -static_cast<int>(v) : static_cast<int>(v));
    }
  }
  bool next_text(std::vector<int>& lits, bool* del) {
    *del = false;
    bool any = false;
    for (;;) {
      int c = get();
      while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = get();
      if (c == EOF) {
        if (any) throw std::runtime_error("text DRAT: last clause not terminated by 0");
        return false;
      }
      if (c == 'c') {  // comment line
        while (c != '\n' && c != EOF) c = get();
        continue;
      }
      if (c == 'd' && !any) {
        *del = true;
        any = true;
        continue;
      }
      bool neg = false;
      if (c == '-') {
        neg = true;
        c = get();
      }
      if (!std::isdigit(c)) throw std::runtime_error("text DRAT: unexpected character '" + std::string(1, static_cast<char>(c)) + "'");
      long v = 0;
      while (std::isdigit(c)) {
        v = v * 10 + (c - '0');
        if (v > (1 << 30)) throw std::runtime_error("text DRAT: literal too large");
        c = get();
      }
      any = true;
      if (v == 0) return true;
      lits.push_back(neg ? -static_cast<int>(v) : static_cast<int>(v));
    }
  }
  FILE* f_;
  std::vector<char> buf_;
  std::size_t pos_ = 0, end_ = 0;
  bool binary_ = false;
};

}  // namespace schedcert::encodings::sat::drat_detail
