// `schedcert cost`, two modes chosen by whether FILE arguments are given:
//   cost FILE... [--size 1MiB,64MiB,1GiB]: time in seconds of verified schedules and MSCCL-IR
//     programs under the alpha-beta model per link class, with the lower bound on time and the
//     ratio (certify/cost_files.hpp; docs/cost-model.md); --plot out.svg, --json.
//   cost [--dim n ...]: the linear cost model of Ho and Johnsson 1986 (tau per packet start-up,
//     t_c per item): simulated cost of generated, verified schedules next to the closed forms of
//     Table 3 (broadcast) and Table 6 (personalized communication), with B_opt and T_min.
// An option of one mode given in the other is a usage error (exit 2).
#include <algorithm>
#include <iostream>

#include "certify/cost_files.hpp"
#include "cli/commands.hpp"
#include "papers/hojohnsson1986/cost_tables.hpp"
#include "schedules/io/atomic_file.hpp"
#include "schedules/error.hpp"
#include "schedules/units.hpp"
#include "witnesses/cost_plot.hpp"

namespace schedcert::cli {

namespace hj = schedcert::schedules::constructions::hojohnsson1986;

namespace {

struct FileModeOptions {
  std::vector<std::string> files;
  std::string sizes = "1MiB,64MiB,1GiB", timing = "synchronised", plot, network, model = "all-port";
  std::string latency, bandwidth;
  bool json = false;
};

int run_files(const FileModeOptions& f) {
  certify::CostFileOptions o;
  o.sizes = schedules::parse_size_list(f.sizes, "--size");
  std::sort(o.sizes.begin(), o.sizes.end());  // reported and plotted in increasing order
  o.timing = verifier::parse_timing(f.timing);
  o.network = f.network;
  o.model = f.model;
  if (!f.latency.empty()) o.links.latency = schedules::parse_duration(f.latency, "--latency");
  if (!f.bandwidth.empty()) o.links.bandwidth = schedules::parse_bandwidth(f.bandwidth, "--bandwidth");
  std::vector<certify::CostFileResult> results;
  for (const auto& path : f.files) results.push_back(certify::cost_file(path, o));
  std::cout << (f.json ? certify::cost_json(results, o) : certify::format_cost_text(results, o));
  if (!f.plot.empty()) {
    schedules::io::write_atomically(
        "--plot", f.plot, [&](std::ostream& out) { witnesses::write_cost_svg(results, o, out); });
    if (!f.json) std::cout << "\nplot: wrote " << f.plot << "\n";
  }
  for (const auto& r : results)
    if (!r.valid) return 1;
  return 0;
}

}  // namespace

void add_cost_command(CLI::App& app, std::function<int()>& action,
                      std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand(
      "cost",
      "time of schedules. With FILE arguments: predicted time in seconds of verified schedule "
      "files and MSCCL-IR programs per message size, with the lower bound on time and the ratio "
      "(alpha-beta per link class, docs/cost-model.md). Without: the linear cost model of "
      "Ho-Johnsson 1986 on Q_n (start-up tau, transfer t_c per item) against Table 3 / Table 6 "
      "(B_opt, T_min)");
  sub->footer(
      "Examples:\n"
      "  schedcert cost s.json ring.xml --size 1MiB,64MiB,1GiB        time in seconds + lower bound\n"
      "  schedcert cost a.json b.json --timing asap --plot t.svg       as soon as possible; SVG chart\n"
      "  schedcert cost prog.xml --network dgx1 --json                 an MSCCL-IR program on DGX-1\n"
      "  schedcert cost --dim 4 --messages 64 --packet-items 8         Ho-Johnsson Table 3 on Q4\n"
      "  schedcert cost --dim 3 --problem scatter --tau 100 --tc 1     Ho-Johnsson Table 6 on Q3");
  auto fm = std::make_shared<FileModeOptions>();
  keep.push_back(fm);
  sub->add_option("files", fm->files,
                  "schedule files (JSON) or MSCCL-IR programs (.xml) to cost in seconds; none = the "
                  "Ho-Johnsson mode");
  std::vector<CLI::Option*> file_opts;
  file_opts.push_back(sub->add_option("--size", fm->sizes,
                                      "file mode: message sizes, comma-separated: bytes or with B, KB, MB, "
                                      "GB, KiB, MiB, GiB (default 1MiB,64MiB,1GiB)"));
  file_opts.push_back(sub->add_option("--timing", fm->timing,
                                      "file mode: synchronised (default: a step lasts as long as its "
                                      "slowest link) or asap (as soon as possible)"));
  file_opts.push_back(sub->add_option("--plot", fm->plot, "file mode: write an SVG chart of time against size"));
  file_opts.push_back(sub->add_flag("--json", fm->json, "file mode: machine-readable output"));
  file_opts.push_back(sub->add_option("--network,-n", fm->network,
                                      "file mode, MSCCL-IR files: the network the ranks run on (default "
                                      "dgx1 for an 8-gpu DGX1 algo, else K<ngpus>)"));
  file_opts.push_back(sub->add_option("--model,-m", fm->model, "file mode, MSCCL-IR files: the model (default all-port)"));
  file_opts.push_back(sub->add_option("--latency", fm->latency,
                                      "file mode: latency of every link without a graph-file attribute, "
                                      "e.g. 1us (default: per link class, docs/cost-model.md)"));
  file_opts.push_back(sub->add_option("--bandwidth", fm->bandwidth,
                                      "file mode: bandwidth of one such link, e.g. 25GB/s"));
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
  const std::vector<std::string> hj_names = {"--dim", "--messages", "--packet-items", "--tau", "--tc",
                                             "--problem", "--no-scan"};
  sub->callback([&action, q, problem, no_scan, fm, sub, file_opts, hj_names] {
    if (!fm->files.empty()) {
      for (const auto& name : hj_names)
        if (sub->count(name) > 0)
          throw CLI::ValidationError(name, "belongs to the Ho-Johnsson mode (used without FILE arguments); "
                                           "with files, use --size, --timing, --network, --latency, --bandwidth");
      action = [fm] { return run_files(*fm); };
      return;
    }
    for (const auto* opt : file_opts)
      if (opt->count() > 0)
        throw CLI::ValidationError(opt->get_name(), "needs FILE arguments (schedule files or MSCCL-IR programs to cost)");
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
