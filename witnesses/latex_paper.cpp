// Design note: see latex_paper.hpp.
#include "witnesses/latex_paper.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <ostream>

#include "schedules/constructions/bertsekas1991/te_rules.hpp"
#include "schedules/error.hpp"
#include "witnesses/figure_data.hpp"
#include "witnesses/latex.hpp"

namespace schedcert::witnesses {

using schedules::Node;
using schedules::ProblemKind;

namespace {

std::string bin(Node v, int d) {
  std::string s;
  for (int i = d - 1; i >= 0; --i) s.push_back(((v >> i) & 1) ? '1' : '0');
  return s;
}

std::string entry(const std::optional<Node>& v, int d) { return v ? bin(*v, d) : "--"; }

void begin_doc(std::ostream& out, bool standalone) {
  if (standalone)
    out << "\\documentclass{article}\n\\usepackage{longtable}\n\\usepackage{array}\n"
           "\\pagestyle{empty}\n\\begin{document}\n";
}

void end_doc(std::ostream& out, bool standalone) {
  if (standalone) out << "\\end{document}\n";
}

void set_cell(OwnPacketTable& t, std::uint64_t step, int link, Node dest) {
  if (t.cells.size() <= step) t.cells.resize(step + 1, std::vector<std::optional<Node>>(t.d));
  auto& c = t.cells[step][link - 1];
  if (c)
    t.problems.push_back("two own packets of node " + bin(t.node, t.d) + " on link " +
                         std::to_string(link) + " at time " + std::to_string(step + 1) + ": " +
                         bin(*c, t.d) + " and " + bin(dest, t.d));
  else
    c = dest;
}

}  // namespace

OwnPacketTable own_packet_table(const schedules::Schedule& s, Node node) {
  const auto& net = s.network();
  const auto& p = s.problem();
  if (!net.is_hypercube())
    throw InputError("own-packet table: network " + net.name() +
                     " is not a hypercube (Bertsekas et al. 1991, §4 tabulate Q_d)");
  if (p.kind != ProblemKind::TotalExchange || p.messages > 1)
    throw InputError("own-packet table: problem " + p.describe() +
                     " is not a total exchange with M = 1");
  if (node >= net.size())
    throw InputError("--node " + std::to_string(node) + ": " + net.name() + " has nodes 0.." +
                     std::to_string(net.size() - 1));
  OwnPacketTable t;
  t.d = net.dims();
  t.node = node;
  const std::uint64_t n = net.size();
  for (std::size_t k = 0; k < s.num_steps(); ++k)
    for (std::size_t x = s.step_begin(k); x < s.step_end(k); ++x) {
      if (s.from(x) != node) continue;
      const int link = std::countr_zero(s.from(x) ^ s.to(x)) + 1;
      for (schedules::Item i : s.packet(x))
        if (p.origin(i, n) == node) set_cell(t, k, link, p.target(i, n));
    }
  return t;
}

OwnPacketTable paper_own_packet_table(int d, Node node) {
  OwnPacketTable t;
  t.d = d;
  t.node = node;
  const auto cols = schedules::constructions::bertsekas1991::own_packet_tables(d);
  for (std::size_t k = 0; k < cols.size(); ++k)
    for (std::size_t r = 0; r < cols[k].size(); ++r)
      set_cell(t, r, static_cast<int>(k) + 1, cols[k][r] ^ node);
  return t;
}

std::vector<OwnPacketDifference> compare_own_packet_tables(const OwnPacketTable& a,
                                                           const OwnPacketTable& b) {
  std::vector<OwnPacketDifference> r;
  const std::size_t rows = std::max(a.cells.size(), b.cells.size());
  const int links = std::max(a.d, b.d);
  auto at = [](const OwnPacketTable& t, std::size_t row, int k) -> std::optional<Node> {
    if (row >= t.cells.size() || k >= t.d) return std::nullopt;
    return t.cells[row][k];
  };
  for (std::size_t row = 0; row < rows; ++row)
    for (int k = 0; k < links; ++k) {
      auto x = at(a, row, k), y = at(b, row, k);
      if (x != y) r.push_back({row + 1, k + 1, x, y});
    }
  return r;
}

std::string describe(const OwnPacketDifference& d, int dim) {
  return "time " + std::to_string(d.time) + ", link " + std::to_string(d.link) + ": schedule " +
         entry(d.ours, dim) + ", paper " + entry(d.paper, dim);
}

void write_latex_own_packets(const OwnPacketTable& ours, const OwnPacketTable* paper,
                             std::ostream& out, bool standalone) {
  const int d = ours.d;
  std::map<std::pair<std::size_t, int>, std::optional<Node>> differs;  // (row, k-1) -> paper's
  std::vector<OwnPacketDifference> diffs;
  if (paper) {
    diffs = compare_own_packet_tables(ours, *paper);
    for (const auto& x : diffs) differs[{x.time - 1, x.link - 1}] = x.paper;
  }
  std::size_t rows = ours.cells.size();
  for (const auto& x : diffs) rows = std::max<std::size_t>(rows, x.time);
  begin_doc(out, standalone);
  const std::string who = "node $i = (" + bin(ours.node, d) + ")$";
  out << "% Bertsekas et al. 1991, Section 4, Implementation: order in which a node transmits its\n"
         "% own packets on its links k = 1..d (entry: destination, binary i_d..i_1).\n"
      << "\\begin{longtable}{c|" << std::string(d, 'c') << "}\n"
      << "\\multicolumn{" << d + 1 << "}{l}{Destinations of the own packets of " << who
      << " by time and link ($d = " << d << "$)}\\\\\n\\hline\nTime";
  for (int k = 1; k <= d; ++k) out << " & Link " << k;
  out << "\\\\\n\\hline\n\\endhead\n";
  for (std::size_t r = 0; r < rows; ++r) {
    out << r + 1;
    for (int k = 0; k < d; ++k) {
      constexpr Node kEmpty = ~Node{0};
      const Node v = r < ours.cells.size() ? ours.cells[r][k].value_or(kEmpty) : kEmpty;
      const std::string mine = v == kEmpty ? std::string() : bin(v, d);
      auto it = differs.find({r, k});
      if (it == differs.end()) {
        out << " & " << mine;
      } else {
        out << " & \\textbf{" << (mine.empty() ? "--" : mine) << "}/" << entry(it->second, d);
      }
    }
    out << "\\\\\n";
  }
  out << "\\hline\n\\end{longtable}\n";
  if (paper) {
    if (diffs.empty()) {
      out << "\\noindent Every entry equals the table of Bertsekas et al.\\ (1991), Section 4"
             " (built from the paper's rule for the $d$ tables"
          << (ours.node != 0 ? ", xor-ed with $i$" : "") << ").\n";
    } else {
      out << "\\noindent " << diffs.size()
          << " entries differ from the table of Bertsekas et al.\\ (1991), Section 4 (bold: this "
             "schedule / the paper's rule):";
      for (std::size_t j = 0; j < diffs.size() && j < 8; ++j)
        out << (j ? ";" : "") << " " << describe(diffs[j], d);
      out << (diffs.size() > 8 ? "; \\dots" : "") << ".\n";
    }
  }
  for (const auto& pr : ours.problems) out << "\n\\noindent " << latex_escape(pr) << ".\n";
  end_doc(out, standalone);
}

void write_latex_links_paper(const schedules::Schedule& s, std::ostream& out, bool standalone,
                             std::size_t steps_per_block) {
  const auto& net = s.network();
  if (!net.is_hypercube())
    throw InputError("latex links in the paper's notation: network " + net.name() +
                     " is not a hypercube; use --what links");
  if (steps_per_block == 0) throw InputError("latex links table: steps_per_block must be >= 1");
  const int d = net.dims();
  const std::uint64_t n = net.size();
  const auto& p = s.problem();
  const bool te = p.kind == ProblemKind::TotalExchange && p.messages <= 1;
  auto label = [&](schedules::Item i) {
    return te ? "$" + bin(p.origin(i, n), d) + "{\\to}" + bin(p.target(i, n), d) + "$"
              : latex_escape(item_label(s, i));
  };
  // (node, link k) -> step -> packet labels
  std::map<std::pair<Node, int>, std::map<std::size_t, std::string>> cells;
  for (std::size_t k = 0; k < s.num_steps(); ++k)
    for (std::size_t x = s.step_begin(k); x < s.step_end(k); ++x) {
      auto& c = cells[{s.from(x), std::countr_zero(s.from(x) ^ s.to(x)) + 1}][k];
      for (schedules::Item i : s.packet(x)) c += (c.empty() ? "" : ", ") + label(i);
    }
  begin_doc(out, standalone);
  const std::string what = latex_escape(p.describe() + " on " + net.name() + ", " +
                                        to_string(s.model()) + ", " +
                                        std::to_string(s.num_steps()) + " time units");
  out << "% per-link transmission order in the notation of Bertsekas et al. 1991, Section 4:\n"
         "% node i = (i_d..i_1), link k joins i and i xor e_k, packets origin -> destination.\n";
  const std::size_t T = s.num_steps();
  for (std::size_t b = 0; b < T || (b == 0 && T == 0); b += steps_per_block) {
    const std::size_t e = std::min(T, b + steps_per_block);
    out << "{\\scriptsize\n\\begin{longtable}{cc|" << std::string(e - b, 'c') << "}\n"
        << "\\multicolumn{" << (e - b + 2) << "}{l}{" << what;
    if (T > steps_per_block) out << " (time " << b + 1 << "--" << e << ")";
    out << "}\\\\\n\\hline\nNode $i$ & Link $k$";
    for (std::size_t k = b; k < e; ++k) out << " & " << k + 1;
    out << "\\\\\n\\hline\n\\endhead\n";
    for (const auto& [link, row] : cells) {
      out << bin(link.first, d) << " & " << link.second;
      for (std::size_t k = b; k < e; ++k) {
        auto it = row.find(k);
        out << " & " << (it == row.end() ? "--" : it->second);
      }
      out << "\\\\\n";
    }
    out << "\\hline\n\\end{longtable}}\n";
    if (T == 0) break;
  }
  end_doc(out, standalone);
}

}  // namespace schedcert::witnesses
