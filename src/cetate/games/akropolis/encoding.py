"""Akropolis for learning code: numbered actions and an observation of one seat's view
(`cetate.core.encoding`; the layout is documented in docs/rl.md).

Placements are numbered by their axial anchor `(q, r)` in the square `-WINDOW..WINDOW` around the starting
tile and their rotation, so a number always means the same spot. A city never reaches that far in play
(random games stay within 16 cells of it); a placement beyond it gets no number and is not offered to a
learner. The observation draws each city on the cells within `CITY_RADIUS` of the starting tile (level,
colour, plaza) and adds every seat's score by colour, so nothing that counts is lost with the far cells.
"""

from __future__ import annotations

from array import array

import numpy as np

from cetate.core.encoding import ActionCodec, Encoder, Features, positions
from cetate.games.akropolis.data import ATHENA_CARDS, CODES, SMALL_PIECE_BASE, SMALL_TILES
from cetate.games.akropolis.rules import completable, score_architect, score_seat
from cetate.games.akropolis.state import PHASES, total_turns

WINDOW = 20  # placements: anchors with |q|, |r| <= WINDOW
CITY_RADIUS = 10  # observation: the cells within this hex distance of the starting tile
LETTERS = "hmbtgq"  # house, market, barracks, temple, garden, quarry
COLOURS = ("house", "market", "barracks", "temple", "garden")
ARCHITECTS = ("hippodamos", "metagenes", "callicrates")
CELL_CHANNELS = 1 + len(LETTERS) + 1  # level, colour (a dual hex: half each), plaza
TILE_IDS = tuple(range(1, 62))
SITE_SLOTS = 6


def _cells() -> list[tuple[int, int]]:
    out = []
    for q in range(-CITY_RADIUS, CITY_RADIUS + 1):
        for r in range(-CITY_RADIUS, CITY_RADIUS + 1):
            if max(abs(q), abs(r), abs(q + r)) <= CITY_RADIUS:
                out.append((q, r))
    return out


class CityMemo:
    """What the observation reads of a seat's city, remembered for the cities last seen: a city changes
    only by a placement, which the engine logs (`City.log`; its placement listing is kept up to date the
    same way), so while a seat's city object and the length of its log stay the same, so do its picture
    (`grid`), its tile counts and its score (`score_seat` also reads the seat's stones and completed Athena
    cards, the cards in play and the options, which are part of the key). A city is drawn and scored once
    per placement instead of once per seat per step. The memo holds the cities it names, so no other
    object can take their ids."""

    __slots__ = ("_grids", "_scores", "draw")

    SIZE = 64

    def __init__(self, draw) -> None:
        self.draw = draw  # cells (the engine's `cells_doc`) -> the city's numbers
        self._grids: dict[int, tuple] = {}
        self._scores: dict[int, tuple] = {}

    @staticmethod
    def _put(memo: dict, city, key, value) -> None:
        if len(memo) >= CityMemo.SIZE:
            memo.clear()
        memo[id(city)] = (city, key, value)

    def grid(self, city) -> tuple[np.ndarray, int, int]:
        """(the city's picture, tiles placed, small tiles placed), as `view._seat` counts them."""
        key = len(city.log)
        hit = self._grids.get(id(city))
        if hit is not None and hit[0] is city and hit[1] == key:
            return hit[2]
        log = city.log
        value = (self.draw(city.cells_doc()), sum(1 for piece, _, _ in log[1:] if piece < SMALL_PIECE_BASE),
                 sum(1 for piece, _, _ in log if piece >= SMALL_PIECE_BASE))
        self._put(self._grids, city, key, value)
        return value

    def score(self, s, i: int) -> dict:
        city = s.cities[i]
        key = (len(city.log), s.stones[i], len(s.completed[i]), len(s.cards), s.options)
        hit = self._scores.get(id(city))
        if hit is not None and hit[0] is city and hit[1] == key:
            return hit[2]
        value = score_seat(s, i)
        self._put(self._scores, city, key, value)
        return value


class AkropolisEncoder(Encoder):
    version = 1

    def __init__(self, game, players: int, options: dict | None = None) -> None:
        super().__init__(game, players, options)
        span = range(-WINDOW, WINDOW + 1)
        self.codec = ActionCodec([
            ("take", (("site", range(SITE_SLOTS)),)),
            ("place", (("q", span), ("r", span), ("rot", range(6)))),
            ("athena", (("card", ATHENA_CARDS), ("tile", tuple(SMALL_TILES)))),
            ("place_small", (("q", span), ("r", span), ("rot", range(6)))),
            ("done", ()),
        ])
        self.cells = _cells()
        # the cell at axial (q, r) is number CELL_AT[q + CITY_RADIUS, r + CITY_RADIUS] (-1: not drawn)
        self._cell_at = np.full((2 * CITY_RADIUS + 1, 2 * CITY_RADIUS + 1), -1, np.int64)
        for p, (q, r) in enumerate(self.cells):
            self._cell_at[q + CITY_RADIUS, r + CITY_RADIUS] = p
        self._code_row: dict[str, int] = {}  # a visible hex code -> its row of colour and plaza numbers
        self._code_rows = np.zeros((0, CELL_CHANNELS - 1), np.float32)
        self._tile_rows: dict[str | None, array] = {}
        self._phase = positions(PHASES)
        self._card = positions(ATHENA_CARDS)
        self._small = positions(SMALL_TILES)
        self._tile = positions(TILE_IDS)
        self._letter = positions(LETTERS)
        self._arch = positions(ARCHITECTS)
        self._seats = positions(range(players))
        self._size = 256
        self._memo = CityMemo(self._draw)

    def view(self, s, seat: int) -> dict:
        """The fields of the seat's view (`view.py`) that the observation reads, taken from the state the
        way `view` takes them (everything in Akropolis is public but the order of the stacks, listed here
        as a set of tiles), with each city as its numbers and score from a memo (`CityMemo`), and without
        the notes for people (`refusals`, `spots`), which the mask says. Tests check over random games that
        the numbers are those of the full view, and that they do not change when the stacks are
        reshuffled."""
        n = s.n
        over = s.phase == "over"
        memo = self._memo
        seats = []
        for i in range(n):
            grid, tiles, small = memo.grid(s.cities[i])
            seats.append({"stones": s.stones[i], "grid": grid, "tiles": tiles, "small_tiles": small,
                          "score": memo.score(s, i)})
        doc = {
            "players": n,
            "seat": seat,
            "to_move": None if over else s.seat,
            "phase": s.phase,
            "turn": s.turn + (0 if over else 1),
            "turns": total_turns(n, s.options),
            "round": s.round,
            "chief": s.chief,
            "site": [{"hexes": CODES[t]} for t in s.site],
            "stacks": len(s.stacks),
            "unseen": [t for st in s.stacks for t in st],
            "held": {"hexes": CODES[s.held]} if s.held else None,
            "seats": seats,
        }
        if s.cards:
            pieces = max(n, 2) if n == 1 else n
            doc["athena"] = {
                "cards": [{"id": card, "under": [{"id": t} for t in s.under[i]],
                           "pieces_left": pieces - sum(card in c for c in s.completed)
                           - (1 if n == 1 and card in s.arch_cards else 0),
                           "completed_by": [j for j in range(n) if card in s.completed[j]]}
                          for i, card in enumerate(s.cards)],
                "small_held": {"id": s.small_held[1]} if s.small_held else None,
                "ready": completable(s, s.seat) if s.phase == "athena" else [],
            }
        if n == 1:
            doc["architect"] = {"level": s.options["architect"], "stones": s.arch_stones,
                                "tiles": [{"id": t} for t in s.arch_tiles], "score": score_architect(s)}
        return doc

    # -- pieces of the observation ----------------------------------------------------------------
    def _hex_numbers(self, code: str) -> list[float]:
        """A visible hex: its colours (a dual hex: half each) and plaza flag."""
        row = [0.0] * (CELL_CHANNELS - 1)
        share = 1.0 / max(1, len(code))
        for letter in code:
            i = self._letter.get(letter.lower())
            if i is not None:
                row[i] += share
        row[-1] = 1.0 if code[:1].isupper() else 0.0
        return row

    def _hexes(self, f: Features, code: str | None) -> None:
        """The three hexes of a tile code: colour one-hot and plaza flag each (absent: zeros)."""
        numbers = self._tile_rows.get(code)
        if numbers is None:
            block = []
            for k in range(3):
                part = [0.0] * (len(LETTERS) + 1)
                if code and k < len(code):
                    part[self._letter[code[k].lower()]] = 1.0
                    part[-1] = 1.0 if code[k].isupper() else 0.0
                block.extend(part)
            numbers = self._tile_rows[code] = array("f", block)
        f.block(numbers)

    def _rows(self, codes: list[str]) -> np.ndarray:
        table = self._code_row
        missing = [c for c in set(codes) if c not in table]
        if missing:
            for code in missing:
                table[code] = len(table)
            self._code_rows = np.vstack([self._code_rows,
                                         np.asarray([self._hex_numbers(c) for c in missing], np.float32)])
        return np.fromiter((table[c] for c in codes), np.int64, len(codes))

    def _draw(self, cells: list[dict]) -> np.ndarray:
        """A city's picture: for each cell within CITY_RADIUS, its level / 4, colours and plaza."""
        grid = np.zeros((len(self.cells), CELL_CHANNELS), np.float32)
        if not cells:
            return grid.ravel()
        n = len(cells)
        q = np.fromiter((c["q"] for c in cells), np.int64, n) + CITY_RADIUS
        r = np.fromiter((c["r"] for c in cells), np.int64, n) + CITY_RADIUS
        inside = (q >= 0) & (q <= 2 * CITY_RADIUS) & (r >= 0) & (r <= 2 * CITY_RADIUS)
        where = np.full(n, -1, np.int64)
        where[inside] = self._cell_at[q[inside], r[inside]]
        keep = np.flatnonzero(where >= 0)
        cells = [cells[k] for k in keep]
        where = where[keep]
        grid[where, 0] = np.fromiter((c["level"] or 0 for c in cells), np.float32, len(cells)) / 4.0
        rows = self._rows([c["hex"] or "" for c in cells])  # first: it may add rows to the table
        grid[where, 1:] = self._code_rows[rows]
        return np.minimum(grid.ravel(), 1.0)

    def _score(self, f: Features, score: dict | None, stones: int | None) -> None:
        colours = (score or {}).get("colours") or {}
        for colour in COLOURS:
            c = colours.get(colour) or {}
            f.scaled(c.get("points"), 80)
            f.scaled(c.get("stars"), 12)
            f.scaled(c.get("districts"), 20)
        f.scaled((score or {}).get("total"), 250)
        f.scaled(stones, 20)

    def observe(self, view: dict) -> np.ndarray:
        n = view.get("players") or 1
        me = view.get("seat")
        me = 0 if not isinstance(me, int) or not 0 <= me < n else me
        f = Features(self._size)
        f.one_hot(view.get("phase"), self._phase)
        f.flag(view.get("to_move") == me)
        f.scaled(view.get("turn"), view.get("turns") or 60)
        f.scaled(view.get("round"), 20)
        f.scaled(view.get("stacks"), 19)
        chief = view.get("chief")
        f.one_hot((chief - me) % n if isinstance(chief, int) else None, self._seats)
        # the construction site and the tile in hand
        site = view.get("site") or []
        for slot in range(SITE_SLOTS):
            tile = site[slot] if slot < len(site) else None
            f.flag(tile is not None)
            self._hexes(f, tile.get("hexes") if tile else None)
        held = view.get("held")
        f.flag(held is not None)
        self._hexes(f, held.get("hexes") if held else None)
        f.counts(view.get("unseen") or [], self._tile)
        # the cities, mine first, then the others in seat order after mine
        seats = view.get("seats") or []
        for k in range(self.players):
            s = seats[(me + k) % len(seats)] if seats and k < len(seats) else {}
            grid = s.get("grid")  # the encoder's own view has the picture already (`view`)
            f.block(self._draw(s.get("city") or []) if grid is None else grid)
            self._score(f, s.get("score"), s.get("stones"))
            f.scaled(s.get("tiles"), 30)
            f.scaled(s.get("small_tiles"), 4)
        # Athena: the four shown cards, their small tiles and pieces; the small tile in hand
        athena = view.get("athena") or {}
        shown = {c.get("id"): c for c in athena.get("cards") or []}
        ready = set(athena.get("ready") or [])
        for card in ATHENA_CARDS:
            c = shown.get(card)
            f.flag(c is not None)
            f.scaled(c.get("pieces_left") if c else 0, 4)
            done_by = (c or {}).get("completed_by") or []
            f.flag(me in done_by)
            f.scaled(sum(1 for j in done_by if j != me), 3)
            f.flag(card in ready)
            f.counts([u.get("id") for u in (c or {}).get("under") or []], self._small)
        small = athena.get("small_held")
        f.one_hot(small.get("id") if small else None, self._small)
        # the Illustrious Architect (solo)
        arch = view.get("architect") or {}
        f.one_hot(arch.get("level"), self._arch)
        self._score(f, arch.get("score"), arch.get("stones"))
        f.counts([t.get("id") for t in arch.get("tiles") or []], self._tile)
        self._size = len(f)
        return f.array()


ENCODER = AkropolisEncoder  # named by the game's spec (encoder=lazy(...))
