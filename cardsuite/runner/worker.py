"""One background thread that runs a runner's jobs (a bot's choice, a hint) in order.

A thread started per job costs more than many a bot's choice: a table of three bots in real
time asks for hundreds of decisions a minute.  The worker's thread starts with the first job
and ends by itself once it has waited :data:`IDLE` seconds with nothing to do, so a runner
that is dropped without being told leaves no thread behind for long.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable

IDLE = 2.0  # seconds the thread waits for another job before it ends


class Worker:
    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: deque[Callable[[], None]] = deque()
        self._ready = threading.Condition()
        self._running = False

    def run(self, job: Callable[[], None]) -> None:
        """Run ``job`` in the worker's thread after the jobs before it."""
        with self._ready:
            self._jobs.append(job)
            if self._running:
                self._ready.notify()
                return
            self._running = True
        threading.Thread(target=self._loop, name=self.name, daemon=True).start()

    def drop_pending(self) -> None:
        """Forget the jobs not started yet (the one running finishes)."""
        with self._ready:
            self._jobs.clear()

    def _loop(self) -> None:
        while True:
            with self._ready:
                if not self._jobs:
                    self._ready.wait_for(lambda: bool(self._jobs), timeout=IDLE)
                if not self._jobs:
                    self._running = False
                    return
                job = self._jobs.popleft()
            try:
                job()
            except BaseException:  # jobs catch their own errors: this one ends the thread
                with self._ready:
                    self._running = False
                raise
