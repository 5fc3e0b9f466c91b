"""Reinforcement-learning environments built from the game protocol (docs/rl.md).

`env(game, players=None, options=None, render_mode=None)` returns a PettingZoo AEC environment
(`cetate.rl.aec.CetateEnv`) for any game whose `encoder` hook numbers its actions and observations;
`versus(game, ..., bots=[...])` a single-agent Gymnasium environment where bots play the other seats
(`cetate.rl.single.VersusBots`). PettingZoo and Gymnasium come with `pip install cetate[rl]` (and with
the `dev` extra).
"""

from __future__ import annotations

from typing import Any


def env(game: Any, players: int | None = None, options: dict | None = None, render_mode: str | None = None):
    """A PettingZoo AEC environment for `game` (an id or a game object); see `cetate.rl.aec`."""
    try:
        from cetate.rl.aec import CetateEnv
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ImportError("cetate.rl needs PettingZoo and Gymnasium: pip install 'cetate[rl]'") from exc
    return CetateEnv(game, players, options, render_mode)


def versus(game: Any, players: int | None = None, options: dict | None = None, bots: Any = "random",
           seat: int | None = None, render_mode: str | None = None, illegal: str = "raise"):
    """One seat of `game` against `bots`, as a Gymnasium environment; see `cetate.rl.single`."""
    try:
        from cetate.rl.single import VersusBots
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ImportError("cetate.rl needs PettingZoo and Gymnasium: pip install 'cetate[rl]'") from exc
    return VersusBots(game, players, options, bots, seat, render_mode, illegal)


raw_env = env
