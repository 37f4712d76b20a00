#include "schedules/model.hpp"

#include "schedules/error.hpp"

namespace schedcert::schedules {

std::string to_string(Model m) {
  switch (m) {
    case Model::AllPort: return "all-port";
    case Model::SinglePortFull: return "single-port-full";
    case Model::SinglePortHalf: return "single-port-half";
    case Model::ShoutWhisper: return "shout-whisper";
  }
  return "?";
}

Model parse_model(const std::string& name) {
  if (name == "all-port" || name == "MLA" || name == "mla" || name == "multiport")
    return Model::AllPort;
  if (name == "single-port-full" || name == "SLA" || name == "sla" || name == "1port-full")
    return Model::SinglePortFull;
  if (name == "single-port-half" || name == "1port-half") return Model::SinglePortHalf;
  if (name == "shout-whisper") return Model::ShoutWhisper;
  throw InputError("model '" + name +
                   "' is unknown (valid: all-port|MLA, single-port-full|SLA, single-port-half, "
                   "shout-whisper)");
}

std::vector<Model> all_models() {
  return {Model::AllPort, Model::SinglePortFull, Model::SinglePortHalf, Model::ShoutWhisper};
}

}  // namespace schedcert::schedules
