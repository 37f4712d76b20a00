// Property/fuzz target for issue 13: problems on huge networks (2^20 .. 2^31 nodes, and a few
// beyond), M up to 2^20 (and just above), every problem kind and model, with empty or tiny
// schedules. Each case is written as a schedule file and loaded as the CLI would; the outcome
// (input error, or the verdict with its first violation) must equal a slow reference that
// computes every size in 128 bits and shares no code with the product: it decodes node digits,
// item origins and targets itself from docs/schedule-format.md's numbering, keeps the holdings
// of the few touched (node, item) pairs in a map and scans items from 0 for completion.
//
// Used by huge_sizes_test.cpp (seeded random cases, in ctest and the sanitizer stage) and by
// fuzz_huge_sizes.cpp (libFuzzer: the same generator reading its choices from the input bytes).
#pragma once
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "verifier/native.hpp"

namespace huge {

using u128 = unsigned __int128;
using u64 = std::uint64_t;

enum class FK { K2, Ring, Path, Complete };
struct Fac {
  FK kind;
  u64 size;
};
struct Tx {
  u64 from, to;
  std::vector<u64> items;
};
enum Kind { Broadcast, Accumulation, Scatter, Gather, Mnb, Mna, TotalExchange, Successive };
inline const char* kKindNames[] = {"broadcast",           "accumulation",           "scatter",
                                   "gather",              "multinode-broadcast",    "multinode-accumulation",
                                   "total-exchange",      "successive-broadcast"};
enum ModelId { AllPort, SpFull, SpHalf, Shout };
inline const char* kModelNames[] = {"all-port", "single-port-full", "single-port-half",
                                    "shout-whisper"};

struct Case {
  std::vector<Fac> net;  // dimension 0 first
  int model = AllPort;
  int kind = Broadcast;
  u64 root = 0, messages = 1, packet_items = 1;
  bool has_messages = false, has_packet_items = false;
  std::vector<u64> sources;
  std::vector<std::vector<Tx>> steps;
};

// ------------------------------------------------------------------ the reference

inline bool has_root(int k) { return k <= Gather; }
inline bool combining(int k) { return k == Accumulation || k == Mna; }

// Saturating product of the factor sizes (2^128 - 1 stands for "more than 2^127").
inline u128 nodes(const Case& c) {
  u128 n = 1;
  for (const Fac& f : c.net)
    if (__builtin_mul_overflow(n, static_cast<u128>(f.size), &n)) return ~u128{0};
  return n;
}

inline u128 items(const Case& c, u128 n) {
  const u128 m = c.messages;
  switch (c.kind) {
    case Broadcast: return m;
    case Accumulation: return n;
    case Scatter: case Gather: case Mnb: return n * m;
    case Mna: return n * n;
    case TotalExchange: return n * n * m;
    default: return c.sources.size();
  }
}

inline constexpr u128 kAll = ~u128{0};  // "every node needs it"
inline u128 origin(const Case& c, u128 n, u128 i) {
  const u128 m = c.messages;
  switch (c.kind) {
    case Broadcast: case Scatter: return c.root;
    case Accumulation: return i;
    case Gather: case Mnb: return i / m;
    case Mna: return i / n;
    case TotalExchange: return i / (m * n);
    default: return c.sources[static_cast<std::size_t>(i)];
  }
}
inline u128 target(const Case& c, u128 n, u128 i) {
  const u128 m = c.messages;
  switch (c.kind) {
    case Broadcast: case Mnb: case Successive: return kAll;
    case Accumulation: case Gather: return c.root;
    case Scatter: return i / m;
    case Mna: return i % n;
    default: return (i / m) % n;  // total exchange
  }
}

inline bool adjacent(const Case& c, u128 u, u128 v) {
  int differing = 0;
  bool ok = false;
  for (const Fac& f : c.net) {
    const u128 a = u % f.size, b = v % f.size;
    u /= f.size;
    v /= f.size;
    if (a == b) continue;
    ++differing;
    const u128 hi = std::max(a, b), lo = std::min(a, b);
    ok = f.kind == FK::K2 || f.kind == FK::Complete || hi - lo == 1 ||
         (f.kind == FK::Ring && lo == 0 && hi == f.size - 1);
  }
  return differing == 1 && ok;
}

struct Outcome {
  bool input_error = false;
  std::string quantity;  // for size errors: text the message must contain
  bool valid = false;
  std::string rule;
  std::int64_t tx = -1;
  u64 item = 0, node = 0;
};

inline Outcome reference(const Case& c) {
  Outcome o;
  auto error = [&](std::string q) {
    o.input_error = true;
    o.quantity = std::move(q);
    return o;
  };
  const u128 n = nodes(c);
  if (n > (u128{1} << 31)) return error("more than 2^31 nodes");
  if (has_root(c.kind) && c.root >= n) return error("problem.root");
  if (c.kind == Successive) {
    if (c.sources.empty()) return error("problem.sources");
    for (u64 s : c.sources)
      if (s >= n) return error("problem.sources");
    if (c.has_messages) return error("problem.messages");
  }
  if (c.messages < 1 || c.messages > (1u << 20)) return error("problem.messages");
  if (c.packet_items < 1 || c.packet_items > 0xffffffffu) return error("problem.packet_items");
  if (combining(c.kind) && c.messages != 1) return error("problem.messages");
  const u128 count = items(c, n);
  if (count > 1000000000000000u) return error("too many items");
  for (const auto& st : c.steps)
    for (const Tx& t : st) {
      if (t.from >= n || t.to >= n) return error("is out of range");
      if (t.items.empty()) return error("empty packet");
      for (u64 i : t.items)
        if (i >= count) return error("is out of range");
    }

  // Holdings of the touched pairs: (node, item) -> step of arrival; origins hold from the start.
  std::map<std::pair<u128, u128>, std::int64_t> got;
  auto held_before = [&](u128 v, u128 i, std::int64_t st) {
    if (origin(c, n, i) == v) return true;
    auto it = got.find({v, i});
    return it != got.end() && it->second < st;
  };
  auto holds = [&](u128 v, u128 i) { return origin(c, n, i) == v || got.count({v, i}) > 0; };
  std::int64_t k = 0;
  auto fail = [&](const char* rule, u64 item, u128 node) {
    o.rule = rule;
    o.tx = k;
    o.item = item;
    o.node = static_cast<u64>(node);
    return o;
  };
  for (std::size_t s = 0; s < c.steps.size(); ++s) {
    const auto& st = c.steps[s];
    const auto ss = static_cast<std::int64_t>(s);
    std::vector<std::pair<u128, u128>> arrivals;  // applied at the end of the step
    for (std::size_t j = 0; j < st.size(); ++j, ++k) {
      const Tx& t = st[j];
      const auto& pk = t.items;
      if (!adjacent(c, t.from, t.to)) return fail("adjacency", pk[0], t.from);
      if (!combining(c.kind) && pk.size() > c.packet_items) return fail("packet", pk[0], t.from);
      std::set<u64> seen, twice;
      for (u64 i : pk)
        if (!seen.insert(i).second) twice.insert(i);
      if (!twice.empty()) return fail("packet", *twice.begin(), t.from);
      if (combining(c.kind))
        for (u64 i : pk)
          if (target(c, n, i) != target(c, n, pk[0])) return fail("packet", i, t.from);
      bool same_link = false, other_packet = false;
      int f_sends = 0, f_recvs = 0, t_sends = 0, t_recvs = 0;
      std::optional<std::size_t> first_send;
      for (std::size_t e = 0; e <= j; ++e) {
        const Tx& x = st[e];
        same_link = same_link || (e < j && x.from == t.from && x.to == t.to);
        if (x.from == t.from && !first_send) first_send = e;
        f_sends += x.from == t.from;
        f_recvs += x.to == t.from;
        t_sends += x.from == t.to;
        t_recvs += x.to == t.to;
      }
      // Shout-whisper: a node's sends in a step carry the same packet, compared as sets.
      other_packet = std::set<u64>(st[*first_send].items.begin(), st[*first_send].items.end()) !=
                     std::set<u64>(pk.begin(), pk.end());
      if (same_link) return fail("link-capacity", pk[0], t.from);
      switch (c.model) {
        case SpFull:
          if (f_sends > 1) return fail("port", pk[0], t.from);
          if (t_recvs > 1) return fail("port", pk[0], t.to);
          break;
        case SpHalf:
          if (f_sends + f_recvs > 1) return fail("port", pk[0], t.from);
          if (t_sends + t_recvs > 1) return fail("port", pk[0], t.to);
          break;
        case Shout:
          if (other_packet) return fail("port", pk[0], t.from);
          if (t_recvs > 1) return fail("port", pk[0], t.to);
          if (f_recvs > 0) return fail("port", pk[0], t.from);
          if (t_sends > 0) return fail("port", pk[0], t.to);
          break;
        default: break;
      }
      // Item rules: the least (rule, item) of the packet.
      std::optional<std::pair<int, u64>> worst;
      u128 worst_node = 0;
      auto note = [&](int rank, u64 i, u128 v) {
        if (!worst || std::make_pair(rank, i) < *worst) worst = std::make_pair(rank, i), worst_node = v;
      };
      for (u64 i : pk) {
        if (!held_before(t.from, i, ss)) {
          note(0, i, t.from);
          continue;
        }
        bool earlier_this_step = false;
        for (const auto& a : arrivals) earlier_this_step = earlier_this_step || a == std::pair<u128, u128>{t.to, i};
        if (combining(c.kind) && (held_before(t.to, i, ss) || earlier_this_step)) {
          note(1, i, t.to);
          continue;
        }
        if (c.kind == Successive && i > 0) {
          if (t.from == origin(c, n, i) && !held_before(t.from, i - 1, ss)) {
            note(2, i, t.from);
            continue;
          }
          if (!held_before(t.to, i - 1, ss) && !held_before(t.to, i, ss) && !earlier_this_step) {
            note(2, i, t.to);
            continue;
          }
        }
      }
      if (worst) {
        static const char* kItemRules[] = {"causality", "duplicate", "order"};
        return fail(kItemRules[worst->first], worst->second, worst_node);
      }
      for (u64 i : pk) arrivals.emplace_back(t.to, i);
    }
    for (const auto& a : arrivals) got.emplace(a, ss);
  }
  // Completion: lowest item, then lowest node. An item no transmission carries is held by its
  // origin alone; the scan ends at the first incomplete item, at most M + 1 items in.
  for (u128 i = 0; i < count; ++i) {
    const u128 tg = target(c, n, i);
    std::optional<u128> missing;
    if (tg == kAll) {
      for (u128 v = 0; v < n && !missing; ++v)
        if (!holds(v, i)) missing = v;
    } else if (!holds(tg, i)) {
      missing = tg;
    }
    if (missing) {
      o.rule = "completion";
      o.item = static_cast<u64>(i);
      o.node = static_cast<u64>(*missing);
      return o;
    }
  }
  o.valid = true;
  return o;
}

// ------------------------------------------------------------------ the case as a file

inline std::string u2s(u128 v) { return schedcert::to_string_u128(v); }

inline std::string spec(const Case& c) {
  std::string s;
  for (const Fac& f : c.net) {
    if (!s.empty()) s += "x";
    s += (f.kind == FK::K2 ? "K" : f.kind == FK::Ring ? "C" : f.kind == FK::Path ? "P" : "K") +
         std::to_string(f.size);
  }
  return s;
}

inline std::string to_json(const Case& c) {
  std::string p = std::string("{\"kind\": \"") + kKindNames[c.kind] + "\"";
  if (has_root(c.kind)) p += ", \"root\": " + std::to_string(c.root);
  if (c.has_messages) p += ", \"messages\": " + std::to_string(c.messages);
  if (c.has_packet_items) p += ", \"packet_items\": " + std::to_string(c.packet_items);
  if (c.kind == Successive) {
    p += ", \"sources\": [";
    for (std::size_t j = 0; j < c.sources.size(); ++j)
      p += (j ? ", " : "") + std::to_string(c.sources[j]);
    p += "]";
  }
  p += "}";
  std::string steps = "[";
  for (std::size_t s = 0; s < c.steps.size(); ++s) {
    steps += s ? ", [" : "[";
    for (std::size_t j = 0; j < c.steps[s].size(); ++j) {
      const Tx& t = c.steps[s][j];
      steps += (j ? ", [" : "[") + std::to_string(t.from) + ", " + std::to_string(t.to) + ", ";
      if (t.items.size() == 1) {
        steps += std::to_string(t.items[0]);
      } else {
        steps += "[";
        for (std::size_t q = 0; q < t.items.size(); ++q)
          steps += (q ? ", " : "") + std::to_string(t.items[q]);
        steps += "]";
      }
      steps += "]";
    }
    steps += "]";
  }
  steps += "]";
  return "{\"format\": \"schedcert-schedule\", \"version\": 1, \"network\": \"" + spec(c) +
         "\", \"model\": \"" + kModelNames[c.model] + "\",\n \"problem\": " + p +
         ",\n \"steps\": " + steps + "}\n";
}

// ------------------------------------------------------------------ the generator

// Src: u64 next(u64 bound) returning a value in [0, bound) (bound >= 1).
template <class Src>
u64 pick(Src& r, std::initializer_list<u64> values) {
  return values.begin()[r.next(values.size())];
}

// A neighbour of v (or, rarely, any node) in the network; v < n.
template <class Src>
u64 neighbour(Src& r, const Case& c, u64 v) {
  const std::size_t d = r.next(c.net.size());
  u64 stride = 1;
  for (std::size_t e = 0; e < d; ++e) stride *= c.net[e].size;
  const Fac& f = c.net[d];
  const u64 a = v / stride % f.size;
  u64 b = a;
  switch (f.kind) {
    case FK::K2: b = 1 - a; break;
    case FK::Ring: b = r.next(2) ? (a + 1) % f.size : (a + f.size - 1) % f.size; break;
    case FK::Path: b = a == 0 ? 1 : a + 1 == f.size ? a - 1 : (r.next(2) ? a + 1 : a - 1); break;
    case FK::Complete: b = (a + 1 + r.next(f.size - 1)) % f.size; break;
  }
  return v - a * stride + b * stride;
}

template <class Src>
Case generate(Src& r) {
  Case c;
  // Network: a hypercube Q20..Q31 (Q32 and beyond: refused), or a product whose size lands in
  // 2^20 .. 2^31, sometimes just above.
  // 2^20 .. 2^32 nodes; up to 2^22 the native verifier takes its dense path, whose arrays of
  // network size cost up to a second per case, so those sizes come one time in ten. Complete
  // factors stay small but one time in eight (the lower bounds walk their neighbours).
  const u64 goal = u64{1} << (r.next(10) == 0 ? 20 + r.next(3) : 24 + r.next(9));
  if (r.next(3) == 0) {
    for (u64 s = 1; s < goal; s *= 2) c.net.push_back({FK::K2, 2});
  } else {
    u128 size = 1;
    while (size < goal / 2 || c.net.empty()) {
      int k = static_cast<int>(r.next(4));
      const u64 hi = k == 3 ? (r.next(8) == 0 ? 4096 : 64) : u64{1} << 20;
      const u64 room = static_cast<u64>(std::min<u128>(hi, 2 * goal / size));  // >= 4
      if (room < 3) k = 0;
      const u64 s = k == 0 ? 2 : 3 + r.next(room - 2);
      c.net.push_back({static_cast<FK>(k), s});
      size *= s;
    }
  }
  const u128 n = nodes(c);
  const u64 nn = n > (u128{1} << 40) ? u64{1} << 40 : static_cast<u64>(n);
  c.model = static_cast<int>(r.next(4));
  c.kind = static_cast<int>(r.next(8));
  c.root = r.next(64) == 0 ? nn : r.next(nn);
  if (!combining(c.kind) && c.kind != Successive) {
    c.has_messages = r.next(4) != 0;
    if (c.has_messages)
      c.messages = pick(r, {1, 2, 3, 4, u64{1} << 20, (u64{1} << 20) + 1, 1 + r.next(u64{1} << 20)});
  } else if (r.next(16) == 0) {
    c.has_messages = true;  // an input error but for M = 1 on an accumulation
    c.messages = 1 + r.next(2);
  }
  if (r.next(3) == 0) {
    c.has_packet_items = true;
    c.packet_items = pick(r, {1, 2, 3, 0xffffffffu});
  }
  if (c.kind == Successive)
    for (u64 j = 0, p = 1 + r.next(3); j < p; ++j) c.sources.push_back(r.next(64) == 0 ? nn : r.next(nn));
  const u128 count = n > (u128{1} << 31) ? 0 : items(c, n);
  if (n > (u128{1} << 31) || count == 0 || count > 1000000000000000u) {
    if (r.next(2)) c.steps = {{}, {}};
    return c;
  }
  // Items the schedule names: low ones (where completion is decided), random, and the last.
  const u64 cnt = static_cast<u64>(count);
  auto item = [&]() -> u64 {
    switch (r.next(4)) {
      case 0: return r.next(std::min<u64>(cnt, 4));
      case 1: return cnt - 1;
      case 2: return r.next(cnt);
      default: return r.next(std::min<u64>(cnt, c.messages + 2));
    }
  };
  auto origin_of = [&](u64 i) { return static_cast<u64>(origin(c, n, i)); };
  const int shape = static_cast<int>(r.next(6));
  const u64 i = item(), from = r.next(8) ? origin_of(i) : r.next(nn);
  const u64 to = r.next(16) ? neighbour(r, c, from) : r.next(nn);
  switch (shape) {
    case 0: break;  // no steps
    case 1: c.steps = {{}}; break;
    case 2: c.steps = {{{from, to, {i}}}}; break;
    case 3: {  // a two-step relay
      const u64 next = neighbour(r, c, to);
      c.steps = {{{from, to, {i}}}, {{to, next, {i}}}};
      break;
    }
    case 4: {  // two sends of one node in one step, packets in either order (shout-whisper)
      const u64 i2 = r.next(3) ? (i + 1 < cnt ? i + 1 : i) : i;
      const u64 to2 = neighbour(r, c, from);
      std::vector<u64> a{i, i2}, b{i2, i};
      if (i == i2) a = b = {i};
      c.steps = {{{from, to, a}, {from, to2, r.next(2) ? b : a}}};
      break;
    }
    default: {  // a packet of two or three items, maybe repeated
      std::vector<u64> pk{i, r.next(2) ? i : item()};
      if (r.next(2)) pk.push_back(item());
      c.steps = {{{from, to, pk}}, {}};
      break;
    }
  }
  return c;
}

// ------------------------------------------------------------------ the check

// Loads the case as a file, runs the native verifier (auto path) and compares it with the
// reference. Returns "" when they agree, else a description of the difference.
inline std::string check(const Case& c) {
  const Outcome ref = reference(c);
  const std::string text = to_json(c);
  std::optional<schedcert::verifier::Verdict> got;
  std::string error;
  try {
    auto f = schedcert::schedules::io::parse_schedule_json(text, "huge");
    got = schedcert::verifier::verify_native(f.schedule);
  } catch (const schedcert::InputError& e) {
    error = e.what();
  }
  auto describe = [&] {
    std::string s = "case:\n" + text + "reference: ";
    if (ref.input_error) s += "input error naming '" + ref.quantity + "'";
    else if (ref.valid) s += "valid";
    else s += ref.rule + " at tx " + std::to_string(ref.tx) + ", item " + std::to_string(ref.item) +
              ", node " + std::to_string(ref.node);
    s += "\nproduct:   " + (got ? (got->valid ? std::string("valid") : got->violation->message)
                                : "input error: " + error);
    return s;
  };
  if (ref.input_error) {
    if (got || error.find(ref.quantity) == std::string::npos) return describe();
    return "";
  }
  if (!got || got->valid != ref.valid) return describe();
  if (ref.valid) return "";
  const auto& v = *got->violation;
  if (to_string(v.rule) != ref.rule || v.transmission != ref.tx || v.item != ref.item ||
      v.node != ref.node)
    return describe();
  return "";
}

}  // namespace huge
