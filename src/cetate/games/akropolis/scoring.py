"""Akropolis scoring (spec akropolis §1.7, §1.8, §3.4) and the Illustrious Architect's score (§1.10).

Only visible hexes count. A district's value is its level; a colour scores (value of its districts that meet
the colour's condition, doubled by its variant where that applies) x (stars of its visible plazas). An Athena
dual hex is two districts, one per half, each reaching its neighbours only through its own three sides
(§1.9, flag F6).
"""

from __future__ import annotations

from cetate.games.akropolis.city import City, D
from cetate.games.akropolis.data import GARDEN, HOUSE, MARKET, PLAZA_STARS, TEMPLE

BARRACKS = "barracks"
COLOURS: tuple[str, ...] = (HOUSE, MARKET, BARRACKS, TEMPLE, GARDEN)
LETTER = {HOUSE: "h", MARKET: "m", BARRACKS: "b", TEMPLE: "t", GARDEN: "g"}
COLOUR_OF = {v: k for k, v in LETTER.items()}
STARS = {LETTER[k]: PLAZA_STARS[k] for k in COLOURS}
ALL_SIDES = (0, 1, 2, 3, 4, 5)
DISTRICT_LETTERS = frozenset(LETTER.values())
PLAZA_OF = {k.upper(): k for k in STARS}  # a plaza's code -> its colour letter
SIDES_OF_HALF = tuple((tuple((r + i) % 6 for i in range(3)), tuple((r + 3 + i) % 6 for i in range(3)))
                      for r in range(6))


def tile_mix(tile_codes) -> tuple[dict[str, float], dict[str, float]]:
    """The mean stars and the mean district hexes per tile, by colour letter, of the tiles whose hex codes
    are given (the tiles still to come, for the bot and for search evaluations)."""
    stars = dict.fromkeys(STARS, 0.0)
    districts = dict.fromkeys(STARS, 0.0)
    count = 0
    for code in tile_codes:
        count += 1
        for ch in code:
            if ch == "q":
                continue
            if ch.isupper():
                stars[ch.lower()] += STARS[ch.lower()]
            else:
                districts[ch] += 1
    k = max(1, count)
    return {c: v / k for c, v in stars.items()}, {c: v / k for c, v in districts.items()}


def units(city: City) -> list[tuple[tuple[int, int], str, tuple[int, ...], int]]:
    """The visible districts as (cell, letter, sides, level); a dual hex gives one per half."""
    out = []
    h = city.h
    drot = city.drot
    for cell, code in city.top.items():
        if len(code) == 1:
            if code in DISTRICT_LETTERS:
                out.append((cell, code, ALL_SIDES, h[cell]))
        else:
            halves = SIDES_OF_HALF[drot[cell]]
            out.append((cell, code[0], halves[0], h[cell]))
            out.append((cell, code[1], halves[1], h[cell]))
    return out


def outside(city: City) -> set[tuple[int, int]]:
    """Empty cells connected to the outside of the city (§3.4): a flood fill inside the bounding
    parallelogram grown by one cell, started from its corner. Every other empty cell in it is a lake."""
    h = city.h
    qs = [q for q, _ in h]
    rs = [r for _, r in h]
    q0, q1, r0, r1 = min(qs) - 1, max(qs) + 1, min(rs) - 1, max(rs) + 1
    return _flood((q0, r0), lambda n: n not in h and q0 <= n[0] <= q1 and r0 <= n[1] <= r1)


def _flood(start: tuple[int, int], inside) -> set[tuple[int, int]]:
    """The cells reachable from `start` through neighbours for which `inside(cell)` holds."""
    seen = {start}
    todo = [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in D:
            n = (q + dq, r + dr)
            if n not in seen and inside(n):
                seen.add(n)
                todo.append(n)
    return seen


def lakes(city: City) -> set[tuple[int, int]]:
    """The enclosed empty cells (lakes, §3.4): the empty cells of the grown bounding parallelogram that the
    flood fill of `outside` does not reach. Fast path: a city without holes has Euler characteristic (cells
    - shared edges + cell triples meeting at a corner) equal to its number of connected parts (one, for a
    city built by the rules); then the answer is empty without a flood fill of the empty cells. A city known
    to be in one piece (`City._linked`) keeps its characteristic up to date, and its lakes are found from the
    border cells that are enclosed (`enclosed_border`): every lake touches the city."""
    h = city.h
    if not h:
        return set()
    if city._linked and city._chi is not None:
        if city._chi == 1:
            return set()
        seen = enclosed_border(city)
        todo = list(seen)
        while todo:  # the rest of each lake: it is enclosed, so this stays inside it
            q, r = todo.pop()
            for dq, dr in D:
                n = (q + dq, r + dr)
                if n not in seen and n not in h:
                    seen.add(n)
                    todo.append(n)
        return seen
    edges = corners = 0
    for q, r in h:
        up = (q + 1, r - 1) in h
        right = (q + 1, r) in h
        down = (q, r + 1) in h
        edges += up + right + down
        corners += (up and right) + (right and down)  # the corners between D[1]/D[2] and D[2]/D[3]
    chi = len(h) - edges + corners
    if chi == 1 and _connected(h):
        return set()
    out = outside(city)
    qs = [q for q, _ in h]
    rs = [r for _, r in h]
    return {(q, r) for q in range(min(qs), max(qs) + 1) for r in range(min(rs), max(rs) + 1)
            if (q, r) not in h and (q, r) not in out}


def enclosed_border(city: City) -> set[tuple[int, int]]:
    """The border cells (empty, next to the city) that lie in a lake: `lakes(city) & city.border`, which is
    all that scoring looks at (the empty neighbours of districts). For a city in one piece (`City._linked`)
    the border cells outside the city form one chain around it (walking round the city's outline, two
    successive edges have the same outside cell or two cells meeting at the corner between them), which a
    flood fill through the border alone finds from the lowest (q, r): nothing lies further west."""
    border = city.border
    if not (city._linked and city._chi is not None):
        return lakes(city) & border
    if city._chi == 1:
        return set()
    start = min(border)
    seen = {start}
    todo = [start]
    while todo:
        q, r = todo.pop()
        for dq, dr in D:
            n = (q + dq, r + dr)
            if n in border and n not in seen:
                seen.add(n)
                todo.append(n)
    return border - seen


def _connected(h: dict) -> bool:
    return len(_flood(next(iter(h)), h.__contains__)) == len(h)


def _is_lake(city: City, cell: tuple[int, int], closed: set, lake_rule: str) -> bool:
    if cell in city.h:
        return False
    if lake_rule == "single_hex":  # F4 alternative: a lone hole with six built neighbours
        h = city.h
        q, r = cell
        return all((q + dq, r + dr) in h for dq, dr in D)
    return cell in closed  # F4 default: any enclosed empty region


def market_multiplier(facing, options: dict) -> int:
    """How a market district counts, from what its neighbours show towards it (`facing`, None for an empty
    cell): 0 when another market touches it (§1.7), 2 next to a market plaza with the Markets variant (§1.8),
    else 1."""
    if "m" in facing:
        return 0
    return 2 if options["variant_markets"] and "M" in facing else 1


def barracks_multiplier(outer: int, empty: int, options: dict) -> int:
    """How a barracks district counts, from its empty neighbours (`outer` of them connected to the outside,
    `empty` in all): 0 off the edge of the city (§1.7, F2), 2 with 3 or more empty neighbours and the Barracks
    variant (§1.8, F3), else 1."""
    if not (outer if options["barracks_edge"] == "outside" else empty):
        return 0
    free = outer if options["barracks_variant_count"] == "outside" else empty
    return 2 if options["variant_barracks"] and free >= 3 else 1


def temple_multiplier(level: int, surrounded: bool, options: dict) -> int:
    """How a temple district counts: 0 unless all its neighbours are built (§1.7), 2 on level 2 or higher
    with the Temples variant (§1.8), else 1."""
    if not surrounded:
        return 0
    return 2 if options["variant_temples"] and level >= 2 else 1


def score_city(city: City, options: dict) -> dict[str, dict]:
    """Per colour: the scoring districts' value (after variants), the stars, the points, how many districts
    meet the condition and how many were doubled. Options give the variants and flags F1-F4."""
    return score_units(city, units(city), options)


def score_units(city: City, us: list, options: dict) -> dict[str, dict]:
    """`score_city` from the city's `units`, for a caller that reads them too."""
    h = city.h
    top = city.top
    drot = city.drot
    stars = {c: 0 for c in STARS}
    for code in top.values():
        c = PLAZA_OF.get(code)
        if c is not None:
            stars[c] += STARS[c]
    closed = None  # the enclosed border cells, found when a barracks or a garden first needs them
    value = {c: 0 for c in STARS}
    count = {c: 0 for c in STARS}
    doubled = {c: 0 for c in STARS}
    houses: list[tuple[tuple[int, int], tuple[int, ...], int]] = []
    markets_variant = options["variant_markets"]
    edge_outside = options["barracks_edge"] == "outside"
    count_outside = options["barracks_variant_count"] == "outside"
    barracks_variant = options["variant_barracks"]
    temples_variant = options["variant_temples"]
    gardens_variant = options["variant_gardens"]
    single_hex_lake = options["lake"] == "single_hex"
    for cell, letter, sides, level in us:
        q, r = cell
        if letter == "h":
            houses.append((cell, sides, level))
            continue
        if letter == "m":  # `market_multiplier`: what each neighbour shows towards it
            mult = 1
            for d in sides:
                dq, dr = D[d]
                code = top.get((q + dq, r + dr))
                if code is None:
                    continue
                if len(code) == 2:
                    n = (q + dq, r + dr)
                    code = code[0] if (d + 3 - drot[n]) % 6 < 3 else code[1]
                if code == "m":
                    mult = 0
                    break
                if code == "M" and markets_variant:
                    mult = 2
        elif letter == "b":  # `barracks_multiplier`
            if closed is None:
                closed = enclosed_border(city)
            empty = outer = 0
            for d in sides:
                dq, dr = D[d]
                n = (q + dq, r + dr)
                if n not in h:
                    empty += 1
                    if n not in closed:
                        outer += 1
            if not (outer if edge_outside else empty):
                continue
            mult = 2 if barracks_variant and (outer if count_outside else empty) >= 3 else 1
        elif letter == "t":  # `temple_multiplier`
            for d in sides:
                dq, dr = D[d]
                if (q + dq, r + dr) not in h:
                    break
            else:
                mult = 2 if temples_variant and level >= 2 else 1
                value["t"] += level * mult
                count["t"] += 1
                doubled["t"] += mult - 1
            continue
        else:  # garden: always; variant: next to a lake (F4, `_is_lake`)
            mult = 1
            if gardens_variant:
                for d in sides:
                    dq, dr = D[d]
                    n = (q + dq, r + dr)
                    if n in h:
                        continue
                    if closed is None:
                        closed = enclosed_border(city)
                    if single_hex_lake:
                        nq, nr = n
                        if all((nq + eq, nr + er) in h for eq, er in D):
                            mult = 2
                            break
                    elif n in closed:
                        mult = 2
                        break
        if not mult:
            continue
        value[letter] += level * mult
        count[letter] += 1
        doubled[letter] += mult - 1
    if houses:
        group_value, group_size, _ = _largest_house_group(city, houses, options["house_tie"])
        count["h"] = group_size
        if options["variant_houses"] and group_value >= 10:
            value["h"] = 2 * group_value
            doubled["h"] = group_size
        else:
            value["h"] = group_value
    return {
        COLOUR_OF[c]: {"value": value[c], "stars": stars[c], "points": value[c] * stars[c],
                       "districts": count[c], "doubled": doubled[c]}
        for c in ("h", "m", "b", "t", "g")
    }


def _largest_house_group(city: City, houses, tie: str) -> tuple[int, int, set]:
    """(value, size, cells) of the scoring house group (§1.7 and F1): most hexes, ties to the higher value; or the
    highest value with `tie == "value"`. Halves of dual hexes join only through their own sides."""
    if not city.drot:  # no dual hex in sight: the groups are the connected parts of the house cells
        return _house_parts(city, houses, tie)
    side = city.side
    drot = city.drot
    top = city.top
    key_of: dict[tuple, int] = {}
    for i, (cell, sides, _) in enumerate(houses):
        key_of[(cell, sides[0] if len(sides) == 3 else None)] = i

    def unit_key(cell, d):  # the unit of `cell` owning side d
        if len(top[cell]) == 1:
            return (cell, None)
        return (cell, SIDES_OF_HALF[drot[cell]][0 if (d - drot[cell]) % 6 < 3 else 1][0])

    parent = list(range(len(houses)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, (cell, sides, _) in enumerate(houses):
        q, r = cell
        for d in sides:
            n = (q + D[d][0], r + D[d][1])
            back = (d + 3) % 6
            if side(n, back) == "h":
                j = key_of[unit_key(n, back)]
                a, b = find(i), find(j)
                if a != b:
                    parent[a] = b
    groups: dict[int, list[int]] = {}
    for i in range(len(houses)):
        groups.setdefault(find(i), []).append(i)
    best = (-1, -1)
    cells: set[tuple[int, int]] = set()
    for members in groups.values():
        size = len(members)
        val = sum(houses[i][2] for i in members)
        key = (val, size) if tie == "value" else (size, val)
        if key > best:
            best = key
            cells = {houses[i][0] for i in members}
    return ((best[0], best[1]) if tie == "value" else (best[1], best[0])) + (cells,)


def _house_parts(city: City, houses, tie: str) -> tuple[int, int, set]:
    """`_largest_house_group` for a city without dual hexes: the groups in the order of their first house
    in `houses`, the first of the best kept, as there."""
    top, h = city.top, city.h
    seen: set = set()
    best = (-1, -1)
    cells: set[tuple[int, int]] = set()
    for start, _, _ in houses:
        if start in seen:
            continue
        seen.add(start)
        group = [start]
        val = 0
        for q, r in group:  # grows while it is read
            val += h[(q, r)]
            for dq, dr in D:
                n = (q + dq, r + dr)
                if n not in seen and top.get(n) == "h":
                    seen.add(n)
                    group.append(n)
        key = (val, len(group)) if tie == "value" else (len(group), val)
        if key > best:
            best = key
            cells = set(group)
    return ((best[0], best[1]) if tie == "value" else (best[1], best[0])) + (cells,)


def house_group(city: City, options: dict) -> set[tuple[int, int]]:
    """The cells of the house group that scores (§1.7, F1); empty without houses."""
    houses = [(cell, sides, level) for cell, letter, sides, level in units(city) if letter == "h"]
    return _largest_house_group(city, houses, options["house_tie"])[2] if houses else set()


# -- the Illustrious Architect (§1.10) ------------------------------------------------------------------

ARCHITECT_FACTOR = {"hippodamos": 1, "metagenes": 1, "callicrates": 2}  # what each of his districts counts
ARCHITECT_QUARRY = {"hippodamos": 0, "metagenes": 2, "callicrates": 0}  # points per quarry he collected


def architect_score(codes: list[str], level: str, options: dict) -> dict[str, dict]:
    """The Architect's colours from the hex codes of everything he collected (his starting tile, city tiles
    and Athena small tiles; a dual hex counts one district of each half): districts x factor x stars, with
    the variant handling of §1.10; plus `quarries` (2 points each for Metagenes)."""
    factor = ARCHITECT_FACTOR[level]
    districts = {c: 0 for c in STARS}
    stars = {c: 0 for c in STARS}
    quarries = 0
    for code in codes:
        for letter in code:
            if letter == "q":
                quarries += 1
            elif letter.isupper():
                stars[letter.lower()] += STARS[letter.lower()]
            else:
                districts[letter] += 1
    out: dict[str, dict] = {}
    for c in ("h", "m", "b", "t", "g"):
        base = districts[c] * factor
        doubled = 0
        if (c == "h" and options["variant_houses"] and base >= 10) or (c == "t" and options["variant_temples"] and factor == 2) or (c in "bg" and options["variant_barracks" if c == "b" else "variant_gardens"]):
            doubled = districts[c]
        elif c == "m" and options["variant_markets"]:
            doubled = min(districts[c], 3 * (stars[c] // STARS[c]))  # at most 3 markets per market plaza
        value = base + doubled * factor
        out[COLOUR_OF[c]] = {"value": value, "stars": stars[c], "points": value * stars[c],
                             "districts": districts[c], "doubled": doubled}
    per = ARCHITECT_QUARRY[level]
    out["quarries"] = {"count": quarries, "value": per, "points": per * quarries}
    return out
