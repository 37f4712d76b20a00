// Total-exchange patterns: the building block that Algorithms A1 and A2 compose.
//
// Dimakopoulos & Dimopoulos 1998 write every algorithm in terms of "perform a total exchange in
// this copy of a dimension with these messages" (§4, Fig. 3; §5, Fig. 5). A pattern is exactly
// that: a total exchange (M = 1) on a graph with local node ids 0..nodes-1, in which every
// transmission says which message (src -> dst) of the exchange it carries. A1 and A2 replay a
// dimension's pattern in every copy of the dimension and substitute for (src, dst) whichever
// real message the paper assigns to that slot.
//
// Patterns are produced as a stream of events (TeSink: "new step", "transmission"), so the
// largest product schedules are written straight into a Schedule without intermediate copies;
// PatternCollector materialises a (small) pattern when an algorithm has to replay it.
#pragma once
#include <cstdint>
#include <vector>

#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

// One transmission of a pattern: from -> to carries the exchange's message src -> dst.
struct PatternTx {
  Node from, to, src, dst;
};

struct TePattern {
  std::uint32_t nodes = 0;
  std::vector<std::vector<PatternTx>> steps;
  std::uint64_t num_steps() const { return steps.size(); }
  std::uint64_t num_transmissions() const;
};

// Receiver of a pattern stream. step() opens a new step; tx() adds to the open step.
class TeSink {
 public:
  virtual ~TeSink() = default;
  virtual void step() = 0;
  virtual void tx(Node from, Node to, Node src, Node dst) = 0;
};

class PatternCollector : public TeSink {
 public:
  explicit PatternCollector(std::uint32_t nodes) { pattern_.nodes = nodes; }
  void step() override { pattern_.steps.emplace_back(); }
  void tx(Node from, Node to, Node src, Node dst) override {
    pattern_.steps.back().push_back({from, to, src, dst});
  }
  TePattern take() { return std::move(pattern_); }

 private:
  TePattern pattern_;
};

// Writes the stream into a schedule as total-exchange items (src*N + dst)*M + m for one m.
class ScheduleWriter : public TeSink {
 public:
  ScheduleWriter(Schedule& s, std::uint32_t message) : s_(s), message_(message) {}
  void step() override { s_.begin_step(); }
  void tx(Node from, Node to, Node src, Node dst) override;

 private:
  Schedule& s_;
  std::uint32_t message_;
};

void replay(const TePattern& p, TeSink& sink);

// A total-exchange schedule of net (M messages per pair) from a pattern on all of net's nodes:
// the pattern is run M times, the m-th run carrying message m of every pair.
Schedule pattern_schedule(const TePattern& p, const Network& net, Model model,
                          std::uint32_t messages);

// Checks the parameters the constructions of this folder share: M >= 1, B = 1, and at most
// max_transmissions transmissions (M x the sum of all distances). Throws InputError.
void check_size(const Network& net, std::uint32_t messages, std::uint32_t packet_items,
                std::uint64_t max_transmissions);

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
