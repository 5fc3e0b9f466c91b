"""Render terminal screenshots of `cetate play` as SVG (docs/screenshots/*.svg).

    .venv/bin/python docs/screenshots/make_terminal.py

    .venv/bin/python docs/screenshots/make_terminal.py terminal-gates   # only the screenshots named

Each screenshot is the last screen of a short bot-played game (`--auto`), recorded with Rich; the Akropolis
placement screenshot is the screen of a human's placement in the middle of a game, and the Gates screenshot
a human's action turn in the middle of a match (duel 3, answering the opponent's card): their answers are
played by the heuristic bot and typed the way a player would (a number, or a placement as "q r k").
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from cetate import cli

HERE = Path(__file__).parent
SHOTS = {
    "citadels-terminal-classic": ["play", "citadels", "--players", "4", "--seed", "11", "--auto"],
    "citadels-terminal-dark-city": ["play", "citadels", "--players", "5", "--seed", "12", "--auto",
                                    "--characters", "replace_two", "--districts", "3", "-o", "rank9=\"queen\""],
    "terminal-akropolis": ["play", "akropolis", "--players", "2", "--seed", "7", "--auto", "--athena",
                           "--bots", "akropolis-heuristic"],
    "terminal-akropolis-place": ["play", "akropolis", "--players", "2", "--seed", "7", "--athena",
                                 "--bots", "akropolis-heuristic"],
    "terminal-gates": ["play", "gates", "--players", "2", "--seed", "21", "--bots", "gates-heuristic"],
}
STOP_AT = {  # answer until seat 0 is asked this, then stop
    "terminal-akropolis-place": lambda view: view["phase"] == "place" and view["turn"] >= 21,
    "terminal-gates": lambda view: view["phase"] == "action" and view["round"] >= 3 and bool(view["plays"][1]),
}


def answers(args: list[str], stop) -> str:
    """The answers a player would type in `cetate play` (seat 0), chosen by the bot of `--bots`, until
    `stop(view)` holds at a turn of seat 0; the input then ends there."""
    from cetate import games
    from cetate.bots import bot_seed, make_bot

    game = games.get(args[1])
    seed, players, bot = int(args[args.index("--seed") + 1]), int(args[args.index("--players") + 1]), \
        args[args.index("--bots") + 1]
    options = {"athena": "--athena" in args} if game.id == "akropolis" else {}
    state = game.setup(players, seed, options)
    bots = {i: make_bot(bot, game, i, bot_seed(seed, i)) for i in range(players)}
    lines = []
    while (mover := game.to_move(state)) is not None:
        legal = game.legal_actions(state)
        view = game.view(state, mover)
        if mover == 0 and stop(view):
            break
        action = bots[mover].act(view, legal)
        if mover == 0:
            fields = action.get("type") in ("place", "place_small")
            lines.append(f"{action['q']} {action['r']} {action['rot']}" if fields else str(legal.index(action) + 1))
        game.apply(state, action)
    return "\n".join(lines) + "\n"


class ScreenConsole(Console):
    """A recording console whose `clear()` starts a new screen, so the SVG shows the last screen only."""

    def clear(self, home: bool = True) -> None:
        with self._record_buffer_lock:
            self._record_buffer.clear()


def main(only: list[str]) -> None:
    for name, args in SHOTS.items():
        if only and name not in only:
            continue
        consoles: list[Console] = []

        def recording(consoles: list[Console] = consoles) -> Console:
            console = ScreenConsole(record=True, width=110, file=io.StringIO(), highlight=False,
                                    force_terminal=True)
            consoles.append(console)
            return console

        cli._console = recording
        stop = STOP_AT.get(name)
        result = CliRunner().invoke(cli.app, args, input=answers(args, stop) if stop else "\n")
        if result.exit_code != (1 if stop else 0):  # a stopped game ends with "the input ended"
            raise SystemExit(f"{name}: exit {result.exit_code}: {result.output}")
        path = HERE / f"{name}.svg"  # a stopped game: the screen waiting for the player's move
        path.write_text(consoles[-1].export_svg(title=f"cetate {' '.join(args[:2])}"), encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
