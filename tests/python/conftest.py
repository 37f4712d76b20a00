# pytest fixtures for the Python module (issue 17). ctest runs these with the build tree's module
# on PYTHONPATH and SCHEDCERT_BINARY naming the CLI, whose output the tests compare with.
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _binary():
    b = os.environ.get("SCHEDCERT_BINARY") or str(ROOT / "build" / "schedcert")
    if not os.path.exists(b):
        # a failure, not a skip: the comparisons with the CLI must not pass by not running
        pytest.fail("the schedcert CLI is not built (%s); set SCHEDCERT_BINARY" % b)
    return b


@pytest.fixture(scope="session")
def cli():
    """run(*args) -> CompletedProcess of the schedcert CLI (text, no check)."""
    binary = _binary()

    def run(*args):
        return subprocess.run([binary, *map(str, args)], capture_output=True, text=True,
                              timeout=120)
    return run


@pytest.fixture(autouse=True, scope="session")
def _sigint_raises_keyboardinterrupt():
    """The interrupt tests send SIGINT. A process started with SIGINT ignored (a background job
    of a non-interactive shell, as some CI runners start ctest) inherits SIG_IGN, and Python then
    installs no handler, so the signal would be lost and the search would run to its own limit.
    Install Python's default handler explicitly, as an interactive session has it."""
    import signal
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
