"""How the command line draws a game: a seat's screen (the game's `Terminal` part, or its raw view), the menu
of legal actions, and the final scores. Every text comes from the catalogs."""

from __future__ import annotations

import json
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cetate.cli.base import DOT, action_label, join, label, name_of
from cetate.core.i18n import Catalog
from cetate.core.protocol import TerminalPart

JOURNAL_LINES = 12
COMPACT_OVER = 30  # more legal actions than this: the menu is printed in columns


def _raw_view(view: dict, catalog: Catalog, lang: str, names: list[str], seat: int | None) -> Any:
    from rich.pretty import Pretty

    return Pretty(view)


GENERIC = TerminalPart(table=_raw_view)
"""The screens of a game without a `Terminal` part: its raw view, a generic menu and score table."""


def terminal_of(game) -> Any:
    """The game's terminal screens (`Game.terminal`), or the generic ones."""
    return game.terminal() or GENERIC


def draw(console: Console, game, view: dict, seat: int | None, catalog: Catalog, lang: str,
         names: list[str], journal: list[str]) -> None:
    if console.is_terminal:
        console.clear()
    console.print(Rule(name_of(game, catalog, lang)))
    console.print(terminal_of(game).table(view, catalog, lang, names, seat))
    tail = journal[-JOURNAL_LINES:]
    if tail:
        body = Text("\n").join(Text(line) for line in tail)
    else:
        body = Text(catalog.text("cli.journal.empty", lang), style="dim")
    console.print(Panel(body, title=Text(catalog.text("cli.journal.title", lang)), title_align="left",
                        border_style="dim"))


class Menu:
    """The legal actions of a turn as people see them: full labels with the game's hints (which show the
    engine's notes on each action, `Game.annotate`), or for a long menu (more than COMPACT_OVER actions) the
    game's short labels in columns; and the game's parser for moves typed as their fields."""

    def __init__(self, game, state, view: dict, legal: list[dict], seat: int, catalog: Catalog, lang: str,
                 names: list[str]) -> None:
        terminal = terminal_of(game)
        self.legal = legal
        self.parse = terminal.parse
        self.labels = [action_label(game, state, a, catalog, lang, names) for a in legal]
        self.compact = len(legal) > COMPACT_OVER
        if terminal.hint is not None and not self.compact:
            notes = game.annotate(state, seat, legal)
            self.hints = [terminal.hint(view, a, catalog, lang, note) for a, note in zip(legal, notes, strict=True)]
        else:
            self.hints = [""] * len(legal)
        short = terminal.short
        shorts = [short(a, catalog, lang) if short is not None else None for a in legal]
        self.shorts = [s or text for s, text in zip(shorts, self.labels, strict=True)]
        self.example = next((s for s in shorts if s), None) if self.parse is not None else None

    def __len__(self) -> int:
        return len(self.legal)


def print_actions(console: Console, menu: Menu, catalog: Catalog, lang: str) -> None:
    console.print(Text(catalog.text("cli.play.your_move", lang), style="bold"))
    width = len(str(len(menu)))
    if not menu.compact:
        for i, (text, hint) in enumerate(zip(menu.labels, menu.hints, strict=True), start=1):
            line = Text(f"  {i:>{width}}. ").append(text)
            if hint:
                line.append(f"  ({hint})", style="dim")
            console.print(line)
        return
    # a long menu: short labels in columns, without hints (the game's screen can point out the best moves)
    cells = [Text(f"{i:>{width}}. ").append(text) for i, text in enumerate(menu.shorts, start=1)]
    console.print(Columns(cells, padding=(0, 3), column_first=True))
    if menu.example:
        console.print(Text(catalog.text("cli.play.compact", lang, count=len(menu), example=menu.example),
                           style="dim"))


def _score_cell(value: Any) -> str:
    """A score table cell: a number, or the total of a breakdown (a dict of points, e.g. per card)."""
    if isinstance(value, dict):
        points = [v for v in value.values() if isinstance(v, int | float) and not isinstance(v, bool)]
        return str(sum(points)) if points else "-"
    return str(value)


def print_result(console: Console, result: dict | None, names: list[str], catalog: Catalog, lang: str,
                 game=None) -> None:
    """The final scores: the game's own table (`Terminal.result`) or a generic one."""
    if not isinstance(result, dict):
        console.print(Text(catalog.text("cli.result.none", lang), style="yellow"))
        return
    draw_result = terminal_of(game).result if game is not None else None
    if draw_result is not None:
        console.print(draw_result(result, catalog, lang, names))
        return
    scores = result.get("scores")
    if not isinstance(scores, list) or not scores or not all(isinstance(s, dict) for s in scores):
        console.print_json(json.dumps(result))
        return
    keys = [k for k in scores[0] if k not in ("seat", "total", "rank")]
    keys += [k for k in ("total", "rank") if k in scores[0]]
    table = Table(title=catalog.text("cli.result.title", lang), header_style="bold")
    table.add_column(catalog.text("cli.result.player", lang))
    for k in keys:
        known = catalog.raw(f"score.{k}", lang)[0] is not None
        table.add_column(catalog.text(f"score.{k}", lang) if known else k, justify="right")
    winners = sorted(set(result.get("winners", [])))
    order = sorted(range(len(scores)), key=lambda i: (scores[i].get("rank", 0), i))
    for i in order:
        seat = scores[i].get("seat", i)
        style = "bold green" if seat in winners else ""
        table.add_row(names[seat] if 0 <= seat < len(names) else str(seat),
                      *[_score_cell(scores[i].get(k, "")) for k in keys], style=style)
    console.print(table)
    line = label(catalog.text("cli.result.winners", lang, count=len(winners)))
    line.append(join(catalog, lang, [names[w] for w in winners]) or "-")
    tie = result.get("tie_break")
    if tie is not None:
        rule = catalog.text(f"tie_break.{tie}", lang)
        line.append(DOT + catalog.text("cli.result.tie_break", lang, rule=rule))
    if "rounds" in result:
        line.append(DOT + catalog.text("cli.result.rounds", lang, count=result["rounds"]))
    if result.get("stalled"):
        line.append(DOT + catalog.text("cli.result.stalled", lang), style="yellow")
    console.print(line)
