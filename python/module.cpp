// The extension module schedcert._schedcert (issue 17): bindings over schedcert_lib, the library
// the CLI links. Error mapping: InputError (bad input, named field) -> schedcert.InputError (a
// ValueError) with the library's message, which the Python layer (schedcert/_args.py) rewords
// with the Python keywords in place of the CLI's options; UnknownResult (a budget ran out, a
// solver gave up) -> schedcert.Unknown (a RuntimeError), never a verdict. The interruptible runner used by every long call is here.
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "encodings/smt/z3_interrupts.hpp"
#include "python/py_common.hpp"
#include "schedules/budget/budget.hpp"
#include "schedules/error.hpp"
#include "schedules/budget/watchdog.hpp"

namespace schedcert::python {

namespace {
std::mutex& long_call_mutex() {
  static std::mutex m;
  return m;
}
}  // namespace

void run_interruptible(const std::function<void()>& work, const py::object& progress,
                       double timeout_s, double progress_interval,
                       const std::function<py::dict()>& extra) {
  std::unique_lock<std::mutex> one_at_a_time(long_call_mutex(), std::defer_lock);
  {
    py::gil_scoped_release nogil;
    one_at_a_time.lock();
  }
  const schedules::budget::Budget budget(timeout_s > 0 ? timeout_s : 0, 0, false, "timeout");
  schedules::budget::set_command_budget(budget);

  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  std::exception_ptr failure;
  std::thread worker([&] {
    try {
      work();
    } catch (...) {
      failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mu);
    done = true;
    cv.notify_all();
  });
  auto wait_for_worker = [&](std::chrono::milliseconds slice) {
    py::gil_scoped_release nogil;
    std::unique_lock<std::mutex> lock(mu);
    if (slice.count() == 0)
      cv.wait(lock, [&] { return done; });
    else
      cv.wait_for(lock, slice, [&] { return done; });
    return done;
  };

  bool interrupted = false;
  std::optional<py::error_already_set> python_error;
  std::exception_ptr callback_failure;
  double next_progress = progress_interval;
  while (!wait_for_worker(std::chrono::milliseconds(50))) {
    if (PyErr_CheckSignals() != 0) {
      python_error.emplace();
      interrupted = true;
      break;
    }
    if (!progress.is_none() && budget.elapsed_seconds() >= next_progress) {
      next_progress = budget.elapsed_seconds() + progress_interval;
      try {
        py::dict info = extra ? extra() : py::dict();
        info["elapsed"] = budget.elapsed_seconds();
        info["phase"] = budget.current_phase();
        info["reached"] = budget.reached();
        progress(info);
      } catch (py::error_already_set& e) {
        python_error.emplace(std::move(e));
        interrupted = true;
        break;
      } catch (...) {  // e.g. a cast error: still stop and join the worker before it propagates
        callback_failure = std::current_exception();
        interrupted = true;
        break;
      }
    }
  }
  if (interrupted) {
    budget.stop(schedules::budget::BudgetExceeded::Kind::Time);
    // Repeated until the worker returns: a stop that lands between a hook's registration and
    // Z3's check() would otherwise be lost, and the join would wait for Z3's own limit (seen as
    // a pytest run hanging under load in ctest).
    while (!wait_for_worker(std::chrono::milliseconds(50))) budget.repeat_stop_hooks();
  }
  worker.join();
  schedules::budget::set_command_budget(schedules::budget::Budget());
  one_at_a_time.unlock();
  if (python_error) throw std::move(*python_error);
  if (callback_failure) std::rethrow_exception(callback_failure);
  if (failure) std::rethrow_exception(failure);
}

schedules::Model model_arg(const std::string& name) {
  return schedules::parse_model(name);
}
schedules::ProblemKind problem_arg(const std::string& name) {
  return schedules::parse_problem_kind(name);
}

}  // namespace schedcert::python

PYBIND11_MODULE(_schedcert, m) {
  namespace py = pybind11;
  using namespace schedcert::python;
  m.doc() =
      "schedcert: communication schedules on hypercubes, tori and product networks "
      "(bindings over the library the schedcert CLI links)";
  m.attr("__version__") = SCHEDCERT_VERSION;
  static py::exception<schedcert::UnknownResult> unknown(m, "Unknown", PyExc_RuntimeError);
  static py::exception<schedcert::InputError> input_error(m, "InputError", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const schedcert::InputError& e) {
      input_error(e.what());
    } catch (const schedcert::UnknownResult& e) {
      unknown(e.what());
    }
  });
  // Z3 catches SIGINT during a check by default (it cancels the query and swallows the first
  // Ctrl-C): off, so that Ctrl-C reaches Python, which stops the budget and interrupts Z3 through
  // the budget's stop hooks (run_interruptible).
  schedcert::encodings::smt::set_z3_ctrl_c(false);
  bind_schedule(m);
  bind_checks(m);
  bind_search(m);
}
