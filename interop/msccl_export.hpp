// A schedcert schedule as MSCCL-IR, so that a certified schedule can run on GPUs.
//
// Supported problems: multinode-broadcast (an in-place allgather: item src*M + m lives in
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

// InputError for problems other than multinode-broadcast and total-exchange, or a schedule that
// sends an item its sender does not hold (export it only after it verified).
MscclAlgo to_msccl(const schedules::Schedule& s, const std::string& name);

// The XML text, in msccl-tools' layout (one element per line, attributes in its order).
void write_msccl_xml(const MscclAlgo& a, std::ostream& out);

}  // namespace schedcert::interop
