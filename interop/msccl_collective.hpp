// Which collective an MSCCL-IR program implements, when its `coll` attribute does not say.
//
// The runtime reads `coll` only to pick the NCCL call the algorithm serves; "custom" is legal
// and is what msccl-tools writes for every collective without a runtime name (SCCL's Broadcast,
// Scatter, Gather, Reduce, the alltoall distributors that chunk a collective up, and older
// versions for chunked allgathers: name="Allgather(n=8),chunks=6-DGX1-steps=3,rounds=7"). The
// data-flow check needs the postcondition, so:
//   * --collective NAME (import msccl) states it; it must agree with a `coll` other than custom;
//   * otherwise, for coll="custom", it is read from SCCL's name pattern "<Collective>(n=<N>[,
//     root=<R>])..." when the collective is one with a data-flow rule and N = ngpus, and the
//     command says so; with no such name the import stops (exit 2) and asks for --collective.
// broadcast and reduce need a root: --root, else root=R in the name, else (broadcast) the only
// gpu that declares input chunks.
#pragma once
#include <string>

#include "interop/msccl_ir.hpp"

namespace schedcert::interop {

// The collectives with a data-flow rule (msccl_dataflow.hpp), as `coll` spells them.
const char* known_collectives();  // "allgather, alltoall, allreduce, reduce_scatter, broadcast, reduce"

// Sets a.coll and a.root. `given` = --collective ("" = none), `root` = --root (-1 = none).
// Returns the line the command prints about it ("" when the file's coll is used unchanged).
// InputError (exit 2) for an unknown name, a conflict with the file, or no way to tell.
std::string resolve_collective(MscclAlgo& a, const std::string& given, int root);

}  // namespace schedcert::interop
