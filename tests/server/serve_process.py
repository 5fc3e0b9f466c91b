"""`cetate serve` as a real process for tests: started in a process group of its own on a free loopback port,
waited for until a path answers 200, killed (SIGKILL, every process of it) or stopped (SIGTERM)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServeProcess:
    """`cetate serve --host 127.0.0.1 --port <free> *args`, with its output in `log`."""

    def __init__(self, args: list[str], env: dict, log: Path, ready_path: str = "/api/health",
                 http_timeout: float = 20) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        self.log = log.open("ab")
        command = [sys.executable, "-m", "cetate.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   *args]
        self.process = subprocess.Popen(command, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        self.http = httpx.Client(base_url=self.base, timeout=http_timeout)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"cetate serve exited with {self.process.returncode}:\n{self.tail()}")
            try:
                if self.http.get(ready_path).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                self.kill()
                raise AssertionError(f"cetate serve did not answer:\n{self.tail()}")
            time.sleep(0.1)

    def tail(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def kill(self) -> None:
        """SIGKILL every process of it (the server, its workers and bot processes), mid-whatever."""
        self.http.close()
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.log.close()

    def stop(self) -> None:
        """SIGTERM, and SIGKILL if it has not ended within 20 s."""
        self.http.close()
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.log.close()
