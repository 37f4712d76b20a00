// One registration function per paper; each lives in that paper's folder of constructions.
#pragma once

namespace schedcert::schedules {
class Registry;
}

namespace schedcert::schedules::constructions {

void register_core(Registry& r);            // core.cpp: SBT broadcast, Gray-code ring
void register_bertsekas1991(Registry& r);   // bertsekas1991/register.cpp
void register_hojohnsson1986(Registry& r);  // hojohnsson1986/register.cpp
void register_dimakopoulos1998(Registry& r);
void register_fragopoulou1995(Registry& r);
void register_desprez1993(Registry& r);
void register_allreduce(Registry& r);  // allreduce/register.cpp

inline void register_all(Registry& r) {
  register_core(r);
  register_bertsekas1991(r);
  register_hojohnsson1986(r);
  register_dimakopoulos1998(r);
  register_fragopoulou1995(r);
  register_desprez1993(r);
  register_allreduce(r);
}

}  // namespace schedcert::schedules::constructions
