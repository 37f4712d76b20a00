// LaTeX tables in the notation of Bertsekas et al. 1991, §4 ("Implementation of the Optimal
// Algorithm"), so that a reader can put them next to the paper's tables line by line.
//
// The paper names node i by its identity (i_d, ..., i_1) (binary, i_1 rightmost = our dimension
// 0), calls the link between i and i xor e_k (e_k = 2^(k-1)) "the kth link incident to i", and
// tabulates, for node 0 and d = 4, the order in which node 0 transmits its own packets: one row
// per time unit, one column per link k = 1..d, each entry the packet's destination. For any
// other node i the entries are xor-ed with i.
//
// own_packet_table(s, i) reads that table off any total-exchange schedule on Q_d (transmissions
// whose sender is node i and whose item originates at i); paper_own_packet_table(d, i) builds the
// paper's table from its textual rule (bertsekas1991::own_packet_tables: table k's last column =
// rows of table k-1 top to bottom, each row left to right, bit k set, then e_k), xor i.
// compare_own_packet_tables lists the entries where they differ; write_latex_own_packets prints
// the schedule's table with the differing entries in bold and the paper's entry after a slash,
// and a sentence saying whether the two agree.
//
// write_latex_links_paper: the per-link transmission order of any schedule on Q_d in the same
// notation: one row per node i and link k (the directed link i -> i xor e_k), one column per time
// unit, each entry the packet as origin -> destination (total exchange; other problems use the
// item labels of figure_data.hpp).
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "schedules/schedule.hpp"

namespace schedcert::witnesses {

struct OwnPacketTable {
  int d = 0;
  schedules::Node node = 0;
  // cells[t][k - 1]: destination of the own packet sent on link k at time t + 1.
  std::vector<std::vector<std::optional<schedules::Node>>> cells;
  std::vector<std::string> problems;  // e.g. two own packets on one link in one step
};

// Throws InputError unless s is a total exchange (M = 1) on a hypercube and node is one of its
// nodes.
OwnPacketTable own_packet_table(const schedules::Schedule& s, schedules::Node node);
OwnPacketTable paper_own_packet_table(int d, schedules::Node node);

struct OwnPacketDifference {
  std::uint64_t time = 0;  // 1-based
  int link = 0;            // 1-based (the paper's k)
  std::optional<schedules::Node> ours, paper;
};
std::vector<OwnPacketDifference> compare_own_packet_tables(const OwnPacketTable& ours,
                                                           const OwnPacketTable& paper);
// "time 3, link 4: schedule 1101, paper 1010" ("--" for an empty entry).
std::string describe(const OwnPacketDifference& d, int dim);

// paper may be null: then only the schedule's table is printed.
void write_latex_own_packets(const OwnPacketTable& ours, const OwnPacketTable* paper,
                             std::ostream& out, bool standalone = true);
void write_latex_links_paper(const schedules::Schedule& s, std::ostream& out,
                             bool standalone = true, std::size_t steps_per_block = 8);

}  // namespace schedcert::witnesses
