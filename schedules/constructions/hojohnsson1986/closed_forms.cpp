// Closed forms of Ho-Johnsson 1986 Tables 3 and 6 and §4.2 (see closed_forms.hpp). Each
// T_min is the minimum over real B of the corresponding T with ceil(M/B) read as M/B.
#include "schedules/constructions/hojohnsson1986/closed_forms.hpp"

#include <cmath>

#include "schedules/error.hpp"

namespace schedcert::schedules::constructions::hojohnsson1986 {

std::string to_string(Algorithm a) {
  switch (a) {
    case Algorithm::HP: return "HP";
    case Algorithm::SBT: return "SBT";
    case Algorithm::TCBT: return "TCBT";
    case Algorithm::MSBT: return "MSBT";
    case Algorithm::BST: return "BST";
  }
  return "?";
}

namespace {
double sq(double x) { return x * x; }
std::string port_label(Model m) {
  switch (m) {
    case Model::SinglePortHalf: return "1 s or r";
    case Model::SinglePortFull: return "1 s & r";
    case Model::AllPort: return "log N ports";
    default: return to_string(m);
  }
}
}  // namespace

ClosedForm broadcast_closed_form(Algorithm a, Model m, const CostInput& in) {
  const double n = in.n, N = std::ldexp(1.0, in.n), M = in.M, B = in.B, tau = in.tau,
               tc = in.tc;
  const double Q = std::ceil(M / B), unit = tau + B * tc;
  ClosedForm f;
  f.source = "Table 3";
  f.label = to_string(a) + ", " + port_label(m);
  auto set = [&](double steps, double bopt, double tmin) {
    f.steps = steps;
    f.T = steps * unit;
    f.B_opt = bopt;
    f.T_min = tmin;
  };
  const bool one_port = m == Model::SinglePortHalf || m == Model::SinglePortFull;
  switch (a) {
    case Algorithm::HP:
      if (m == Model::SinglePortHalf)
        set(2 * Q + N - 3, std::sqrt(2 * M * tau / ((N - 3) * tc)),
            sq(std::sqrt(2 * M * tc) + std::sqrt((N - 3) * tau)));
      else if (m == Model::SinglePortFull)
        set(Q + N - 3, std::sqrt(M * tau / ((N - 3) * tc)),
            sq(std::sqrt(M * tc) + std::sqrt((N - 3) * tau)));
      else {
        f.source = "Tables 1 and 2 (no row in Table 3)";
        f.steps = (N - 1) + (Q - 1);
        f.T = *f.steps * unit;
        f.remark = "delay N-1 plus one cycle per further packet";
      }
      break;
    case Algorithm::SBT:
      if (one_port) {
        f.label = "SBT, 1 port";
        set(Q * n, M, n * (M * tc + tau));
      } else {
        set(Q + n - 1, std::sqrt(M * tau / ((n - 1) * tc)),
            sq(std::sqrt(M * tc) + std::sqrt(tau * (n - 1))));
      }
      break;
    case Algorithm::TCBT:
      if (m == Model::SinglePortHalf)
        set(3 * Q + 2 * n - 5, std::sqrt(3 * M * tau / ((2 * n - 5) * tc)),
            sq(std::sqrt(3 * M * tc) + std::sqrt(tau * (2 * n - 5))));
      else if (m == Model::SinglePortFull)
        set(2 * (Q + n - 2), std::sqrt(M * tau / ((n - 2) * tc)),
            2 * sq(std::sqrt(M * tc) + std::sqrt(tau * (n - 2))));
      else
        set(Q + n - 1, std::sqrt(M * tau / (tc * (n - 1))),
            sq(std::sqrt(M * tc) + std::sqrt(tau * (n - 1))));
      break;
    case Algorithm::MSBT:
      if (m == Model::SinglePortHalf)
        set(2 * Q + n - 1, std::sqrt(2 * M * tau / (tc * (n - 1))),
            sq(std::sqrt(2 * M * tc) + std::sqrt(tau * (n - 1))));
      else if (m == Model::SinglePortFull)
        set(Q + n, std::sqrt(M * tau / (tc * n)), sq(std::sqrt(M * tc) + std::sqrt(tau * n)));
      else
        set(std::ceil(M / (B * n)) + n, std::sqrt(M * tau / tc) / n,
            sq(std::sqrt(M * tc / n) + std::sqrt(tau * n)));
      break;
    case Algorithm::BST:
      throw InputError("the BST is for personalized communication (Table 6), not broadcasting");
  }
  return f;
}

ClosedForm scatter_closed_form(Algorithm a, Model m, const CostInput& in) {
  const double n = in.n, N = std::ldexp(1.0, in.n), M = in.M, B = in.B, tau = in.tau,
               tc = in.tc;
  ClosedForm f;
  f.relation = f.T_relation = "~";
  const bool one_port = m == Model::SinglePortHalf || m == Model::SinglePortFull;
  f.label = to_string(a) + (one_port ? ", 1 port" : ", log N ports");
  if (a == Algorithm::SBT && one_port) {
    f.source = "Table 6; T(B) from §4.2.1";
    if (B <= M) f.T = (N * M / B - 1) * (B * tc + tau);
    else if (B <= N * M / 2)
      f.T = (N - 1) * M * tc + tau * (N * M / B + std::log2(std::ceil(B / M)) - 1);
    f.B_opt = N * M / 2;
    f.T_min = (N - 1) * M * tc + n * tau;
  } else if (a == Algorithm::SBT) {
    f.source = "Table 6; Lemma 4.2 (level by level)";
    // "B >= (log N - 1 choose ...) M": the largest level of the largest subtree.
    double binom = 1;
    const int top = in.n - 1, k = top / 2;
    for (int i = 1; i <= k; ++i) binom = binom * (top - k + i) / i;
    f.B_opt = binom * M;
    f.B_opt_at_least = true;
    f.T_min = 0.5 * N * M * tc + n * tau;
    f.remark = "B_opt read as C(log N - 1, floor((log N - 1)/2)) M, Lemma 4.2's largest level";
  } else if (a == Algorithm::BST && one_port) {
    f.source = "Table 6; T(B) from §4.2.2";
    f.T = (N - 1) * M / B * (tau + B * tc);
    f.B_opt = N / n * M;
    f.B_opt_at_least = true;
    f.T_min = N * (1 + 2 * std::log2(n) / n) * M * tc + (2 * n - 2) * tau;
    f.relation = "<=";
    f.remark = "T(B) is the root's time for B <= M; T_min is the paper's upper bound";
  } else if (a == Algorithm::BST) {
    f.source = "Table 6; T(B) from §4.2.2";
    if (B <= M) {
      f.T = (N - 1) * M / (B * n) * (tau + B * tc);
    } else {
      double T = 0, binom = 1;
      for (int i = 1; i <= in.n; ++i) {
        binom = binom * (in.n - i + 1) / i;
        const double data = binom * M / n;  // per subtree, for level i
        T += std::ceil(data / B) * (tau + std::min(B, data) * tc);
      }
      f.T = T;
      f.remark = "B > M read as sum_i ceil(C(n,i) M / (B n)) (tau + min(B, C(n,i) M / n) t_c)";
    }
    f.B_opt = N / std::pow(n, 1.5) * M;
    f.B_opt_at_least = true;
    f.T_min = n * tau + (N - 1) / n * M * tc;
  } else {
    throw InputError("Table 6 covers SBT and BST here (TCBT personalized communication is not "
                     "implemented)");
  }
  return f;
}

}  // namespace schedcert::schedules::constructions::hojohnsson1986
