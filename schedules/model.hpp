// Communication models. Every link is full duplex, one packet per direction per step.
//   all-port           (Bertsekas' MLA, "multiport"): every incident link may be used each step.
//   single-port-full   (SLA, "1 send and 1 receive"): <= 1 send and <= 1 receive per node per step.
//   single-port-half   ("1 send or 1 receive"): <= 1 transmission (sent or received) per node.
//   shout-whisper      (Desprez et al. 1993): a node sends one message to any set of neighbours at
//                      once (all its sends in a step carry the same packet), receives at most one,
//                      and does not send and receive in the same step.
#pragma once
#include <string>
#include <vector>

namespace schedcert::schedules {

enum class Model { AllPort, SinglePortFull, SinglePortHalf, ShoutWhisper };

std::string to_string(Model m);
// Accepts the canonical names and the aliases MLA, SLA, multiport, 1port-full, 1port-half.
Model parse_model(const std::string& name);  // throws InputError listing the valid names
std::vector<Model> all_models();

}  // namespace schedcert::schedules
