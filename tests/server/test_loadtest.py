"""`cetate loadtest` end to end: a real local server, a tiny bounded load (closed and open loop), one JSON
line with the figures, no error, and nothing left behind (no server process, no temporary folder)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from cetate.server.loadtest import LoadtestError, check_url, is_loopback, percentile

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

KEYS = {"moves_per_s", "p50_ms", "p95_ms", "p99_ms", "errors", "game", "players", "tables", "rate", "seconds",
        "moves", "games_finished", "mode", "url", "rss_mib", "cpu_s", "cpu_percent", "client_cpu_s",
        "client_cpu_percent"}


def _servers_on(port: int) -> list[int]:
    """Processes whose command line is a `cetate serve` on `port`."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                args = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"serve" in args and str(port).encode() in args:
                found.append(int(entry))
    return found


def _loadtest(tmp_path: Path, *args: str) -> dict:
    out = tmp_path / "result.json"
    env = {**os.environ, "TMPDIR": str(tmp_path)}
    env.pop("CETATE_DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-m", "cetate.cli", "loadtest", *args, "--out", str(out)],
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout[-3000:]
    doc = json.loads(lines[0])
    assert json.loads(out.read_text(encoding="utf-8")) == doc
    assert set(doc) >= KEYS, sorted(KEYS - set(doc))
    assert doc["moves"] > 0 and doc["errors"] == 0, doc
    assert doc["p50_ms"] <= doc["p95_ms"] <= doc["p99_ms"]
    assert doc["rss_mib"]["peak"] > 0 and doc["cpu_s"] >= 0
    url = urlsplit(doc["url"])
    assert url.hostname == "127.0.0.1"
    assert _servers_on(url.port) == [], "the local server outlived the run"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("cetate-loadtest-")] == []
    return doc


def test_closed_loop_citadels(tmp_path: Path):
    doc = _loadtest(tmp_path, "--game", "citadels", "--tables", "3", "--seconds", "3")
    assert doc["mode"] == "closed" and doc["tables_live"] == 3 and doc["game"] == "citadels"
    assert doc["moves_per_s"] > 10


def test_open_loop_gates_over_two_driver_processes(tmp_path: Path):
    doc = _loadtest(tmp_path, "--game", "gates", "--tables", "4", "--seconds", "3", "--rate", "2",
                    "--clients", "2")
    assert doc["mode"] == "open" and doc["rate"] == 2 and doc["clients"] == 2
    assert doc["offered_moves_per_s"] == 8
    assert 8 <= doc["moves"] <= 8 * 3 + 4  # about rate x tables x seconds (each slot starts at a random phase)


def test_helpers():
    assert percentile([], 50) is None
    values = [float(v) for v in range(1, 101)]
    assert (percentile(values, 50), percentile(values, 95), percentile(values, 99)) == (50, 95, 99)
    assert check_url("http://127.0.0.1:8000/") == "http://127.0.0.1:8000"
    with pytest.raises(LoadtestError):
        check_url("ftp://example.org")
    assert is_loopback("http://localhost:1") and is_loopback("http://[::1]:1")
    assert not is_loopback("http://example.org")
