# Long calls stop on Ctrl-C (KeyboardInterrupt) and report progress through a callback.
import _thread
import os
import signal
import threading
import time

import pytest

import schedcert as sc


def test_progress_callback_sees_the_search_and_can_stop_it():
    seen = []

    def progress(info):
        seen.append(info)
        if info["elapsed"] > 1.0:
            raise KeyboardInterrupt

    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        sc.search_alpha(7, timeout=0, progress=progress)
    assert time.monotonic() - t0 < 4.0
    assert seen and all("elapsed" in i and "phase" in i for i in seen)
    # the module is usable after the interruption
    assert sc.search_alpha(4).alpha is not None


def test_sigint_stops_a_long_search():
    timer = threading.Timer(1.0, _thread.interrupt_main)
    timer.start()
    t0 = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            sc.search_alpha(7, timeout=0)
    finally:
        timer.cancel()
    assert time.monotonic() - t0 < 4.0


def test_sigint_stops_a_synthesis():
    timer = threading.Timer(1.0, _thread.interrupt_main)
    timer.start()
    t0 = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            sc.synthesize("Q3", "single-port-half", "total-exchange", timeout=3600)
    finally:
        timer.cancel()
    assert time.monotonic() - t0 < 4.0


def test_timeout_gives_a_gap_not_an_answer():
    r = sc.search_alpha(7, timeout=1.0)
    assert r.alpha is None and r.status == "gap" and r.lower <= r.upper


# A real SIGINT while Z3 solves: Z3 would catch it itself (and swallow the first one) unless the
# module turns that off (encodings/smt/z3_interrupts.hpp).
@pytest.mark.parametrize("call", [
    lambda: sc.search_tree("Q6", objective="max-leaves", timeout=0),
    lambda: sc.synthesize("Q3", "single-port-half", "total-exchange", timeout=3600),
], ids=["search_tree", "synthesize"])
def test_a_real_sigint_stops_a_z3_search(call):
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    t0 = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    assert time.monotonic() - t0 < 4.0
