// libFuzzer target: the header parsers on arbitrary strings (issue 9). Network::parse,
// parse_model and parse_problem_kind either succeed or throw schedcert::InputError; anything
// else is a bug. A parsed network is also queried a little (name round trip, size, ports,
// neighbours of node 0 when it is small) to exercise the digit arithmetic.
// Built and run by tests/fuzz/run_fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string>

#include "schedules/error.hpp"
#include "schedules/model.hpp"
#include "schedules/network.hpp"
#include "schedules/problem.hpp"

using namespace schedcert::schedules;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    Network net = Network::parse(text);
    const std::string name = net.name();
    Network again = Network::parse(name);  // the canonical name must parse to the same network
    if (again.size() != net.size() || again.ports() != net.ports()) __builtin_trap();
    if (net.size() <= (1u << 20) && net.ports() <= 64) {  // K1038626: a million neighbours
      const Node n = net.num_nodes();
      const Node v = n - 1;
      net.for_each_neighbour(v, [&](Node w, int dim) {
        if (w >= n || !net.adjacent(v, w) || net.edge_dim(v, w) != dim) __builtin_trap();
        (void)net.port(v, w);
      });
      (void)net.diameter();
    }
  } catch (const schedcert::InputError&) {
  }
  try {
    (void)parse_model(text);
  } catch (const schedcert::InputError&) {
  }
  try {
    (void)parse_problem_kind(text);
  } catch (const schedcert::InputError&) {
  }
  return 0;
}
