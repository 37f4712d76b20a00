// Registers the constructions of this paper (one file per construction in this folder).
#include "schedules/constructions/all.hpp"
#include "schedules/registry.hpp"

namespace schedcert::schedules::constructions {

void register_desprez1993(Registry& /*r*/) {}

}  // namespace schedcert::schedules::constructions
