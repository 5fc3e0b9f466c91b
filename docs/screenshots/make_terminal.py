"""Render terminal screenshots of `cetate play` as SVG (docs/screenshots/*.svg).

    .venv/bin/python docs/screenshots/make_terminal.py

Each screenshot is the last screen of a short bot-played game (`--auto`), recorded with Rich.
"""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from cetate import cli

HERE = Path(__file__).parent
SHOTS = {
    "citadels-terminal-classic": ["play", "citadels", "--players", "4", "--seed", "11", "--auto"],
    "citadels-terminal-dark-city": ["play", "citadels", "--players", "5", "--seed", "12", "--auto",
                                    "--characters", "replace_two", "--districts", "3", "-o", "rank9=\"queen\""],
}


class ScreenConsole(Console):
    """A recording console whose `clear()` starts a new screen, so the SVG shows the last screen only."""

    def clear(self, home: bool = True) -> None:
        with self._record_buffer_lock:
            self._record_buffer.clear()


def main() -> None:
    for name, args in SHOTS.items():
        consoles: list[Console] = []

        def recording() -> Console:
            console = ScreenConsole(record=True, width=110, file=io.StringIO(), highlight=False,
                                    force_terminal=True)
            consoles.append(console)
            return console

        cli._console = recording
        result = CliRunner().invoke(cli.app, args, input="\n")
        if result.exit_code != 0:
            raise SystemExit(f"{name}: exit {result.exit_code}: {result.output}")
        path = HERE / f"{name}.svg"
        path.write_text(consoles[-1].export_svg(title=f"cetate {' '.join(args[:2])}"), encoding="utf-8")
        print(path)


if __name__ == "__main__":
    main()
