"""The runner's worker: one thread, jobs in order, gone once idle."""

from __future__ import annotations

import threading
import time

import pytest

from cardsuite.runner import worker
from cardsuite.runner.worker import Worker


def test_jobs_run_one_after_another_in_the_order_given() -> None:
    done: list[int] = []
    threads: set[str] = set()
    last = threading.Event()
    gate = threading.Event()
    w = Worker("test worker")

    def job(n: int) -> None:
        gate.wait(5)  # the first job holds the thread while the others queue behind it
        threads.add(threading.current_thread().name)
        done.append(n)
        if n == 4:
            last.set()

    for n in range(5):
        w.run(lambda n=n: job(n))
    gate.set()
    assert last.wait(5)
    assert done == [0, 1, 2, 3, 4]
    assert threads == {"test worker"}


def test_the_thread_ends_when_idle_and_a_new_job_starts_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(worker, "IDLE", 0.01)
    w = Worker("idle worker")
    ran = threading.Event()
    w.run(ran.set)
    assert ran.wait(5)

    def alive() -> bool:
        return any(t.name == "idle worker" and t.is_alive() for t in threading.enumerate())

    deadline = time.monotonic() + 5
    while (w._running or alive()) and time.monotonic() < deadline:  # a condition, bounded
        time.sleep(0.005)
    assert not w._running and not alive()
    again = threading.Event()
    w.run(again.set)
    assert again.wait(5)


def test_pending_jobs_are_dropped_but_the_running_one_finishes() -> None:
    w = Worker("dropping worker")
    started, release, finished = threading.Event(), threading.Event(), threading.Event()
    dropped: list[int] = []

    def first() -> None:
        started.set()
        release.wait(5)
        finished.set()

    w.run(first)
    assert started.wait(5)
    w.run(lambda: dropped.append(1))
    w.drop_pending()
    release.set()
    assert finished.wait(5)
    done = threading.Event()
    w.run(done.set)  # the thread goes on with jobs given later
    assert done.wait(5)
    assert dropped == []
