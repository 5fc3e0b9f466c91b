"""The REINFORCE example of docs/rl.md runs and reports its win rate."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "reinforce_gates.py"


def test_the_reinforce_example_trains_and_reports():
    done = subprocess.run([sys.executable, str(EXAMPLE), "--games", "40", "--every", "20"], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("games")]
    assert len(lines) == 2
    assert "win rate vs random over the last 20" in lines[-1]
