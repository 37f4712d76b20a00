// The family registry (make_family) and the distributor hook.
#include "search/family.hpp"

#include "schedules/error.hpp"
#include "search/alpha_cubes.hpp"
#include "search/coq_cubes.hpp"
#include "search/distributor.hpp"
#include "search/formula_cubes.hpp"

namespace schedcert::search {

std::unique_ptr<Family> make_family(const nlohmann::json& q) {
  if (!q.is_object()) throw InputError("query: expected a JSON object naming a cube family, got " + q.dump());
  const std::string kind = q.value("family", "");
  try {
    if (kind == "alpha-cds")
      return make_alpha_family(
          AlphaQuery{q.at("dim").get<int>(), q.at("max_size").get<unsigned>(), q.value("lex", false)});
    if (kind == "successive" || kind == "synthesis")
      return q.value("coq", false) ? make_coq_family(q) : make_formula_family(q);
  } catch (const nlohmann::json::exception& e) {
    throw InputError("query (family " + kind + "): " + e.what());
  }
  throw InputError("query: unknown cube family '" + kind + "'");
}

namespace {
Distributor* g_distributor = nullptr;
}

Distributor* distributor() { return g_distributor; }
void set_distributor(Distributor* d) { g_distributor = d; }

}  // namespace schedcert::search
