// Algorithm A1: single-port total exchange on any multidimensional network.
//
// Dimakopoulos & Dimopoulos 1998, §4 and Fig. 3. G = A x B, A = G_1 x ... x G_{k-1}, B = G_k.
// Node (v_i, u_j) holds m_(v_i,u_j)(*,*). a1_compose implements the two phases:
//   lines 1-3  for r = 1..n1 (in sequence), in every copy B_i = (v_i, *) in parallel, a total
//              exchange of B moves batch R_r = m_(v_i,u_j)(v_r, *) (row r of Table 1): the slot
//              (u_s -> u_t) of B's pattern carries m_(v_i,u_s)(v_r,u_t), which lands on
//              (v_i, u_t), the node of copy A_t in row i.
//   lines 4-6  for k = 1..n2 (in sequence), in every copy A_j = (*, u_j) in parallel, a total
//              exchange of A distributes m_(*,u_k)(*,u_j): the slot (v_s -> v_t) carries
//              m_(v_s,u_k)(v_t,u_j), which lines 1-3 left at (v_s, u_j) (or which is native
//              when k = j).
// Every node takes part in one dimension's exchange at a time, so a single-port (or all-port)
// pattern per dimension gives a single-port (all-port) schedule, of n1 T_B + n2 T_A steps
// (Theorem 2); recursion on A gives n sum T_i/|V_i| (Corollary 3), which is AS(G) whenever
// every T_i = AS(G_i) (Theorem 3 with Corollary 2). Every message goes along a shortest path
// (one shortest path per dimension), so the schedule makes M x sum of all distances
// transmissions. The recursion streams (emit_a1): memory is the output schedule only.
// Limitation: the single-port patterns of paths do not meet AS(P_n), so on meshes A1 is above
// the bound (3) (the paper claims optimality only for products of Cayley graphs).
#include "schedules/constructions/dimakopoulos1998/algorithm_a1.hpp"

#include "schedules/constructions/dimakopoulos1998/factor_te.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

namespace {

// Lifts A's stream into all copies A_j, carrying the messages of copy A_k.
class LiftA : public TeSink {
 public:
  LiftA(TeSink& out, std::uint32_t a_nodes, std::uint32_t b_nodes, Node k)
      : out_(out), na_(a_nodes), nb_(b_nodes), k_(k) {}
  void step() override { out_.step(); }
  void tx(Node va, Node vb, Node vs, Node vt) override {
    for (Node j = 0; j < nb_; ++j) out_.tx(va + na_ * j, vb + na_ * j, vs + na_ * k_, vt + na_ * j);
  }

 private:
  TeSink& out_;
  std::uint32_t na_, nb_;
  Node k_;
};

Emitter prefix_emitter(const std::vector<TePattern>& pats, std::size_t k) {
  if (k == 1) return [&pats](TeSink& s) { replay(pats[0], s); };
  std::uint32_t na = 1;
  for (std::size_t i = 0; i + 1 < k; ++i) na *= pats[i].nodes;
  Emitter a = prefix_emitter(pats, k - 1);
  return [&pats, a, na, k](TeSink& s) { a1_compose(a, na, pats[k - 1], s); };
}

}  // namespace

void a1_compose(const Emitter& a, std::uint32_t a_nodes, const TePattern& b, TeSink& out) {
  const std::uint32_t na = a_nodes, nb = b.nodes;
  for (Node r = 0; r < na; ++r)  // lines 1-3: batch R_r in every B_i
    for (const auto& st : b.steps) {
      out.step();
      for (const PatternTx& t : st)
        for (Node i = 0; i < na; ++i)
          out.tx(i + na * t.from, i + na * t.to, i + na * t.src, r + na * t.dst);
    }
  for (Node k = 0; k < nb; ++k) {  // lines 4-6: messages of A_k in every A_j
    LiftA lift(out, na, nb, k);
    a(lift);
  }
}

void emit_a1(const Network& net, Model model, TeSink& out) {
  std::vector<TePattern> pats;
  for (const Factor& f : net.factors()) pats.push_back(factor_te(f, model));
  prefix_emitter(pats, pats.size())(out);
}

Schedule algorithm_a1(const Network& net, Model model, std::uint32_t messages) {
  Problem prob;
  prob.kind = ProblemKind::TotalExchange;
  prob.messages = messages;
  Schedule s(net, model, prob);
  net.num_nodes();  // throws InputError when the network cannot be indexed
  for (std::uint32_t m = 0; m < messages; ++m) {
    ScheduleWriter w(s, m);
    emit_a1(net, model, w);
  }
  return s;
}

std::uint64_t theorem2_steps(std::uint64_t n1, std::uint64_t t_a, std::uint64_t n2,
                             std::uint64_t t_b) {
  return n1 * t_b + n2 * t_a;
}

std::uint64_t corollary3_steps(const Network& net, Model model) {
  std::uint64_t t = 0;
  for (const Factor& f : net.factors()) t += net.size() / f.size * factor_te_steps(f, model);
  return t;
}

std::string corollary3_formula(const Network& net, Model model) {
  std::string terms;
  for (const Factor& f : net.factors())
    terms += (terms.empty() ? "" : " + ") + std::to_string(factor_te_steps(f, model)) + "/" +
             std::to_string(f.size);
  return "n sum T_i/|V_i| = " + std::to_string(net.size()) + " (" + terms +
         ") = " + std::to_string(corollary3_steps(net, model));
}

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
