"""`make bench-compare BASE=<rev>`: the engine benchmarks of this working tree against another revision, side by
side on this machine, in alternation, with the ratio of each figure.

Both trees run the same measuring code (this file, as a child process with the tree's `src` first on the path),
and it asks the engines only through the game registry and the protocol every revision has (`setup`, `to_move`,
`legal_actions`, `random_action`, `apply`, the RL `env`, `make_bot`), so a revision from before a change measures
the same work as the change itself. The IS-MCTS cases warm up first, untimed (imports and tables built on first use
are not counted). Each case runs `--rounds` times per tree, in the order A B B A A B ..., so a
machine that slows down or speeds up during the run weighs on both sides alike; the figure of a tree is its median.

    python tools/bench_compare.py --base HEAD~3                 # every case
    python tools/bench_compare.py --base main --case citadels   # the cases whose name contains "citadels"
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# name: (what it measures, unit, the worker's arguments)
CASES: dict[str, tuple[str, str, dict]] = {
    "citadels-2p": ("Citadels, 2 players, random games", "games/s", {"kind": "random", "game": "citadels",
                                                                    "players": 2}),
    "citadels-4p": ("Citadels, 4 players, random games", "games/s", {"kind": "random", "game": "citadels",
                                                                    "players": 4}),
    "citadels-7p": ("Citadels, 7 players, random games", "games/s", {"kind": "random", "game": "citadels",
                                                                    "players": 7}),
    "akropolis-2p-listing": ("Akropolis, 2 players, a random pick from every legal placement", "games/s",
                             {"kind": "listing", "game": "akropolis", "players": 2}),
    "akropolis-4p-listing": ("Akropolis, 4 players, a random pick from every legal placement", "games/s",
                             {"kind": "listing", "game": "akropolis", "players": 4}),
    "akropolis-2p-sampler": ("Akropolis, 2 players, random games (the sampler)", "games/s",
                             {"kind": "random", "game": "akropolis", "players": 2}),
    "akropolis-4p-sampler": ("Akropolis, 4 players, random games (the sampler)", "games/s",
                             {"kind": "random", "game": "akropolis", "players": 4}),
    "akropolis-athena": ("Akropolis + Athena, 3 players, random games", "games/s",
                         {"kind": "random", "game": "akropolis", "players": 3, "options": {"athena": True}}),
    "gates": ("Gates, random matches", "games/s", {"kind": "random", "game": "gates", "players": 2}),
    "rl-citadels": ("RL env, Citadels, 4 players", "steps/s", {"kind": "rl", "game": "citadels", "players": 4}),
    "rl-akropolis": ("RL env, Akropolis, 2 players", "steps/s", {"kind": "rl", "game": "akropolis", "players": 2}),
    "rl-gates": ("RL env, Gates", "steps/s", {"kind": "rl", "game": "gates", "players": 2}),
    "ismcts-citadels": ("IS-MCTS (random playouts), Citadels, 4 players", "iterations/s",
                        {"kind": "ismcts", "game": "citadels", "players": 4}),
    "ismcts-akropolis": ("IS-MCTS (random playouts), Akropolis, 2 players", "iterations/s",
                         {"kind": "ismcts", "game": "akropolis", "players": 2}),
    "ismcts-gates": ("IS-MCTS (random playouts), Gates", "iterations/s",
                     {"kind": "ismcts", "game": "gates", "players": 2}),
}


# --- the worker: one measurement in one tree -------------------------------------------------------------------

# the clock of every figure: wall time (`perf_counter`), or with `--clock cpu` the CPU time of the worker
# (`process_time`), which other work on a shared machine disturbs much less
clock = time.process_time if os.environ.get("CETATE_BENCH_CLOCK") == "cpu" else time.perf_counter

def _measure(spec: dict, seconds: float) -> float:
    from cetate import games

    game = games.get(spec["game"])
    players, options = spec["players"], spec.get("options") or {}
    rnd = random.Random(0)
    kind = spec["kind"]
    if kind == "ismcts":
        return _measure_ismcts(game, players, options, seconds)
    if kind == "rl":
        return _measure_rl(game, players, options, seconds)
    done, seed = 0, 0
    started = clock()
    while done == 0 or clock() - started < seconds:
        state = game.setup(players, seed, options)
        while game.to_move(state) is not None:
            if kind == "listing":
                action = rnd.choice(game.legal_actions(state))
            else:
                action = game.random_action(state, rnd)
            game.apply(state, action)
        done += 1
        seed += 1
    return done / (clock() - started)


def _measure_rl(game, players: int, options: dict, seconds: float) -> float:
    import numpy as np

    from cetate.rl import env as make_env

    environment = make_env(game, players, options)
    rnd = np.random.default_rng(0)
    steps, seed = 0, 0
    started = clock()
    while steps == 0 or clock() - started < seconds:
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            obs, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            environment.step(int(legal[rnd.integers(len(legal))]))
            steps += 1
        seed += 1
    return steps / (clock() - started)


def _measure_ismcts(game, players: int, options: dict, seconds: float) -> float:
    """Search iterations per second of search time, over whole games (every decision of every seat).

    A warm-up runs first, untimed, on other seeds: the imports, and the tables an engine builds or loads on
    first use (the Gates duel table, the catalogs), are paid there and not counted, in either tree."""
    _ismcts_games(game, players, options, max(0.5, seconds / 4), first_seed=10_000)
    return _ismcts_games(game, players, options, seconds)


def _ismcts_games(game, players: int, options: dict, seconds: float, first_seed: int = 0) -> float:
    from cetate.bots import bot_seed, choose, make_bot

    iterations, spent, seed = 0, 0.0, first_seed
    started = clock()
    while iterations == 0 or clock() - started < seconds:
        state = game.setup(players, seed, options)
        bots = [make_bot("ismcts:iterations=100:playout=random", game, i, bot_seed(seed, i)) for i in range(players)]
        count = 0
        while game.to_move(state) is not None and clock() - started < seconds:
            mover = game.to_move(state)
            t0 = clock()
            action = choose(bots[mover], game, state, mover, count)
            spent += clock() - t0
            game.apply(state, action)
            count += 1
        iterations += sum(b.iterations_done for b in bots)
        seed += 1
    return iterations / max(spent, 1e-9)


def worker(argv: list[str]) -> None:
    spec, seconds, src = json.loads(argv[0]), float(argv[1]), Path(argv[2]).resolve()
    import cetate

    where = Path(cetate.__file__).resolve()
    if src not in where.parents:
        raise SystemExit(f"bench_compare: imported cetate from {where}, not from {src}")
    print(json.dumps({"value": _measure(spec, seconds)}))


# --- the driver -----------------------------------------------------------------------------------------------

def _export(rev: str, into: Path) -> Path:
    """The tree of revision `rev` (its `src` folder) unpacked under `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def _run(src: Path, spec: dict, seconds: float, cpu: bool = False) -> float:
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0", "CETATE_BENCH_CLOCK": "cpu" if cpu else "wall"}
    # -P would drop the script's folder from the path; the tree's src must come before the editable install
    code = ("import sys; sys.path.insert(0, sys.argv[1]); sys.argv = sys.argv[1:]; "
            "import runpy; runpy.run_path(sys.argv[1], run_name='__worker__')")
    out = subprocess.run([sys.executable, "-c", code, str(src), __file__, json.dumps(spec), str(seconds), str(src)],
                         env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])["value"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the revision to compare with (a commit, tag or branch)")
    parser.add_argument("--head", default=None, help="a revision instead of the working tree")
    parser.add_argument("--case", action="append", default=None,
                        help="only the cases whose name contains this (repeatable); cases: " + ", ".join(CASES))
    parser.add_argument("--rounds", type=int, default=3, help="measurements per tree and case (default 3)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement (default 3)")
    parser.add_argument("--json", action="store_true", help="one JSON line per case instead of a table")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="time each figure by the wall clock (default) or by the worker's CPU time, which "
                             "other work on a shared, loaded machine disturbs much less")
    args = parser.parse_args()
    chosen = [name for name in CASES if not args.case or any(part in name for part in args.case)]
    if not chosen:
        raise SystemExit(f"no case matches {args.case}; cases: {', '.join(CASES)}")
    with tempfile.TemporaryDirectory(prefix="bench-compare-") as tmp:
        base_src = _export(args.base, Path(tmp) / "base")
        head_src = _export(args.head, Path(tmp) / "head") if args.head else ROOT / "src"
        head_name = args.head or "working tree"
        if not args.json:
            print(f"{'case':24} {'unit':13} {args.base[:12]:>12} {head_name[:12]:>12} {'ratio':>7}")
        for name in chosen:
            _what, unit, spec = CASES[name]
            figures: dict[str, list[float]] = {"base": [], "head": []}
            for i in range(args.rounds):
                order = ("base", "head") if i % 2 == 0 else ("head", "base")
                for side in order:
                    figures[side].append(_run(base_src if side == "base" else head_src, spec, args.seconds,
                                            args.clock == "cpu"))
            base, head = statistics.median(figures["base"]), statistics.median(figures["head"])
            ratio = head / base if base else float("nan")
            if args.json:
                print(json.dumps({"case": name, "unit": unit, "base": round(base, 2), "head": round(head, 2),
                                  "ratio": round(ratio, 3), "base_runs": [round(v, 2) for v in figures["base"]],
                                  "head_runs": [round(v, 2) for v in figures["head"]]}), flush=True)
            else:
                print(f"{name:24} {unit:13} {base:12.1f} {head:12.1f} {ratio:6.2f}x", flush=True)


if __name__ == "__main__":
    main()
elif __name__ == "__worker__":
    worker(sys.argv[2:])
