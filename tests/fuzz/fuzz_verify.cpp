// libFuzzer target: a differential fuzzer of the native verifier (issue 9). Arbitrary bytes go
// through parse_schedule_json; every small schedule that loads (at most 4096 nodes and 2000
// transmissions) is checked by verify_native (Auto, bucket and compact paths) and by the naive reference
// checker of tests/mutation/reference_check.hpp. A crash or any difference in validity or first
// violation (rule, transmission, step, item, node) aborts. Built and run by run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "tests/mutation/reference_check.hpp"
#include "verifier/native.hpp"

namespace {

bool same(const schedcert::verifier::Verdict& v, const trust::RefResult& r) {
  if (v.valid != r.valid) return false;
  if (v.valid) return true;
  const auto& x = *v.violation;
  return x.rule == r.rule && x.transmission == r.transmission && x.step == r.step &&
         x.item == r.item && x.node == r.node;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    auto f = schedcert::schedules::io::parse_schedule_json(text, "fuzz");
    const auto& s = f.schedule;
    if (s.network().size() > 4096 || s.num_transmissions() > 2000 ||
        s.problem().num_items(s.network().size()) > 100000)
      return 0;
    const auto ref = trust::reference_check(s);
    const auto a = schedcert::verifier::verify_native(s);
    const auto b = schedcert::verifier::verify_native(s, schedcert::verifier::NativePath::Buckets);
    const auto c = schedcert::verifier::verify_native(s, schedcert::verifier::NativePath::Compact);
    if (!same(a, ref) || !same(b, ref) || !same(c, ref)) {
      std::fprintf(stderr, "native and reference disagree: native %s\n",
                   a.valid ? "valid" : a.violation->message.c_str());
      __builtin_trap();
    }
  } catch (const schedcert::InputError&) {
  }
  return 0;
}
