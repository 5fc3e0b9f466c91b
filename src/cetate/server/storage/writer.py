"""`AppendWriter`: one thread that writes the moves of every table, many per transaction.

A move is acknowledged only once its transaction has committed (an acknowledged move survives `kill -9`),
but the moves that arrive while a commit runs wait for the next one together: under load one commit
carries tens of moves instead of one (docs/performance.md, "The server's move path"). A batch that
breaks a rule of the log (a repeated key, a seq out of order) is retried move by move with
`Store.append_action`, so each move gets its own answer: written, `DuplicateKey` or `SequenceError`.
"""

from __future__ import annotations

import logging
import queue
import threading
from concurrent.futures import Future, InvalidStateError
from typing import Any

log = logging.getLogger("cetate.server.storage")

BATCH_MAX = 256  # moves in one transaction


class AppendWriter:
    def __init__(self, store: Any) -> None:
        self.store = store
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._closed = False

    def submit(self, table_id: str, seq: int, seat: int, action: dict, key: str | None, by_bot: bool = False,
               timeout: bool = False) -> Future:
        """Queue one move; the future is done once it is committed (or holds the store's error)."""
        future: Future = Future()
        if self._closed:
            future.set_exception(RuntimeError("the store's writer is closed"))
            return future
        self._ensure_thread()
        self._queue.put(({"table_id": table_id, "seq": seq, "seat": seat, "action": action, "key": key,
                          "by_bot": by_bot, "timeout": timeout}, future))
        return future

    def close(self) -> None:
        """Write what is queued, then stop the thread."""
        self._closed = True
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None

    def _ensure_thread(self) -> None:
        if self._thread is None:
            with self._start_lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="cetate-append-writer", daemon=True)
                    self._thread.start()

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < BATCH_MAX:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._write(batch)
            if stop:
                return

    def _write(self, batch: list) -> None:
        try:
            self.store.append_actions([item for item, _ in batch])
        except Exception:
            if len(batch) == 1:  # one move: its own error is the answer, as `append_action` gives it
                self._one(*batch[0])
            else:
                for item, future in batch:
                    self._one(item, future)
            return
        for _, future in batch:
            _settle(future)

    def _one(self, item: dict, future: Future) -> None:
        try:
            self.store.append_action(item["table_id"], item["seq"], item["seat"], item["action"], item["key"],
                                     item["by_bot"], item["timeout"])
        except Exception as exc:  # handed to the waiting move
            _settle(future, exc)
        else:
            _settle(future)


def _settle(future: Future, exc: BaseException | None = None) -> None:
    """Answer a waiting move, unless its waiter gave up (cancelled at shutdown): the writer thread must
    outlive any one waiter, or every later move would wait forever."""
    if future.done():
        return
    try:
        if exc is None:
            future.set_result(None)
        else:
            future.set_exception(exc)
    except InvalidStateError:  # cancelled between the check and the answer
        pass
