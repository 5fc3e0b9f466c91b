"""The 18 Athena construction cards as predicates on a city (spec akropolis §2.5).

Every pattern looks at visible hexes only. Neighbours are plan-view neighbours; a hex's "side d" is what it
shows towards direction d, so an Athena dual hex takes part through the half that owns that side (§1.9):
it is surrounded when its half's three sides touch built cells, and a straight line can only pass through
hexes that show the same district on opposite sides (a dual hex can only end a line). Flag F7
(`card_centre`) decides whether Housing's and City Market's centre must be a built district or quarry
(the card legend, default) or may be anything (BGA's reading: Housing's centre any built hex, City Market's
centre even empty).
"""

from __future__ import annotations

from collections.abc import Callable

from cetate.games.akropolis.city import City, D
from cetate.games.akropolis.scoring import units

DISTRICTS = frozenset("hmbtg")
PLAZAS = frozenset("HMBTG")
RAISED = {"villa": ("h", 4), "guard_tower": ("b", 2)}  # §2.5 #2, #8: that many districts on level 2 or higher
RAISED_LEVEL = 2
LUXURY_LEVEL = 3  # §2.5 #6: a Market plaza on this level or higher
QUARRY_MINE_STONES = 8  # §2.5 #17


def _n(cell, d, k=1):
    return (cell[0] + k * D[d % 6][0], cell[1] + k * D[d % 6][1])


def _facing(city: City, cell, d) -> str | None:
    """What the neighbour of `cell` in direction d shows back towards `cell`."""
    return city.side(_n(cell, d), d + 3)


def _centre_ok(city: City, cell, lenient_empty: bool, options: dict) -> bool:
    code = city.top.get(cell)
    if options["card_centre"] == "lenient":
        return code is not None or lenient_empty
    return code is not None and (len(code) == 2 or code.islower())  # a district or a quarry


def _raised(city: City, card: str) -> int:
    """The districts of the card's colour on level 2 or higher (Villa, Guard Tower)."""
    want = RAISED[card][0]
    return sum(1 for _, letter, _, level in units(city) if letter == want and level >= RAISED_LEVEL)


def _surrounded(city: City, cell, sides) -> bool:
    h = city.h
    return all(_n(cell, d) in h for d in sides)


def _faced(city: City, letter: str) -> dict[tuple[int, int], int]:
    """For every cell that some neighbour shows `letter` towards: the directions (bit d: the neighbour in
    direction d) from which it does. The same facts as `_facing`, gathered from the hexes showing `letter`."""
    out: dict[tuple[int, int], int] = {}
    drot = city.drot
    for (q, r), code in city.top.items():
        if letter not in code:
            continue
        if len(code) == 1:
            sides = range(6)
        else:  # a dual hex shows each half on its own three sides (§1.9)
            first = drot[(q, r)]
            sides = [d for d in range(6) if (code[0] if (d - first) % 6 < 3 else code[1]) == letter]
        for d in sides:
            dq, dr = D[d]
            n = (q + dq, r + dr)
            out[n] = out.get(n, 0) | 1 << ((d + 3) % 6)  # seen from n, this hex lies in direction d + 3
    return out


ALL_AROUND = 0b111111
ALTERNATE = (0b010101, 0b101010)  # directions d, d + 2, d + 4


def housing(city: City, stones: int, options: dict) -> bool:
    """§2.5 #1: a centre hex whose six neighbours all show a House district towards it."""
    for cell, mask in _faced(city, "h").items():
        if mask == ALL_AROUND and _centre_ok(city, cell, False, options):
            return True
    return False


def villa(city: City, stones: int, options: dict) -> bool:
    """§2.5 #2: at least four House districts on level 2 or higher."""
    return _raised(city, "villa") >= RAISED["villa"][1]


def district_center(city: City, stones: int, options: dict) -> bool:
    """§2.5 #3: a House plaza whose six neighbours are all built higher than it."""
    h = city.h
    for cell, code in city.top.items():
        if code == "H":
            level = h[cell]
            if all(h.get(_n(cell, d), 0) > level for d in range(6)):
                return True
    return False


def city_market(city: City, stones: int, options: dict) -> bool:
    """§2.5 #4: a centre with Market districts on three alternating neighbours (d, d+2, d+4)."""
    for cell, mask in _faced(city, "m").items():  # with the lenient centre (F7) it may even be empty
        if (mask & ALTERNATE[0] == ALTERNATE[0] or mask & ALTERNATE[1] == ALTERNATE[1]) and _centre_ok(
                city, cell, True, options):
            return True
    return False


def storehouses(city: City, stones: int, options: dict) -> bool:
    """§2.5 #5: two Market districts, not adjacent to each other, each with all its sides against built hexes."""
    cells = [cell for cell, letter, sides, _ in units(city) if letter == "m" and _surrounded(city, cell, sides)]
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            dq, dr = a[0] - b[0], a[1] - b[1]
            if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 >= 2:
                return True
    return False


def luxury_goods(city: City, stones: int, options: dict) -> bool:
    """§2.5 #6: a Market plaza on level 3 or higher."""
    h = city.h
    return any(code == "M" and h[cell] >= LUXURY_LEVEL for cell, code in city.top.items())


def _line(city: City, length: int) -> list[list[str]]:
    """The letters of every straight run of `length` hexes where each consecutive pair faces each other with
    districts, middle hexes showing the same district on both sides of the line."""
    out = []
    side = city.side
    for cell, _code in city.top.items():
        for d in range(3):  # three axes; each line is found from one of its ends in each direction
            for direction in (d, d + 3):
                first = side(cell, direction)
                if first not in DISTRICTS:
                    continue
                letters = [first]
                cur = cell
                for step in range(1, length):
                    cur = _n(cur, direction)
                    back = side(cur, direction + 3)
                    if back not in DISTRICTS:
                        break
                    if step < length - 1 and side(cur, direction) != back:
                        break
                    letters.append(back)
                if len(letters) == length:
                    out.append(letters)
    return out


def _runs(city: City, length: int, letter: str | None = None):
    """Each straight run of `length` (3 or 5) hexes as `_line` finds them, once per run and axis, as its
    letters (unordered: the cards only ask whether they are all `letter`, or all different): found from its
    middle hex, which shows the same district on both sides of the line, so it is a one-district hex (a dual
    hex's opposite sides lie in different halves, and no small tile shows one district twice). With
    `letter`, only runs whose middle shows it."""
    top = city.top
    side = city.side
    half = length // 2
    for (q, r), code in top.items():
        if len(code) != 1 or code not in DISTRICTS or (letter is not None and code != letter):
            continue
        for d in range(3):
            dq, dr = D[d]
            letters = [code]
            for sign in (1, -1):  # each way from the middle: hexes showing one district on both sides, then the end
                for k in range(1, half + 1):
                    cell = (q + sign * k * dq, r + sign * k * dr)
                    towards = d + 3 if sign == 1 else d  # the side of `cell` facing the middle
                    back = side(cell, towards)
                    if back not in DISTRICTS or (k < half and side(cell, towards + 3) != back):
                        break
                    letters.append(back)
                else:
                    continue
                break
            else:
                yield letters


def rampart(city: City, stones: int, options: dict) -> bool:
    """§2.5 #7: three Barracks districts in a straight line."""
    return any(letters == ["b", "b", "b"] for letters in _runs(city, 3, "b"))


def guard_tower(city: City, stones: int, options: dict) -> bool:
    """§2.5 #8: at least two Barracks districts on level 2 or higher."""
    return _raised(city, "guard_tower") >= RAISED["guard_tower"][1]


def fortress(city: City, stones: int, options: dict) -> bool:
    """§2.5 #9: a Barracks plaza with Barracks districts on two neighbours d and d+2 (a 120° V)."""
    for cell, code in city.top.items():
        if code == "B":
            faces = [_facing(city, cell, d) for d in range(6)]
            if any(faces[d] == "b" and faces[(d + 2) % 6] == "b" for d in range(6)):
                return True
    return False


def sanctuary(city: City, stones: int, options: dict) -> bool:
    """§2.5 #10: three mutually adjacent Temple districts (the shape of a tile)."""
    side = city.side
    for a, code in city.top.items():
        if "t" not in code:
            continue
        for r in range(6):
            b, c = _n(a, r), _n(a, r + 1)
            # a->b is direction r, a->c is r+1, b->c is r+2
            if (side(a, r) == "t" and side(b, r + 3) == "t" and side(a, r + 1) == "t" and side(c, r + 4) == "t"
                    and side(b, r + 2) == "t" and side(c, r + 5) == "t"):
                return True
    return False


def pantheon(city: City, stones: int, options: dict) -> bool:
    """§2.5 #11: a Temple district with plazas of any colour on three alternating neighbours."""
    side = city.side
    for cell, code in city.top.items():
        if "t" not in code:
            continue
        for d in (0, 1):
            if all(side(cell, d + k) == "t" and _facing(city, cell, d + k) in PLAZAS for k in (0, 2, 4)):
                return True
    return False


def pilgrims_stairs(city: City, stones: int, options: dict) -> bool:
    """§2.5 #12: a Temple plaza with two built cells stepping down from it in a straight line."""
    h = city.h
    for cell, code in city.top.items():
        if code != "T":
            continue
        level = h[cell]
        for d in range(6):
            one = h.get(_n(cell, d), 0)
            two = h.get(_n(cell, d, 2), 0)
            if 0 < two < one < level:
                return True
    return False


def oasis(city: City, stones: int, options: dict) -> bool:
    """§2.5 #13: a Garden district with all its sides against built hexes."""
    return any(letter == "g" and _surrounded(city, cell, sides) for cell, letter, sides, _ in units(city))


def hanging_gardens(city: City, stones: int, options: dict) -> bool:
    """§2.5 #14: two adjacent Garden districts on different levels."""
    h = city.h
    side = city.side
    for cell, code in city.top.items():
        if "g" not in code:
            continue
        for d in range(6):
            n = _n(cell, d)
            if side(cell, d) == "g" and side(n, d + 3) == "g" and h[n] != h[cell]:
                return True
    return False


def parkland(city: City, stones: int, options: dict) -> bool:
    """§2.5 #15: a Garden district next to a Garden plaza."""
    for cell, code in city.top.items():
        if code == "G" and any(_facing(city, cell, d) == "g" for d in range(6)):
            return True
    return False


def main_street(city: City, stones: int, options: dict) -> bool:
    """§2.5 #16: five districts of five different colours in a straight line (plazas and quarries don't count)."""
    return any(len(set(letters)) == 5 for letters in _runs(city, 5))


def quarry_mine(city: City, stones: int, options: dict) -> bool:
    """§2.5 #17: the player holds at least 8 stones when the cards are checked."""
    return stones >= QUARRY_MINE_STONES


def agora(city: City, stones: int, options: dict) -> bool:
    """§2.5 #18: at least one visible plaza of each of the five colours."""
    return len({code for code in city.top.values() if code in PLAZAS}) == 5


PREDICATES: dict[str, Callable[[City, int, dict], bool]] = {
    "housing": housing, "villa": villa, "district_center": district_center,
    "city_market": city_market, "storehouses": storehouses, "luxury_goods": luxury_goods,
    "rampart": rampart, "guard_tower": guard_tower, "fortress": fortress,
    "sanctuary": sanctuary, "pantheon": pantheon, "pilgrims_stairs": pilgrims_stairs,
    "oasis": oasis, "hanging_gardens": hanging_gardens, "parkland": parkland,
    "main_street": main_street, "quarry_mine": quarry_mine, "agora": agora,
}


def satisfied(card: str, city: City, stones: int, options: dict) -> bool:
    return PREDICATES[card](city, stones, options)


def progress(card: str, city: City, stones: int) -> float:
    """How far a city is towards a card, 0 to 1: a rough measure, for the cards that allow one (the bot's
    hope of completing a card later); 0 for the others."""
    h, top = city.h, city.top
    if card == "quarry_mine":
        return min(stones, QUARRY_MINE_STONES) / QUARRY_MINE_STONES
    if card == "agora":
        return len({c for c in top.values() if c in PLAZAS}) / len(PLAZAS)
    if card == "luxury_goods":
        return min(LUXURY_LEVEL, max((h[c] for c, code in top.items() if code == "M"), default=0)) / LUXURY_LEVEL
    if card in RAISED:
        need = RAISED[card][1]
        return min(need, _raised(city, card)) / need
    best = 0.0
    if card in ("oasis", "district_center", "parkland", "fortress", "pilgrims_stairs"):
        for (q, r), code in top.items():
            if card == "oasis" and "g" in code:
                built = sum(1 for dq, dr in D if (q + dq, r + dr) in h)
                best = max(best, built / 6)
            elif card == "district_center" and code == "H":
                higher = sum(1 for dq, dr in D if h.get((q + dq, r + dr), 0) > h[(q, r)])
                best = max(best, higher / 6)
            elif card == "parkland" and code == "G":
                best = max(best, 0.5)
            elif card == "fortress" and code == "B":
                near = sum(1 for dq, dr in D if "b" in top.get((q + dq, r + dr), ""))
                best = max(best, min(near, 2) / 2 * 0.8)
            elif card == "pilgrims_stairs" and code == "T":
                best = max(best, min(h[(q, r)], 3) / 3 * 0.8)  # a stair needs a plaza on level 3 or higher
    return best
