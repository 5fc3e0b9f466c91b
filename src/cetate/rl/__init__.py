"""Reinforcement-learning environments built from the game protocol (docs/rl.md).

`env(game, players=None, options=None, render_mode=None, ...)` returns a PettingZoo AEC environment
(`cetate.rl.aec.CetateEnv`) for any game whose `encoder` hook numbers its actions and observations;
`versus(game, ..., bots=[...])` a single-agent Gymnasium environment where bots play the other seats
(`cetate.rl.single.VersusBots`). Both take `obs="dict"|"box"` (the observation with its mask, or one
vector with the mask beside it), `actions="flat"|"factored"` (default: the game's choice; Citadels is
factored) and `illegal="lose"|"raise"`. PettingZoo and Gymnasium come with `pip install cetate[rl]` (and
with the `dev` extra).

Importing this package registers the single-agent environments with Gymnasium (when it is installed):

    import gymnasium, cetate.rl
    e = gymnasium.make("cetate/Gates-v0", bots="gates-heuristic", obs="box")
    # or, without importing cetate.rl first: gymnasium.make("cetate.rl:cetate/Citadels-v0", players=4)
"""

from __future__ import annotations

from typing import Any

GYMNASIUM_IDS = {"citadels": "cetate/Citadels-v0", "akropolis": "cetate/Akropolis-v0", "gates": "cetate/Gates-v0"}


def env(game: Any, players: int | None = None, options: dict | None = None, render_mode: str | None = None,
        *, obs: str = "dict", actions: str | None = None, illegal: str = "lose"):
    """A PettingZoo AEC environment for `game` (an id or a game object); see `cetate.rl.aec`."""
    try:
        from cetate.rl.aec import CetateEnv
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ImportError("cetate.rl needs PettingZoo and Gymnasium: pip install 'cetate[rl]'") from exc
    return CetateEnv(game, players, options, render_mode, obs=obs, actions=actions, illegal=illegal)


def versus(game: Any, players: int | None = None, options: dict | None = None, bots: Any = "random",
           seat: int | None = None, render_mode: str | None = None, illegal: str = "lose", obs: str = "dict",
           actions: str | None = None):
    """One seat of `game` against `bots`, as a Gymnasium environment; see `cetate.rl.single`."""
    try:
        from cetate.rl.single import VersusBots
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise ImportError("cetate.rl needs PettingZoo and Gymnasium: pip install 'cetate[rl]'") from exc
    return VersusBots(game, players, options, bots, seat, render_mode, illegal, obs, actions)


def _register() -> None:
    """`gymnasium.make("cetate/Gates-v0", **versus_arguments)` for the shipped games."""
    try:
        import gymnasium
    except ImportError:  # pragma: no cover - depends on the installation
        return
    for game, env_id in GYMNASIUM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="cetate.rl.single:VersusBots", kwargs={"game": game})


_register()

raw_env = env
