#include "certify/optimality.hpp"

#include <filesystem>

#include "encodings/alpha/leaf_bound.hpp"
#include "encodings/synth/synthesis.hpp"
#include "verifier/bounds.hpp"
#include "verifier/native.hpp"

namespace schedcert::certify {

std::string to_string(Optimality o) {
  switch (o) {
    case Optimality::Optimal: return "optimal";
    case Optimality::NotOptimal: return "not optimal";
    case Optimality::Unknown: return "unknown";
  }
  return "?";
}

std::string to_string(CertificateKind k) {
  switch (k) {
    case CertificateKind::LowerBound: return "lower bound";
    case CertificateKind::Counting: return "counting";
    case CertificateKind::Unsat: return "UNSAT";
    case CertificateKind::Witness: return "witness";
    case CertificateKind::None: return "none";
  }
  return "?";
}

CertificateKind impossible_kind(const std::string& certificate) {
  return certificate.find("UNSAT of query") != std::string::npos ? CertificateKind::Unsat
                                                                  : CertificateKind::Counting;
}

OptimalityResult certify_optimality(const schedules::Schedule& s, unsigned timeout_ms,
                                    const std::string& emit_smt2) {
  OptimalityResult r;
  r.steps = s.num_steps();
  const auto b = encodings::alpha::best_lower_bounds(s.network(), s.model(), s.problem());
  r.lower_bound = b.steps.value;
  if (r.steps <= r.lower_bound) {
    r.verdict = Optimality::Optimal;
    r.kind = CertificateKind::LowerBound;
    r.certificate = "meets the lower bound " + std::to_string(r.lower_bound) + ": " + b.steps.argument;
    return r;
  }
  encodings::synth::SynthesisOptions o;
  o.timeout_ms = timeout_ms;
  o.emit_smt2_path = emit_smt2;
  auto res = encodings::synth::synthesize(s.network(), s.model(), s.problem(),
                                          static_cast<unsigned>(r.steps - 1), o);
  r.seconds = res.seconds;
  if (!emit_smt2.empty() && std::filesystem::exists(emit_smt2)) r.smt2_path = emit_smt2;
  switch (res.status) {
    case encodings::synth::SynthesisStatus::Impossible:
      r.verdict = Optimality::Optimal;
      r.kind = impossible_kind(res.certificate);
      r.certificate = (r.steps - 1 == 1 ? std::string("1 step is")
                                        : std::to_string(r.steps - 1) + " steps are") +
                      " impossible: " + res.certificate;
      break;
    case encodings::synth::SynthesisStatus::Found: {
      // Independent re-check in a fresh call, whatever synthesize did inside.
      if (!res.schedule || !verifier::verify_native(*res.schedule).valid) {
        r.verdict = Optimality::Unknown;
        r.certificate = "the solver's shorter schedule failed the native re-check (a bug)";
        break;
      }
      r.verdict = Optimality::NotOptimal;
      r.kind = CertificateKind::Witness;
      r.certificate = "a valid schedule of " + std::to_string(res.schedule->num_steps()) +
                      " steps exists (found by Z3, verified natively)";
      r.shorter = std::move(res.schedule);
      break;
    }
    case encodings::synth::SynthesisStatus::Unknown:
      r.verdict = Optimality::Unknown;
      r.certificate = "Z3 gave no answer for " + std::to_string(r.steps - 1) + " steps within " +
                      std::to_string(timeout_ms / 1000) + " s: the gap between " +
                      std::to_string(r.lower_bound) + " and " + std::to_string(r.steps) +
                      " stays open";
      break;
  }
  return r;
}

}  // namespace schedcert::certify
