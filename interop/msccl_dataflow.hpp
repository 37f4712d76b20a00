// Data flow of an MSCCL-IR program, chunk by chunk, symbolically.
//
// Every buffer slot of every gpu holds a set of contributions (origin rank, input chunk): the
// input chunk k of rank r starts as {(r, k)}; a receive or copy overwrites its destination with
// the source's set; a reduction (rrc, rrcs, rrs, re) takes the union and refuses two sets that
// share a contribution (it would be counted twice). Steps run in an order that respects the
// dependency graph (msccl_schedule), so the result is the program's answer on any interleaving
// provided no two accesses to one slot race: a slot that is written by one step and read or
// written by another with no path of tb order, dependencies or send -> receive between them is
// reported as a race. Reading a slot nothing was written to is "a read before arrival".
//
// The collective (`coll`) fixes where contributions start and where they must end (cf chunks
// per rank, cf = nchunksperloop / ngpus where the collective splits by rank):
//   allgather       rank r input k = (r, k), k < cf;         every rank: o[r*cf + k] = {(r, k)}
//   alltoall        rank r input k = (r, k), k < N*cf;       rank q: o[r*cf + m] = {(r, q*cf + m)}
//   allreduce       rank r input k = (r, k), k < C;          every rank: o[k] = {(r, k) : all r}
//   reduce_scatter  rank r input k = (r, k), k < N*cf;       rank q: o[m] = {(r, q*cf + m) : all r}
//   broadcast       root input k = (root, k), k < C;          every rank: o[k] = {(root, k)}
//   reduce          rank r input k = (r, k), k < C;           root: o[k] = {(r, k) : all r}
// (broadcast and reduce have no root in the XML: MscclAlgo::root, set by msccl_collective.)
// In place (inplace="1"): allgather's input is o[r*cf ..]; the others' output is their input
// (reduce_scatter: i[q*cf ..]).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "interop/msccl_ir.hpp"
#include "interop/msccl_schedule.hpp"

namespace schedcert::interop {

using Contributions = std::vector<std::uint64_t>;  // sorted; rank * in_chunks + chunk

struct CollectiveShape {
  std::string coll;
  std::int64_t cf = 1;         // chunks per rank
  std::int64_t in_chunks = 0;  // input chunks per rank
  bool reduction = false;
  int root = -1;  // broadcast, reduce
};

// InputError for an unsupported `coll` or sizes that do not fit it.
CollectiveShape collective_shape(const MscclAlgo& a);

struct DataflowReport {
  CollectiveShape shape;
  bool valid = false;
  std::size_t num_violations = 0;
  std::vector<std::string> violations;  // the first few, in step order
  std::vector<std::string> notes;       // redundant transfers and copies
  std::vector<std::vector<Contributions>> payload;  // per transfer, per chunk it carries
  std::size_t redundant_transfers = 0;  // delivered nothing the destination slot lacked
  bool race_check_done = false;
};

DataflowReport check_dataflow(const MscclAlgo& a, const MscclRounds& r);

// "(rank 3, chunk 0)".
std::string describe_contribution(const CollectiveShape& s, std::uint64_t c);

}  // namespace schedcert::interop
