// `schedcert certify --paper P --coq-optimality DIR`: writes DIR/<row>.v, a Coq optimality
// witness (witnesses/coq_optimality.hpp), for every row of P's tables marked optimal by bound
// (papers/paper_optimality.hpp), and prints one line per row.
#include <filesystem>
#include <fstream>
#include <ostream>

#include "papers/paper_optimality.hpp"
#include "cli/papers.hpp"
#include "cli/words.hpp"
#include "schedules/io/atomic_file.hpp"
#include "witnesses/coq_optimality.hpp"

namespace schedcert::cli {

int write_paper_optimality(const std::string& paper, int max_dim, const std::string& dir,
                           std::ostream& out) {
  std::filesystem::create_directories(dir);
  int code = 0;
  std::size_t written = 0;
  const auto rows = certify::optimal_paper_rows(paper, max_dim);
  for (const auto& r : rows) {
    const auto arg = witnesses::coq_optimality_argument(r.schedule);
    if (!arg) {
      out << "NO COQ ARGUMENT  " << r.row << ": no argument of coq/Bounds.v reaches "
          << count_of(r.schedule.num_steps(), "step") << "\n";
      code = 1;
      continue;
    }
    const std::string path = (std::filesystem::path(dir) / (r.label + ".v")).string();
    schedules::io::write_atomically(
        path, [&](std::ostream& o) { witnesses::write_coq_optimality(r.schedule, *arg, o); });
    ++written;
    out << "wrote " << path << "  (" << r.row << ": " << count_of(r.schedule.num_steps(), "step")
        << ", " << count_of(r.schedule.num_transmissions(), "transmission") << "; "
        << arg->coq_term() << ")\n";
  }
  out << written << " of " << rows.size() << " rows marked optimal by bound have a Coq "
      << "optimality witness (check each with coqc -Q <repo>/coq Schedcert FILE.v)\n";
  return code;
}

}  // namespace schedcert::cli
