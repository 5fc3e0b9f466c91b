"""The terminal screen of Akropolis for `cetate play` (see `Game.terminal`).

`table` draws a seat's view: the turn, the construction site (each tile's hexes as coloured letters, its cost
and whether the player can pay it), the Athena cards, the live score per colour (value × stars = points), the
solo Architect, and every city as a hex map. The maps are flat-top hex grids in axial coordinates (q, r):
q grows to the right (one column per q, numbered on top), r grows downwards in a column; each hex of the
player's own city carries its "q,r" on its lower edge, and so do the empty hexes around it, so the numbered
"place at (q, r), turned k" moves can be found on the map.

`hint` notes what a move gives (the points it adds now, the stones it earns), `short` and `parse` let a player
type a placement as "q r k" instead of its number, and `result` draws the final scores. Every text comes from
the catalogs (`screen.*` and the other Akropolis keys, `cli.result.*` and `list.separator` in the core one).
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from typing import Any

from rich.columns import Columns
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from cetate.core.i18n import Catalog
from cetate.games.akropolis import notes
from cetate.games.akropolis.city import City, D
from cetate.games.akropolis.data import CARD_COLOUR, SMALL_TILES
from cetate.games.akropolis.scoring import COLOURS, LETTER, STARS

DOT = " · "  # separates the parts of a status line
KIND_STYLE = {"h": "bright_blue", "m": "yellow", "b": "red", "t": "magenta", "g": "green", "q": "grey62"}
CARD_STYLE = {"house": "bright_blue", "market": "yellow", "barracks": "red", "temple": "magenta", "garden": "green",
              "grey": "grey62"}
BORDER = "grey50"
GHOST = "grey23"
STAR = "★"
BEST_SHOWN = 5


# -- small helpers ---------------------------------------------------------------------------------

def _label(text: str, style: str = "bold") -> Text:
    return Text(text, style=style).append(" ")


def _join(catalog: Catalog, lang: str, items: list[str]) -> str:
    return catalog.text("list.separator", lang).join(items)


def _me(view: dict, seat: int | None) -> int | None:
    """The seat whose point of view the screen takes: the viewer, else the player to move."""
    return seat if seat is not None else view.get("to_move")


def _letter(catalog: Catalog, lang: str, code: str) -> str:
    letter = catalog.text(f"screen.letter.{code.lower()}", lang)
    return letter.upper() if code.isupper() else letter


def _hex(catalog: Catalog, lang: str, code: str, level: int | None = None, style: str = "",
         stars: bool = True) -> Text:
    """One hex as coloured letters: a district (`h`), a plaza with its stars (`H★★`; one ★ without `stars`), a
    quarry (`q`), or an Athena dual hex (`hm`); with the level as a digit after the letters when given."""
    out = Text()
    for part in code:
        plaza = part.isupper()
        out.append(_letter(catalog, lang, part), style=f"{'bold ' if plaza else ''}{KIND_STYLE[part.lower()]} {style}")
    if level is not None:
        out.append(str(level), style=f"{'bold ' if level > 1 else ''}{style}")
    if len(code) == 1 and code.isupper():
        out.append(STAR * (STARS[code.lower()] if stars else 1), style=f"yellow {style}")
    return out


def _tile(catalog: Catalog, lang: str, codes: str) -> Text:
    """A city tile's three hexes in their clockwise order (never folded across two lines)."""
    return Text("\u00a0").join(_hex(catalog, lang, c) for c in codes)


def _kinds(catalog: Catalog, lang: str, code: str) -> str:
    """A hex code in words: "house plaza", "house / market" for a dual hex."""
    if len(code) == 2:
        return " / ".join(catalog.text(f"kind.{c}", lang) for c in code)
    return catalog.text(f"kind.{code}", lang)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat)


# -- what a move would give: the engine's own answer for the city of the view ------------------------

_known: OrderedDict[str, dict] = OrderedDict()  # the gains of the last placements worked out
KNOWN_GAINS = 16


def _gains(view: dict, seat: int, piece: dict, small: bool) -> dict[tuple[int, int, int], tuple[int, int, int]]:
    """For every legal placement (q, r, k) of `piece` (a city tile, or a small tile with `small`) in the seat's
    city: the points it adds to the colours now, the stones it earns and the level it lands on (`notes.gains`
    on the city of the view, with the supply the view gives)."""
    cells = view["seats"][seat]["city"]
    key = json.dumps([cells, small, piece["id"], view["options"], view.get("supply")], sort_keys=True)
    if key in _known:  # the same city and piece seen before (the take menu, then the place screen)
        _known.move_to_end(key)
    else:
        _known[key] = notes.gains(City.from_cells(cells), piece["id"], view["options"], view.get("supply"), small)
        while len(_known) > KNOWN_GAINS:
            _known.popitem(last=False)
    return _known[key]


def _ranked(gains: dict, stone_value: int) -> list[tuple[tuple[int, int, int], tuple[int, int, int]]]:
    """Best first: the most points (stones at their value), then stones, then the highest level."""
    return sorted(gains.items(), key=lambda item: (-(item[1][0] + item[1][1] * stone_value), -item[1][1],
                                                   -item[1][2], item[0]))


def _stone_value(view: dict, seat: int) -> int:
    return view["seats"][seat]["score"]["stone_value"]


def _gain_text(catalog: Catalog, lang: str, points: int, stones: int) -> str:
    parts = [catalog.text("screen.gain.points", lang, points=points)]
    if stones:
        parts.append(catalog.text("screen.gain.stones", lang, stones=stones))
    return _join(catalog, lang, parts)


def _moving_piece(view: dict) -> tuple[dict, bool] | None:
    """The piece the player to move is placing: the city tile held, or the Athena small tile."""
    if view["phase"] == "place" and view.get("held"):
        return view["held"], False
    small = (view.get("athena") or {}).get("small_held")
    if view["phase"] == "small" and small:
        return small, True
    return None


# -- the hooks the command line calls ----------------------------------------------------------------

def hint(view: dict, action: dict, catalog: Catalog, lang: str, note: dict | None = None) -> str:
    """A short note after a move's label: a tile's hexes and its best placement now, the points a placement
    adds and the stones it earns, the hex of a small tile. `note`: the action's note (`notes.annotate`),
    whose stones and level are used when given."""
    seat = view.get("to_move")
    atype = action.get("type")
    if seat is None:
        return ""
    if atype == "take":
        tile = view["site"][action["site"]]
        gains = _gains(view, seat, tile, False)
        text = catalog.text("screen.hint.take", lang, tile=tile["id"], hexes=_join(catalog, lang, [
            _kinds(catalog, lang, c) for c in tile["hexes"]]))
        if gains:
            _, (points, stones, _) = _ranked(gains, _stone_value(view, seat))[0]
            text += DOT + catalog.text("screen.hint.best", lang, gain=_gain_text(catalog, lang, points, stones))
        return text
    if atype in ("place", "place_small"):
        moving = _moving_piece(view)
        if moving is None:
            return ""
        got = _gains(view, seat, *moving).get((action["q"], action["r"], action["rot"]))
        if got is None:
            return ""
        points, stones, level = got
        if note and "st" in note:
            stones, level = note["st"], note["lv"]
        return _join(catalog, lang, [_gain_text(catalog, lang, points, stones),
                                     catalog.text("screen.hint.level", lang, level=level)])
    if atype == "athena":
        code = SMALL_TILES.get(action.get("tile"), "")
        return catalog.text("screen.hint.small", lang, hexes=_kinds(catalog, lang, code)) if code else ""
    return ""


def short(action: dict, catalog: Catalog, lang: str) -> str | None:
    """A placement as its fields "q r k", the way `parse` reads it; None for the other moves."""
    if action.get("type") in ("place", "place_small"):
        return catalog.text("screen.short.place", lang, q=action["q"], r=action["r"], rot=action["rot"])
    return None


_NUMBER = re.compile(r"[-+]?\d+")
_MOVE = re.compile(r"^[\s\d,;:()\[\]+-]+$")


def parse(text: str, legal: list[dict]) -> dict | None:
    """A placement typed as its fields: "q r k" (also "(q, r) k", "q,r,k"); "q r" for a small tile of one
    district, whose turn does not matter. None when the text is not a placement or no placement is asked."""
    kinds = {a.get("type") for a in legal}
    kind = "place" if "place" in kinds else "place_small" if "place_small" in kinds else None
    if kind is None or not _MOVE.match(text):
        return None
    numbers = [int(n) for n in _NUMBER.findall(text)]
    turns = {a["rot"] for a in legal if a.get("type") == kind}
    if len(numbers) == 2 and kind == "place_small" and turns == {0}:
        numbers.append(0)
    if len(numbers) != 3:
        return None
    q, r, rot = numbers
    if kind == "place_small" and turns == {0}:
        rot = 0  # a one-district small tile: any turn is the same placement
    return {"type": kind, "q": q, "r": r, "rot": rot}


# -- the hex map of a city ---------------------------------------------------------------------------

class CityMap:
    """A city as a flat-top hex map: each hex shows its letter, its level and a plaza's stars; the last tile
    placed is highlighted. With `coords`, the q axis on top, every hex's "q,r" on its lower edge and the empty
    hexes around the city with theirs. A map too wide for the terminal is drawn with narrow hexes (3 characters
    inside, no "q,r" but the q axis; a plaza shows one ★), and cut rather than folded if still too wide."""

    WIDE = (6, 5)  # (characters from one column of hexes to the next, characters inside a hex)
    NARROW = (4, 3)

    def __init__(self, catalog: Catalog, lang: str, doc: dict, coords: bool) -> None:
        self.catalog, self.lang, self.doc, self.coords = catalog, lang, doc, coords
        self._drawn: dict[bool, Text] = {}

    def _width(self, wide: bool) -> int:
        return max((len(line) for line in self.draw(wide).plain.split("\n")), default=0)

    def _fits(self, width: int) -> bool:
        return self._width(True) <= width

    def __rich_measure__(self, console, options):
        from rich.measure import Measurement

        wide = self._fits(options.max_width)
        width = min(self._width(wide), options.max_width)
        return Measurement(width, width)

    def __rich_console__(self, console, options):
        yield self.draw(self._fits(options.max_width))

    def draw(self, wide: bool) -> Text:
        if wide not in self._drawn:
            self._drawn[wide] = self._draw(wide)
        return self._drawn[wide]

    def _draw(self, wide: bool) -> Text:
        catalog, lang, doc = self.catalog, self.lang, self.doc
        pitch, inner = self.WIDE if wide else self.NARROW
        coords = self.coords and wide
        cells = {(c["q"], c["r"]): c for c in doc["city"]}
        last = {tuple(c) for c in doc.get("last") or []}
        ghosts = ({(q + dq, r + dr) for q, r in cells for dq, dr in D} - cells.keys()) if coords else set()
        every = cells.keys() | ghosts
        qmin, qmax = min(q for q, _ in every), max(q for q, _ in every)
        top = {at: 2 * at[1] + at[0] for at in every}
        ymin = min(top.values())
        width = pitch * (qmax - qmin) + inner + 2
        height = max(top.values()) - ymin + 3
        grid: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

        def put(y: int, x: int, text: str | Text, style: str = "") -> None:
            plain = text.plain if isinstance(text, Text) else text
            for i, ch in enumerate(plain):
                if isinstance(text, Text):
                    style = " ".join(str(s.style) for s in text.spans if s.start <= i < s.end)
                if 0 <= x + i < width:
                    grid[y][x + i] = (ch, style)

        def corner(at: tuple[int, int]) -> tuple[int, int]:
            return top[at] - ymin, pitch * (at[0] - qmin)

        edge = "_" * inner
        for group, style in ((ghosts, GHOST), (cells, BORDER)):  # the city's edges drawn over the empty hexes'
            for at in group:
                y, x = corner(at)
                put(y, x + 1, edge, style)
                put(y + 1, x, "/", style)
                put(y + 1, x + inner + 1, "\\", style)
                put(y + 2, x, f"\\{edge}/", style)
        if coords:
            for at in sorted(every):
                y, x = corner(at)
                label = f"{at[0]},{at[1]}"
                put(y + 2, x + 1 + max(0, (inner - len(label)) // 2), label, "grey50" if at in cells else "cyan")
        for at, cell in cells.items():
            y, x = corner(at)
            content = _hex(catalog, lang, cell["hex"], cell["level"], "reverse" if at in last else "",
                           stars=wide)
            put(y + 1, x + 1 + max(0, (inner - len(content.plain)) // 2), content)
        out = Text(no_wrap=True, overflow="crop")
        if self.coords:
            axis = [" "] * width
            for q in range(qmin, qmax + 1):
                label = str(q)
                x = pitch * (q - qmin) + (inner + 1) // 2 - (len(label) - 1) // 2
                for i, ch in enumerate(label):
                    if 0 <= x + i < width:
                        axis[x + i] = ch
            out.append("".join(axis).rstrip(), style="cyan")
            out.append("  " + catalog.text("screen.map.q_axis", lang) + "\n", style="cyan")
        lines = []
        for row in grid:
            while row and row[-1][0] == " ":
                row = row[:-1]
            line = Text()
            for ch, style in row:
                line.append(ch, style=style or None)
            lines.append(line)
        return out.append_text(Text("\n").join(lines))


def _city_title(catalog: Catalog, lang: str, view: dict, seat: int, names: list[str], me: int | None) -> Text:
    doc = view["seats"][seat]
    title = Text(_name(names, seat), style="bold cyan" if seat == me else "bold")
    title.append(DOT + catalog.text("screen.city.stones", lang, count=doc["stones"]))
    title.append(DOT + catalog.text("screen.city.tiles", lang, count=doc["tiles"]))
    title.append(DOT + catalog.text("screen.city.points", lang, count=doc["score"]["total"]))
    if doc["completed"]:
        title.append(DOT + catalog.text("screen.city.cards", lang, cards=list(doc["completed"])))
    return title


# -- the parts of the screen -------------------------------------------------------------------------

def _header(view: dict, catalog: Catalog, lang: str, names: list[str]) -> list[Text]:
    phase = catalog.text(f"phase.{view['phase']}", lang)
    head = Text(DOT.join([catalog.text("game.name", lang),
                          catalog.text("screen.turn", lang, turn=min(view["turn"], view["turns"]),
                                       turns=view["turns"]),
                          catalog.text("screen.round", lang, round=view["round"]), phase]), style="bold")
    if view.get("to_move") is not None:
        head.append(DOT + catalog.text("screen.to_move", lang) + " ").append(
            _name(names, view["to_move"]), style="bold cyan")
    chief = (catalog.text("architect.name", lang) if view["players"] == 1 and view["chief"] == 1
             else _name(names, view["chief"]))
    info = Text(catalog.text("screen.chief", lang, name=chief), style="dim")
    info.append(DOT + catalog.text("screen.stacks", lang, count=view["stacks"], tiles=view["stack_tiles"]))
    return [head, info]


def _site(view: dict, catalog: Catalog, lang: str, me: int | None) -> Table:
    """The construction site; for the viewer, the tiles it can pay for (✓) and those it cannot (the view's
    `refusals`)."""
    mine = me is not None and view.get("seat") == me
    dear = {r["target"]["site"] for r in view.get("refusals") or [] if r["code"] == "cost"}
    table = Table(title=catalog.text("screen.site.title", lang), title_justify="left", title_style="bold",
                  show_edge=False, pad_edge=False, header_style="bold", box=None)
    for column, justify in (("position", "right"), ("tile", "right"), ("hexes", "left"), ("cost", "left")):
        table.add_column(catalog.text(f"screen.site.col.{column}", lang), justify=justify, no_wrap=True)
    for i, tile in enumerate(view["site"]):
        cost = Text(catalog.text("screen.site.cost", lang, count=tile["cost"]) if tile["cost"]
                    else catalog.text("screen.site.free", lang))
        if mine and i in dear:
            cost.stylize("red")
            cost.append(" ✗ " + catalog.text("screen.site.too_dear", lang), style="red")
        elif mine:
            cost.stylize("green")
            cost.append(" ✓", style="green")
        table.add_row(str(tile["cost"]), str(tile["id"]), _tile(catalog, lang, tile["hexes"]), cost)
    return table


def _legend(catalog: Catalog, lang: str) -> Text:
    parts = [Text(" ").join([_hex(catalog, lang, c), Text(catalog.text(f"kind.{c}", lang))]) for c in "hmbtgq"]
    line = _label(catalog.text("screen.legend.title", lang)).append_text(Text(DOT).join(parts))
    line.append(DOT + catalog.text("screen.legend.plaza", lang) + DOT + catalog.text("screen.legend.level", lang)
                + DOT + catalog.text("screen.legend.last", lang), style="dim")
    return line


def _athena(view: dict, catalog: Catalog, lang: str, names: list[str]) -> list[Any]:
    athena = view.get("athena")
    if not athena:
        return []
    table = Table(title=catalog.text("screen.athena.title", lang), title_justify="left", title_style="bold",
                  show_edge=False, pad_edge=False, header_style="bold", box=None)
    for column in ("card", "pattern", "piece", "left", "under", "done"):
        table.add_column(catalog.text(f"screen.athena.col.{column}", lang),
                         justify="right" if column == "left" else "left", no_wrap=column != "pattern")
    ready = set(athena.get("ready") or [])
    for card in athena["cards"]:
        cid = card["id"]
        name = Text(catalog.text(f"card.{cid}", lang), style=f"bold {CARD_STYLE.get(CARD_COLOUR.get(cid), '')}")
        if cid in ready:
            name.append(" ✓", style="bold green")
        under = Text(" ").join(_hex(catalog, lang, t["hex"]) for t in card["under"]) if card["under"] \
            else Text("-", style="dim")
        done = _join(catalog, lang, [_name(names, s) for s in card["completed_by"]]) or "-"
        table.add_row(name, catalog.text(f"help.card.{cid}", lang), catalog.text(f"piece.{card['piece']}", lang),
                      str(card["pieces_left"]), under, done)
    parts: list[Any] = [table]
    if ready and view["phase"] == "athena":
        parts.append(Text(catalog.text("screen.athena.ready", lang, cards=sorted(ready)), style="bold green"))
    return parts


def _score_cell(catalog: Catalog, lang: str, colour: dict) -> Text:
    text = Text(catalog.text("screen.score.cell", lang, value=colour["value"], stars=colour["stars"],
                             points=colour["points"]))
    if not colour["points"]:
        text.stylize("dim")
    return text


def _scores(catalog: Catalog, lang: str, columns: list[tuple[Text, dict]], title: str, rank: bool) -> Table:
    """A score table, one column per player (and the Architect): per colour value × stars = points, the
    quarries (the Architect), the stones, the total (and the rank)."""
    architect = any("quarries" in score for _, score in columns)
    table = Table(title=title, title_justify="left", title_style="bold", header_style="bold",
                  show_edge=False, pad_edge=False)
    table.add_column("", no_wrap=True)
    for who, _ in columns:
        table.add_column(who, justify="right")
    for colour in COLOURS:
        table.add_row(Text(catalog.text(f"colour.{colour}", lang), style=f"bold {KIND_STYLE[LETTER[colour]]}"),
                      *(_score_cell(catalog, lang, score["colours"][colour]) for _, score in columns))
    if architect:
        table.add_row(catalog.text("score.quarries", lang), *(
            catalog.text("screen.score.quarries", lang, count=score["quarries"]["count"],
                         points=score["quarries"]["points"]) if "quarries" in score else ""
            for _, score in columns))
    stones = []
    for _, score in columns:
        cell = Text(catalog.text("screen.score.stones", lang, stones=score["stones"], value=score["stone_value"],
                                 points=score["stone_points"]) if score["stone_value"] != 1 else str(score["stones"]))
        if score.get("statue"):
            cell.append(" " + catalog.text("screen.score.statue", lang), style="bold yellow")
        stones.append(cell)
    table.add_row(catalog.text("score.stones", lang), *stones)
    table.add_row(Text(catalog.text("score.total", lang), style="bold"),
                  *(Text(str(score["total"]), style="bold") for _, score in columns))
    if rank:
        table.add_row(catalog.text("score.rank", lang), *(str(score.get("rank", "")) for _, score in columns))
    return table


def _architect_name(catalog: Catalog, lang: str, level: str) -> Text:
    return Text(catalog.text("architect.name", lang), style="bold").append(
        DOT + catalog.text(f"architect.{level}", lang))


def _architect(view: dict, catalog: Catalog, lang: str) -> list[Any]:
    arch = view.get("architect")
    if not arch:
        return []
    line = _architect_name(catalog, lang, arch["level"])
    line.append(DOT + catalog.text("screen.city.stones", lang, count=arch["stones"]))
    if arch["completed"]:
        line.append(DOT + catalog.text("screen.city.cards", lang, cards=list(arch["completed"])))
    tiles = _label(catalog.text("screen.architect.tiles", lang, count=len(arch["tiles"])))
    tiles.append_text(Text("  ").join(_tile(catalog, lang, t["hexes"]) for t in arch["tiles"]) if arch["tiles"]
                      else Text("-", style="dim"))
    parts: list[Any] = [line, tiles]
    if arch["small"]:
        parts.append(_label(catalog.text("screen.architect.small", lang)).append_text(
            Text("  ").join(_hex(catalog, lang, t["hex"]) for t in arch["small"])))
    return parts


def _placing(view: dict, catalog: Catalog, lang: str, me: int | None) -> list[Any]:
    """What the player to move is placing, how a turn is read on the map, and the best placements now."""
    moving = _moving_piece(view)
    if moving is None or me is None or view.get("to_move") != me:
        return []
    piece, small = moving
    if small:
        line = _label(catalog.text("screen.small_held", lang, tile=piece["id"])).append_text(
            _hex(catalog, lang, piece["hex"]))
        help_key = "screen.turn_help.small" if len(piece["hex"]) == 2 else "screen.turn_help.small_one"
    else:
        line = _label(catalog.text("screen.held", lang, tile=piece["id"])).append_text(
            _tile(catalog, lang, piece["hexes"]))
        help_key = "screen.turn_help.tile"
    parts: list[Any] = [line, Text(catalog.text(help_key, lang), style="dim")]
    gains = _gains(view, me, piece, small)
    ranked = _ranked(gains, _stone_value(view, me))
    if ranked and (ranked[0][1][0] > 0 or ranked[0][1][1] > 0):  # worth pointing out: a placement that gains
        best = [Text(catalog.text("screen.short.place", lang, q=q, r=r, rot=rot), style="bold").append(
                f" ({_gain_text(catalog, lang, points, stones)})", style="")
                for (q, r, rot), (points, stones, _) in ranked[:BEST_SHOWN]]
        parts.append(_label(catalog.text("screen.best", lang)).append_text(Text(DOT).join(best)))
    return parts


def table(view: dict, catalog: Catalog, lang: str, names: list[str], seat: int | None) -> Group:
    me = _me(view, seat)
    parts: list[Any] = [*_header(view, catalog, lang, names), _site(view, catalog, lang, me)]
    parts += _athena(view, catalog, lang, names)
    rows = [(Text(_name(names, i), style="bold cyan" if i == me else ""), s["score"])
            for i, s in enumerate(view["seats"])]
    if view.get("architect"):
        rows.append((Text(catalog.text("architect.name", lang)), view["architect"]["score"]))
    parts.append(_scores(catalog, lang, rows, catalog.text("screen.score.title", lang), rank=False))
    parts += _architect(view, catalog, lang)
    others = [Panel(CityMap(catalog, lang, view["seats"][i], coords=False), expand=False, border_style="dim",
                    title=_city_title(catalog, lang, view, i, names, me), title_align="left")
              for i in range(view["players"]) if i != me]
    if others:
        parts.append(Columns(others))
    if me is not None:
        parts.append(Panel(CityMap(catalog, lang, view["seats"][me], coords=True), expand=False,
                           border_style="cyan", title=_city_title(catalog, lang, view, me, names, me),
                           title_align="left"))
    parts.append(_legend(catalog, lang))
    parts += _placing(view, catalog, lang, me)
    return Group(*parts)


def result(result: dict, catalog: Catalog, lang: str, names: list[str]) -> Group:
    """The final scores: per colour value × stars = points, stones, total and rank; the winners."""
    scores = result.get("scores") or []
    rows = [(Text(_name(names, s.get("seat", i)), style="bold green" if i in result.get("winners", []) else ""), s)
            for i, s in enumerate(scores)]
    arch = result.get("architect")
    if arch:
        rows.append((Text(catalog.text("architect.name", lang), style="bold" if result.get("architect_won") else ""),
                     arch))
    rows.sort(key=lambda row: row[1].get("rank", 0))
    parts: list[Any] = [_scores(catalog, lang, rows, catalog.text("cli.result.title", lang), rank=True)]
    winners = result.get("winners") or []
    line = Text()
    if winners:  # in solo, nobody when the Architect alone wins
        line.append_text(_label(catalog.text("cli.result.winners", lang, count=len(winners))))
        line.append(_join(catalog, lang, [_name(names, w) for w in winners]), style="bold green")
    if arch is not None:
        key = "screen.result.architect_won" if result.get("architect_won") else "screen.result.architect_lost"
        line.append((DOT if winners else "") + catalog.text(key, lang), style="bold")
    tie = result.get("tie_break")
    if tie is not None:
        line.append(DOT + catalog.text("cli.result.tie_break", lang, rule=catalog.text(f"tie_break.{tie}", lang)))
    if "rounds" in result:
        line.append(DOT + catalog.text("cli.result.rounds", lang, count=result["rounds"]))
    parts.append(line)
    return Group(*parts)
