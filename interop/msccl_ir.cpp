// MSCCL-IR parser: pugixml reads the XML; this file turns elements into MscclAlgo and checks each
// attribute where it is read, so that an error can name the element and the attribute.
#include "interop/msccl_ir.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <charconv>
#include <limits>

#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"

namespace schedcert::interop {

const char* to_string(MscclOp op) {
  switch (op) {
    case MscclOp::Send: return "s";
    case MscclOp::Recv: return "r";
    case MscclOp::RecvReduceCopy: return "rrc";
    case MscclOp::RecvCopySend: return "rcs";
    case MscclOp::RecvReduceCopySend: return "rrcs";
    case MscclOp::RecvReduceSend: return "rrs";
    case MscclOp::Reduce: return "re";
    case MscclOp::Copy: return "cpy";
    case MscclOp::Nop: return "nop";
  }
  return "?";
}

const char* to_string(MscclBuffer b) {
  return b == MscclBuffer::Input ? "i" : b == MscclBuffer::Output ? "o" : "s";
}

bool op_sends(MscclOp op) {
  return op == MscclOp::Send || op == MscclOp::RecvCopySend || op == MscclOp::RecvReduceCopySend ||
         op == MscclOp::RecvReduceSend;
}
bool op_receives(MscclOp op) {
  return op == MscclOp::Recv || op == MscclOp::RecvReduceCopy || op == MscclOp::RecvCopySend ||
         op == MscclOp::RecvReduceCopySend || op == MscclOp::RecvReduceSend;
}
bool op_reduces(MscclOp op) {
  return op == MscclOp::RecvReduceCopy || op == MscclOp::RecvReduceCopySend ||
         op == MscclOp::RecvReduceSend || op == MscclOp::Reduce;
}
bool op_writes_dst(MscclOp op) {
  return op == MscclOp::Recv || op == MscclOp::RecvReduceCopy || op == MscclOp::RecvCopySend ||
         op == MscclOp::RecvReduceCopySend || op == MscclOp::Reduce || op == MscclOp::Copy;
}

std::size_t MscclAlgo::num_thread_blocks() const {
  std::size_t n = 0;
  for (const auto& g : gpus) n += g.tbs.size();
  return n;
}
std::size_t MscclAlgo::num_steps() const {
  std::size_t n = 0;
  for (const auto& g : gpus)
    for (const auto& t : g.tbs) n += t.steps.size();
  return n;
}

std::string describe_step(const MscclAlgo& a, int gpu, int tb, int step) {
  const MscclStep& st = a.gpus[gpu].tbs[tb].steps[step];
  return "gpu " + std::to_string(gpu) + " tb " + std::to_string(tb) + " step " +
         std::to_string(step) + " (" + to_string(st.op) + ", line " + std::to_string(st.line) + ")";
}

namespace {

// Line numbers from pugixml's byte offsets.
class Lines {
 public:
  explicit Lines(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') starts_.push_back(i + 1);
  }
  int line(std::ptrdiff_t offset) const {
    if (offset < 0) return 0;
    return static_cast<int>(std::upper_bound(starts_.begin(), starts_.end(),
                                             static_cast<std::size_t>(offset)) - starts_.begin());
  }
  int column(std::ptrdiff_t offset) const {
    const int l = line(offset);
    return static_cast<int>(static_cast<std::size_t>(offset) - starts_[l - 1]) + 1;
  }

 private:
  std::vector<std::size_t> starts_{0};
};

struct Reader {
  const std::string& source;
  const Lines& lines;

  [[noreturn]] void fail(const pugi::xml_node& n, const std::string& where,
                         const std::string& what) const {
    throw InputError(source + ":" + std::to_string(lines.line(n.offset_debug())) + ": " + where +
                     ": " + what);
  }

  std::string text(const pugi::xml_node& n, const std::string& where, const char* attr) const {
    const pugi::xml_attribute a = n.attribute(attr);
    if (!a) fail(n, where, std::string("attribute '") + attr + "' is missing");
    return a.value();
  }

  std::int64_t integer(const pugi::xml_node& n, const std::string& where, const char* attr,
                       std::int64_t lo, std::int64_t hi) const {
    const std::string v = text(n, where, attr);
    std::int64_t x = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), x);
    if (v.empty() || ec != std::errc() || p != v.data() + v.size())
      fail(n, where, std::string("attribute '") + attr + "' = \"" + v + "\" is not an integer");
    if (x < lo || x > hi)
      fail(n, where, std::string("attribute '") + attr + "' = " + v + " is out of range [" +
                         std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return x;
  }

  MscclBuffer buffer(const pugi::xml_node& n, const std::string& where, const char* attr) const {
    const std::string v = text(n, where, attr);
    if (v == "i") return MscclBuffer::Input;
    if (v == "o") return MscclBuffer::Output;
    if (v == "s") return MscclBuffer::Scratch;
    fail(n, where, std::string("attribute '") + attr + "' = \"" + v +
                       "\" is not a buffer (i input, o output, s scratch)");
  }
};

MscclOp parse_op(const Reader& r, const pugi::xml_node& n, const std::string& where) {
  const std::string v = r.text(n, where, "type");
  static const std::pair<const char*, MscclOp> ops[] = {
      {"s", MscclOp::Send}, {"r", MscclOp::Recv}, {"rrc", MscclOp::RecvReduceCopy},
      {"rcs", MscclOp::RecvCopySend}, {"rrcs", MscclOp::RecvReduceCopySend},
      {"rrs", MscclOp::RecvReduceSend}, {"re", MscclOp::Reduce}, {"cpy", MscclOp::Copy},
      {"nop", MscclOp::Nop}};
  for (const auto& [name, op] : ops)
    if (v == name) return op;
  r.fail(n, where, "attribute 'type' = \"" + v +
                       "\" is not a step type (s, r, rrc, rcs, rrcs, rrs, re, cpy, nop)");
}

constexpr std::int64_t kMaxChunks = std::int64_t{1} << 31;
constexpr std::int64_t kMaxGpus = 1 << 16;

void check_range(const Reader& r, const pugi::xml_node& n, const std::string& where,
                 const MscclGpu& g, MscclBuffer b, const char* bufattr, const char* offattr,
                 std::int64_t off, std::int64_t cnt) {
  const std::int64_t size = g.chunks(b);
  if (off < 0 || off + cnt > size)
    r.fail(n, where, std::string("attribute '") + offattr + "' = " + std::to_string(off) +
                         " with cnt " + std::to_string(cnt) + ": chunks [" + std::to_string(off) +
                         ", " + std::to_string(off + cnt) + ") are out of range: " + bufattr +
                         " = \"" + to_string(b) + "\" has " + std::to_string(size) +
                         " chunks on gpu " + std::to_string(g.id));
}

}  // namespace

MscclAlgo parse_msccl_ir(std::string_view text, const std::string& source_name) {
  pugi::xml_document doc;
  const pugi::xml_parse_result res =
      doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
  const Lines lines(text);
  if (!res) {
    // A JSON file (a schedcert schedule, say) is not XML at all: say that rather than where the
    // XML parser gave up (issue 29: "not well-formed XML (truncated?)").
    const std::size_t first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (text[first] == '{' || text[first] == '['))
      throw InputError(
          source_name +
          ": this is JSON, not MSCCL-IR XML (an <algo> document of "
          "msccl-tools); a schedcert schedule file is checked with `schedcert verify " +
          source_name + "`");
    const std::ptrdiff_t off = std::min<std::ptrdiff_t>(res.offset, static_cast<std::ptrdiff_t>(text.size()));
    throw InputError(source_name + ":" + std::to_string(lines.line(off)) + ":" +
                     std::to_string(lines.column(off)) + ": not well-formed XML: " +
                     res.description() +
                     (off >= static_cast<std::ptrdiff_t>(text.size()) ? " (the file ends early: truncated?)" : ""));
  }
  const Reader r{source_name, lines};
  const pugi::xml_node algo = doc.child("algo");
  if (!algo) {
    const pugi::xml_node first = doc.first_child();
    throw InputError(source_name + ": no <algo> element at the top" +
                     (first ? std::string(" (found <") + first.name() + ">)" : std::string(" (empty document)")));
  }
  MscclAlgo a;
  a.source = source_name;
  a.name = algo.attribute("name").value();
  a.proto = algo.attribute("proto").value();
  a.coll = r.text(algo, "<algo>", "coll");
  a.ngpus = static_cast<int>(r.integer(algo, "<algo>", "ngpus", 1, kMaxGpus));
  a.nchunksperloop = r.integer(algo, "<algo>", "nchunksperloop", 1, kMaxChunks);
  a.nchannels = algo.attribute("nchannels")
                    ? static_cast<int>(r.integer(algo, "<algo>", "nchannels", 1, 1 << 16))
                    : 1;
  a.inplace = algo.attribute("inplace") ? r.integer(algo, "<algo>", "inplace", 0, 1) == 1 : false;

  std::vector<bool> seen(a.ngpus, false);
  a.gpus.resize(a.ngpus);
  for (pugi::xml_node gn : algo.children()) {
    if (gn.type() != pugi::node_element) continue;
    if (std::string(gn.name()) != "gpu")
      r.fail(gn, "<algo>", std::string("unexpected element <") + gn.name() + "> (only <gpu>)");
    const int id = static_cast<int>(r.integer(gn, "<gpu>", "id", 0, a.ngpus - 1));
    const std::string gw = "<gpu id=\"" + std::to_string(id) + "\">";
    if (seen[id]) r.fail(gn, gw, "attribute 'id' = " + std::to_string(id) + " appears twice");
    seen[id] = true;
    MscclGpu& g = a.gpus[id];
    g.id = id;
    g.line = lines.line(gn.offset_debug());
    g.i_chunks = r.integer(gn, gw, "i_chunks", 0, kMaxChunks);
    g.o_chunks = r.integer(gn, gw, "o_chunks", 0, kMaxChunks);
    g.s_chunks = r.integer(gn, gw, "s_chunks", 0, kMaxChunks);
    for (pugi::xml_node tn : gn.children()) {
      if (tn.type() != pugi::node_element) continue;
      if (std::string(tn.name()) != "tb")
        r.fail(tn, gw, std::string("unexpected element <") + tn.name() + "> (only <tb>)");
      const std::string tw0 = "gpu " + std::to_string(id) + " <tb>";
      MscclThreadBlock t;
      t.id = static_cast<int>(r.integer(tn, tw0, "id", 0, 1 << 20));
      const std::string tw = "gpu " + std::to_string(id) + " <tb id=\"" + std::to_string(t.id) + "\">";
      if (t.id != static_cast<int>(g.tbs.size()))
        r.fail(tn, tw, "attribute 'id' = " + std::to_string(t.id) + ": expected " +
                           std::to_string(g.tbs.size()) + " (tb ids count 0, 1, ... in order)");
      t.line = lines.line(tn.offset_debug());
      t.send = static_cast<int>(r.integer(tn, tw, "send", -1, a.ngpus - 1));
      t.recv = static_cast<int>(r.integer(tn, tw, "recv", -1, a.ngpus - 1));
      t.chan = static_cast<int>(r.integer(tn, tw, "chan", 0, a.nchannels - 1));
      if (t.send == id) r.fail(tn, tw, "attribute 'send' = " + std::to_string(id) + " is the gpu itself");
      if (t.recv == id) r.fail(tn, tw, "attribute 'recv' = " + std::to_string(id) + " is the gpu itself");
      for (pugi::xml_node sn : tn.children()) {
        if (sn.type() != pugi::node_element) continue;
        if (std::string(sn.name()) != "step")
          r.fail(sn, tw, std::string("unexpected element <") + sn.name() + "> (only <step>)");
        MscclStep st;
        const std::string sw0 = tw + " <step>";
        st.s = static_cast<int>(r.integer(sn, sw0, "s", 0, 1 << 24));
        const std::string sw = "gpu " + std::to_string(id) + " tb " + std::to_string(t.id) +
                               " <step s=\"" + std::to_string(st.s) + "\">";
        if (st.s != static_cast<int>(t.steps.size()))
          r.fail(sn, sw, "attribute 's' = " + std::to_string(st.s) + ": expected " +
                             std::to_string(t.steps.size()) + " (steps count 0, 1, ... in order)");
        st.line = lines.line(sn.offset_debug());
        st.op = parse_op(r, sn, sw);
        st.srcbuf = r.buffer(sn, sw, "srcbuf");
        st.dstbuf = r.buffer(sn, sw, "dstbuf");
        st.cnt = r.integer(sn, sw, "cnt", 0, kMaxChunks);
        st.srcoff = r.integer(sn, sw, "srcoff", -1, kMaxChunks);
        st.dstoff = r.integer(sn, sw, "dstoff", -1, kMaxChunks);
        st.depid = static_cast<int>(r.integer(sn, sw, "depid", -1, 1 << 20));
        st.deps = static_cast<int>(r.integer(sn, sw, "deps", -1, 1 << 24));
        st.hasdep = sn.attribute("hasdep") ? r.integer(sn, sw, "hasdep", 0, 1) == 1 : false;
        if ((st.depid < 0) != (st.deps < 0))
          r.fail(sn, sw, "attributes 'depid' = " + std::to_string(st.depid) + " and 'deps' = " +
                             std::to_string(st.deps) + ": give both or neither (-1)");
        if (st.op != MscclOp::Nop && st.cnt == 0)
          r.fail(sn, sw, "attribute 'cnt' = 0: a " + std::string(to_string(st.op)) + " step moves at least one chunk");
        if (op_sends(st.op) && t.send < 0)
          r.fail(sn, sw, "attribute 'type' = \"" + std::string(to_string(st.op)) +
                             "\" sends, but its tb has send = -1 (no peer to send to)");
        if (op_receives(st.op) && t.recv < 0)
          r.fail(sn, sw, "attribute 'type' = \"" + std::string(to_string(st.op)) +
                             "\" receives, but its tb has recv = -1 (no peer to receive from)");
        // Local reads and writes: the source of s, cpy, re and of the reducing receives; the
        // destination of everything that writes. A receive's src fields describe the sender's
        // buffer and a send's dst fields the receiver's: they are checked against the peer.
        const bool reads_src = st.op == MscclOp::Send || st.op == MscclOp::Copy ||
                               st.op == MscclOp::Reduce || op_reduces(st.op);
        if (st.cnt > 0 && reads_src) check_range(r, sn, sw, g, st.srcbuf, "srcbuf", "srcoff", st.srcoff, st.cnt);
        if (st.cnt > 0 && (op_writes_dst(st.op) || st.op == MscclOp::Reduce))
          check_range(r, sn, sw, g, st.dstbuf, "dstbuf", "dstoff", st.dstoff, st.cnt);
        t.steps.push_back(st);
      }
      g.tbs.push_back(std::move(t));
    }
  }
  for (int id = 0; id < a.ngpus; ++id)
    if (!seen[id])
      r.fail(algo, "<algo>", "attribute 'ngpus' = " + std::to_string(a.ngpus) + ", but there is no <gpu id=\"" +
                                 std::to_string(id) + "\">");
  // Dependencies point at an existing step of the same gpu (checked once every tb is read).
  for (const MscclGpu& g : a.gpus)
    for (const MscclThreadBlock& t : g.tbs)
      for (const MscclStep& st : t.steps) {
        if (st.depid < 0) continue;
        const std::string where = source_name + ":" + std::to_string(st.line) + ": gpu " +
                                  std::to_string(g.id) + " tb " + std::to_string(t.id) +
                                  " <step s=\"" + std::to_string(st.s) + "\">: ";
        if (st.depid >= static_cast<int>(g.tbs.size()))
          throw InputError(where + "attribute 'depid' = " + std::to_string(st.depid) +
                           " names no thread block (gpu " + std::to_string(g.id) + " has " +
                           std::to_string(g.tbs.size()) + ")");
        if (st.deps >= static_cast<int>(g.tbs[st.depid].steps.size()))
          throw InputError(where + "attribute 'deps' = " + std::to_string(st.deps) +
                           " names no step of tb " + std::to_string(st.depid) + " (it has " +
                           std::to_string(g.tbs[st.depid].steps.size()) + " steps)");
      }
  return a;
}

MscclAlgo read_msccl_file(const std::string& path) {
  return parse_msccl_ir(schedules::io::read_file_text(path), path);
}

}  // namespace schedcert::interop
