"""The terminal play loop: one person at a seat, bots at the others, until the game is over.

The person sees their seat's screen and the journal (`screen.draw`), the menu of legal actions with the
engine's notes, and answers by number or with a move typed as its fields (`ask`); `?` asks the game's easy
bot for a hint, `u` takes back their own last move while it showed nothing hidden and no one else has moved
since (`cetate.core.takeback.showed_nothing`), `q` abandons.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console
from rich.text import Text

from cetate.bots import choose
from cetate.cli.base import EXIT_FAILURE, action_label, fail, label, render_events
from cetate.cli.screen import Menu, draw, print_actions
from cetate.core.errors import IllegalAction
from cetate.core.i18n import DEFAULT_LANGUAGE, Catalog
from cetate.core.record import Recorder
from cetate.core.takeback import showed_nothing

TAKE_BACK = -1  # what `ask` returns when the player takes back their last move


def _words(catalog: Catalog, lang: str, key: str) -> set[str]:
    """The answers a message lists (`cli.ask.quit_words`...), in `lang` and in English."""
    return {w.lower() for c in (lang, DEFAULT_LANGUAGE) for w in catalog.text(key, c).split()}


def ask(console: Console, menu: Menu, catalog: Catalog, lang: str,
        suggest: Callable[[], int] | None = None, undo: bool = False) -> int:
    """Read a number from 1 to the menu's length, or a move typed as its fields when the game can parse
    one (re-asking with the reason on bad input); returns the index of the chosen action. With `suggest`
    (the index of the move a bot would play), `?` prints that move as a hint and asks again; with `undo`,
    `u` returns TAKE_BACK (without it, `u` says why there is nothing to take back)."""
    quit_words = {"q", *_words(catalog, lang, "cli.ask.quit_words")}
    undo_words = _words(catalog, lang, "cli.ask.undo_words")
    if undo:
        console.print(Text(catalog.text("cli.ask.undo_note", lang), style="dim"))
    count, example = len(menu), menu.example
    if example:
        prompt = catalog.text("cli.ask.prompt_move", lang, count=count, example=example)
    else:
        prompt = catalog.text("cli.ask.prompt", lang, count=count)
    while True:
        try:
            raw = console.input(Text(prompt))
        except EOFError:
            console.print()
            fail(catalog, lang, "cli.error.input_ended", EXIT_FAILURE)
        raw = raw.strip()
        if not sys.stdin.isatty():
            console.print(Text(raw, style="dim"))
        if raw.lower() in quit_words:
            console.print(Text(catalog.text("cli.ask.abandoned", lang)))
            raise typer.Exit(EXIT_FAILURE)
        if not raw:
            console.print(Text(catalog.text("cli.ask.empty", lang, count=count), style="yellow"))
            continue
        if raw.lower() in undo_words:
            if undo:
                return TAKE_BACK
            console.print(Text(catalog.text("cli.ask.no_undo", lang), style="yellow"))
            continue
        if raw == "?":
            if suggest is None:
                console.print(Text(catalog.text("cli.ask.no_hint", lang), style="yellow"))
                continue
            i = suggest()
            console.print(Text(catalog.text("cli.ask.hint", lang, number=i + 1, move=menu.labels[i]), style="cyan"))
            continue
        try:
            number = int(raw)
        except ValueError:
            number = None
        if number is None:
            action = menu.parse(raw, menu.legal) if menu.parse is not None else None
            if action is None:
                key = "cli.ask.not_a_move" if example else "cli.ask.not_a_number"
                console.print(Text(catalog.text(key, lang, text=raw, count=count, example=example),
                                   style="yellow"))
            elif action in menu.legal:
                return menu.legal.index(action)
            else:
                console.print(Text(catalog.text("cli.ask.not_legal", lang, text=raw, count=count),
                                   style="yellow"))
            continue
        if not 1 <= number <= count:
            console.print(Text(catalog.text("cli.ask.out_of_range", lang, number=number, count=count),
                               style="yellow"))
            continue
        return number - 1


def play_loop(console: Console, game, state: Any, seat: int, bots: dict[int, Any], recorder: Recorder,
              catalog: Catalog, lang: str, names: list[str], adviser: Any = None, auto: bool = False,
              journal: list[str] | None = None) -> tuple[Any, list[str]]:
    """Play `state` to its end: `bots` (seat -> bot) move for the other seats (and for `seat` too with
    `auto`), the person at `seat` answers the menu. Every move goes to `recorder`. `adviser`: the bot whose
    move `?` names. Returns the final state and the journal."""
    journal = list(journal or [])
    taken: list[tuple[Any, int, int]] = []  # (state before, actions before, journal lines before) per move
    while (mover := game.to_move(state)) is not None:
        turn = len(recorder.record.actions)
        if mover == seat:
            view = game.view(state, mover)
            draw(console, game, view, seat, catalog, lang, names, journal)
            if auto:
                action = choose(bots[seat], game, state, seat, turn)
                console.print(label(catalog.text("cli.play.bot_plays", lang), "dim").append(
                    action_label(game, state, action, catalog, lang, names)))
            else:
                legal = game.legal_actions(state)
                menu = Menu(game, state, view, legal, seat, catalog, lang, names)
                print_actions(console, menu, catalog, lang)

                def suggest(legal=legal, state=state, turn=turn) -> int:
                    return legal.index(choose(adviser, game, state, seat, turn))

                choice = ask(console, menu, catalog, lang, suggest=suggest if adviser is not None else None,
                             undo=bool(taken))
                if choice == TAKE_BACK:  # back to before the seat's last move (see below)
                    state, actions_before, journal_before = taken.pop()
                    del recorder.record.actions[actions_before:]
                    del journal[journal_before:]
                    console.print(Text(catalog.text("cli.ask.undone", lang), style="cyan"))
                    continue
                action = legal[choice]
        else:
            action = choose(bots[mover], game, state, mover, turn)
        before = game.clone(state) if mover == seat and not auto else None
        mark = (turn, len(journal))
        try:
            events = game.apply(state, action)
        except IllegalAction as exc:  # a bot bug: report it clearly
            fail(catalog, lang, "cli.error.bot_illegal", EXIT_FAILURE, player=names[mover],
                 action=json.dumps(action), detail=exc.message)
        recorder.add(action)
        journal.extend(render_events(game, catalog, events, seat, lang, names))
        # `u` takes back the player's own moves while no one else has moved since and they showed
        # nothing hidden (a card drawn or a tile revealed stands); a bot's move closes the door
        if before is not None and showed_nothing(game, before, action, state, [seat]):
            taken.append((before, *mark))
        else:
            taken.clear()
    return state, journal
