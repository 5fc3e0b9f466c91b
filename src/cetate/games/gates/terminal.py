"""The terminal screen of Gates of the Citadel for `cetate play` (see `Game.terminal`).

`table` draws a seat's view, the way the seed's screen lays it out: the duel and the Gate at stake, the
phase and who is to move; during the draft the six pairs (who chooses which pair, each card's index, value
and explosion, who took what); the four Gates with their symbols and holders; the players' Gates, scores,
hand, reserve and main cards still to come; the two main cards in play (index, value, explosion, whether it
fires, the preliminary main scores, the difference kept of them and the final main scores); the action row
(who acts first, the cards attached in each step with value, circle and symbol, cancelled cards, the step
scores and table bonuses); the seat's hand with each special effect; the graveyards (numbered while the
Poet chooses); the siege targets; the last duel's summary; and the +5 table.

The final main scores, step scores and totals of the duel in play come from `notes.projection` (the cards
attached so far, public); `hint` shows the action notes of the engine (`notes.attach_note`: what a card of
the hand would do if it were attached now; `notes.siege_odds`: a siege's chance from the cards the seat has
not seen), and which main cards explode, the choosers, the gate at stake and the gates held come with the
view or the card data: the screen works out no rule itself. `result` draws the final table.
Every text comes from the catalogs (`screen.*` and the other Gates keys; `cli.result.*` and
`list.separator` in the core one).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from cetate.core.i18n import Catalog
from cetate.games.gates.data import CardSet, cards
from cetate.games.gates.notes import attach_note, projection, siege_odds
from cetate.games.gates.resolve import WILD_SCORES, RoundResult, fires_against, printed
from cetate.games.gates.rules import DUELS

DOT = " · "  # separates the parts of a status line
MINUS = "−"
SYMBOL_STYLE = {"chisel": "bright_white", "coin": "yellow", "motor": "red", "map": "green", "wild": "magenta",
                "none": "dim"}


# -- small helpers ---------------------------------------------------------------------------------

def _label(text: str, style: str = "bold") -> Text:
    return Text(text, style=style).append(" ")


def _join(catalog: Catalog, lang: str, items: list[str]) -> str:
    return catalog.text("list.separator", lang).join(items)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat)


def _me(view: dict, seat: int | None) -> int | None:
    """The seat whose point of view the screen takes: the viewer (None for a spectator)."""
    me = seat if seat is not None else view.get("seat")
    return me if me in (0, 1) else None


def _explosion(amount: int) -> str:
    """A main card's explosion with its sign: +n on its own score, −n on the opposing score."""
    return f"+{amount}" if amount > 0 else f"{MINUS}{-amount}"


def _signed(n: int) -> str:
    return f"{MINUS}{-n}" if n < 0 else str(n)


def _symbol(catalog: Catalog, lang: str, symbol: str) -> Text:
    return Text(catalog.text(f"symbol.{symbol}", lang), style=SYMBOL_STYLE.get(symbol, ""))


def _alliance(view: dict) -> int:
    return view["options"]["alliance_value"]


def _card_value(cs: CardSet, view: dict, cid: str) -> int:
    return printed(cs, cid, _alliance(view))


def _main_cell(catalog: Catalog, lang: str, cs: CardSet, cid: str) -> Text:
    """A main card with its numbers: name · value / index / explosion."""
    card = cs.main[cid]
    return Text(catalog.text("screen.main_cell", lang, card=cid, value=card.value, index=card.index,
                             explosion=_explosion(card.explosion)))


def _table() -> Table:
    return Table(header_style="bold", show_edge=False, pad_edge=False)


def _titled(title: str, table: Table) -> Group:
    """A table under its title (a rich table title would be folded to the table's width)."""
    return Group(Text(title, style="bold underline"), table)


# -- the hooks the command line calls ----------------------------------------------------------------

def hint(view: dict, action: dict, catalog: Catalog, lang: str, note: dict | None = None) -> str:
    """A short note after an action's label: a main card's numbers in the draft; for a card of the hand what
    it would do now, the step score and table bonus it would get and the totals then; a siege's chance.
    `note` is the engine's note on the action (`notes.annotate`); without it (or for a seat that is not to
    move) the same note is asked of `notes` from the view."""
    note = note or {}
    atype = action.get("type")
    cs = cards()
    me = _me(view, None)
    if me is None:
        me = view.get("to_move")
    if atype == "choose" and action.get("card") in cs.main:
        card = cs.main[action["card"]]
        parts = [catalog.text("screen.hint.choose", lang, index=card.index, value=card.value,
                              explosion=_explosion(card.explosion))]
        targets = fires_against(cs, card)
        parts.append(catalog.text("screen.hint.fires", lang, cards=targets) if targets
                     else catalog.text("screen.hint.fires_none", lang))
        return DOT.join(parts)
    if me not in (0, 1):
        return ""
    if atype == "attach" and action.get("card") in cs.action:
        return _attach_hint(view, me, action["card"], catalog, lang, note)
    if atype == "skip":
        totals = note.get("totals")
        if totals is None:
            r = projection(view)
            totals = None if r is None else r.totals
        return "" if totals is None else catalog.text("screen.hint.totals", lang, mine=totals[me],
                                                      theirs=totals[1 - me])
    if atype == "poet" and action.get("card") in cs.action:
        card = cs.action[action["card"]]
        text = catalog.text("screen.hint.card", lang, value=_card_value(cs, view, card.id), circle=card.circle,
                            symbol=card.symbol)
        if card.special:
            text += DOT + catalog.text(f"help.special.{card.special}", lang)
        return text
    if atype == "siege" and isinstance(action.get("gate"), int):
        odds = note.get("odds") or siege_odds(view, me, action["gate"])
        if not odds["shown"]:
            return catalog.text("screen.hint.siege_sure", lang)
        return catalog.text("screen.hint.siege", lang, count=odds["hits"], unseen=odds["unseen"],
                            chance=odds["chance"], symbol=odds["symbol"])
    return ""


def _attach_hint(view: dict, me: int, cid: str, catalog: Catalog, lang: str, note: dict) -> str:
    """The engine's note of attaching `cid` now (`notes.attach_note`), in words."""
    cs = cards()
    card = cs.action[cid]
    note = note or attach_note(view, me, cid)
    if note.get("battle"):
        return catalog.text("screen.hint.battle", lang)
    if "totals" not in note:
        return ""
    parts: list[str] = []
    if "steals" in note:
        parts.append(catalog.text("screen.hint.alliance", lang, count=note["steals"],
                                  value=_card_value(cs, view, cid)))
    elif "graveyard" in note:
        parts.append(catalog.text("screen.hint.poet", lang, count=note["graveyard"]) if note["graveyard"]
                     else catalog.text("screen.hint.poet_empty", lang))
    elif "extra" in note:
        parts.append(catalog.text("screen.hint.crowns", lang))
    for effect in note["effects"]:
        kind = effect["kind"]
        if kind == "barter":
            parts.append(catalog.text("screen.hint.barter", lang, card=effect["target"], value=effect["value"]))
        elif kind == "barter_none":
            parts.append(catalog.text("screen.hint.barter_none", lang))
        elif kind == "treasure":
            parts.append(catalog.text("screen.hint.treasure", lang, value=effect["value"]))
        elif kind in ("torture", "prince"):
            parts.append(catalog.text("screen.hint.main_value", lang, before=effect["before"],
                                      after=effect["after"]))
        elif kind == "fireball":
            parts.append(catalog.text("screen.hint.main_score", lang, before=effect["before"],
                                      after=effect["after"]))
    if note["cancelled"]:
        parts.append(catalog.text("screen.hint.cancelled", lang))
    else:
        text = catalog.text("screen.hint.step", lang, step=note["step"], score=_signed(note["score"]))
        if note["bonus"]:
            text += DOT + catalog.text("screen.hint.bonus", lang)
        elif card.symbol != "none":
            text += DOT + catalog.text("screen.hint.no_bonus", lang)
        parts.append(text)
    totals = note["totals"]
    parts.append(catalog.text("screen.hint.totals", lang, mine=totals[me], theirs=totals[1 - me]))
    return DOT.join(parts)


def result(result: dict, catalog: Catalog, lang: str, names: list[str]) -> Group:
    """The final table: Gates and accumulated score per player, the winner (or a draw) and how it was decided."""
    scores = result.get("scores") or []
    winners = result.get("winners") or []
    table = _table()
    table.add_column(catalog.text("screen.result.col.player", lang), no_wrap=True)
    for column in ("gates", "score", "rank"):
        table.add_column(catalog.text(f"screen.result.col.{column}", lang), justify="right")
    order = sorted(range(len(scores)), key=lambda i: (scores[i].get("rank", 0), i))
    for i in order:
        sc = scores[i]
        style = "bold green" if i in winners and len(winners) == 1 else ""
        table.add_row(Text(_name(names, i), style=style), str(sc.get("gates", "")), str(sc.get("score", "")),
                      str(sc.get("rank", "")))
    tie = result.get("tie_break")
    line = Text()
    if tie == "draw" or len(winners) != 1:
        line.append(catalog.text("screen.result.draw", lang), style="bold")
    else:
        line.append_text(_label(catalog.text("cli.result.winners", lang, count=1)))
        line.append(_name(names, winners[0]), style="bold green")
    if tie in ("none", "score", "draw"):
        line.append(DOT + catalog.text(f"screen.result.by.{tie}", lang))
    parts: list[Any] = [_titled(catalog.text("cli.result.title", lang), table), line]
    stats = result.get("stats")
    if isinstance(stats, dict) and stats.get("duels"):
        parts.append(Text(catalog.text(
            "screen.result.stats", lang, duels=stats["duels"], explosions=stats.get("explosion_duels", 0),
            bonuses=stats.get("table_bonuses", 0), cards=stats.get("cards_attached", 0),
            battles=stats.get("battles", 0), sieges=stats.get("sieges", 0), won=stats.get("sieges_won", 0),
            neutral=stats.get("neutral_gates", 0)), style="dim"))
    return Group(*parts)


# -- the parts of the screen -------------------------------------------------------------------------

def _header(view: dict, catalog: Catalog, lang: str, names: list[str]) -> list[Text]:
    parts = [catalog.text("game.name", lang)]
    rnd = view["round"]
    if rnd and view["phase"] != "over":
        gate = view["stake"]
        if gate is not None:
            parts.append(catalog.text("screen.header.duel_gate", lang, round=rnd, duels=DUELS, gate=gate,
                                      symbol=view["gate_symbols"][gate]))
        else:
            parts.append(catalog.text("screen.header.duel_siege", lang, round=rnd, duels=DUELS))
    parts.append(catalog.text(f"phase.{view['phase']}", lang))
    head = Text(DOT.join(parts), style="bold")
    if view.get("to_move") is not None:
        head.append(DOT + catalog.text("screen.header.to_move", lang) + " ").append(
            _name(names, view["to_move"]), style="bold cyan")
    info = Text(catalog.text("screen.header.first_chooser", lang, players=names, seat=view["first_chooser"]),
                style="dim")
    if view.get("order"):
        first, second = view["order"]
        info.append(DOT + catalog.text("screen.header.order", lang, players=names, first=first, second=second))
    return [head, info]


def _draft(view: dict, catalog: Catalog, lang: str, names: list[str], me: int | None) -> list[Any]:
    cs = cards()
    if not view["pairs"]:
        return [Text(catalog.text("screen.draft.not_dealt", lang), style="dim")]
    done = view["pair_index"]
    table = _table()
    table.add_column(catalog.text("screen.draft.col.pair", lang), justify="right")
    table.add_column(catalog.text("screen.draft.col.chooser", lang), no_wrap=True)
    table.add_column(catalog.text("screen.draft.col.first", lang))
    table.add_column(catalog.text("screen.draft.col.second", lang))
    for k, pair in enumerate(view["pairs"]):
        chooser = view["choosers"][k]
        cells = []
        for cid in pair:
            card = cs.main[cid]
            cell = Text(catalog.text(f"card.{cid}", lang), style="bold").append(
                f"\n{card.value} / {card.index} / {_explosion(card.explosion)}", style="")
            if k < done:
                owner = 0 if k < len(view["drafted"][0]) and view["drafted"][0][k] == cid else 1
                cell.append(" → " + _name(names, owner), style="bold cyan" if owner == me else "")
                if owner != chooser:
                    cell.stylize("dim")
            cells.append(cell)
        marker = Text(f"▶ {k + 1}" if k == done and view["phase"] == "draft" else str(k + 1),
                      style="bold cyan" if k == done else "")
        table.add_row(marker, Text(_name(names, chooser), style="bold cyan" if chooser == me else ""), *cells)
    parts: list[Any] = [_titled(catalog.text("screen.draft.title", lang), table)]
    for p in (0, 1):
        taken = view["drafted"][p]
        parts.append(_label(catalog.text("screen.draft.taken", lang, players=names, seat=p)).append(
            _join(catalog, lang, [catalog.text(f"card.{c}", lang) for c in taken])
            or catalog.text("list.empty", lang)))
    parts.append(Text(catalog.text("screen.draft.help", lang), style="dim"))
    parts.append(Text(catalog.text("screen.legend.main", lang), style="dim"))
    return parts


def _gates(view: dict, catalog: Catalog, lang: str, names: list[str], me: int | None) -> Group:
    """The four gates as columns: their symbols and who holds them (or neutral, at stake, not fought yet)."""
    cs = cards()
    targets = set(view.get("targets") or [])
    table = _table()
    table.add_column("", no_wrap=True)
    for g in range(len(view["gates"])):
        table.add_column(Text(catalog.text(f"gate.{g}", lang), style="bold"))
    holders: list[Text] = []
    for g, holder in enumerate(view["gates"]):
        if holder in (0, 1):
            cell = Text(_name(names, holder), style="bold cyan" if holder == me else "bold red")
        elif holder == "neutral":
            cell = Text(catalog.text("screen.gates.neutral", lang), style="yellow")
        elif view["stake"] == g:
            cell = Text(catalog.text("screen.gates.at_stake", lang), style="bold")
        else:
            cell = Text(catalog.text("screen.gates.open", lang), style="dim")
        if g in targets:
            cell.append(" ⚔", style="bold magenta")
        holders.append(cell)
    table.add_row(Text(catalog.text("screen.gates.col.symbol", lang), style="bold"),
                  *(_symbol(catalog, lang, cs.gate_symbols[g]) for g in range(len(view["gates"]))))
    table.add_row(Text(catalog.text("screen.gates.col.holder", lang), style="bold"), *holders)
    return _titled(catalog.text("screen.gates.title", lang), table)


def _players(view: dict, catalog: Catalog, lang: str, names: list[str], me: int | None) -> Group:
    table = _table()
    table.add_column("", no_wrap=True)
    table.add_column(catalog.text("screen.players.col.player", lang), no_wrap=True)
    for column in ("gates", "score", "hand", "reserve", "mains"):
        table.add_column(catalog.text(f"screen.players.col.{column}", lang), justify="right")
    for p in (0, 1):
        hand = view["hands"][p]
        table.add_row(Text("▶", style="bold cyan") if view.get("to_move") == p else "",
                      Text(_name(names, p), style="bold cyan" if p == me else ""), str(view["gates_held"][p]),
                      str(view["scores"][p]),
                      str(len(hand) if isinstance(hand, list) else hand), str(view["reserves"][p]),
                      str(view["main_deck"][p]["count"]))
    return _titled(catalog.text("screen.players.title", lang), table)


def _mains_left(view: dict, catalog: Catalog, lang: str, names: list[str], me: int | None) -> Group | None:
    cs = cards()
    decks = [view["main_deck"][p]["cards"] for p in (0, 1)]
    if not any(decks):
        return None
    table = _table()
    for p in (0, 1):
        table.add_column(Text(_name(names, p), style="bold cyan" if p == me else "bold"))
    for i in range(max(len(d) for d in decks)):
        table.add_row(*(_main_cell(catalog, lang, cs, d[i]) if i < len(d) else "" for d in decks))
    return _titled(catalog.text("screen.mains_left.title", lang), table)


def _status(view: dict, p: int) -> str | None:
    """Where player p is in the action row: "acting", "waiting", "skipped" (nothing attached, turn over) or
    None (cards attached, turn over)."""
    order = view.get("order") or (0, 1)
    actor = view.get("actor")
    plays = view["plays"][p]
    if view["phase"] in ("action", "extra", "poet") and actor is not None:
        if p == actor:
            return "acting"
        if order.index(p) > order.index(actor):
            return "waiting"
    return None if plays else "skipped"


def _duel(view: dict, catalog: Catalog, lang: str, names: list[str], me: int | None) -> list[Any]:
    """The two main cards in play and the action row, worked out with the cards attached so far."""
    cs = cards()
    current = view.get("current")
    if not current:
        return []
    a, b = cs.main[current[0]], cs.main[current[1]]
    prelim, fired = view["prelim"], view["prelim_fired"]
    r = projection(view)
    summary = view["history"][-1] if view["phase"] == "siege" and view.get("history") else None
    table = _table()
    table.add_column(catalog.text("screen.duel.col.player", lang), no_wrap=True)
    table.add_column(catalog.text("screen.duel.col.card", lang), no_wrap=True)
    for column in ("index", "value", "explosion", "fires", "prelim", "kept", "final"):
        table.add_column(catalog.text(f"screen.duel.col.{column}", lang), justify="right")
    for p, card in ((0, a), (1, b)):
        value = Text(str(card.value))
        if r is not None and r.main_values[p] != card.value:
            value.append(f" → {r.main_values[p]}", style="bold magenta")
        fires = Text("✓ " + catalog.text("screen.duel.fires", lang), style="bold yellow") if fired[p] \
            else Text("-", style="dim")
        if r is not None and r.fired[p] != fired[p]:
            fires.append(" → " + ("✓" if r.fired[p] else "✗"), style="bold magenta")
        # only the difference of the main scores counts (spec gates R32), as the engine works it out
        kept = str(r.differenced[p] if r is not None else view["prelim_differenced"][p])
        if r is not None:
            final = Text(str(r.main[p]), style="bold")
        elif summary is not None and "battle" in summary:
            final = Text(catalog.text("screen.duel.battle", lang), style="dim")
            kept = "-"
        else:
            final = Text("-", style="dim")
        table.add_row(Text(_name(names, p), style="bold cyan" if p == me else ""),
                      Text(catalog.text(f"card.{card.id}", lang), style="bold"), str(card.index), value,
                      _explosion(card.explosion), fires, str(prelim[p]), kept, final)
    parts: list[Any] = [_titled(catalog.text("screen.duel.title", lang, round=view["round"]), table),
                        _action_row(view, catalog, lang, names, me, r)]
    if summary is not None and "battle" in summary:
        cards0, cards1 = summary.get("battle_cards") or ([], [])
        parts.append(Text(catalog.text("screen.last.battle", lang, players=names, a=0, b=1, cards0=list(cards0),
                                       cards1=list(cards1), sum0=summary["totals"][0], sum1=summary["totals"][1]),
                          style="bold"))
    if r is not None:
        key = "screen.duel.totals" if view["phase"] == "siege" else "screen.duel.totals_now"
        parts.append(Text(catalog.text(key, lang, players=names, a=0, b=1, total0=r.totals[0],
                                       total1=r.totals[1], main0=r.main[0], main1=r.main[1]), style="bold"))
    return parts


def _action_row(view: dict, catalog: Catalog, lang: str, names: list[str], me: int | None,
                r: RoundResult | None) -> Group:
    """One column per player in playing order, one row per calculation step: each card with its value,
    circle and symbol, its step score and table bonus (or that it is cancelled), and what it did."""
    cs = cards()
    order = view.get("order") or (0, 1)
    table = _table()
    table.add_column("", no_wrap=True)
    for rank, p in enumerate(order):
        table.add_column(Text(catalog.text("screen.row.first" if rank == 0 else "screen.row.second", lang,
                                           players=names, seat=p), style="bold cyan" if p == me else "bold"))
    stolen = view.get("stolen") or [[], []]
    steps = max(1, *(len(view["plays"][p]) for p in (0, 1)))
    for step in range(1, steps + 1):
        cells: list[Text] = []
        for p in order:
            plays = view["plays"][p]
            status = _status(view, p)
            if step > len(plays):
                key, style = {"acting": ("screen.row.acting", "bold cyan"), "waiting": ("screen.row.waiting", "dim"),
                              "skipped": ("screen.row.skipped", "dim")}.get(status or "", ("", ""))
                cells.append(Text(catalog.text(key, lang), style=style) if key and step == 1 else Text(""))
                continue
            cid = plays[step - 1]
            card = cs.action[cid]
            printed_value = _card_value(cs, view, cid)
            value = _signed(printed_value)
            lines = [Text(catalog.text(f"card.{cid}", lang), style="bold")]
            result: Text | None = None
            if r is not None:
                info = r.steps[step - 1]
                if info["cancelled"][p]:
                    lines[0].stylize("strike")
                    result = Text(catalog.text("screen.row.cancelled", lang), style="bold red")
                else:
                    effective = r.effective[cid]
                    if effective != printed_value:
                        value = f"{value} → {_signed(effective)}"
                    circle = info["circle_bonus"][p]
                    score = (f"{_signed(effective)} + {circle} = {_signed(info['scores'][p])}" if circle
                             else _signed(info["scores"][p]))
                    result = Text(catalog.text("screen.row.score", lang, score=score))
                    if info["table_bonus"][p]:
                        result.append(DOT + catalog.text("screen.row.bonus", lang, bonus=info["table_bonus"][p]),
                                      style="bold green")
            lines.append(Text(catalog.text("screen.row.card", lang, value=value, circle=card.circle), style="dim")
                         .append(DOT).append_text(_symbol(catalog, lang, card.symbol)))
            if result is not None:
                lines.append(result)
            if card.special == "alliance":
                took = stolen[p]
                if isinstance(took, list):
                    lines.append(Text(catalog.text("screen.row.stole", lang, cards=list(took)) if took
                                      else catalog.text("screen.row.stole_none", lang)))
                else:
                    lines.append(Text(catalog.text("screen.row.stole_count", lang, count=took)))
            if card.special == "battle":
                lines.append(Text(catalog.text("screen.row.battle", lang), style="bold magenta"))
            if status == "acting" and step == len(plays):
                key = {"extra": "screen.row.extra", "poet": "screen.row.poet"}.get(view["phase"])
                if key:
                    lines.append(Text(catalog.text(key, lang), style="bold cyan"))
            cells.append(Text("\n").join(lines))
        table.add_row(Text(catalog.text("screen.row.step", lang, step=step), style="bold"), *cells)
    return _titled(catalog.text("screen.row.title", lang), table)


def _hand(view: dict, catalog: Catalog, lang: str, names: list[str], me: int | None) -> list[Any]:
    cs = cards()
    parts: list[Any] = []
    if me is not None and isinstance(view["hands"][me], list):
        hand = view["hands"][me]
        known = set(view["known_hands"][me])
        if hand:
            table = _table()
            table.add_column(catalog.text("screen.hand.col.card", lang), no_wrap=True)
            for column in ("value", "circle"):
                table.add_column(catalog.text(f"screen.hand.col.{column}", lang), justify="right")
            table.add_column(catalog.text("screen.hand.col.symbol", lang), no_wrap=True)
            table.add_column(catalog.text("screen.hand.col.effect", lang))
            for cid in hand:
                card = cs.action[cid]
                name = Text(catalog.text(f"card.{cid}", lang), style="bold")
                if cid in known:
                    name.append(" " + catalog.text("screen.hand.known", lang), style="dim")
                effect = Text(catalog.text(f"help.special.{card.special}", lang)) if card.special \
                    else Text("-", style="dim")
                table.add_row(name, _signed(_card_value(cs, view, cid)), str(card.circle),
                              _symbol(catalog, lang, card.symbol), effect)
            parts.append(_titled(catalog.text("screen.hand.title", lang, count=len(hand)), table))
        else:
            parts.append(Text(catalog.text("screen.hand.empty", lang), style="dim"))
    for p in (0, 1):
        if p != me and view["known_hands"][p]:
            parts.append(Text(catalog.text("screen.hand.opponent_known", lang, players=names, seat=p,
                                           cards=list(view["known_hands"][p])), style="dim"))
    return parts


def _graveyards(view: dict, catalog: Catalog, lang: str, me: int | None) -> list[Any]:
    cs = cards()
    parts: list[Any] = []
    mains = view["main_graveyard"]
    parts.append(_label(catalog.text("screen.graveyard.main", lang, count=len(mains))).append(
        _join(catalog, lang, [catalog.text(f"card.{c}", lang) for c in mains]) or catalog.text("list.empty", lang)))
    actions = view["action_graveyard"]
    if view["phase"] == "poet" and view.get("to_move") == me and actions:
        parts.append(Text(catalog.text("screen.graveyard.poet", lang), style="bold cyan"))
        table = _table()
        table.add_column("#", justify="right")
        table.add_column(catalog.text("screen.hand.col.card", lang), no_wrap=True)
        for column in ("value", "circle"):
            table.add_column(catalog.text(f"screen.hand.col.{column}", lang), justify="right")
        table.add_column(catalog.text("screen.hand.col.symbol", lang), no_wrap=True)
        table.add_column(catalog.text("screen.hand.col.effect", lang))
        for i, cid in enumerate(dict.fromkeys(actions), start=1):  # numbered as the Poet's moves are
            card = cs.action[cid]
            table.add_row(str(i), Text(catalog.text(f"card.{cid}", lang), style="bold"),
                          _signed(_card_value(cs, view, cid)), str(card.circle), _symbol(catalog, lang, card.symbol),
                          catalog.text(f"help.special.{card.special}", lang) if card.special else "-")
        parts.append(table)
    else:
        line = _label(catalog.text("screen.graveyard.action", lang, count=len(actions)))
        if actions:
            line.append_text(Text(catalog.text("list.separator", lang)).join(
                Text(catalog.text(f"card.{c}", lang), style=SYMBOL_STYLE.get(cs.action[c].symbol, ""))
                for c in actions))
        else:
            line.append(catalog.text("list.empty", lang))
        parts.append(line)
    return parts


def _siege(view: dict, catalog: Catalog, lang: str, names: list[str], me: int | None) -> list[Any]:
    if view["phase"] != "siege" or view.get("attacker") is None:
        return []
    attacker = view["attacker"]
    parts: list[Any] = [Text(catalog.text("screen.siege.title", lang, players=names, seat=attacker,
                                          defender=1 - attacker), style="bold magenta")]
    table = _table()
    table.add_column("#", justify="right")
    for column in ("gate", "symbol", "holder", "defence", "chance"):
        table.add_column(catalog.text(f"screen.siege.col.{column}", lang), justify="right" if column in (
            "defence", "chance") else "left")
    shown = 0
    for i, g in enumerate(view["targets"], start=1):
        holder = view["gates"][g]
        who = catalog.text("screen.gates.neutral", lang) if holder == "neutral" else _name(names, holder)
        odds = siege_odds(view, attacker, g)
        shown = odds["shown"]
        defence = catalog.text("screen.siege.defence", lang, count=odds["hits"], unseen=odds["unseen"]) \
            if shown else "0"
        table.add_row(str(i), catalog.text(f"gate.{g}", lang), _symbol(catalog, lang, odds["symbol"]), who,
                      defence, f"{odds['chance']:.0%}")
    parts.append(table)
    parts.append(Text(catalog.text("screen.siege.help", lang, count=shown), style="dim"))
    return parts


def _last(view: dict, catalog: Catalog, lang: str, names: list[str]) -> list[Any]:
    """The summary of the last duel played (not the one in play): totals, points, the Gate or the siege."""
    history = view.get("history") or []
    if view["phase"] == "siege":
        history = history[:-1]  # the duel in play is drawn above
    if not history:
        return []
    h = history[-1]
    rnd = h.get("round", len(history))
    parts = [catalog.text("screen.last.mains", lang, main0=h["mains"][0], main1=h["mains"][1])]
    if "battle" in h:
        cards0, cards1 = h.get("battle_cards") or ([], [])
        parts.append(catalog.text("screen.last.battle", lang, players=names, a=0, b=1, cards0=list(cards0),
                                  cards1=list(cards1), sum0=h["totals"][0], sum1=h["totals"][1]))
    else:
        parts.append(catalog.text("screen.last.totals", lang, players=names, a=0, b=1, total0=h["totals"][0],
                                  total1=h["totals"][1], main0=h["main"][0], main1=h["main"][1]))
    if h.get("winner") is None:
        parts.append(catalog.text("screen.last.tied", lang))
    else:
        parts.append(catalog.text("screen.last.won", lang, players=names, seat=h["winner"], points=h["points"]))
    gate = h.get("gate")
    if gate is not None:
        if gate["holder"] in (0, 1):
            parts.append(catalog.text("screen.last.gate", lang, players=names, gate=gate["gate"], seat=gate["holder"]))
        else:
            parts.append(catalog.text("screen.last.gate_neutral", lang, gate=gate["gate"]))
    siege = h.get("siege")
    if siege is not None:
        key = "screen.last.siege_failed" if siege["defended"] else "screen.last.siege_won"
        parts.append(catalog.text(key, lang, players=names, seat=siege["attacker"], gate=siege["gate"],
                                  cards=list(siege["cards"])))
    elif gate is None and h.get("winner") is not None:  # a siege duel won, no gate attacked
        parts.append(catalog.text("screen.last.no_attack", lang))
    return [_label(catalog.text("screen.last.title", lang, round=rnd)).append(DOT.join(parts))]


def _legend(view: dict, catalog: Catalog, lang: str) -> Text:
    table = view.get("table_bonus") or {}
    items = [_symbol(catalog, lang, s).append(": " + _join(catalog, lang, [str(v) for v in values]), style="")
             for s, values in table.items()]
    items.append(_symbol(catalog, lang, "wild").append(
        ": " + catalog.text("screen.legend.wild", lang, low=WILD_SCORES[0], high=WILD_SCORES[1]), style=""))
    items.append(_symbol(catalog, lang, "none").append(": " + catalog.text("screen.legend.never", lang), style=""))
    return _label(catalog.text("screen.legend.table", lang)).append_text(Text(DOT).join(items))


def table(view: dict, catalog: Catalog, lang: str, names: list[str], seat: int | None) -> Group:
    me = _me(view, seat)
    parts: list[Any] = [*_header(view, catalog, lang, names)]
    if view["phase"] in ("shuffle", "draft", "start"):
        parts += _draft(view, catalog, lang, names, me)
        parts.append(_legend(view, catalog, lang))
        return Group(*parts)
    parts += [_gates(view, catalog, lang, names, me), _players(view, catalog, lang, names, me)]
    mains = _mains_left(view, catalog, lang, names, me)
    if mains is not None:
        parts.append(mains)
    parts += _last(view, catalog, lang, names)
    parts += _duel(view, catalog, lang, names, me)
    parts += _siege(view, catalog, lang, names, me)
    parts += _hand(view, catalog, lang, names, me)
    parts += _graveyards(view, catalog, lang, me)
    parts.append(_legend(view, catalog, lang))
    parts.append(Text(catalog.text("screen.legend.main", lang), style="dim"))
    return Group(*parts)
