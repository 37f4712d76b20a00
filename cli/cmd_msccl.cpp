// `schedcert import msccl FILE.xml`: reads MSCCL-IR, derives its as-soon-as-possible rounds,
// verifies its data flow and, with --network, the link and port limits of the rounds on that
// network (native verifier). `schedcert export msccl FILE.json -o OUT.xml`: the reverse, for
// multinode-broadcast, total-exchange and allreduce schedules; the written file is read back by the importer
// before the command reports success. The work is in interop/; this file prints.
#include <iostream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/words.hpp"
#include "interop/msccl_collective.hpp"
#include "interop/msccl_convert.hpp"
#include "interop/msccl_dataflow.hpp"
#include "interop/msccl_export.hpp"
#include "interop/msccl_ir.hpp"
#include "interop/msccl_schedule.hpp"
#include "schedules/io/atomic_file.hpp"
#include "schedules/error.hpp"
#include "schedules/io/schedule_json.hpp"
#include "verifier/native.hpp"

namespace schedcert::cli {

namespace {

struct ImportOptions {
  std::string input, network, model = "all-port", output, placement, collective;
  int root = -1;
  bool show_rounds = false;
};

std::string chunks(const interop::MscclStep& st, bool src) {
  return std::string(interop::to_string(src ? st.srcbuf : st.dstbuf)) + "[" +
         std::to_string(src ? st.srcoff : st.dstoff) +
         (st.cnt > 1 ? ".." + std::to_string((src ? st.srcoff : st.dstoff) + st.cnt - 1) : "") + "]";
}

int run_import(const ImportOptions& o) {
  using namespace interop;
  // Before reading: an option that would be ignored is an error (issue 29).
  if (o.network.empty() && !o.placement.empty())
    throw InputError(
        "import msccl: --placement needs --network (it places the ranks on that "
        "network's nodes)");
  MscclAlgo a = read_msccl_file(o.input);
  const std::string resolved = resolve_collective(a, o.collective, o.root);
  std::cout << o.input << ": " << a.name << " (" << a.coll << ", " << a.ngpus << " gpus, "
            << count_of(a.num_thread_blocks(), "thread block") << ", "
            << count_of(a.num_steps(), "step") << ", proto " << a.proto << ", " << a.nchannels
            << " channel(s)" << (a.inplace ? ", in place" : "") << ")\n";
  if (!resolved.empty()) std::cout << resolved << "\n";
  const MscclRounds r = derive_rounds(a);
  std::vector<std::size_t> per_round(r.rounds + 1, 0);
  std::int64_t chunk_moves = 0;
  for (const auto& t : r.transfers) {
    ++per_round[t.round];
    chunk_moves += t.cnt;
  }
  std::cout << "rounds: " << r.rounds << " (as soon as possible: a send runs one round after what "
            << "it waits for; local steps take no round), " << r.transfers.size()
            << " transfers, " << chunk_moves << " chunk transfers; per round:";
  for (int k = 1; k <= r.rounds; ++k) std::cout << " " << per_round[k];
  std::cout << "\n";
  if (o.show_rounds)
    for (const auto& t : r.transfers) {
      const auto& st = a.gpus[t.send.gpu].tbs[t.send.tb].steps[t.send.step];
      const auto& rt = a.gpus[t.recv.gpu].tbs[t.recv.tb].steps[t.recv.step];
      std::cout << "  round " << t.round << ": " << t.from << " -> " << t.to << " " << chunks(st, true)
                << " -> " << chunks(rt, false) << " (" << to_string(st.op) << "/" << to_string(rt.op)
                << ", chan " << t.chan << ")\n";
    }
  if (!r.hangs.empty()) {
    std::cout << "progress: INVALID (" << r.num_hangs << " problem(s)): the program hangs on the msccl runtime:\n";
    for (const auto& h : r.hangs) std::cout << "  " << h << "\n";
  }
  const DataflowReport d = check_dataflow(a, r);
  if (d.valid)
    std::cout << "data flow: valid: every output chunk ends where " << a.coll << " puts it"
              << (d.shape.reduction ? ", every contribution reduced exactly once" : "")
              << "; no read before arrival"
              << (d.race_check_done ? "; no race between unordered steps" : " in the order checked (races not checked)")
              << "\n";
  else {
    std::cout << "data flow: INVALID (" << d.num_violations << " problem(s)):\n";
    for (const auto& v : d.violations) std::cout << "  " << v << "\n";
  }
  for (const auto& n : r.notes) std::cout << "note: " << n << "\n";
  for (const auto& n : d.notes) std::cout << "note: " << n << "\n";
  int code = d.valid && r.hangs.empty() ? 0 : 1;
  if (o.network.empty()) {
    if (!o.output.empty()) throw InputError("import msccl: -o needs --network (the schedule file names its network)");
    return code;
  }
  const schedules::Network net = schedules::Network::parse(o.network);
  const schedules::Model model = schedules::parse_model(o.model);
  const Conversion c = to_schedcert(a, r, d, net, model,
                                    o.placement.empty() ? std::vector<schedules::Node>{}
                                                        : parse_placement(o.placement));
  if (!c.schedule) {
    std::cout << "schedcert: " << c.why_not << "\n";
    if (!o.output.empty()) std::cerr << "import msccl: no schedule, so no file written\n";
    return code;
  }
  const schedules::Schedule& s = *c.schedule;
  std::cout << "schedcert: " << s.problem().describe()
            << (s.problem().kind == schedules::ProblemKind::Allreduce
                    ? " (items = contributions rank*M + chunk; a packet = the contributions in the slots sent)\n"
                    : " (items = chunks; B = the most chunks one transfer carries)\n");
  const verifier::Verdict v = verifier::verify_native(s);
  std::cout << net.name() << " " << schedules::to_string(model) << ": "
            << (v.valid ? "valid" : "INVALID: " + v.violation->message) << " (native verifier; "
            << count_of(v.metrics.steps, "step") << ", "
            << count_of(v.metrics.transmissions, "transmission") << ", "
            << count_of(v.metrics.item_transmissions, "item transmission") << ")\n";
  if (!o.output.empty())
    schedules::io::write_atomically(
        "-o", o.output, [&](std::ostream& out) { schedules::io::write_schedule_json(s, out); });
  return v.valid ? code : 1;
}

struct ExportOptions {
  std::string input, output, name;
};

int run_export(const ExportOptions& o) {
  const schedules::io::ScheduleFile f = schedules::io::read_schedule_file(o.input);
  const schedules::Schedule& s = f.schedule;
  const verifier::Verdict v = verifier::verify_native(s);
  if (!v.valid) {
    std::cerr << "export msccl: the schedule is invalid: " << v.violation->message << "; no file written\n";
    return 1;
  }
  const std::string name = o.name.empty()
                               ? (s.provenance().construction.empty() ? std::string("schedcert")
                                                                      : s.provenance().construction)
                               : o.name;
  const interop::MscclAlgo a = interop::to_msccl(s, name);
  std::ostringstream xml;
  interop::write_msccl_xml(a, xml);
  // Read back with the importer: the file must parse, pair up, and move the data right.
  const interop::MscclAlgo back = interop::parse_msccl_ir(xml.str(), o.output.empty() ? "<export>" : o.output);
  const interop::MscclRounds r = interop::derive_rounds(back);
  const interop::DataflowReport d = interop::check_dataflow(back, r);
  if (!d.valid)
    throw std::logic_error("export msccl: the written IR fails its own data-flow check: " + d.violations.front());
  if (!r.hangs.empty())
    throw std::logic_error("export msccl: the written IR would hang on the runtime: " + r.hangs.front());
  // Converted back on the schedule's network: the same transmissions in the same steps?
  std::string same;
  const interop::Conversion c = interop::to_schedcert(back, r, d, s.network(), s.model());
  if (c.schedule) {
    const interop::RoundTrip rt = interop::compare_round_trip(s, *c.schedule);
    if (rt.same())
      same = "; converted back: the same transmissions in the same steps";
    else if (rt.differ == 0)
      same = "; converted back: the same transmissions, " + std::to_string(rt.earlier) +
             " of them in an earlier step (MSCCL runs a send as soon as what it waits for is done, "
             "and their sender has nothing in the step before)";
    else
      same = "; converted back: " + std::to_string(rt.differ) + " transmission(s) differ";
  }
  schedules::io::write_atomically("-o", o.output, [&](std::ostream& out) { out << xml.str(); });
  std::cerr << "export msccl: wrote " << o.output << ": " << a.coll << " on " << a.ngpus << " gpus, "
            << back.num_thread_blocks() << " thread blocks, " << back.num_steps() << " steps; read back: "
            << r.rounds << " rounds (schedule: " << s.num_steps() << " steps), data flow valid" << same << "\n";
  return 0;
}

}  // namespace

void add_import_command(CLI::App& app, std::function<int()>& action,
                        std::vector<std::shared_ptr<void>>& keep) {
  auto* sub = app.add_subcommand("import", "read a schedule written by another tool: import msccl FILE.xml");
  sub->require_subcommand(1);
  auto o = std::make_shared<ImportOptions>();
  keep.push_back(o);
  auto* m = sub->add_subcommand(
      "msccl", "MSCCL-IR (XML of msccl-tools): derive its rounds, verify its data flow, and with "
               "--network its link and port limits (docs/msccl.md)");
  m->add_option("file", o->input, "MSCCL-IR XML file ('-' = stdin)")->required();
  m->add_option("--network,-n", o->network, "check the rounds on this network (e.g. Q3, C8, K8); rank = node id");
  m->add_option("--model,-m", o->model, "communication model (default all-port)");
  m->add_option("--placement", o->placement,
                "node of each rank, rank 0 first, e.g. 0,1,3,2,6,7,5,4 (a ring along Q3's Gray code); "
                "default rank r on node r");
  m->add_option("-o,--output", o->output, "write the schedcert schedule (JSON; needs --network)");
  m->add_flag("--show-rounds", o->show_rounds, "list every transfer with its round");
  m->add_option("--collective", o->collective,
                "the collective of a coll=\"custom\" file (allgather, alltoall, allreduce, "
                "reduce_scatter, broadcast, reduce); default: from SCCL's algo name");
  m->add_option("--root", o->root, "the root rank of a broadcast or reduce (default: from the name)");
  m->callback([&action, o] { action = [o] { return run_import(*o); }; });
}

void add_export_msccl(CLI::App* export_sub, std::function<int()>& action,
                      std::vector<std::shared_ptr<void>>& keep) {
  auto o = std::make_shared<ExportOptions>();
  keep.push_back(o);
  auto* m = export_sub->add_subcommand(
      "msccl", "MSCCL-IR XML (multinode-broadcast -> allgather, total-exchange -> alltoall, "
               "allreduce -> allreduce with rrc where a partial sum is combined and r where a complete "
               "value overwrites), read back by `import msccl` before it is written (docs/msccl.md)");
  m->add_option("file", o->input, "schedule file (JSON; '-' = stdin)")->required();
  m->add_option("-o,--output", o->output, "output .xml file ('-' = stdout)")->required();
  m->add_option("--name", o->name, "the algo's name attribute (default: the construction)");
  m->callback([&action, o] { action = [o] { return run_export(*o); }; });
}

}  // namespace schedcert::cli
