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
  // Odd but harmless things: hasdep flags that disagree with the deps, receive fields that
  // disagree with their send's, ... (one line each, counted).
  std::vector<std::string> notes;
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

// InputError (exit 2) when no schedule exists: a send or receive without a partner, a count
// mismatch, two tbs for one (peer, channel, direction), or a dependency cycle.
MscclRounds derive_rounds(const MscclAlgo& a);

}  // namespace schedcert::interop
