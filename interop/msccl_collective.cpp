// --collective / --root, and the inference from SCCL's algo names (see msccl_collective.hpp).
#include "interop/msccl_collective.hpp"

#include <regex>

#include "schedules/error.hpp"

namespace schedcert::interop {

const char* known_collectives() {
  return "allgather, alltoall, allreduce, reduce_scatter, broadcast, reduce";
}

namespace {

bool known(const std::string& c) {
  return c == "allgather" || c == "alltoall" || c == "allreduce" || c == "reduce_scatter" ||
         c == "broadcast" || c == "reduce";
}

// SCCL's collective names (msccl-tools msccl/collectives.py) -> the runtime's.
std::string runtime_name(const std::string& sccl) {
  if (sccl == "Allgather") return "allgather";
  if (sccl == "Alltoall") return "alltoall";
  if (sccl == "Allreduce") return "allreduce";
  if (sccl == "ReduceScatter") return "reduce_scatter";
  if (sccl == "Broadcast") return "broadcast";
  if (sccl == "Reduce") return "reduce";
  return "";
}

}  // namespace

std::string resolve_collective(MscclAlgo& a, const std::string& given, int root) {
  std::string line;
  int name_root = -1;
  static const std::regex pattern(R"(^([A-Za-z]+)\(n=([0-9]+)(?:,root=([0-9]+))?\))");
  std::smatch m;
  const bool named = std::regex_search(a.name, m, pattern);
  if (named && m[3].matched) name_root = std::stoi(m[3].str());
  if (!given.empty()) {
    if (!known(given))
      throw InputError("--collective: \"" + given + "\" has no data-flow rule (" + known_collectives() + ")");
    if (a.coll != "custom" && a.coll != given)
      throw InputError(a.source + ": <algo>: attribute 'coll' = \"" + a.coll + "\", but --collective says " +
                       given + " (--collective states the collective of a coll=\"custom\" file)");
    if (a.coll == "custom") line = "collective: " + given + " (--collective; the file says coll=\"custom\")";
    a.coll = given;
  } else if (a.coll == "custom") {
    const std::string inferred = named ? runtime_name(m[1].str()) : std::string();
    if (inferred.empty() || std::stoll(m[2].str()) != a.ngpus)
      throw InputError(a.source + ": <algo>: attribute 'coll' = \"custom\" and the name \"" + a.name +
                       "\" does not say which collective (SCCL writes \"Allgather(n=8)...\"): give "
                       "--collective (" + known_collectives() + ")");
    a.coll = inferred;
    line = "collective: " + inferred + ", inferred from the algo name \"" + a.name +
           "\" (the file says coll=\"custom\"; --collective states it)";
  }
  if (root >= 0 && a.coll != "broadcast" && a.coll != "reduce")
    throw InputError("--root: " + a.coll + " has no root (only broadcast and reduce)");
  if (a.coll == "broadcast" || a.coll == "reduce") {
    std::string how;
    if (root >= 0) {
      if (root >= a.ngpus)
        throw InputError("--root: " + std::to_string(root) + " is not a rank (ngpus = " + std::to_string(a.ngpus) + ")");
      a.root = root;
    } else if (name_root >= 0 && name_root < a.ngpus) {
      a.root = name_root;
      how = "from the algo name";
    } else if (a.coll == "broadcast") {
      int only = -1, count = 0;
      for (const MscclGpu& g : a.gpus)
        if (g.i_chunks > 0 && count++ == 0) only = g.id;
      if (count != 1)
        throw InputError(a.source + ": broadcast: which rank is the root? " + std::to_string(count) +
                         " gpus declare input chunks; give --root");
      a.root = only;
      how = "the only gpu with input chunks";
    } else {
      throw InputError(a.source + ": reduce: which rank is the root? give --root");
    }
    if (!how.empty()) {
      const std::string r = "root " + std::to_string(a.root) + " (" + how + ")";
      line += line.empty() ? "collective: " + a.coll + ", " + r : "; " + r;
    }
  }
  return line;
}

}  // namespace schedcert::interop
