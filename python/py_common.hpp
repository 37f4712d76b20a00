// Shared pieces of the Python bindings (issue 17): the interruptible runner and the small
// conversions every binding file uses. The bindings only convert arguments and results; every
// answer comes from the library the CLI links (schedcert_lib).
#pragma once
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "schedules/model.hpp"
#include "schedules/problem.hpp"

namespace schedcert::python {

namespace py = pybind11;

// Runs `work` (a library call) on a worker thread with the GIL released, under a fresh command
// budget (schedules::budget::command_budget(), which the library's long loops and solver hooks
// poll). The calling thread waits in slices of 50 ms; between slices it re-acquires the GIL and
//   * calls PyErr_CheckSignals(): Ctrl-C (SIGINT) makes the pending KeyboardInterrupt;
//   * calls progress({"elapsed": s, "phase": ..., "reached": ..., **extra()}) every
//     `progress_interval` seconds when progress is not None.
// A pending Python exception (KeyboardInterrupt, or whatever progress raised) stops the budget
// (every Budget::check throws, solvers are interrupted), waits for the worker to return, and is
// re-raised. timeout_s > 0 is the budget's deadline (the library's own --timeout behaviour).
// One such call runs at a time (the command budget is process-wide); a second thread waits.
void run_interruptible(const std::function<void()>& work, const py::object& progress,
                       double timeout_s, double progress_interval = 1.0,
                       const std::function<py::dict()>& extra = {});

// Argument parsing with the library's own messages (InputError -> ValueError).
schedules::Model model_arg(const std::string& name);
schedules::ProblemKind problem_arg(const std::string& name);

void bind_schedule(py::module_& m);
void bind_checks(py::module_& m);
void bind_search(py::module_& m);

}  // namespace schedcert::python
