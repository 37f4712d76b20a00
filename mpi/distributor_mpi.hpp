// Cube-and-conquer on MPI ranks (issue 14): the Distributor of search/distributor.hpp over
// OpenMPI point-to-point messages. Built into schedcert-mpi only; the library stays free of MPI.
//
// Rank 0 is the master: it runs the command line as schedcert does, keeps the run directory
// (the only process that writes it) and hands out cubes; every other rank is a worker that
// conquers the cubes it is given and sends back the result with its checked certificate.
// Protocol (tags below, every payload a JSON text or an id):
//   master -> all workers  QUERY  {"query": family query, "cubes": [...], "cube_timeout": s,
//                                  "keep_dir": path or ""}: the worker rebuilds the family
//                                  (make_family) and answers READY (or ERROR);
//   master -> worker       CUBE   cube id;  the worker answers RESULT (a CubeResult as JSON);
//   master -> worker       ABORT  stop the current cube (early stop on SAT, deadline): the
//                                  worker polls for it from the solver's terminate hook;
//   master -> all workers  EXIT   leave the work loop (sent exactly once, in every outcome,
//                                  including errors on the master: release()).
// Load balancing is dynamic: a cube goes to whichever worker is idle. The master judges the run
// from the directory alone (search::summarize), exactly as for a local run, so a cube's
// certificate means the same whichever process produced it. Proofs are checked on the worker;
// --keep-proofs keeps them only where the run directory is on a file system the workers share.
#pragma once
#include <mpi.h>

#include <string>

#include "search/distributor.hpp"

namespace schedcert::mpi {

class MpiDistributor : public search::Distributor {
 public:
  explicit MpiDistributor(MPI_Comm comm);
  bool is_master() const override { return rank_ == 0; }
  int workers() const override { return size_ - 1; }
  search::RunSummary master(const search::Family& f, const search::RunDir& run,
                            const search::RunOptions& o) override;
  void work() override;
  void release() override;

 private:
  MPI_Comm comm_;
  int rank_ = 0, size_ = 1;
  bool released_ = false;
};

}  // namespace schedcert::mpi
