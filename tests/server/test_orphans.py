"""No orphans: after `kill -9` of `cetate serve`, its bot workers and multiprocessing's resource tracker end
too (`cetate.server.bots`: each worker dies with its parent, by PR_SET_PDEATHSIG and a lifeline pipe)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.server.serve_process import free_port

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, ppid) of a process, or None if it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1])


def _alive(pid: int) -> bool:
    found = _stat(pid)
    return found is not None and found[0] not in ("Z", "X")  # a zombie has ended; only its reaper is late


def descendants(root: int) -> dict[int, str]:
    """The live processes below `root`: pid -> command line."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (found := _stat(int(entry))) is not None:
            children.setdefault(found[1], []).append(int(entry))
    found, todo = {}, [root]
    while todo:
        for pid in children.get(todo.pop(), []):
            if _alive(pid):
                try:
                    found[pid] = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
                except OSError:
                    continue
                todo.append(pid)
    return found


def test_bot_workers_and_the_resource_tracker_die_with_a_killed_server(tmp_path):
    port = free_port()
    env = {**os.environ, "CETATE_BOT_WORKERS": "2", "CETATE_BOT_DELAY_S": "0"}
    env.pop("CETATE_DATABASE_URL", None)
    with (tmp_path / "serve.log").open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "cetate.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--data-dir", str(tmp_path / "data")],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    left: dict[int, str] = {}
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as http:
            deadline = time.monotonic() + 60
            while True:
                assert server.poll() is None, (tmp_path / "serve.log").read_text()
                try:
                    if http.get("/api/games").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, "cetate serve did not answer"
                time.sleep(0.1)
            # a table of bots: they start playing at once, in the worker pool
            created = http.post("/api/tables", json={"game": "citadels", "players": 4, "seed": 5,
                                                     "seats": [{"kind": "bot", "bot": "random"}] * 4})
            assert created.status_code == 201, created.text

        def pool_started():
            found = descendants(server.pid)
            workers = [p for p, cmd in found.items() if "spawn_main" in cmd]
            tracker = [p for p, cmd in found.items() if "resource_tracker" in cmd]
            return found if workers and tracker else None

        deadline = time.monotonic() + 60
        while not (left := pool_started() or {}):
            assert time.monotonic() < deadline, f"no bot worker started: {descendants(server.pid)}"
            time.sleep(0.05)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=10)
        deadline = time.monotonic() + 5
        while any(_alive(p) for p in left) and time.monotonic() < deadline:
            time.sleep(0.05)
        alive = {p: cmd for p, cmd in left.items() if _alive(p)}
        assert not alive, f"orphans after kill -9 of the server: {alive}"
    finally:
        for pid in [server.pid, *left]:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if server.poll() is None:
            server.wait(timeout=10)
