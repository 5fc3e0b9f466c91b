"""Akropolis for learning code: numbered actions and an observation of one seat's view
(`cetate.core.encoding`; the layout is documented in docs/rl.md).

Placements are numbered by their axial anchor `(q, r)` in the square `-WINDOW..WINDOW` around the starting
tile and their rotation, so a number always means the same spot. A city never reaches that far in play
(random games stay within 16 cells of it); a placement beyond it gets no number and is not offered to a
learner. The observation draws each city on the cells within `CITY_RADIUS` of the starting tile (level,
colour, plaza) and adds every seat's score by colour, so nothing that counts is lost with the far cells.
"""

from __future__ import annotations

from cetate.core.encoding import ActionCodec, Encoder, Features, positions
from cetate.games.akropolis.data import ATHENA_CARDS, SMALL_TILES
from cetate.games.akropolis.state import PHASES

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


class AkropolisEncoder(Encoder):
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
        self._cell_pos = positions(self.cells)
        self._phase = positions(PHASES)
        self._card = positions(ATHENA_CARDS)
        self._small = positions(SMALL_TILES)
        self._tile = positions(TILE_IDS)
        self._letter = positions(LETTERS)
        self._arch = positions(ARCHITECTS)
        self._seats = positions(range(players))

    # -- pieces of the observation ----------------------------------------------------------------
    def _hexes(self, f: Features, code: str | None, width: int = 3) -> None:
        """`width` hexes of a tile code: colour one-hot and plaza flag each (absent: zeros)."""
        for k in range(width):
            block = [0.0] * (len(LETTERS) + 1)
            if code and k < len(code):
                letter = code[k]
                block[self._letter[letter.lower()]] = 1.0
                block[-1] = 1.0 if letter.isupper() else 0.0
            f.values.extend(block)

    def _city(self, f: Features, cells: list[dict]) -> None:
        grid = [0.0] * (len(self.cells) * CELL_CHANNELS)
        pos = self._cell_pos
        for cell in cells:
            p = pos.get((cell.get("q"), cell.get("r")))
            if p is None:
                continue
            base = p * CELL_CHANNELS
            grid[base] = min(1.0, (cell.get("level") or 0) / 4.0)
            code = cell.get("hex") or ""
            share = 1.0 / max(1, len(code))
            for letter in code:
                i = self._letter.get(letter.lower())
                if i is not None:
                    grid[base + 1 + i] += share
            grid[base + CELL_CHANNELS - 1] = 1.0 if code[:1].isupper() else 0.0
        f.values.extend(grid)

    def _score(self, f: Features, score: dict | None, stones: int | None) -> None:
        colours = (score or {}).get("colours") or {}
        for colour in COLOURS:
            c = colours.get(colour) or {}
            f.scaled(c.get("points"), 80)
            f.scaled(c.get("stars"), 12)
            f.scaled(c.get("districts"), 20)
        f.scaled((score or {}).get("total"), 250)
        f.scaled(stones, 20)

    def observe(self, view: dict) -> list[float]:
        n = view.get("players") or 1
        me = view.get("seat")
        me = 0 if not isinstance(me, int) or not 0 <= me < n else me
        f = Features()
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
            self._city(f, s.get("city") or [])
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
        return f.values


ENCODER = AkropolisEncoder  # named by the game's spec (encoder=lazy(...))
