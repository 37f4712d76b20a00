// Total-exchange patterns and their sinks (see te_pattern.hpp).
#include "schedules/constructions/dimakopoulos1998/te_pattern.hpp"

#include "schedules/error.hpp"
#include "schedules/status.hpp"

namespace schedcert::schedules::constructions::dimakopoulos1998 {

std::uint64_t TePattern::num_transmissions() const {
  std::uint64_t t = 0;
  for (const auto& s : steps) t += s.size();
  return t;
}

void ScheduleWriter::tx(Node from, Node to, Node src, Node dst) {
  const std::uint64_t n = s_.network().size(), M = s_.problem().messages;
  s_.add(from, to, (static_cast<Item>(src) * n + dst) * M + message_);
}

void replay(const TePattern& p, TeSink& sink) {
  for (const auto& st : p.steps) {
    sink.step();
    for (const auto& t : st) sink.tx(t.from, t.to, t.src, t.dst);
  }
}

Schedule pattern_schedule(const TePattern& p, const Network& net, Model model,
                          std::uint32_t messages) {
  Problem prob;
  prob.kind = ProblemKind::TotalExchange;
  prob.messages = messages;
  Schedule s(net, model, prob);
  s.reserve(p.num_transmissions() * messages);
  for (std::uint32_t m = 0; m < messages; ++m) {
    ScheduleWriter w(s, m);
    replay(p, w);
  }
  return s;
}

void check_size(const Network& net, std::uint32_t messages, std::uint32_t packet_items,
                std::uint64_t max_transmissions) {
  if (messages < 1) throw InputError("--messages: M must be at least 1");
  if (packet_items != 1)
    throw InputError(
        "--packet-items: the Dimakopoulos-Dimopoulos schedules send one message "
        "per packet (B = 1), not B = " +
        std::to_string(packet_items));
  const schedules::Wide tx = schedules::total_status(net) * messages;
  if (tx > max_transmissions)
    throw InputError("--network: total exchange on " + net.name() +
                     " with M = " + std::to_string(messages) + " needs more than " +
                     std::to_string(max_transmissions) +
                     " transmissions, the most these constructions materialise");
}

}  // namespace schedcert::schedules::constructions::dimakopoulos1998
