"""Akropolis component data: district kinds, the starting tile and the 61 city tiles (spec akropolis §1.1,
§2.1-§2.3).

Each city tile lists its three hexes in the spec's clockwise order (viewed from above, y pointing down the
screen): A (the anchor), B, C. Tiles are never mirrored, so this cyclic order is part of the data.
`check_tiles()` checks the table against the composition of §2.3.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

# District kinds (§1.1). The five colours can be districts or plazas; quarries are neither.
HOUSE, BARRACKS, TEMPLE, MARKET, GARDEN, QUARRY = "house", "barracks", "temple", "market", "garden", "quarry"
DISTRICT_KINDS: tuple[str, ...] = (HOUSE, BARRACKS, TEMPLE, MARKET, GARDEN)
KINDS: tuple[str, ...] = (*DISTRICT_KINDS, QUARRY)

# Stars printed on a plaza, fixed per colour (§1.1: House 1, Market 2, Barracks 2, Temple 2, Garden 3).
PLAZA_STARS: dict[str, int] = {HOUSE: 1, BARRACKS: 2, TEMPLE: 2, MARKET: 2, GARDEN: 3}

# Player-count sets (§2.2): "2+" always used, "3+" added with 3 or more players, "4" added with 4.
SETS: tuple[str, ...] = ("2+", "3+", "4")


class Hex(NamedTuple):
    kind: str  # one of KINDS
    plaza: bool = False  # a plaza of that colour (never for a quarry)
    stars: int = 0  # PLAZA_STARS[kind] for a plaza, 0 otherwise

    @property
    def code(self) -> str:
        """The spec's one-letter code: lower case district, upper case plaza, `q` quarry."""
        letter = _LETTER[self.kind]
        return letter.upper() if self.plaza else letter


class Tile(NamedTuple):
    id: int  # 1-61, the spec's "#" column (ANU numbering); the starting tile is 0
    set: str  # "2+", "3+" or "4"; "start" for the starting tile
    hexes: tuple[Hex, ...]  # city tiles: (A, B, C) in clockwise order
    bga: int = 0  # position in BGA's Tiles::$tiles (spec column "BGA #"), 0 for the starting tile

    @property
    def code(self) -> str:
        return "".join(h.code for h in self.hexes)


_LETTER: dict[str, str] = {HOUSE: "h", BARRACKS: "b", TEMPLE: "t", MARKET: "m", GARDEN: "g", QUARRY: "q"}
_KIND_OF_LETTER: dict[str, str] = {letter: kind for kind, letter in _LETTER.items()}


def district(kind: str) -> Hex:
    return Hex(kind)


def plaza(kind: str) -> Hex:
    return Hex(kind, True, PLAZA_STARS[kind])


def quarry() -> Hex:
    return Hex(QUARRY)


def hex_from_code(letter: str) -> Hex:
    """`h` -> house district, `H` -> house plaza 1★, `q` -> quarry."""
    kind = _KIND_OF_LETTER.get(letter.lower())
    if kind is None or (letter.isupper() and kind == QUARRY):
        raise ValueError(f"unknown hex code {letter!r}")
    if kind == QUARRY:
        return quarry()
    return plaza(kind) if letter.isupper() else district(kind)


# Starting tile (§2.1): a House plaza in the centre and quarries on three alternating sides, given as
# axial offsets (q, r) from the plaza: N (0, -1), SE (1, 0), SW (-1, 1). One per player.
STARTING_TILE_ID = 0
STARTING_TILE_CELLS: tuple[tuple[tuple[int, int], Hex], ...] = (
    ((0, 0), plaza(HOUSE)),
    ((0, -1), quarry()),
    ((1, 0), quarry()),
    ((-1, 1), quarry()),
)
STARTING_TILE = Tile(STARTING_TILE_ID, "start", tuple(h for _, h in STARTING_TILE_CELLS))

# The 61 city tiles (§2.2), as the spec's table: (#, set, code A-B-C clockwise, BGA #).
_TABLE: tuple[tuple[int, str, str, int], ...] = (
    (1, "2+", "hbt", 16),
    (2, "2+", "Mbq", 6),
    (3, "2+", "qhb", 60),
    (4, "2+", "Bhq", 14),
    (5, "2+", "Bqq", 12),
    (6, "2+", "Bht", 20),
    (7, "2+", "gqq", 46),
    (8, "2+", "qbm", 37),
    (9, "2+", "qtm", 39),
    (10, "2+", "qmb", 36),
    (11, "2+", "Gqh", 22),
    (12, "2+", "qmh", 50),
    (13, "2+", "Ghq", 28),
    (14, "2+", "qtb", 32),
    (15, "2+", "hgm", 26),
    (16, "2+", "Bmh", 25),
    (17, "2+", "Mhg", 24),
    (18, "2+", "Hmb", 23),
    (19, "2+", "qhh", 35),
    (20, "2+", "hgb", 53),
    (21, "2+", "Mth", 21),
    (22, "2+", "Mqq", 3),
    (23, "2+", "Tqq", 9),
    (24, "2+", "Gqq", 13),
    (25, "2+", "qmg", 41),
    (26, "2+", "mqq", 49),
    (27, "2+", "qbm", 61),
    (28, "2+", "Hqq", 1),
    (29, "2+", "Thq", 8),
    (30, "2+", "tqq", 48),
    (31, "2+", "Tqh", 57),
    (32, "2+", "Hgq", 5),
    (33, "2+", "Hqq", 2),
    (34, "2+", "Thb", 27),
    (35, "2+", "htm", 52),
    (36, "2+", "qmt", 40),
    (37, "2+", "Hqq", 7),
    (38, "3+", "hmb", 54),
    (39, "3+", "qth", 42),
    (40, "3+", "qbg", 31),
    (41, "3+", "qhh", 29),
    (42, "3+", "qhm", 51),
    (43, "3+", "Tqq", 10),
    (44, "3+", "hqq", 59),
    (45, "3+", "qmh", 45),
    (46, "3+", "Htm", 15),
    (47, "3+", "Ghb", 55),
    (48, "3+", "Bqh", 19),
    (49, "3+", "Mqq", 4),
    (50, "4", "bqq", 47),
    (51, "4", "Bqq", 11),
    (52, "4", "Hqm", 17),
    (53, "4", "Gmh", 56),
    (54, "4", "Mqt", 18),
    (55, "4", "qht", 44),
    (56, "4", "Thm", 58),
    (57, "4", "qgh", 43),
    (58, "4", "qhh", 30),
    (59, "4", "qbh", 34),
    (60, "4", "qhb", 33),
    (61, "4", "qhm", 38),
)

CITY_TILES: tuple[Tile, ...] = tuple(
    Tile(num, tile_set, tuple(hex_from_code(c) for c in code), bga) for num, tile_set, code, bga in _TABLE
)
TILES_BY_ID: dict[int, Tile] = {t.id: t for t in CITY_TILES}
CODES: dict[int, str] = {t.id: t.code for t in CITY_TILES}  # each city tile's hex codes (hot paths)


class Composition(NamedTuple):
    tiles: int
    plazas: dict[str, int]
    districts: dict[str, int]
    quarries: int


def _counts(house: int, market: int, barracks: int, temple: int, garden: int) -> dict[str, int]:
    # the spec's column order is H/M/B/T/G
    return {HOUSE: house, MARKET: market, BARRACKS: barracks, TEMPLE: temple, GARDEN: garden}


# §2.3: hexes per player-count set (the "3+" and "4" rows count only the tiles those sets add).
COMPOSITION: dict[str, Composition] = {
    "2+": Composition(37, _counts(5, 4, 4, 4, 3), _counts(18, 12, 10, 8, 6), 37),
    "3+": Composition(12, _counts(1, 1, 1, 1, 1), _counts(9, 4, 3, 2, 1), 12),
    "4": Composition(12, _counts(1, 1, 1, 1, 1), _counts(9, 4, 3, 2, 1), 12),
}
# §2.3 cumulative rows: the tiles used with 3 players ("2+" and "3+") and with 4 players (all three sets).
CUMULATIVE_COMPOSITION: dict[int, Composition] = {
    3: Composition(49, _counts(6, 5, 5, 5, 4), _counts(27, 16, 13, 10, 7), 49),
    4: Composition(61, _counts(7, 6, 6, 6, 5), _counts(36, 20, 16, 12, 8), 61),
}
# §2.3 shapes over all 61 tiles: (plazas, districts, quarries) per tile -> number of tiles.
SHAPES: dict[tuple[int, int, int], int] = {
    (1, 0, 2): 10,
    (1, 1, 1): 10,
    (1, 2, 0): 10,
    (0, 1, 2): 5,
    (0, 2, 1): 21,
    (0, 3, 0): 5,
}
SETS_FOR_PLAYERS: dict[int, tuple[str, ...]] = {1: ("2+",), 2: ("2+",), 3: ("2+", "3+"), 4: SETS}


def tiles_for_players(players: int, tiles: tuple[Tile, ...] = CITY_TILES) -> tuple[Tile, ...]:
    """The city tiles in play with that many players (solo uses the 2+ set)."""
    sets = SETS_FOR_PLAYERS[players]
    return tuple(t for t in tiles if t.set in sets)


def composition_of(tiles: tuple[Tile, ...] | list[Tile]) -> Composition:
    plazas: Counter[str] = Counter()
    districts: Counter[str] = Counter()
    quarries = 0
    for tile in tiles:
        for h in tile.hexes:
            if h.kind == QUARRY:
                quarries += 1
            elif h.plaza:
                plazas[h.kind] += 1
            else:
                districts[h.kind] += 1
    return Composition(
        len(tiles),
        {k: plazas[k] for k in DISTRICT_KINDS},
        {k: districts[k] for k in DISTRICT_KINDS},
        quarries,
    )


def _diff(label: str, want: Composition, got: Composition) -> list[str]:
    problems = []
    if got.tiles != want.tiles:
        problems.append(f"{label}: {got.tiles} tiles, expected {want.tiles}")
    for part in ("plazas", "districts"):
        for kind in DISTRICT_KINDS:
            w, g = getattr(want, part)[kind], getattr(got, part)[kind]
            if w != g:
                problems.append(f"{label}: {g} {kind} {part}, expected {w}")
    if got.quarries != want.quarries:
        problems.append(f"{label}: {got.quarries} quarries, expected {want.quarries}")
    return problems


def _shape(tile: Tile) -> tuple[int, int, int]:
    plazas = sum(h.plaza for h in tile.hexes)
    quarries = sum(h.kind == QUARRY for h in tile.hexes)
    return plazas, len(tile.hexes) - plazas - quarries, quarries


def check_tiles(tiles: tuple[Tile, ...] | list[Tile] = CITY_TILES) -> None:
    """Check the tile table against the composition of §2.3 and the shape rules of §1.1/§2.2.

    Raises ValueError listing every disagreement.
    """
    tiles = tuple(tiles)
    problems: list[str] = []
    ids = [t.id for t in tiles]
    duplicates = sorted(i for i, n in Counter(ids).items() if n > 1)
    if duplicates:
        problems.append(f"duplicate tile ids: {duplicates}")
    for t in tiles:
        if t.set not in SETS:
            problems.append(f"tile {t.id}: unknown set {t.set!r}")
        if len(t.hexes) != 3:
            problems.append(f"tile {t.id}: {len(t.hexes)} hexes, expected 3")
        for h in t.hexes:
            if h.kind not in KINDS:
                problems.append(f"tile {t.id}: unknown kind {h.kind!r}")
            elif h.plaza and h.kind == QUARRY:
                problems.append(f"tile {t.id}: a quarry cannot be a plaza")
            elif h.stars != (PLAZA_STARS[h.kind] if h.plaza else 0):
                problems.append(
                    f"tile {t.id}: {h.kind} {'plaza' if h.plaza else 'district'} with {h.stars} stars"
                )
        if sum(h.plaza for h in t.hexes) > 1:
            problems.append(f"tile {t.id}: more than one plaza")
    for tile_set, want in COMPOSITION.items():
        problems += _diff(f"set {tile_set}", want, composition_of([t for t in tiles if t.set == tile_set]))
    for players, want in CUMULATIVE_COMPOSITION.items():
        problems += _diff(f"{players} players", want, composition_of(tiles_for_players(players, tiles)))
    shapes = Counter(_shape(t) for t in tiles)
    for shape in sorted(set(SHAPES) | set(shapes)):
        if shapes[shape] != SHAPES.get(shape, 0):
            problems.append(
                f"{shapes[shape]} tiles with {shape[0]} plaza(s), {shape[1]} district(s), {shape[2]} quarry(ies), "
                f"expected {SHAPES.get(shape, 0)}"
            )
    if problems:
        raise ValueError(
            "Akropolis tile data disagree with the composition (spec §2.3):\n  " + "\n  ".join(problems)
        )


# -- Athena (spec §1.9, §2.5, §2.6) ---------------------------------------------------------------------

# The 18 construction cards, three per district colour and three grey ones (§2.5). Their patterns are the
# predicates in cards.py; names and texts shown to people live in the message catalogs.
ATHENA_CARDS: tuple[str, ...] = (
    "housing", "villa", "district_center",  # blue
    "city_market", "storehouses", "luxury_goods",  # yellow
    "rampart", "guard_tower", "fortress",  # red
    "sanctuary", "pantheon", "pilgrims_stairs",  # purple
    "oasis", "hanging_gardens", "parkland",  # green
    "main_street", "quarry_mine", "agora",  # grey
)
CARD_COLOUR: dict[str, str] = {
    card: colour
    for colours, cards in zip((HOUSE, MARKET, BARRACKS, TEMPLE, GARDEN, "grey"),
                              (ATHENA_CARDS[i:i + 3] for i in range(0, 18, 3)), strict=True)
    for colour in (colours,) for card in cards
}
CARDS_SHOWN = 4  # cards displayed per game
SMALL_PER_CARD = 4  # small tiles put under each displayed card
STATUE_PIECES: tuple[str, ...] = ("head", "body", "legs", "base")  # the piece kind above card 0, 1, 2, 3

# The 30 small one-hex tiles (§2.6), numbered 1-30. A one-letter code is a district, plaza or (never) quarry;
# a two-letter code is a dual hex: the first letter's half owns sides rot, rot+1, rot+2 and the second
# letter's half the other three (the side model, §1.9 / flag F6).
SMALL_TILES: dict[int, str] = dict(enumerate((
    "mg", "bt", "hm", "hb", "mb", "tg", "hg", "mt", "bg", "ht",  # dual hexes, one per pair of colours
    "h", "h", "h", "m", "m", "t", "t", "b", "b", "g",  # single districts
    "H", "H", "H", "M", "M", "T", "T", "B", "B", "G",  # single plazas
), start=1))
SMALL_PIECE_BASE = 100  # a small tile's piece id in a city is 100 + its number; city tiles keep 1-61, start 0
