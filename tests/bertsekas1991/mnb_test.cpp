// Bertsekas et al. 1991, §2: the broadcast tree, the key observation, and the multinode
// broadcast / accumulation against Tables 1 and 2.
#include <doctest/doctest.h>

#include "schedules/constructions/bertsekas1991/classes.hpp"
#include "schedules/constructions/bertsekas1991/mnb.hpp"
#include "schedules/transforms/translate.hpp"
#include "verifier/native.hpp"
#include "verifier/symmetric.hpp"

namespace schedcert_test_bertsekas1991_mnb_test {

using namespace schedcert;
using namespace schedcert::schedules;
namespace b = schedcert::schedules::constructions::bertsekas1991;

namespace {
std::uint64_t pow2(int d) { return std::uint64_t{1} << d; }
std::uint64_t paper_mnb_time(int d, Model m) {
  return m == Model::AllPort ? (pow2(d) - 1 + d - 1) / d : pow2(d) - 1;
}
}  // namespace

TEST_CASE("bertsekas1991 §2: rotation classes in the paper's order") {
  auto cs = b::ordered_classes(4);
  // Fig. 6, d = 4: R_11 (4), R_21 (4), R_22 = {0101, 1010} (2), R_31 (4).
  REQUIRE(cs.size() == 4);
  CHECK(cs[0].rep == 0b0001);
  CHECK(cs[0].size == 4);
  CHECK(cs[1].rep == 0b0011);
  CHECK(cs[2].rep == 0b0101);
  CHECK(cs[2].size == 2);
  CHECK(cs[3].rep == 0b0111);
  CHECK(b::rotl(0b1000, 4) == 0b0001);
  CHECK(b::in_first_class(0b1001, 4));
  CHECK_FALSE(b::in_first_class(0b0101, 4));
}

TEST_CASE("bertsekas1991 §2: numbering for d = 4 (Fig. 6)") {
  auto tr = b::mnb_tree(4);
  // R_11 ordered so that t has a one at m(t) = 1, 2, 3, 4: e_1, e_2, e_3, e_4.
  CHECK(tr.by_number[1] == 0b0001);
  CHECK(tr.by_number[4] == 0b1000);
  // R_21: the block of two ones starts at position m(t) = 1, 2, 3, 4.
  CHECK(tr.by_number[5] == 0b0011);
  CHECK(tr.by_number[8] == 0b1001);
  // 11..1: m = 1 + (14 mod 4) = 3, link flips position 3.
  CHECK(tr.m(15) == 3);
  CHECK(tr.parent[15] == 0b1011);
  CHECK(tr.q == 4);
}

TEST_CASE("bertsekas1991 §2: key observation holds for d = 1..16") {
  for (int d = 1; d <= 16; ++d) {
    CAPTURE(d);
    auto f = b::key_observation(d);
    CHECK_MESSAGE(!f, (f ? f->message : std::string()));
  }
}

TEST_CASE("bertsekas1991 §2: multinode broadcast, d = 1..8, both models") {
  for (Model m : {Model::AllPort, Model::SinglePortFull}) {
    for (int d = 1; d <= 8; ++d) {
      CAPTURE(d);
      CAPTURE(to_string(m));
      auto root = b::mnb_root_broadcast(d, m);
      auto sym = verifier::verify_translated(root);
      CHECK(sym.valid);
      auto s = b::multinode_broadcast(d, m);
      auto v = verifier::verify_native(s);
      CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : std::string()));
      CHECK(v.metrics.steps == paper_mnb_time(d, m));
      CHECK(v.metrics.transmissions == pow2(d) * (pow2(d) - 1));
      CHECK(sym.metrics.steps == v.metrics.steps);
      CHECK(sym.metrics.transmissions == v.metrics.transmissions);
    }
  }
}

TEST_CASE("bertsekas1991 §1-§2: multinode accumulation by reversal, d = 1..8") {
  for (Model m : {Model::AllPort, Model::SinglePortFull}) {
    for (int d = 1; d <= 8; ++d) {
      CAPTURE(d);
      CAPTURE(to_string(m));
      auto s = b::multinode_accumulation(d, m);
      CHECK(s.problem().kind == ProblemKind::MultinodeAccumulation);
      auto v = verifier::verify_native(s);
      CHECK_MESSAGE(v.valid, (v.violation ? v.violation->message : std::string()));
      CHECK(v.metrics.steps == paper_mnb_time(d, m));
      CHECK(v.metrics.transmissions == pow2(d) * (pow2(d) - 1));
      auto sym = verifier::verify_translated(b::mna_root_accumulation(d, m));
      CHECK(sym.valid);
      CHECK(sym.metrics.transmissions == v.metrics.transmissions);
    }
  }
}

TEST_CASE("bertsekas1991 §2: the key observation check finds a broken numbering") {
  auto tr = b::mnb_tree(3);
  // Numbers: 1..3 = 001, 010, 100 (R_11), 4..6 = 011, 110, 101 (R_21), 7 = 111. Swapping 001 and
  // 011 puts 011 (n = 1, m = 1) in E_1 with its link from 010, which is also in E_1.
  REQUIRE(tr.by_number[1] == 0b001);
  REQUIRE(tr.by_number[4] == 0b011);
  std::swap(tr.by_number[1], tr.by_number[4]);
  tr.number[0b011] = 1;
  tr.number[0b001] = 4;
  for (Node t = 1; t < 8; ++t) tr.parent[t] = t ^ (Node{1} << (tr.m(t) - 1));
  auto f = b::key_observation(tr);
  REQUIRE(f);
  CHECK(f->rule == "earlier set");
  CHECK(f->node == 0b011);
  CHECK(f->parent == 0b010);
  CHECK(f->set == 1);
}

}  // namespace schedcert_test_bertsekas1991_mnb_test
