// schedcert-mpi: the schedcert command line on MPI ranks (issue 14). Rank 0 runs the command as
// schedcert would; `schedcert-mpi cube ...` then hands the cubes to the other ranks
// (distributor_mpi.hpp). The other ranks only serve cubes and leave when rank 0 releases them,
// whatever the command's outcome, so a failing command never leaves ranks waiting.
//   mpirun -np 64 schedcert-mpi cube alpha --dim 7 --max-size 24 --dir run-a7
// With a single rank there is no worker: the command runs as plain schedcert (local threads).
#include <mpi.h>

#include "cli/commands.hpp"
#include "mpi/distributor_mpi.hpp"

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rc = 0;
  if (size < 2) {
    rc = schedcert::cli::run_app(argc, argv);
  } else {
    schedcert::mpi::MpiDistributor d(MPI_COMM_WORLD);
    if (rank != 0) {
      d.work();
    } else {
      schedcert::search::set_distributor(&d);
      rc = schedcert::cli::run_app(argc, argv);
      d.release();
      schedcert::search::set_distributor(nullptr);
    }
  }
  MPI_Finalize();
  return rc;
}
