// Time in seconds for a valid schedule: the alpha-beta model per link class (issue 28, item 4;
// docs/cost-model.md states the model, its assumptions and the defaults with their sources).
//
// Links. Every directed link u -> v has a latency alpha (s) and a capacity: its multiplicity m
// (DGX-1's double NVLinks) times the bandwidth of one link (bytes/s), so a double NVLink is one
// link of twice the bandwidth, as NCCL and TACCL treat it. The values come from, in this order:
// the edge's `latency` / `bandwidth` attributes in a graph file; --latency / --bandwidth; the
// default class of the factor: `nvlink` for the built-in dgx1, `network` (an InfiniBand link)
// for every other factor (Q/C/P/K, the other built-ins, graph-file edges without attributes).
// LinkTimes computes them per link on demand from the network's factors (nothing per link is
// stored, so Q20 costs nothing to set up).
//
// Bytes. The message size S is the size of the buffer the collective is named after, as
// nccl-tests counts it (docs/cost-model.md "Sizes"); one item is S divided by the items of that
// buffer (packet_bytes): a packet of k items of a non-combining problem is k items; a combining
// packet is one partial sum per slot (per chunk for allreduce, per target block for the
// accumulations), whatever the number of contributions summed in it.
//
// Time of a transfer of b bytes on link l: alpha_l + b / capacity_l. Two ways to compose them:
//   synchronised: steps are global rounds; a step lasts as long as its slowest link, whose
//     transfers in the step share it: max over links of alpha_l + (bytes on l in the step) /
//     capacity_l. T = sum over steps.
//   as soon as possible: transfers keep the schedule's order on every resource; one starts when
//     its sender holds every item of its packet, its link has injected what was queued before it
//     (a link is busy b / capacity per transfer; latency is pipelined), and, in the single-port
//     models, its ports are free (a port is busy for the whole transfer; half duplex and
//     shout-whisper have one port per node for both directions; a shout occupies the sender's
//     port once for all its receivers). T = the last arrival; never more than the synchronised T.
// predict_time throws InputError when a packet holds an item its sender does not hold: verify
// the schedule first (the CLI costs only schedules that verify_native accepts).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "schedules/schedule.hpp"

namespace schedcert::verifier {

enum class Timing { Synchronised, Asap };
std::string to_string(Timing t);  // "synchronised", "as-soon-as-possible"
Timing parse_timing(const std::string& s);  // also "sync", "asap"; InputError otherwise

struct LinkClass {
  std::string name;        // "nvlink", "network", "graph file", "--latency/--bandwidth"
  double latency = 0;      // seconds
  double bandwidth = 0;    // bytes per second of one link (multiplicity 1)
  std::string source;      // where the numbers come from
};
LinkClass nvlink_class();   // TACCL's profile of Azure NDv2 (DGX-1-like V100) NVLinks
LinkClass network_class();  // TACCL's profile of the same machine's InfiniBand links

struct LinkOverrides {  // --latency / --bandwidth: replace the default classes' values
  std::optional<double> latency, bandwidth;
};

class LinkTimes {
 public:
  LinkTimes(const schedules::Network& net, const LinkOverrides& o = {});
  // The directed link u -> v (adjacent) in dimension dim.
  double latency(schedules::Node u, schedules::Node v, int dim) const;
  double capacity(schedules::Node u, schedules::Node v, int dim) const;  // multiplicity x bandwidth
  double min_latency() const { return min_latency_; }
  double max_capacity() const { return max_capacity_; }
  // The classes in use, one line each: "nvlink: 0.3 us, 21.7 GB/s per link (source ...)".
  const std::vector<LinkClass>& classes() const { return classes_; }
  const schedules::Network& network() const { return net_; }

 private:
  struct Attr {
    double latency, bandwidth;
  };
  Attr attr(schedules::Node u, schedules::Node v, int dim) const;
  const schedules::Network& net_;
  std::vector<LinkClass> factor_class_;  // per dimension: the default class of the factor
  // Per graph dimension: (a * size + b) -> attributes from the file, for edges that have them.
  std::vector<std::unordered_map<std::uint64_t, Attr>> edge_attr_;
  std::vector<LinkClass> classes_;
  double min_latency_ = 0, max_capacity_ = 0;
};

// Items of the buffer the size S is counted on (docs/cost-model.md "Sizes"), and the bytes of
// one partial sum of a combining problem (0 for non-combining problems).
double item_bytes(const schedules::Problem& p, std::uint64_t n, double size);
double slot_bytes(const schedules::Problem& p, std::uint64_t n, double size);
double packet_bytes(const schedules::Problem& p, std::uint64_t n, double size,
                    std::span<const schedules::Item> packet);

struct TimePrediction {
  double seconds = 0;
  std::uint64_t steps = 0, transmissions = 0;
};

TimePrediction predict_time(const schedules::Schedule& s, const LinkTimes& links, Timing t,
                            double size);

}  // namespace schedcert::verifier
