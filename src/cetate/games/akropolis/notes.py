"""What Akropolis actions cost and earn, and what a seat may not do, as data (the one source for the browser,
the terminal and the bots; see docs/formats.md).

**Action notes** (`annotate`, one dict per legal action, sent as `action_notes`):

    take          {"cost": k}            the tile at position k costs k stones (§1.3)
    place         {"lv": l, "st": n}     the tile lies on level l and earns n stones: one per quarry it
                                         covers, no more than a finite supply holds (§1.3, F9)
    place_small   {"lv": l, "st": n}     the same for an Athena small tile (§1.4, small tile clause)
    athena, done  {}

**Refusals** (`refusals`, in a seat's own view): `{"code": "cost", "target": {"site": k}, "cost": k,
"stones": s}` for every position of the construction site the seat cannot pay for.

**Spots** (`spots`, in the view of the seat that chooses or places a piece): where the piece in hand may go
and why not elsewhere, one entry per anchor, so a page can answer a pointer anywhere without a rule of its
own:

    {"piece": "tile", "else": "n", "at": {"q,r": [level, "0u1nss"], ...}}

For a city tile (while choosing one too: legality never depends on a tile's hexes, §1.4) each anchor "q,r"
has the level the tile would lie on and one character per rotation 0-5: a digit is a legal placement and the
stones it earns, a letter the refusal (`SPOT_CODES`: u uneven, n not_touching, s single_support). An anchor
not listed is refused with `else` (it is away from the city). For an Athena small tile (`"piece": "small"`)
each cell has one character (a dual hex may turn freely; o on_small_tile). Every code has its message
`refusal.<code>` in the catalogs, as do the refusals above.
"""

from __future__ import annotations

from cetate.games.akropolis import rules
from cetate.games.akropolis.city import NOT_TOUCHING, ON_SMALL_TILE, SINGLE_SUPPORT, UNEVEN, City
from cetate.games.akropolis.data import CODES, SMALL_TILES
from cetate.games.akropolis.scoring import score_city
from cetate.games.akropolis.state import State

COST = "cost"  # a position of the construction site the seat cannot pay for
SPOT_LETTER = {UNEVEN: "u", NOT_TOUCHING: "n", SINGLE_SUPPORT: "s", ON_SMALL_TILE: "o"}
SPOT_CODES = {letter: code for code, letter in SPOT_LETTER.items()}  # the letters of `spots`, for the catalog
REFUSAL_CODES = (COST, *SPOT_LETTER)  # every code a view may hold (each has a message `refusal.<code>`)


def annotate(s: State, seat: int | None, legal: list[dict]) -> list[dict]:
    """One note per legal action of the seat to move (see the module doc); runs only when asked."""
    if s.phase == "over":
        return [{} for _ in legal]
    city = s.cities[s.seat]
    supply = rules.supply_left(s)
    out = []
    for a in legal:
        kind = a.get("type")
        if kind == "take":
            out.append({"cost": rules.take_cost(a["site"])})
        elif kind == "place":
            cells = city.cells_of(a["q"], a["r"], a["rot"])
            out.append({"lv": city.landing_level(cells[0]),
                        "st": rules.stones_gained(city.covered_quarries(cells), supply)})
        elif kind == "place_small":
            cell = (a["q"], a["r"])
            out.append({"lv": city.landing_level(cell), "st": rules.stones_gained(city.covered_quarries((cell,)), supply)})
        else:
            out.append({})
    return out


def refusals(s: State, seat: int | None) -> list[dict]:
    """What `seat` may not take now or later this round: the positions of the site it cannot pay for."""
    if seat is None or s.phase == "over" or not 0 <= seat < s.n:
        return []
    stones = s.stones[seat]
    return [{"code": COST, "target": {"site": i}, "cost": rules.take_cost(i), "stones": stones}
            for i in range(rules.affordable(s, seat), len(s.site))]


def spots(s: State, seat: int | None) -> dict | None:
    """Where the piece in hand of `seat` may go (see the module doc): a city tile while it chooses or places
    one, its small tile while it places one; None for anyone else."""
    if seat is None or seat != s.seat or s.phase not in ("take", "place", "small"):
        return None
    city = s.cities[seat]
    supply = rules.supply_left(s)
    out: dict[str, list] = {}
    if s.phase == "small":
        for cell in sorted(city.small_cells()):
            why = city.small_refusal(cell)
            mark = SPOT_LETTER[why] if why else str(rules.stones_gained(city.covered_quarries((cell,)), supply))
            out[f"{cell[0]},{cell[1]}"] = [city.landing_level(cell), mark]
        return {"piece": "small", "else": SPOT_LETTER[NOT_TOUCHING], "at": out}
    refusal, cells_of, covered = city.refusal, city.cells_of, city.covered_quarries
    for q, r in sorted(city.anchors()):
        marks = []
        for rot in range(6):
            cells = cells_of(q, r, rot)
            why = refusal(cells)
            marks.append(SPOT_LETTER[why] if why else str(rules.stones_gained(covered(cells), supply)))
        out[f"{q},{r}"] = [city.landing_level((q, r)), "".join(marks)]
    return {"piece": "tile", "else": SPOT_LETTER[NOT_TOUCHING], "at": out}


def gains(city: City, piece: int, options: dict, supply: int | None, small: bool = False
          ) -> dict[tuple[int, int, int], tuple[int, int, int]]:
    """For every legal placement (q, r, rot) of city tile `piece` (or small tile `piece` with `small`) in
    `city`: (the points it adds to the colours now, the stones it earns, the level it lies on). The terminal's
    hints; a whole scoring per placement, so call it for one piece at a time."""
    base = sum(c["points"] for c in score_city(city, options).values())
    out = {}
    if small:
        code = SMALL_TILES[piece]
        for q, r, rot in city.small_placements(code):
            after = city.clone()
            stones = rules.stones_gained(after.place_small(piece, code, q, r, rot), supply)
            points = sum(c["points"] for c in score_city(after, options).values()) - base
            out[(q, r, rot)] = (points, stones, after.h[(q, r)])
    else:
        for q, r, rot in city.placements(CODES[piece]):
            after = city.clone()
            stones = rules.stones_gained(after.place_tile(piece, q, r, rot), supply)
            points = sum(c["points"] for c in score_city(after, options).values()) - base
            out[(q, r, rot)] = (points, stones, after.h[(q, r)])
    return out


__all__ = ["REFUSAL_CODES", "SPOT_CODES", "annotate", "gains", "refusals", "spots"]
