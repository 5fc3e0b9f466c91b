"""The terminal screen of Citadels for `cetate play` / `cetate replay` (see `Game.terminal`).

`table` draws a seat's view: the round, the characters, the players' gold, hands, cities and scores, and the
seat's own cards; `hint` adds a short note after an action's label. Every text comes from the catalogs
(`screen.*`, `character.*`, `card.*`, `help.*` in the Citadels catalog, `list.separator` in the core one), and
every number from the view or the engine's note on the action (`Game.annotate`, games/citadels/notes.py): this
screen works out no rule of its own.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from cetate.core.i18n import Catalog

DOT = " · "  # separates the parts of a status line


def _join(catalog: Catalog, lang: str, items: list[str]) -> str:
    return catalog.text("list.separator", lang).join(items)


def _label(text: str, style: str = "bold") -> Text:
    """A heading such as "Your hand:", followed by a space."""
    return Text(text, style=style).append(" ")


COLOUR_STYLES = {"yellow": "bold yellow", "blue": "bold blue", "green": "bold green", "red": "bold red",
                 "purple": "bold magenta"}


def _card_text(catalog: Catalog, lang: str, card: dict, cost: bool = True) -> Text:
    name = catalog.text(f"card.{card['id']}", lang)
    label = f"{name} {card['cost']}" if cost else name
    return Text(label, style=COLOUR_STYLES.get(card.get("colour", ""), ""))


def _cards_text(catalog: Catalog, lang: str, cards: list[dict], sep: str | None = None) -> Text:
    if not cards:
        return Text("-", style="dim")
    if sep is None:
        sep = catalog.text("list.separator", lang)
    return Text(sep).join(_card_text(catalog, lang, c) for c in cards)


def _character_names(catalog: Catalog, lang: str, characters: list[str]) -> str:
    return _join(catalog, lang, [catalog.text(f"character.{c}", lang) for c in characters])


def _characters(view: dict, catalog: Catalog, lang: str, names: list[str]) -> Text:
    chars = view["characters"]
    you = view.get("you") or {}
    mine = set(you.get("characters", []))
    known_down = set(you.get("known_face_down", []))
    parts = []
    for number, cid in enumerate(chars["roster"], start=1):
        label = f"{number} {catalog.text(f'character.{cid}', lang)}"
        style = ""
        notes = []
        if cid in chars["face_up"]:
            notes.append(catalog.text("screen.note.face_up", lang))
            style = "dim strike"
        if cid in chars["revealed"]:
            notes.append(names[chars["revealed"][cid]])
            style = "bold"
        if cid in chars["absent"] and cid not in chars["face_up"]:
            notes.append(catalog.text("screen.note.absent", lang))
            style = "dim"
        if cid == chars.get("killed"):
            notes.append(catalog.text("screen.note.killed", lang))
            style = "bold red"
        if cid == chars.get("robbed"):
            notes.append(catalog.text("screen.note.robbed", lang))
        if cid in mine and cid not in chars["revealed"]:
            notes.append(catalog.text("screen.note.yours", lang))
            style = style or "bold cyan"
        if cid in known_down:
            notes.append(catalog.text("screen.note.face_down", lang))
            style = style or "dim"
        if cid == chars.get("calling"):
            style = "reverse " + (style or "bold")
        text = Text(label, style=style)
        if notes:
            text.append(f" [{_join(catalog, lang, notes)}]", style="dim" if "reverse" not in style else style)
        parts.append(text)
    line = _label(catalog.text("screen.characters", lang)).append_text(Text("  ").join(parts))
    down = chars.get("face_down_count", 0)
    if down:
        line.append(DOT + catalog.text("screen.face_down", lang, count=down), style="dim")
    return line


def table(view: dict, catalog: Catalog, lang: str, names: list[str], seat: int | None) -> Group:
    chars = view["characters"]
    turn = view.get("turn") or {}
    protected = chars.get("bishop_protects")
    size = view.get("completion_size")
    phase = catalog.text(f"phase.{view['phase']}", lang)
    round_text = catalog.text("screen.round", lang, round=view["round"])
    head = Text(DOT.join([catalog.text("game.name", lang), round_text, phase]), style="bold")
    if view.get("to_move") is not None:
        head.append(DOT + catalog.text("screen.to_move", lang) + " ").append(names[view["to_move"]],
                                                                             style="bold cyan")
    if turn:
        head.append(DOT + catalog.text("screen.called", lang, character=turn["character"]))
        action = catalog.text("screen.action_taken" if turn["acted"] else "screen.action_pending", lang)
        status = catalog.text("screen.turn_status", lang, action=action, builds=turn["builds_left"])
        head.append(f" ({status})", style="dim")
    info = Text(catalog.text("screen.deck", lang, count=view["deck_size"]), style="dim")
    if view.get("discard_pile_size"):
        info.append(DOT + catalog.text("screen.discard_pile", lang, count=view["discard_pile_size"]))
    if view.get("bank") is not None:
        info.append(DOT + catalog.text("screen.bank", lang, count=view["bank"]))
    if view.get("end_triggered"):
        info.append(DOT + catalog.text("screen.last_round", lang), style="bold red")

    table = Table(show_edge=False, pad_edge=False, expand=False, header_style="bold")
    table.add_column("", no_wrap=True)
    table.add_column(catalog.text("screen.col.player", lang), no_wrap=True)
    table.add_column(catalog.text("screen.col.gold", lang), justify="right")
    table.add_column(catalog.text("screen.col.hand", lang), justify="right")
    table.add_column(catalog.text("screen.col.character", lang))
    table.add_column(catalog.text("screen.col.city_of", lang, size=size) if size
                     else catalog.text("screen.col.city", lang))
    table.add_column(catalog.text("screen.col.points", lang), justify="right")
    for p in view["players"]:
        i = p["seat"]
        marks = Text()
        if p["crown"]:
            marks.append("♛", style="bold yellow")
        if view.get("to_move") == i:
            marks.append("▶", style="bold cyan")
        name = Text(names[i], style="bold cyan" if i == seat else "")
        character = Text(_character_names(catalog, lang, p["characters"]) or "-")
        if protected == i:
            character.append(" " + catalog.text("screen.protected", lang), style="dim")
        city = _cards_text(catalog, lang, p["city"])
        points = Text(str(p["score"]))
        if p.get("complete"):
            points.append(" ✔", style="bold green")
        table.add_row(marks, name, str(p["gold"]), str(p["hand_size"]), character, city, points)

    parts: list[Any] = [head, info, _characters(view, catalog, lang, names), table]
    you = view.get("you")
    if you is not None:
        parts.append(_label(catalog.text("screen.you.hand", lang)).append_text(
            _cards_text(catalog, lang, you["hand"], " · ")))
        if you.get("characters"):
            parts.append(_label(catalog.text("screen.you.characters", lang)).append(
                _character_names(catalog, lang, you["characters"])))
        if you.get("offered"):
            parts.append(_label(catalog.text("screen.you.offered", lang)).append(
                _character_names(catalog, lang, you["offered"])))
        if you.get("drawn"):
            parts.append(_label(catalog.text("screen.you.drawn", lang)).append_text(
                _cards_text(catalog, lang, you["drawn"])))
        if you.get("set_aside"):
            parts.append(_label(catalog.text("screen.you.set_aside", lang)).append_text(
                _cards_text(catalog, lang, you["set_aside"])))
        refused = [r for r in view.get("refusals", []) if r["target"]["type"] == "build"]
        if refused:  # the engine's reasons (games/citadels/notes.py), e.g. "Costs 5; you have 4."
            reasons = [f"{catalog.text('card.' + r['target']['card'], lang)} ({_refusal_text(catalog, lang, r)})"
                       for r in refused]
            parts.append(_label(catalog.text("screen.you.cannot_build", lang), "dim").append(DOT.join(reasons),
                                                                                            style="dim"))
        for holder, cards in (you.get("known_hands") or {}).items():
            parts.append(Text(catalog.text("screen.known_hand", lang, players=names, seat=int(holder),
                                           cards=list(cards)), style="dim"))
    if view.get("graveyard"):
        g = view["graveyard"]
        offer = catalog.text("screen.graveyard", lang, players=names, seat=g["owner"], card=g["card"])
        parts.append(Text(offer, style="dim"))
    return Group(*parts)


def _refusal_text(catalog: Catalog, lang: str, refusal: dict) -> str:
    return catalog.text(f"refusal.{refusal['code']}", lang,
                        **{k: v for k, v in refusal.items() if k not in ("code", "target")})


def hint(view: dict, action: dict, catalog: Catalog, lang: str, note: dict | None = None) -> str:
    """A short note after an action label: a card, a price, the income, what a character does. `note` is the
    engine's note on the action (`Game.annotate`) when the caller has it: the price after every discount."""
    atype = action.get("type")
    you = view.get("you") or {}
    note = note or {}
    if atype in ("pick", "discard_character"):
        return catalog.text(f"help.character.{action['character']}", lang)
    if atype in ("build", "keep", "discard", "laboratory", "wizard_build"):
        cards = {c["id"]: c for c in you.get("hand", []) + you.get("drawn", []) + you.get("wizard_hand", [])}
        card = cards.get(action.get("card"))
        if card is None:
            return ""
        text = catalog.text("screen.hint.card", lang, colour=card["colour"], cost=card["cost"])
        if "price" in note and note["price"] != note.get("printed"):
            text += " — " + catalog.text("screen.hint.price", lang, price=note["price"])
        if catalog.has(f"help.card.{card['id']}"):
            text += " — " + catalog.text(f"help.card.{card['id']}", lang)
        return text
    if atype in ("destroy", "exchange") and "price" in note:
        return catalog.text("screen.hint.price", lang, price=note["price"])
    if atype == "collect_income" and "gold" in note:
        return catalog.text("screen.hint.income", lang, amount=note["gold"])
    return ""
