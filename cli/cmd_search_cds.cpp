// `schedcert search cds --dim D [--size K] [--timeout S] [--seed N] [-o FILE]`: a small
// connected dominating set of Q_D by simulated annealing (search/cds_heuristic.hpp), i.e. a
// spanning tree with 2^D - |S| leaves: alpha(D) >= 2^D - |S| (re-checked natively). The JSON
// (-o) holds the set ("cds") and the tree ("edges"); `cube alpha --seed-witness` reads it.
// Exit 0 when a CDS of size <= K was found (without --size: always), 3 otherwise.
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iostream>

#include <nlohmann/json.hpp>

#include "schedules/io/atomic_file.hpp"
#include "cli/commands.hpp"
#include "encodings/alpha/alpha.hpp"
#include "schedules/error.hpp"
#include "search/cds_heuristic.hpp"
#include "witnesses/alpha_coq.hpp"

namespace schedcert::cli {

namespace {
struct CdsCli {
  int dim = 0;
  unsigned size = 0;
  double timeout = 60;
  std::uint64_t seed = 1;
  std::string output, start, coq;
  bool quiet = false;
};
}  // namespace

void add_search_cds_subcommand(CLI::App& search, std::function<int()>& action,
                               std::vector<std::shared_ptr<void>>& keep) {
  auto o = std::make_shared<CdsCli>();
  keep.push_back(o);
  auto* c = search.add_subcommand("cds", "heuristic (simulated annealing): a small connected dominating set of Q_d, "
                                         "hence a lower bound alpha(d) >= 2^d - |S|. Exit 0 target met, 3 not met");
  c->add_option("--dim,-d", o->dim, "d in [2, 16]")->required();
  c->add_option("--size,-k", o->size, "stop once a CDS with at most this many nodes is found");
  c->add_option("--timeout", o->timeout, "seconds")->default_val(60);
  c->add_option("--seed", o->seed, "random seed")->default_val(1);
  c->add_option("--start", o->start, "start from this CDS (JSON {\"cds\": [...]})");
  c->add_flag("--quiet,-q", o->quiet, "no progress on stderr");
  c->add_option("-o,--output", o->output, "write {\"dim\", \"cds\", \"leaves\", \"edges\"} here");
  c->add_option("--coq", o->coq,
                "write DIR/alpha_<d>_lower.v (theorem alpha_<d>_lower: the tree, checked in Coq by check_tree, "
                "has 2^d - |S| leaves; no premise) and the Coq files it needs");
  c->callback([&action, o] {
    action = [o] {
      search::CdsSearchOptions so;
      so.d = o->dim;
      so.target = o->size;
      so.seconds = o->timeout;
      so.seed = o->seed;
      if (!o->start.empty()) {
        std::ifstream in(o->start);
        if (!in) throw InputError("--start: cannot read '" + o->start + "'");
        so.start = nlohmann::json::parse(in).at("cds").get<std::vector<schedules::Node>>();
      }
      const auto t0 = std::chrono::steady_clock::now();
      so.on_found = [&](const std::vector<schedules::Node>& s) {
        if (!o->quiet)
          std::cerr << "[cds Q" << o->dim << " "
                    << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()
                    << " s] connected dominating set with " << s.size() << " nodes: alpha >= "
                    << (1u << o->dim) - s.size() << std::endl;
      };
      auto r = search::search_cds(so);
      // tree_from_set wants node 0 in S: if it is not, translate S by x -> x XOR s (s its least
      // node), an automorphism of Q_d, which keeps the size, domination and connectivity.
      schedules::Node shift = 0;
      if (!r.best.empty() && std::find(r.best.begin(), r.best.end(), schedules::Node{0}) == r.best.end()) {
        shift = *std::min_element(r.best.begin(), r.best.end());
        for (auto& v : r.best) v ^= shift;
        std::sort(r.best.begin(), r.best.end());
      }
      std::vector<bool> in(std::size_t{1} << o->dim, false);
      for (auto v : r.best) in[v] = true;
      std::vector<std::pair<schedules::Node, schedules::Node>> edges;
      unsigned leaves = 0;
      if (in[0]) {  // tree_from_set wants node 0 in S
        edges = encodings::alpha::tree_from_set(o->dim, in);
        std::string why;
        const auto l = encodings::alpha::spanning_tree_leaves(o->dim, edges, &why);
        if (!l) throw std::logic_error("search cds: the tree fails its check: " + why);
        leaves = *l;
      }
      std::cout << "Q" << o->dim << ": connected dominating set with " << r.best.size() << " nodes (checked): "
                << "alpha(" << o->dim << ") >= " << (1u << o->dim) - r.best.size() << "\n  nodes:";
      for (auto v : r.best) std::cout << ' ' << v;
      if (shift) std::cout << "\n  (the set found, translated by x -> x XOR " << shift << " so that it holds node 0)";
      if (!edges.empty()) std::cout << "\n  spanning tree with " << leaves << " leaves (checked)";
      std::cout << "\n  " << r.moves << " moves in " << r.seconds << " s\n";
      if (!o->coq.empty()) {
        if (edges.empty()) throw InputError("--coq: the set found does not contain node 0, so no tree was built");
        const char* env = std::getenv("SCHEDCERT_COQ_DIR");
        const std::string src = env && *env ? std::string(env) + "/alpha" : std::string(SCHEDCERT_COQ_DIR) + "/alpha";
        const std::string how = o->start.empty() ? "simulated annealing, seed " + std::to_string(o->seed)
                                                 : "from the set in " + o->start;
        std::cerr << "wrote " << witnesses::write_alpha_lower_coq(o->dim, leaves, edges, how, o->coq, src) << "\n";
      }
      if (!o->output.empty()) {
        nlohmann::json j{{"dim", o->dim}, {"cds", r.best}, {"size", r.best.size()}};
        if (shift) j["translated_by_xor"] = shift;
        if (!edges.empty()) {
          j["leaves"] = leaves;
          for (auto [u, v] : edges) j["edges"].push_back({u, v});
        }
        schedules::io::write_atomically("-o", o->output,
                                        [&](std::ostream& out) { out << j.dump(1) << "\n"; });
      }
      return o->size == 0 || r.best.size() <= o->size ? 0 : 3;
    };
  });
}

}  // namespace schedcert::cli
