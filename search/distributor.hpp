// The hook through which a distributed runner (the MPI one, mpi/, built into schedcert-mpi
// only) takes over from the local thread pool. The library stays free of MPI: the front end asks
// distributor(); when one is installed, the master process prepares the run directory as usual
// and calls master(), every other process calls work() and never touches the directory.
// Protocol duties of an implementation: send the family's query() to the workers first (they
// rebuild the family with make_family), hand out cubes one at a time to whichever worker is idle
// (dynamic load balancing), record each result in the run directory as it arrives, stop early
// on a SAT cube, and release the workers in every outcome (including errors on the master).
#pragma once
#include "search/runner.hpp"

namespace schedcert::search {

class Distributor {
 public:
  virtual ~Distributor() = default;
  virtual bool is_master() const = 0;
  virtual int workers() const = 0;
  virtual RunSummary master(const Family& f, const RunDir& run, const RunOptions& o) = 0;
  virtual void work() = 0;
  // Releases the workers without work (the master failed before master() or did not need it).
  virtual void release() = 0;
};

Distributor* distributor();
void set_distributor(Distributor* d);

}  // namespace schedcert::search
