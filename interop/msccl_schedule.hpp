// The synchronous schedule that an MSCCL-IR program's dependencies allow.
//
// MSCCL runs asynchronously: each thread block runs its steps in order, `depid`/`deps` add edges
// between thread blocks of one gpu, and the k-th send of gpu a to gpu b on channel c is received
// by the k-th receive of gpu b from gpu a on channel c (a tb with send=b / recv=a on that channel;
// msccl-tools gives each (peer, channel, direction) one tb, and two are refused here because
// their order would be undefined). Sends are buffered: a send does not wait for its receive.
//
// Layering checked (DESIGN-HINTS "MSCCL-IR semantics"): as soon as possible, one round per
// transfer. A step's `ready` time is the latest finish of the step before it in its tb and of its
// dependency. A send-type step (s, rcs, rrcs, rrs) transmits in round ready + 1 (after its own
// receive part, for the forwarding kinds) and finishes then; a receive finishes at
// max(ready, round of its transfer); local steps (cpy, re, nop) take no round. This is a longest
// path over a graph whose edges are the tb order, the dependencies and send -> matching receive;
// a cycle in it means no schedule exists, and the cycle is reported step by step. Data-flow
// validity does not depend on the layering; link and port limits do.
#pragma once
#include <string>
#include <vector>

#include "interop/msccl_ir.hpp"

namespace schedcert::interop {

struct StepRef {
  int gpu = 0, tb = 0, step = 0;
};

struct MscclTransfer {
  StepRef send, recv;
  int from = 0, to = 0, chan = 0;
  std::int64_t cnt = 0;
  int round = 0;  // from 1
};

struct MscclRounds {
  int rounds = 0;
  std::vector<MscclTransfer> transfers;  // by round, then from, to, send step
  // Every step in an order that respects the graph (for the data-flow simulation).
  std::vector<StepRef> order;
  // Per flat step index (StepIndex): finish time, and the transfer it receives / sends in (-1).
  std::vector<int> finish, recv_transfer, send_transfer;
  // Odd but harmless things: hasdep flags that no step needs, receive fields that disagree
  // with their send's, dependencies released late, ... (one line each, counted).
  std::vector<std::string> notes;
  // Progress violations (the program hangs on the msccl runtime; exit 1): a dependency that no
  // step with hasdep="1" releases, or a cycle that the runtime's late release closes. The rounds,
  // order and data flow are then those of the program read with every dependency released at
  // once (as if its hasdep were set), so that the other checks still say something.
  std::vector<std::string> hangs;
  std::size_t num_hangs = 0;
};

// Flat numbering of steps: gpu by gpu, tb by tb.
class StepIndex {
 public:
  explicit StepIndex(const MscclAlgo& a);
  int operator()(const StepRef& r) const { return base_[r.gpu][r.tb] + r.step; }
  int size() const { return size_; }

 private:
  std::vector<std::vector<int>> base_;
  int size_ = 0;
};

// The msccl runtime's release rule (docs/msccl.md "Progress"): a thread block publishes its
// progress only after a step with hasdep="1" (its flag becomes that step's index, counted as
// the runtime counts: nops fold into the next step, fused `re` chains count each step); a wait
// for step k of tb t (depid/deps) ends when t's flag reaches k. release_step(a, gpu, tb, k) is
// the step after which that happens, or -1 when no later step of t has hasdep="1" (a hang).
int release_step(const MscclAlgo& a, int gpu, int tb, int step);

// InputError (exit 2) when no schedule exists: a send or receive without a partner, a count
// mismatch, two tbs for one (peer, channel, direction), or a dependency cycle that exists even
// with every dependency released at once. Hangs due to hasdep go to MscclRounds::hangs.
MscclRounds derive_rounds(const MscclAlgo& a);

}  // namespace schedcert::interop
