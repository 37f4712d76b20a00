// Formula building and the SMT-LIB2 export (see formula.hpp for the design note).
#include "encodings/synth/formula.hpp"

#include <algorithm>
#include <cassert>

namespace schedcert::encodings::synth {

Formula::Formula(bool keep_names) : keep_names_(keep_names) {
  Lit t = new_var("constant_true");
  assert(t == kTrue);
  clause_lits_.push_back(t);  // the unit clause fixing variable 1 (add_clause would drop it)
  clause_begin_.push_back(clause_lits_.size());
}

Lit Formula::new_var(const std::string& name) {
  ++num_vars_;
  if (keep_names_) names_.push_back(name.empty() ? "b" + std::to_string(num_vars_) : name);
  return num_vars_;
}

std::string Formula::var_name(int v) const {
  if (keep_names_) return names_[static_cast<std::size_t>(v - 1)];
  return "b" + std::to_string(v);
}

void Formula::add_clause(std::vector<Lit> lits) {
  std::size_t out = 0;
  for (Lit l : lits) {
    if (l == kTrue) return;  // satisfied
    if (l == kFalse) continue;
    lits[out++] = l;
  }
  lits.resize(out);
  // Sort by variable, negative first: duplicates and complementary pairs become neighbours.
  std::sort(lits.begin(), lits.end(), [](Lit a, Lit b) {
    const Lit va = a < 0 ? -a : a, vb = b < 0 ? -b : b;
    return va != vb ? va < vb : a < b;
  });
  lits.erase(std::unique(lits.begin(), lits.end()), lits.end());
  for (std::size_t i = 0; i + 1 < lits.size(); ++i)
    if (lits[i] == -lits[i + 1]) return;  // tautology
  if (lits.empty()) trivially_unsat_ = true;
  clause_lits_.insert(clause_lits_.end(), lits.begin(), lits.end());
  clause_begin_.push_back(clause_lits_.size());
}

void Formula::at_most(std::vector<Lit> lits, unsigned k) {
  std::size_t out = 0;
  unsigned bound = k;
  bool over = false;
  for (Lit l : lits) {
    if (l == kFalse) continue;
    if (l == kTrue) {
      if (bound == 0) over = true; else --bound;
      continue;
    }
    lits[out++] = l;
  }
  lits.resize(out);
  if (over) {
    add_clause(std::vector<Lit>{});
    return;
  }
  if (lits.size() <= bound) return;
  if (bound == 0) {
    for (Lit l : lits) add_clause({-l});
    return;
  }
  if (bound == 1 && lits.size() == 2) {
    add_clause({-lits[0], -lits[1]});
    return;
  }
  cards_.push_back(Card{card_lits_.size(), card_lits_.size() + lits.size(), bound});
  card_lits_.insert(card_lits_.end(), lits.begin(), lits.end());
}

Lit Formula::make_or(std::vector<Lit> lits, const std::string& name) {
  std::size_t out = 0;
  for (Lit l : lits) {
    if (l == kTrue) return kTrue;
    if (l == kFalse) continue;
    lits[out++] = l;
  }
  lits.resize(out);
  if (lits.empty()) return kFalse;
  if (lits.size() == 1) return lits[0];
  Lit y = new_var(name);
  std::vector<Lit> c{-y};
  for (Lit l : lits) {
    c.push_back(l);
    add_clause({-l, y});
  }
  add_clause(std::move(c));
  return y;
}

std::string Formula::summary() const {
  return "vars " + std::to_string(num_vars_) + ", clauses " + std::to_string(num_clauses()) +
         ", cardinality " + std::to_string(cards_.size());
}

namespace {

void put_lit(std::ostream& out, const Formula& f, Lit l) {
  if (l > 0)
    out << f.var_name(l);
  else
    out << "(not " << f.var_name(-l) << ")";
}

}  // namespace

void Formula::write_smt2(std::ostream& out, const std::string& header_comment) const {
  // Pairwise at-most-one for short lists keeps the file propositional (QF_UF).
  constexpr std::size_t kPairwiseMax = 6;
  bool arith = false;
  for (const Card& c : cards_)
    if (!(c.bound == 1 && c.end - c.begin <= kPairwiseMax)) arith = true;
  std::size_t start = 0;
  while (start <= header_comment.size()) {
    std::size_t nl = header_comment.find('\n', start);
    if (nl == std::string::npos) nl = header_comment.size();
    out << "; " << header_comment.substr(start, nl - start) << "\n";
    start = nl + 1;
  }
  out << "(set-logic " << (arith ? "QF_LIA" : "QF_UF") << ")\n";
  for (int v = 1; v <= num_vars_; ++v) out << "(declare-const " << var_name(v) << " Bool)\n";
  for (std::size_t c = 0; c < num_clauses(); ++c) {
    const std::size_t n = clause_size(c);
    const Lit* ls = clause(c);
    out << "(assert ";
    if (n == 0) {
      out << "false";
    } else if (n == 1) {
      put_lit(out, *this, ls[0]);
    } else {
      out << "(or";
      for (std::size_t i = 0; i < n; ++i) {
        out << ' ';
        put_lit(out, *this, ls[i]);
      }
      out << ")";
    }
    out << ")\n";
  }
  for (const Card& c : cards_) {
    const Lit* ls = card_lits(c);
    const std::size_t n = c.end - c.begin;
    if (c.bound == 1 && n <= kPairwiseMax) {
      for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j) {
          out << "(assert (not (and ";
          put_lit(out, *this, ls[i]);
          out << ' ';
          put_lit(out, *this, ls[j]);
          out << ")))\n";
        }
      continue;
    }
    out << "(assert (<= (+";
    for (std::size_t i = 0; i < n; ++i) {
      out << " (ite ";
      put_lit(out, *this, ls[i]);
      out << " 1 0)";
    }
    out << ") " << c.bound << "))\n";
  }
  out << "(check-sat)\n(exit)\n";
}

}  // namespace schedcert::encodings::synth
