// `schedcert cost`: the linear cost model of Ho and Johnsson 1986 (tau per packet start-up, t_c
// per item): simulated cost of generated, verified schedules next to the closed forms of
// Table 3 (broadcast) and Table 6 (personalized communication), with B_opt and T_min.
#include <iostream>

#include "cli/commands.hpp"
#include "papers/hojohnsson1986/cost_tables.hpp"
#include "schedules/error.hpp"

namespace schedcert::cli {

namespace hj = schedcert::schedules::constructions::hojohnsson1986;

void add_cost_command(CLI::App& app, std::function<int()>& action,
                      std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "cost",
      "linear cost model (Ho-Johnsson 1986): simulate verified schedules on Q_n with start-up "
      "tau and transfer t_c per item, and compare with Table 3 / Table 6 (B_opt, T_min)");
  auto q = std::make_shared<hj::CostQuery>();
  auto problem = std::make_shared<std::string>("broadcast");
  auto no_scan = std::make_shared<bool>(false);
  keep.push_back(q);
  keep.push_back(problem);
  keep.push_back(no_scan);
  q->M = 64;
  q->B = 8;
  q->cost.tau = 100;
  q->cost.tc = 1;
  sub->add_option("--dim,-d", q->n, "cube dimension n (N = 2^n)")->default_val(4);
  sub->add_option("--messages,-M", q->M, "M: items to broadcast / per destination")->default_val(64);
  sub->add_option("--packet-items,-B", q->B, "B: items per packet")->default_val(8);
  sub->add_option("--tau", q->cost.tau, "start-up time per packet")->default_val(100);
  sub->add_option("--tc", q->cost.tc, "transfer time per item")->default_val(1);
  sub->add_option("--problem,-p", *problem, "broadcast (Table 3) or scatter (Table 6)")
      ->default_val("broadcast");
  sub->add_flag("--no-scan", *no_scan, "do not scan B for the best packet size");
  sub->callback([&action, q, problem, no_scan] {
    action = [q, problem, no_scan] {
      if (q->n < 1 || q->n > 12) throw InputError("--dim: cost takes n in [1, 12]");
      if (q->M < 1 || q->B < 1) throw InputError("--messages and --packet-items must be >= 1");
      q->scan = !*no_scan;
      std::vector<hj::CostRow> rows;
      if (*problem == "broadcast")
        rows = hj::broadcast_cost_table(*q);
      else if (*problem == "scatter")
        rows = hj::scatter_cost_table(*q);
      else
        throw InputError("--problem: cost knows 'broadcast' (Table 3) and 'scatter' (Table 6), not '" +
                         *problem + "'");
      std::cout << hj::format_cost_rows(rows, *q);
      for (const auto& r : rows)
        if (!r.valid) return 1;
      return 0;
    };
  });
}

}  // namespace schedcert::cli
