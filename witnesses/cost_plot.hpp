// The chart of `schedcert cost FILE... --plot out.svg`: predicted time against message size,
// log-log, one polyline per costed file (class "series", attribute data-file) and the lower bound
// of each distinct (network, model, problem) as a dashed line (class "bound"), with a legend.
// Written by hand as SVG 1.1 (no plotting dependency); the tests parse it with pugixml.
#pragma once
#include <ostream>
#include <vector>

#include "certify/cost_files.hpp"

namespace schedcert::witnesses {

// InputError when no file has numbers (every file invalid) or fewer than one size.
void write_cost_svg(const std::vector<certify::CostFileResult>& results,
                    const certify::CostFileOptions& o, std::ostream& out);

}  // namespace schedcert::witnesses
