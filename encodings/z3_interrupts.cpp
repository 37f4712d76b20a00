#include "encodings/z3_interrupts.hpp"

#include <atomic>

namespace schedcert::encodings {

namespace {
std::atomic<bool> g_ctrl_c{true};
}  // namespace

bool z3_ctrl_c() {
  return g_ctrl_c.load(std::memory_order_relaxed);
}
void set_z3_ctrl_c(bool on) {
  g_ctrl_c.store(on, std::memory_order_relaxed);
}

}  // namespace schedcert::encodings
