// Schedule file loader, header part: "problem", "provenance" and "expect", and the semantic
// checks that need the network (root and sources in range, Problem::validate with the position
// of the offending field). See schedule_json.cpp for the design note.
#include <limits>

#include "schedules/error.hpp"
#include "schedules/io/json_reader.hpp"

namespace schedcert::schedules::io::json {

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
      // Above 32 bits the value cannot reach Problem::validate; same wording as its messages.
      if (key != "root" && f.value > std::numeric_limits<std::uint32_t>::max())
        c_.fail(at, path, key == "messages" ? "at most 2^20" : "at most 2^32 - 1");
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
        e.rule = parse_rule(r);
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
    if (expect_step_.present)
      c_.fail(expect_step_.at, "expect.step", "a valid verdict has no step");
    if (expect_tx_.present)
      c_.fail(expect_tx_.at, "expect.transmission", "a valid verdict has no transmission");
  } else {
    if (!rule.present)
      c_.fail(obj_at, "expect.rule", "required key is missing (an invalid verdict names its rule)");
    if (*e.rule == Rule::Completion && (expect_step_.present || expect_tx_.present)) {
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
  if (successive && messages_.present)  // even "messages": 1 (issue 13: it was ignored)
    c_.fail(messages_.at, "problem.messages", kNoMessagesInSuccessive);
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
    const std::string rest =
        path == "problem" && msg.rfind("problem:", 0) != 0 ? msg : msg.substr(colon + 2);
    std::size_t at = problem_at_;
    if (path == "problem.messages" && messages_.present) at = messages_.at;
    if (path == "problem.packet_items" && packet_items_.present) at = packet_items_.at;
    if (path == "problem.root" && root_.present) at = root_.at;
    if (path.rfind("problem.sources", 0) == 0 && sources_.present) at = sources_.at;
    c_.fail(at, path, rest);
  }
  schedule_.emplace(net, *model_, std::move(p));
}

}  // namespace schedcert::schedules::io::json
