// A schedcert schedule as MSCCL-IR, so that a certified schedule can run on GPUs.
//
// Supported problems: allreduce (allreduce_to_msccl below) and multinode-broadcast (an in-place allgather: item src*M + m lives in
// o[src*M + m] on every gpu) and total-exchange (an alltoall: item (src*N + dst)*M + m starts in
// src's i[dst*M + m] and ends in dst's o[src*M + m]; a node that forwards it keeps it in a scratch
// slot of its own, one per item it relays). Each gpu gets one thread block per (peer, direction),
// channel 0, with its steps in round order; a transmission becomes one step per run of items
// that is contiguous at both ends (one step when packets hold one item or a contiguous range).
// A send depends on the receives that brought its items (depid/deps; extra dependencies go on
// nop steps before it, as msccl-tools does) and, when none of those is in the round just before,
// on a step of its gpu in that round, so that the importer's as-soon-as-possible layering gives
// back the schedule's rounds. Total exchange adds, per gpu, a tb (send = recv = -1) that copies
// the gpu's own items from i to o.
//
// Limits: a schedule step that puts two runs on one link becomes two MSCCL steps on one tb, which
// the importer places in consecutive rounds (valid data flow, different rounds).
#pragma once
#include <ostream>

#include "interop/msccl_ir.hpp"
#include "schedules/schedule.hpp"

namespace schedcert::interop {

// InputError for problems other than multinode-broadcast, total-exchange and allreduce, a
// schedule that sends an item its sender does not hold (export it only after it verified), or an
// allreduce partial sum that no slot of its sender holds (below).
MscclAlgo to_msccl(const schedules::Schedule& s, const std::string& name);

// Allreduce (msccl_export_allreduce.cpp), allreduce(M) -> coll="allreduce", nchunksperloop = M,
// not in place: gpu g's input chunk m is i[m] (never written: g's own contribution), a local tb
// copies i -> o first and o[m] is g's current value of chunk m. Per chunk a packet lists a set S
// of contributions, sent from the one slot that holds exactly S: o[m] (S is the sender's current
// value, or complete), i[m] (S = the sender's own contribution), or a scratch slot keeping a
// partial sum the sender received earlier and forwards unchanged (that receipt is `r` into
// scratch, then `re` into o[m]). The receiver overwrites o[m] with a complete value (`r`) and
// combines a partial sum (`rrc`, o[m] := o[m] + received). Every slot access depends on the
// slot's last write, a write on every read since; the j-th run of contiguous chunks of one
// (sender, receiver) in one step goes on channel j, so the importer's ASAP layering gives back
// the steps. InputError, naming the transmission, for a partial sum no slot holds.
MscclAlgo allreduce_to_msccl(const schedules::Schedule& s, const std::string& name);

// An exported schedule read back (import, then to_schedcert) against the original: every
// transmission (from, to, packet) matched with one of the read-back schedule's. `earlier` counts
// those the read-back runs in an earlier step (the importer's layering is as soon as possible: a
// send whose gpu has nothing in the step before it goes earlier), `differ` those with no match or
// a later step. Same steps and transmissions: earlier == differ == 0.
struct RoundTrip {
  std::size_t matched = 0, earlier = 0, differ = 0;
  bool same() const { return earlier == 0 && differ == 0; }
};
RoundTrip compare_round_trip(const schedules::Schedule& original, const schedules::Schedule& back);

// The XML text, in msccl-tools' layout (one element per line, attributes in its order).
void write_msccl_xml(const MscclAlgo& a, std::ostream& out);

}  // namespace schedcert::interop
