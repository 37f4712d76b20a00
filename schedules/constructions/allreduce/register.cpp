// Registers the allreduce constructions (docs/allreduce.md): recursive doubling (Thakur et al.
// 2005), recursive halving-doubling (Rabenseifner 2004), and the duality constructions of
// Bertsekas et al. 1991 §1 (reduction = reversed broadcast, then the broadcast) on Q_d and on
// the Fragopoulou-Akl torus. One construction per file in this folder.
#include <optional>

#include "schedules/constructions/all.hpp"
#include "schedules/constructions/allreduce/duality.hpp"
#include "schedules/constructions/allreduce/halving_doubling.hpp"
#include "schedules/constructions/allreduce/recursive_doubling.hpp"
#include "schedules/constructions/bertsekas1991/classes.hpp"
#include "schedules/constructions/fragopoulou1995/claims.hpp"
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions {

namespace {

using Claim = std::function<std::optional<std::uint64_t>(const Params&)>;

std::uint64_t pow2(int d) { return std::uint64_t{1} << d; }

// The torus constructions: k (--radix, default 3) and the number of nodes k^n of MT_{n,k}.
constexpr int kDefaultRadix = 3;
int radix(const Params& p) {
  return p.radix == 0 ? kDefaultRadix : p.radix;
}
std::uint64_t torus_nodes(const Params& p) {
  std::uint64_t n = 1;
  for (int i = 0; i < p.dim; ++i) n *= static_cast<std::uint64_t>(radix(p));
  return n;
}

Claim value(std::uint64_t (*f)(const Params&)) {
  return [f](const Params& p) -> std::optional<std::uint64_t> { return f(p); };
}

Construction base(std::string name, std::string paper, std::string section, std::string summary,
                  std::vector<Model> models, std::string params, int max_dim) {
  Construction c;
  c.name = std::move(name);
  c.paper = std::move(paper);
  c.section = std::move(section);
  c.summary = std::move(summary);
  c.problem = ProblemKind::Allreduce;
  c.models = std::move(models);
  c.parameters = std::move(params);
  c.min_dim = 1;
  c.max_dim = max_dim;
  if (takes_option(c, "--radix")) c.default_radix = kDefaultRadix;
  return c;
}

}  // namespace

void register_allreduce(Registry& r) {
  namespace a = allreduce;
  const std::vector<Model> both = {Model::AllPort, Model::SinglePortFull};
  {
    auto c = base("allreduce-recursive-doubling", "thakur2005",
                  "MPI_Allreduce, recursive doubling (short messages)",
                  "allreduce(M) on Q_d: exchange all partial sums with the partner across "
                  "dimension j in step j + 1",
                  both, "--dim 1..12 [--messages M] [--model all-port|single-port-full]", 12);
    c.claimed_steps = value([](const Params& p) -> std::uint64_t { return p.dim; });
    c.claimed_transmissions =
        value([](const Params& p) -> std::uint64_t { return p.dim * pow2(p.dim); });
    c.generate = [](const Params& p) {
      return a::recursive_doubling(p.dim, p.messages, p.model);
    };
    r.add(std::move(c));
  }
  {
    auto c = base("allreduce-halving-doubling", "rabenseifner2004",
                  "recursive halving (reduce-scatter) then recursive doubling (allgather); "
                  "Thakur et al. 2005, MPI_Allreduce long messages",
                  "allreduce(M = 2^d) on Q_d: reduce-scatter by halving, allgather of the "
                  "complete chunks by doubling",
                  both, "--dim 1..8 [--model all-port|single-port-full]", 8);
    c.claimed_steps = value([](const Params& p) -> std::uint64_t { return 2 * p.dim; });
    c.claimed_transmissions =
        value([](const Params& p) -> std::uint64_t { return 2 * p.dim * pow2(p.dim); });
    c.generate = [](const Params& p) { return a::halving_doubling(p.dim, p.model); };
    r.add(std::move(c));
  }
  {
    auto c = base("allreduce-mna-mnb", "bertsekas1991",
                  "§1 (duality, Fig. 2) applied to §2: multinode accumulation, then multinode "
                  "broadcast",
                  "allreduce(M = 2^d) on Q_d: bertsekas-mna (reduce-scatter) then bertsekas-mnb "
                  "of the complete chunks (allgather)",
                  both, "--dim 1..8 [--model all-port|single-port-full]", 8);
    c.claimed_steps = value([](const Params& p) -> std::uint64_t {
      return 2 * (p.model == Model::AllPort ? bertsekas1991::ceil_mnb(p.dim) : pow2(p.dim) - 1);
    });
    c.claimed_transmissions = value(
        [](const Params& p) -> std::uint64_t { return 2 * pow2(p.dim) * (pow2(p.dim) - 1); });
    c.generate = [](const Params& p) { return a::mna_mnb_hypercube(p.dim, p.model); };
    r.add(std::move(c));
  }
  {
    auto c = base("allreduce-tree", "bertsekas1991",
                  "§1 (duality, Fig. 2) with the SBT of §2, Fig. 4",
                  "allreduce(M = 1) on Q_d: accumulation to the root along the reversed "
                  "spanning binomial tree, then its broadcast",
                  both, "--dim 1..12 [--root R] [--model all-port|single-port-full]", 12);
    c.claimed_steps = value([](const Params& p) -> std::uint64_t { return 2 * p.dim; });
    c.claimed_transmissions =
        value([](const Params& p) -> std::uint64_t { return 2 * (pow2(p.dim) - 1); });
    c.generate = [](const Params& p) { return a::tree_reduce_broadcast(p.dim, p.root, p.model); };
    r.add(std::move(c));
  }
  {
    auto c = base("allreduce-mna-mnb-torus", "fragopoulou1995",
                  "§4.2 (multinode broadcast over the BSG) with the duality of Bertsekas et al. "
                  "1991, §1",
                  "allreduce(M = k^n) on MT_{n,k}: reversed fa-mnb (reduce-scatter) then fa-mnb "
                  "of the complete chunks (allgather)",
                  {Model::AllPort}, "--dim n (1..3) [--radix k odd, default 3]", 3);
    c.claimed_steps = [](const Params& p) -> std::optional<std::uint64_t> {
      return 2 * fragopoulou1995::mnb_claimed_steps(p.dim, radix(p), 1);
    };
    c.claimed_transmissions = [](const Params& p) -> std::optional<std::uint64_t> {
      const std::uint64_t n = torus_nodes(p);
      return 2 * n * (n - 1);
    };
    c.generate = [](const Params& p) { return a::mna_mnb_torus(p.dim, radix(p)); };
    r.add(std::move(c));
  }
  {
    auto c = base("allreduce-tree-torus", "fragopoulou1995",
                  "§4.2 (the BSG broadcast from node 0) with the duality of Bertsekas et al. "
                  "1991, §1",
                  "allreduce(M = 1) on MT_{n,k}: accumulation to node 0 along the reversed BSG "
                  "broadcast, then that broadcast of the complete value",
                  {Model::AllPort}, "--dim n (1..4) [--radix k odd, default 3]", 4);
    c.claimed_steps = [](const Params& p) -> std::optional<std::uint64_t> {
      return 2 * fragopoulou1995::mnb_claimed_steps(p.dim, radix(p), 1);
    };
    c.claimed_transmissions = [](const Params& p) -> std::optional<std::uint64_t> {
      const std::uint64_t n = torus_nodes(p);
      return 2 * (n - 1);
    };
    c.generate = [](const Params& p) { return a::tree_torus(p.dim, radix(p)); };
    r.add(std::move(c));
  }
  {
    auto c = base("allreduce-torus-rings", "schedcert",
                  "docs/allreduce.md (not from a paper): per-dimension bidirectional rings",
                  "allreduce(M = 1) on C_k^n (k odd), all-port, in the diameter n (k - 1)/2: per "
                  "dimension, a bidirectional ring exchange of the blocks combined so far",
                  {Model::AllPort}, "--dim n (1..4) [--radix k odd, default 3]", 4);
    c.claimed_steps = [](const Params& p) -> std::optional<std::uint64_t> {
      return static_cast<std::uint64_t>(p.dim) * (radix(p) - 1) / 2;
    };
    c.claimed_transmissions = [](const Params& p) -> std::optional<std::uint64_t> {
      return static_cast<std::uint64_t>(p.dim) * (radix(p) - 1) * torus_nodes(p);
    };
    c.generate = [](const Params& p) { return a::torus_rings(p.dim, radix(p)); };
    r.add(std::move(c));
  }
}

}  // namespace schedcert::schedules::constructions
