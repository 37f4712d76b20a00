// See parse_errors.hpp. The range of an integer option: CLI11 (2.1) converts with strtoll or
// strtoull and refuses a value that does not survive the cast to the option's type, so the
// largest of 2^64 - 1, 2^63 - 1, 2^32 - 1, 2^31 - 1, 2^16 - 1, 2^15 - 1 it accepts tells the
// type; -1 tells signed from unsigned. Probing runs the option's callback (it writes the bound
// variable), which is harmless here: the command stops with exit 2 right after.
#include "cli/parse_errors.hpp"

#include <optional>
#include <vector>

namespace schedcert::cli {

namespace {

// Whether o's conversion accepts text. A validator that refuses it (a range check, say) throws
// before the conversion is tried: then we cannot tell, and say nothing.
std::optional<bool> converts(CLI::Option* o, const std::string& text) {
  o->clear();
  o->add_result(text);
  try {
    o->run_callback();
    return true;
  } catch (const CLI::ConversionError&) {
    return false;
  } catch (const CLI::Error&) {
    return std::nullopt;
  }
}

struct Range {
  std::string lo, hi;
};

std::optional<Range> integer_range(CLI::Option* o) {
  struct Type {
    const char* max;
    const char* min;  // when -1 converts
  };
  // uint64 first: CLI11 reads "-1" as 2^64 - 1 there, so -1 does not tell it from int64.
  if (converts(o, "18446744073709551615").value_or(false))
    return Range{"0", "18446744073709551615"};
  const Type types[] = {{"9223372036854775807", "-9223372036854775808"},
                        {"4294967295", nullptr},
                        {"2147483647", "-2147483648"},
                        {"65535", nullptr},
                        {"32767", "-32768"}};
  for (const auto& t : types) {
    const auto ok = converts(o, t.max);
    if (!ok) return std::nullopt;
    if (!*ok) continue;
    if (t.min == nullptr) return Range{"0", t.max};
    return Range{t.min, t.max};
  }
  return std::nullopt;
}

bool integer_literal(const std::string& s) {
  std::size_t i = s.size() > 1 && (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) return false;
  for (; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

// The selected subcommands, innermost first, then app.
std::vector<CLI::App*> chain(CLI::App& app) {
  std::vector<CLI::App*> out{&app};
  for (CLI::App* cur = &app; !cur->get_subcommands().empty();) {
    cur = cur->get_subcommands().front();
    out.insert(out.begin(), cur);
  }
  return out;
}

std::string help_hint(CLI::App& app) {
  std::string words;
  for (CLI::App* a : chain(app))
    if (a != &app) words = a->get_name() + (words.empty() ? "" : " " + words);
  return "(schedcert " + (words.empty() ? std::string() : words + " ") + "--help)";
}

std::string type_words(const CLI::Option* o) {
  const std::string t = o->get_type_name();
  if (t.rfind("UINT", 0) == 0) return "a non-negative integer";
  if (t.rfind("INT", 0) == 0) return "an integer";
  if (t.rfind("FLOAT", 0) == 0 || t.rfind("NUMBER", 0) == 0) return "a number";
  return t.empty() ? std::string("another value") : t;
}

}  // namespace

std::string describe_parse_error(CLI::App& app, const CLI::ParseError& e) {
  const std::string what = e.what();
  const std::string hint = help_hint(app);
  // "Could not convert: NAME = VALUE" (CLI::ConversionError of a value that is not of the type).
  const std::string prefix = "Could not convert: ";
  if (dynamic_cast<const CLI::ConversionError*>(&e) != nullptr && what.rfind(prefix, 0) == 0) {
    const std::size_t eq = what.find(" = ", prefix.size());
    if (eq != std::string::npos) {
      const std::string name = what.substr(prefix.size(), eq - prefix.size());
      const std::string value = what.substr(eq + 3);
      for (CLI::App* a : chain(app)) {
        CLI::Option* o = a->get_option_no_throw(name);
        if (o == nullptr) continue;
        const std::string expected = type_words(o);
        if (integer_literal(value))
          if (const auto r = integer_range(o))
            return "schedcert: error: " + name + ": " + value + " is out of range (" + expected +
                   " in [" + r->lo + ", " + r->hi + "]) " + hint;
        return "schedcert: error: " + name + ": '" + value + "' is not " + expected + " " + hint;
      }
    }
  }
  return "schedcert: error: " + what + " " + hint;
}

}  // namespace schedcert::cli
