// MSCCL-IR: the XML that the MSCCL runtime executes (written by msccl-tools' MSCCLang), as data.
//
// <algo name proto nchannels nchunksperloop ngpus coll inplace> holds one <gpu id i_chunks o_chunks
// s_chunks> per rank; a gpu holds <tb id send recv chan> thread blocks (send/recv: a peer rank or
// -1); a tb is a sequence of <step s type srcbuf srcoff dstbuf dstoff cnt depid deps hasdep>.
// Offsets and counts are in chunks; buffers are i (input), o (output), s (scratch). depid/deps
// name a tb of the same gpu and a step in it that must finish first.
//
// The parser (pugixml) checks everything that can be checked on one element: required
// attributes, integers, ranges (peers, buffers, chunk indices, dependency targets), and that a
// step's type fits its tb (a send needs send != -1). Every error is an InputError that names the
// file, the line, the element (gpu/tb/step ids) and the attribute. Whether sends and receives
// pair up, and whether the dependencies allow any schedule, is msccl_schedule's job.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace schedcert::interop {

enum class MscclBuffer { Input, Output, Scratch };

// s, r, rrc, rcs, rrcs, rrs, re, cpy, nop.
enum class MscclOp { Send, Recv, RecvReduceCopy, RecvCopySend, RecvReduceCopySend, RecvReduceSend,
                     Reduce, Copy, Nop };

const char* to_string(MscclOp op);   // the XML spelling ("rcs")
const char* to_string(MscclBuffer b);  // "i", "o", "s"
bool op_sends(MscclOp op);     // s, rcs, rrcs, rrs
bool op_receives(MscclOp op);  // r, rrc, rcs, rrcs, rrs
bool op_reduces(MscclOp op);   // rrc, rrcs, rrs, re
bool op_writes_dst(MscclOp op);  // r, rrc, rcs, rrcs, re, cpy

struct MscclStep {
  int s = 0;
  MscclOp op = MscclOp::Nop;
  MscclBuffer srcbuf = MscclBuffer::Input, dstbuf = MscclBuffer::Output;
  std::int64_t srcoff = -1, dstoff = -1, cnt = 0;
  int depid = -1, deps = -1;
  bool hasdep = false;
  int line = 0;
};

// A nop that waits for step `step` of thread block `tb`: an MSCCL-IR step names one dependency,
// so a writer gives a step with several the extra ones as nops before it.
inline MscclStep wait_for(int tb, int step) {
  MscclStep nop;
  nop.depid = tb;
  nop.deps = step;
  return nop;
}

struct MscclThreadBlock {
  int id = 0;
  int send = -1, recv = -1, chan = 0;
  std::vector<MscclStep> steps;
  int line = 0;
};

struct MscclGpu {
  int id = 0;
  std::int64_t i_chunks = 0, o_chunks = 0, s_chunks = 0;
  std::vector<MscclThreadBlock> tbs;  // in file order; tbs[k].id == k (checked)
  int line = 0;
  std::int64_t chunks(MscclBuffer b) const {
    return b == MscclBuffer::Input ? i_chunks : b == MscclBuffer::Output ? o_chunks : s_chunks;
  }
};

struct MscclAlgo {
  std::string source;  // file name, for messages
  std::string name, proto, coll;
  int nchannels = 1, ngpus = 0;
  std::int64_t nchunksperloop = 0;
  bool inplace = false;
  int root = -1;  // broadcast and reduce: the root rank (msccl_collective.hpp; not in the XML)
  std::vector<MscclGpu> gpus;  // gpus[r].id == r (checked)

  std::size_t num_thread_blocks() const;
  std::size_t num_steps() const;
};

// "gpu 0 tb 2 step 1 (s, line 14)": how every message names a step.
std::string describe_step(const MscclAlgo& a, int gpu, int tb, int step);

MscclAlgo parse_msccl_ir(std::string_view text, const std::string& source_name);
MscclAlgo read_msccl_file(const std::string& path);

}  // namespace schedcert::interop
