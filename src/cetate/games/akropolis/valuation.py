"""The `akropolis-heuristic` bot's judgement, shared by the bot (bot.py), its solo rollouts (rollout.py) and the
search hooks (search.py): the value of a city (`_Turn.value`), the cheap estimate of each placement, the
choice of a take and its placement, of an Athena card and its small tile, and the solo margin forecast
(`solo_margin`). How it plays and the measurements: bot.py and docs/bots/akropolis-heuristic.md.

Every rule it needs is the engine's own: legality (`City.placements`, `City.refusal`), the stones a placement
earns (`City.covered_quarries`, `rules.stones_gained` with the view's `supply`), prices (`rules.take_cost`),
scoring and its conditions (`scoring.score_city`, `scoring.market_multiplier`...), the cards
(`cards.satisfied`) and the Architect's picks (`rules.architect_pick`, `rules.architect_small_priority`).
This module sits below bot.py, rollout.py and search.py, and imports none of them.
"""

from __future__ import annotations

import heapq
from typing import Any

from cetate.core.rng import Rng
from cetate.games.akropolis import cards as athena_cards
from cetate.games.akropolis import rules
from cetate.games.akropolis.city import TRIANGLE, City, D, side_code
from cetate.games.akropolis.data import CODES, SMALL_TILES, STARTING_TILE
from cetate.games.akropolis.scoring import (
    ARCHITECT_FACTOR,
    STARS,
    architect_score,
    barracks_multiplier,
    house_group,
    lakes,
    market_multiplier,
    score_city,
    score_units,
    temple_multiplier,
    tile_mix,
    units,
)
from cetate.games.akropolis.state import State, total_turns

LETTERS = "hmbtg"
STAR_OF = {c.upper(): c for c in LETTERS}  # a plaza's code -> its colour letter
COLOUR = {"h": "house", "m": "market", "b": "barracks", "t": "temple", "g": "garden"}

# Tunable weights (see docs/bots/akropolis-heuristic.md).
PARAMS: dict[str, float] = {
    "future_stars": 0.9,  # share of the unseen plazas' stars (per turn left) expected to come
    "future_value": 0.9,  # share of the unseen districts' value (per turn left) expected to come
    "future_level": 1.4,  # mean level of future districts
    "stone_option": 0.4,  # extra worth of a stone early (it buys choice), fading to 0 at the end
    "quarry": 0.3,  # a visible quarry: a future stone, a support for upper tiles
    "compact": 0.5,  # per empty cell along the city's border (a compact city stacks and surrounds better)
    "quarry_cover": 1.0,  # more when a tile could cover it now (a triangle at its level, two tiles below)
    "house_off_group": 0.3,  # a house outside the scoring group (it may join it later)
    "top_k": 10,  # placements per tile scored in full
    "card_progress": 0.8,  # Athena: share of a card's worth counted for partial progress (squared)
    "arch_future": 1.0,  # solo: how much of his expected future is counted
    "arch_districts": 0.85,  # solo: his future districts per turn left, as a share of the mix to come
    "arch_stars": 0.9,  # solo: his future stars per turn left, as a share of the mix to come
    "arch_stone": 4.0,  # solo: extra worth of a stone in the Architect's hands (it buys him plazas)
    "look_tiles": 10,  # solo: tiles to come tried on each candidate city (0: no look-ahead)
    "look_placements": 3,  # solo: best placements per tile judged by the look-ahead
    # solo rollouts (rollout.py; only when the driver hands a sample of the information set)
    "rollout_worlds": 40,  # worlds per take (0: none)
    "rollout_horizon": 4,  # the bot's takes played in each world before the margin forecast
    "rollout_per_tile": 6,  # best placements per affordable tile tried besides the bot's own choice
    "rollout_stage1": 10,  # worlds after which only the best candidates go on
    "rollout_keep": 4,  # candidates kept then besides the bot's own choice
    "rollout_z": 1.0,  # standard errors by which a candidate must beat the bot's own choice
    "rollout_top_k": 3,  # placements per tile valued in full by the greedy player of the rollouts
    "rollout_share": 1,  # the rollouts' player reuses a city's valuation across worlds (1) or not (0)
}
QUALIFY = {"h": 0.8, "m": 0.6, "b": 0.7, "t": 0.55, "g": 1.0}  # expected share of future districts that score
TEMPLE_HOPE = (1.0, 0.7, 0.5, 0.35, 0.25, 0.18, 0.12)  # a temple with e empty neighbours, many turns left
STATUE_HOPE = (0.1, 0.2, 0.35, 0.6, 1.0)  # chance of the whole statue, by cards completed
# solo: the rates at which the tiles still to come add to my city, per turn left, as shares of the mix
# still to come: districts (times their chance to score, `QUALIFY`) and stars; his are the heuristic's
# (`arch_districts`, `arch_stars`, times his level factor for districts). All four were fitted by least
# squares on the forecasts at every take of 100 games of the heuristic bot against Callicrates (seeds
# 100-199): with them the mean forecast of the final margin is within 5 points of the mean final margin
# at every turn (the earlier rates expected him to win by 150 at the start, which left the search no
# difference between its moves). The heuristic's own rates are lower: they are tuned for its choices.
SOLO_RATES = (2.1, 1.0)


_MIXES: dict[tuple, tuple] = {}  # tiles still to come -> `tile_mix` of them (read only: shared by every _Turn)


def _key(cells, codes) -> frozenset:
    return frozenset(zip(cells, codes, strict=True))


def _match(legal: list[dict], cells_codes: frozenset, qrr: tuple, codes: str) -> dict | None:
    """The legal placement equal to the planned one, or one giving the same city (same codes on the same
    cells: the engine lists only one placement per resulting city)."""
    q, r, rot = qrr
    for a in legal:
        if a["q"] == q and a["r"] == r and a["rot"] == rot:
            return a
    if len(codes) == 3:
        for a in legal:
            cells = City.cells_of(a["q"], a["r"], a["rot"])
            if _key(cells, codes) == cells_codes:
                return a
    return None


def geometry(city: City, options: dict) -> tuple:
    """What `_Turn.value` reads of a city before this turn's weights multiply it (they change with the turn
    and the tiles to come): the colours' (value, stars) in `LETTERS` order (`score_units`); the temples with
    empty neighbours as (level, empty neighbours, variant factor), in the order of `units`; the levels of all
    visible houses and the value of the scoring group; each visible quarry, in the city's order, as whether
    some triangle over it could take a tile now; the length of the border. A search keeps it per resulting
    city (`_Turn._best_placements` with `geo_key`)."""
    us = units(city)
    sc = score_units(city, us, options)
    h = city.h
    temples = []
    house_total = 0
    var_t = options["variant_temples"]
    for (q, r), letter, sides, level in us:
        if letter == "t":
            e = 0
            for d in sides:
                dq, dr = D[d]
                if (q + dq, r + dr) not in h:
                    e += 1
            if e:
                temples.append((level, e, 2 if var_t and level >= 2 else 1))
        elif letter == "h":
            house_total += level
    house = sc["house"]
    main = house["value"] // 2 if house["doubled"] else house["value"]
    scores = tuple((sc[COLOUR[c]]["value"], sc[COLOUR[c]]["stars"]) for c in LETTERS)
    # a quarry can be covered now when a tile anchored on it fits, by the placement rules (§1.4, `City.fits`
    # inlined): its two other cells are neighbours d and d + 1, level with it and not both of the quarry's tile
    pid = city.pid
    quarries = []
    for cell, code in city.top.items():
        if code != "q":
            continue
        q, r = cell
        k = h[cell]
        p = pid[cell]
        n = [(q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r)]
        coverable = False
        for d in range(6):
            a, b = n[d], n[d - 5]
            if h.get(a, 0) == k and h.get(b, 0) == k and (pid[a] != p or pid[b] != p):
                coverable = True
                break
        quarries.append(coverable)
    return scores, tuple(temples), house_total, main, tuple(quarries), len(city.border)


# geometries a search keeps: (city key, tile, q, r, rot) -> (the geometry of the city after that placement,
# quarries covered) for `_best_placements`; and city key -> its geometry for `search.evaluate` (a city key:
# (placement log, options key), set by the search as `_Turn.geo_key`)
_GEOMETRY: dict[tuple, tuple] = {}
_GEOMETRY_SIZE = 50_000
_PLACEMENTS: dict[tuple, list] = {}  # city key -> `_all_placements` (read only: shared by every _Turn)
_PLACEMENTS_SIZE = 1_000


class _Turn:
    """One decision: the seat's city rebuilt from the view and the weights of the value function."""

    def __init__(self, bot: Any, view: dict, city: City | None = None) -> None:
        self.bot = bot
        self.p = p = bot.params
        self.view = view
        self.opts = opts = view["options"]
        n = view["players"]
        me = view["seat"] if view.get("seat") is not None else bot.seat
        seat = view["seats"][me]
        self.stones = seat["stones"]
        self.city = city if city is not None else City.from_cells(seat["city"])  # `city`: read, never changed
        self.completed = list(seat.get("completed", []))
        self.T = T = max(0, rules.own_turns_left(n, view["turn"], view["turns"]) - 1)  # turns after this one
        # composition of the tiles still to come
        ids = (*view.get("unseen", []), *(t["id"] for t in view.get("site", [])))
        mix = _MIXES.get(ids)
        if mix is None:
            if len(_MIXES) >= 500:
                _MIXES.clear()
            mix = _MIXES[ids] = tile_mix(CODES[t] for t in ids)
        self.ps, self.pd = mix
        self.fs = {c: p["future_stars"] * T * self.ps[c] for c in LETTERS}
        self.fv = {c: p["future_value"] * T * self.pd[c] * p["future_level"] * QUALIFY[c] for c in LETTERS}
        # Athena
        self.athena = view.get("athena")
        self.statue_value = opts.get("statue_stone_value", 5)
        self.T = T
        hope = self._hope(len(self.completed)) if self.athena else 0.0
        self.stone_val = 1.0 + hope * (self.statue_value - 1) + p["stone_option"] * min(1.0, T / 6.0)
        self.quarry_val = p["quarry"] * min(1.0, T / 4.0)
        self.quarry_cover = p["quarry_cover"] * min(1.0, T / 4.0)
        self.compact = p["compact"] * min(1.0, T / 4.0)
        self.house_off = p["house_off_group"] * min(1.0, T / 6.0)
        self.temple_hope = [h * (1.0 if e == 0 else min(1.0, T / (e + 1.0))) for e, h in enumerate(TEMPLE_HOPE)]
        self.supply = view.get("supply")  # F9: the stones left in a finite supply (None: unlimited)
        # solo Architect
        self.arch = view.get("architect") if n == 1 else None
        self.card_bonus: dict[str, float] = {}
        self._sc_now = None
        self.geo_key: tuple | None = None  # see `_best_placements`

    # -- value of a city ------------------------------------------------------------------------------

    def value(self, city: City, stones: int, done: set | frozenset | list) -> float:
        """The worth of a city holding `stones`, the cards in `done` being completed (see the module doc)."""
        return self._worth(geometry(city, self.opts), city, stones, done)

    def _worth(self, geo: tuple, city: City | None, stones: int, done) -> float:
        """`value` from the city's `geometry` (what the weights of this turn multiply): the same operations
        in the same order, so the same number to the last bit. `city` is read only with Athena (the cards)."""
        scores, temples, house_total, main, quarries, border = geo
        th = self.temple_hope
        temple_pot = 0.0
        for level, e, mult in temples:
            temple_pot += level * th[min(e, 6)] * mult
        pot = {"h": max(0, house_total - main) * self.house_off, "t": temple_pot}
        fs, fv = self.fs, self.fv
        total = 0.0
        for c, (value, stars) in zip(LETTERS, scores, strict=True):
            total += (value + pot.get(c, 0.0) + fv[c]) * (stars + fs[c])
        total += stones * self.stone_val
        val = self.quarry_val
        if val:  # visible quarries: future stones; more when some triangle over the quarry could take a tile now
            cover = self.quarry_cover
            q_total = 0.0
            for coverable in quarries:
                q_total += val
                if coverable:
                    q_total += cover
            total += q_total
        if self.compact:
            total -= self.compact * border
        if self.athena:
            total += self._cards_value(city, stones, done)
        return total

    def _cards_value(self, city: City, stones: int, done) -> float:
        total = 0.0
        for card in self.athena["cards"]:
            cid = card["id"]
            if cid in done or not card.get("under"):
                continue
            b = self._bonus(cid)
            if b <= 0:
                continue
            if athena_cards.satisfied(cid, city, stones, self.opts):
                total += b
            elif self.T > 0:
                progress = athena_cards.progress(cid, city, stones)
                if progress:
                    total += b * self.p["card_progress"] * progress * progress * min(1.0, self.T / 4.0)
        return total

    def _weights(self) -> tuple[dict, dict]:
        """(worth of one star, worth of one level of scoring district) per colour, for the current city."""
        if self._sc_now is None:
            self._sc_now = score_city(self.city, self.opts)
        sc = self._sc_now
        w_star = {c: sc[COLOUR[c]]["value"] + self.fv[c] for c in LETTERS}
        w_dist = {c: sc[COLOUR[c]]["stars"] + self.fs[c] for c in LETTERS}
        return w_star, w_dist

    def _hope(self, done_count: int) -> float:
        """A rough chance of completing the whole statue with `done_count` cards done and the turns left."""
        if done_count >= 4:
            return 1.0
        return STATUE_HOPE[done_count] * min(1.0, self.T / (3.0 * (4 - done_count)))

    def statue_step(self, done_count: int) -> float:
        """What completing one more card adds through the statue (stones worth more at the end)."""
        if done_count >= 4:
            return 0.0
        stones_end = self.stones + 0.3 * self.T
        return (self._hope(done_count + 1) - self._hope(done_count)) * (self.statue_value - 1) * stones_end

    def _small_worth(self, code: str) -> float:
        w_star, w_dist = self._weights()
        if len(code) == 2:
            return 1.5 * (w_dist[code[0]] + w_dist[code[1]]) * 0.6
        if code.isupper():
            return STARS[code.lower()] * w_star[code.lower()]
        return 2.0 * w_dist[code] * QUALIFY[code]

    def _bonus(self, cid: str) -> float:
        b = self.card_bonus.get(cid)
        if b is None:
            card = next(c for c in self.athena["cards"] if c["id"] == cid)
            small = max((self._small_worth(t["hex"]) for t in card["under"]), default=0.0)
            b = small + 0.5 + self.statue_step(len(self.completed)) - self._arch_card_cost(cid)
            self.card_bonus[cid] = b
        return b

    # -- cheap estimate of a placement -----------------------------------------------------------------

    def _prepare_cheap(self) -> None:
        city = self.city
        h, top, drot = city.h, city.top, city.drot
        w_star, w_dist = self._weights()
        self.w_star, self.w_dist = w_star, w_dist
        closed = lakes(city)
        self._lakes = closed
        main = house_group(city, self.opts)  # the house group that scores now
        self._main = main
        # current contribution of each built cell, and of each unit's neighbourhood
        contrib: dict = {}
        self._temple_units: dict = {}  # cell -> list of (full worth, empty neighbours, their cells)
        self._barracks_units: dict = {}  # cell -> list of (contribution, its empty neighbours outside)
        self._market_units: dict = {}  # cell -> contrib of a scoring market
        th = self.temple_hope
        var = self.opts
        for cell, letter, sides, level in units(city):
            q, r = cell
            nb = [(q + D[d][0], r + D[d][1]) for d in sides]
            empties = [n for n in nb if n not in h]
            v = 0.0
            if letter == "h":
                v = level * w_dist["h"] * (1.0 if cell in main else self.house_off)
            elif letter == "m":
                facing = [side_code(top[n], drot.get(n, 0), (d + 3) % 6) if n in top else None
                          for n, d in zip(nb, sides, strict=True)]
                mult = market_multiplier(facing, var)
                if mult:
                    v = level * w_dist["m"] * mult
                    self._market_units[cell] = self._market_units.get(cell, 0.0) + v
            elif letter == "b":
                outer = [n for n in empties if n not in closed]
                mult = barracks_multiplier(len(outer), len(empties), var)
                if mult:
                    v = level * w_dist["b"] * mult
                    self._barracks_units.setdefault(cell, []).append((v, set(outer)))
            elif letter == "t":
                e = len(empties)
                mult = temple_multiplier(level, True, var)  # its worth once surrounded
                v = level * w_dist["t"] * th[min(e, 6)] * mult
                if e:
                    self._temple_units.setdefault(cell, []).append((level * w_dist["t"] * mult, e, set(empties)))
            else:
                v = level * w_dist["g"]
            contrib[cell] = contrib.get(cell, 0.0) + v
        for cell, code in top.items():
            if len(code) == 1 and code.isupper():
                contrib[cell] = STARS[code.lower()] * w_star[code.lower()]
            elif code == "q":
                contrib[cell] = self.quarry_val
        self._contrib = contrib
        self._memo: dict = {}
        self._fill: dict = {}
        self._cell: dict = {}
        self._slots_of: list | None = None  # the placements `_slots` is for
        self._slots: dict = {}

    def _fill_effect(self, cell) -> float:
        """What building on the empty `cell` does to its neighbours (temples closer to surrounded,
        barracks losing their only outside edge)."""
        v = self._fill.get(cell)
        if v is not None:
            return v
        v = 0.0
        th = self.temple_hope
        q, r = cell
        for dq, dr in D:
            n = (q + dq, r + dr)
            for base, e, empties in self._temple_units.get(n, ()):
                if cell in empties:
                    v += base * (th[e - 1] - th[min(e, 6)])
            for c, outer in self._barracks_units.get(n, ()):
                if cell in outer and len(outer) == 1:
                    v -= c
        self._fill[cell] = v
        return v

    def _cell_part(self, cell) -> float:
        """The part of `_cheap` that does not depend on the new hex: what covering or filling `cell` loses."""
        v = self._cell.get(cell)
        if v is not None:
            return v
        old = self.city.top.get(cell)
        v = -self._contrib.get(cell, 0.0)
        if old == "q":
            v += self.stone_val
        if old is None:
            v += self._fill_effect(cell)
            if self.compact:
                h = self.city.h
                q, r = cell
                v -= self.compact * (sum(1 for dq, dr in D if (q + dq, r + dr) not in h) - 1)
        self._cell[cell] = v
        return v

    def _cheap(self, cell, letter: str, p: int) -> float:
        """Estimated change of value when `letter` lands on `cell` (its tile-mates on sides p and p+1;
        p < 0 for an upper placement or a lone small tile)."""
        key = (cell, letter, p if letter in "bt" else -1)
        v = self._memo.get(key)
        if v is not None:
            return v
        city = self.city
        h, top = city.h, city.top
        k = h.get(cell, 0)
        lvl = k + 1
        q, r = cell
        v = self._cell.get(cell)
        if v is None:
            v = self._cell_part(cell)
        if letter == "q":
            v += self.quarry_val
            for dq, dr in D:
                if h.get((q + dq, r + dr)) == lvl:
                    v += self.quarry_cover * 0.7
                    break
        elif letter in STAR_OF:
            c = STAR_OF[letter]
            v += STARS[c] * self.w_star[c]
        else:
            w = self.w_dist[letter]
            if letter == "g":
                v += lvl * w
            elif letter == "h":
                main = self._main
                if not main:
                    v += lvl * w
                else:
                    joined = cell in main
                    if not joined:
                        for dq, dr in D:
                            if (q + dq, r + dr) in main:
                                joined = True
                                break
                    v += lvl * w * (1.0 if joined else self.house_off)
            elif letter == "m":
                facing = []
                kill = 0.0
                for d, (dq, dr) in enumerate(D):
                    n = (q + dq, r + dr)
                    code = top.get(n)
                    if code is None:
                        continue
                    f = code if len(code) == 1 else side_code(code, city.drot.get(n, 0), (d + 3) % 6)
                    facing.append(f)
                    if f == "m":
                        kill += self._market_units.get(n, 0.0)
                v += lvl * w * market_multiplier(facing, self.opts)
                v -= kill
            else:
                mates = (p % 6, (p + 1) % 6) if p >= 0 else ()
                empties = 0
                outer = 0
                lakes_ = self._lakes
                for d, (dq, dr) in enumerate(D):
                    if d in mates:
                        continue
                    n = (q + dq, r + dr)
                    if n not in h:
                        empties += 1
                        if n not in lakes_:
                            outer += 1
                if letter == "b":
                    # on the ground an empty neighbour in a hole may still open to the outside; one empty
                    # neighbour less may be filled by the turn's end
                    hope = outer or (empties and k == 0)
                    v += lvl * w * barracks_multiplier(max(outer, empties - 1) if hope else 0, empties, self.opts)
                else:  # temple: its worth once surrounded, times the hope of getting there
                    v += lvl * w * self.temple_hope[min(empties, 6)] * temple_multiplier(lvl, True, self.opts)
        self._memo[key] = v
        return v

    # -- city tiles -------------------------------------------------------------------------------------

    def _all_placements(self) -> list[tuple]:
        """Every legal (q, r, rot) with its cells and each cell's mate side (p) — the same for every tile
        (kept per city under `geo_key` when a search set one)."""
        geo_key = self.geo_key
        if geo_key is not None:
            got = _PLACEMENTS.get(geo_key)
            if got is None:
                if len(_PLACEMENTS) >= _PLACEMENTS_SIZE:
                    _PLACEMENTS.clear()
                got = _PLACEMENTS[geo_key] = self._list_placements()
            return got
        return self._list_placements()

    def _list_placements(self) -> list[tuple]:
        city = self.city
        h = city.h
        upper = (-1, -1, -1)
        ground = [(rot, (rot + 2) % 6, (rot + 4) % 6) for rot in range(6)]
        out = []
        for q, r, rot in city.placements("abc"):
            (aq, ar), (bq, br) = TRIANGLE[rot]  # `City.cells_of`
            out.append((q, r, rot, ((q, r), (q + aq, r + ar), (q + bq, r + br)), upper if (q, r) in h else ground[rot]))
        return out

    def _slot(self, letter: str, j: int, placements: list[tuple]) -> list[float]:
        """`_cheap` of `letter` landing as hex j (0: A, 1: B, 2: C) of each placement of `placements` (from
        `_all_placements`), kept for the other tiles of this decision (most share letters)."""
        if self._slots_of is not placements:
            self._slots_of = placements
            self._slots = {}
        vals = self._slots.get((letter, j))
        if vals is None:
            get = self._memo.get  # `_cheap`'s own memo, read here first: most lookups hit (hot path)
            cheap = self._cheap
            mates = letter in "bt"
            vals = []
            for pl in placements:
                cell, p = pl[3][j], pl[4][j]
                v = get((cell, letter, p if mates else -1))
                if v is None:
                    v = cheap(cell, letter, p)
                vals.append(v)
            self._slots[(letter, j)] = vals
        return vals

    def _best_placements(self, tile: int, stones: int, placements: list[tuple]) -> list[tuple[float, tuple]]:
        """The best placements of city tile `tile` (value of the city after, (q, r, rot)), best first."""
        codes = CODES[tile]
        a, b, c = codes
        # the cheap estimate of every placement: the sum of its three hexes' (`_slot`), in placement order
        totals = [x + y + z for x, y, z in zip(self._slot(a, 0, placements), self._slot(b, 1, placements),
                                               self._slot(c, 2, placements), strict=True)]
        k = int(self.p["top_k"])
        repeated = a in (b, c) or b == c
        top = heapq.nlargest(3 * k if repeated else k, range(len(totals)), key=totals.__getitem__)
        seen: set = set()
        out = []
        # `geo_key` (set by a search for a city of its states, never with Athena, whose cards read the city):
        # the city and the options, under which the geometry of each resulting city is kept
        geo_key = self.geo_key
        if geo_key is not None:
            known = _GEOMETRY
            if len(known) >= _GEOMETRY_SIZE:
                known.clear()
        for i in top:
            pl = placements[i]
            if repeated:
                key = _key(pl[3], codes)
                if key in seen:
                    continue
                seen.add(key)
                if len(seen) > k:
                    break
            if geo_key is not None:  # a search's city: its geometry after this placement may be known
                gkey = (geo_key, tile, pl[0], pl[1], pl[2])
                got = known.get(gkey)
                if got is None:
                    city = self.city.clone()
                    covered = city.place_tile(tile, pl[0], pl[1], pl[2])
                    got = known[gkey] = (geometry(city, self.opts), covered)
                gained = rules.stones_gained(got[1], self.supply)
                v = self._worth(got[0], None, stones + gained, self.completed)
            else:
                city = self.city.clone()
                covered = city.place_tile(tile, pl[0], pl[1], pl[2])
                gained = rules.stones_gained(covered, self.supply)
                v = self.value(city, stones + gained, self.completed)
            out.append((v, (pl[0], pl[1], pl[2]), pl[3], gained))
        out.sort(key=lambda x: -x[0])
        return out

    def take(self, legal: list[dict], shared: dict | None = None) -> dict | None:
        """The take (and, in `bot._plan`, the placement that goes with it).

        `shared` (the solo rollouts): a cache over the worlds of one decision. A city's valuation and the
        best placements of each tile in it are kept per (turn, city, stones, cards done), so a world that
        reaches a city another world has valued reuses them; what else the valuation reads, which differs a
        little between worlds (the mix of the tiles still to come; with Athena, the Architect's collection),
        is then the first world's."""
        site = self.view["site"]
        entry = None
        if shared is not None:
            key = (self.view["turn"], tuple(self.city.log), self.stones, tuple(self.completed))
            entry = shared.get(key)
            if entry is None:
                self.city = self.city.clone()  # kept for other worlds: the caller's city goes on changing
                self._prepare_cheap()
                entry = shared[key] = (self, self._all_placements(), {},
                                       self.value(self.city, self.stones, self.completed))
            prep, placements, known, now = entry
        else:
            self._prepare_cheap()
            prep, placements, known = self, self._all_placements(), {}
            now = None
        affordable = {a["site"] for a in legal}
        # the best placements of every tile of the site (free of cost: the price is counted below)
        tops: dict[int, list] = {}
        reach = len(site) if self.arch is not None else max(affordable) + 1
        for i in range(min(reach, len(site))):
            tile = site[i]["id"]
            cands = known.get(tile)
            if cands is None:
                cands = known[tile] = prep._best_placements(tile, self.stones, placements)
            if cands:
                tops[i] = cands
        if not tops:
            return None
        if now is None:
            now = self.value(self.city, self.stones, self.completed)
        sv = self.stone_val
        gains = {site[i]["id"]: (c[0][0] - now, c[0][3]) for i, c in tops.items()}
        look = self._look_sample() if self.arch is not None else []
        best = None
        for a in legal:
            i = a["site"]
            if i not in tops:
                continue
            rest = self._solo_rest(i, gains) if self.arch is not None else 0.0
            tile = site[i]["id"]
            cost = rules.take_cost(i)
            for cand in tops[i][:int(self.p["look_placements"])] if look else tops[i][:1]:
                v = self._look_ahead(tile, cand, self.stones - cost, look) if look else cand[0]
                v += rest - cost * sv
                if best is None or v > best[0]:
                    best = (v, a, tile, cand)
        if best is None:
            return None
        _, action, tile, (_, qrr, cells, _) = best
        self.bot._plan = (("place", self.view["turn"], tile), _key(cells, CODES[tile]), qrr)
        return action

    def _look_sample(self) -> list[int]:
        """Solo look-ahead: up to `look_tiles` distinct tiles among those still to come (one id per distinct
        tile), the same for every candidate; none in the last turn."""
        k = int(self.p["look_tiles"])
        if k <= 0 or self.T <= 0:
            return []
        reps: dict[str, int] = {}
        for t in sorted(self.view.get("unseen", [])):
            reps.setdefault(CODES[t], t)
        ids = sorted(reps.values())
        if len(ids) > k:
            Rng.from_seed(f"look/{self.view['turn']}").shuffle(ids)
            ids = ids[:k]
        return ids

    def _look_ahead(self, tile: int, cand: tuple, stones: int, sample: list[int]) -> float:
        """Solo: the value of a candidate placement judged one tile further: the mean, over the tiles of
        `sample`, of the city's value once that tile too is laid at its best placement. Stones held after
        the take (`stones`, the price already paid) are counted in the value, and the price is charged once
        more by the caller: paying the Architect is doubly bad, as every stone may buy him a plaza."""
        _, qrr, _, covered = cand
        city = self.city.clone()
        city.place_tile(tile, *qrr)
        after = _Turn(self.bot, self.view, city=city)
        after.stones = held = stones + covered
        after._prepare_cheap()
        placements = after._all_placements()
        total = 0.0
        for t in sample:
            found = after._best_placements(t, held, placements)
            total += found[0][0] if found else cand[0]
        return total / len(sample)

    def _solo_rest(self, i: int, gains: dict) -> float:
        """Solo: the rest of the round after I take site position i — the Architect's deterministic picks and
        my later pick(s) from the known tiles, until the refill; returns my later gains minus his gains."""
        arch = self.arch
        codes = self._arch_codes()
        done = len(arch.get("completed", []))
        t_arch = max(0, self.T)
        base = self._arch_value(codes, arch["stones"], done, t_arch)
        site = [t["id"] for t in self.view["site"]]
        cov_i = gains[site[i]][1]
        rest = site[:i] + site[i + 1:]
        cost = rules.take_cost(i)  # in solo my payments go to him (§1.10)
        return self._solo_node(rest, self.stones - cost + cov_i, arch["stones"] + cost, False, [], gains, codes,
                               done, t_arch, base)

    def _solo_node(self, site: list[int], mine: int, his: int, my_turn: bool, taken: list[str], gains: dict,
                   codes: list[str], done: int, t_arch: int, base: float) -> float:
        if len(site) <= 1:
            return -(self._arch_after_refill(site, his, not my_turn, codes + taken, done, t_arch) - base)
        if my_turn:
            best = None
            sv = self.stone_val
            for j in range(len(site)):
                cost = rules.take_cost(j)
                if cost > mine:
                    break
                g, cov = gains.get(site[j], (0.0, 0))
                v = g - cost * sv + self._solo_node(site[:j] + site[j + 1:], mine - cost + cov, his + cost, False,
                                                    taken, gains, codes, done, t_arch, base)
                if best is None or v > best:
                    best = v
            return best if best is not None else 0.0
        pick = rules.architect_pick(site, his)
        return self._solo_node(site[:pick] + site[pick + 1:], mine, his - rules.take_cost(pick), True,
                               [*taken, CODES[site[pick]]], gains, codes, done, t_arch, base)

    def _arch_after_refill(self, site: list[int], his: int, his_turn_next: bool, codes: list[str], done: int,
                           t_arch: int) -> float:
        """The Architect's value at the end of the round; when he opens the next round, what he will likely
        take from the leftover tile and the three new ones."""
        if not his_turn_next or not site or self.view.get("stacks", 0) == 0:
            return self._arch_value(codes, his, done, t_arch)
        left = CODES[site[0]]
        if rules.has_plaza(left):
            return self._arch_value([*codes, left], his, done, t_arch)
        unseen = [CODES[t] for t in self.view.get("unseen", [])]
        plazas = [c for c in unseen if rules.has_plaza(c)]
        if not plazas or his <= 0:
            return self._arch_value([*codes, left], his, done, t_arch)
        f = len(plazas) / len(unseen)
        p = 1.0 - (1.0 - f) ** min(3, his)
        mean = sum(self._arch_value([*codes, c], his - 1, done, t_arch) for c in plazas) / len(plazas)
        return p * mean + (1 - p) * self._arch_value([*codes, left], his, done, t_arch)

    def place(self, legal: list[dict]) -> dict | None:
        held = self.view.get("held") or {}
        tile = held.get("id")
        if not tile:
            return None
        self._prepare_cheap()
        placements = self._all_placements()
        cands = self._best_placements(tile, self.stones, placements)
        for _, qrr, cells, _ in cands:
            found = _match(legal, _key(cells, CODES[tile]), qrr, CODES[tile])
            if found is not None:
                return found
        return None

    # -- Athena -----------------------------------------------------------------------------------------

    def _best_small(self, code: str, small_id: int, done, stones: int) -> list[tuple[float, tuple]]:
        city = self.city
        cheap = self._cheap
        scored = []
        for q, r, rot in city.small_placements(code):
            cell = (q, r)
            if len(code) == 1:
                s = cheap(cell, code, -1)
            else:
                s = 0.5 * (cheap(cell, code[0], -1) + cheap(cell, code[1], -1))
            scored.append((s, (q, r, rot)))
        k = int(self.p["top_k"]) + (6 if len(code) == 2 else 0)
        out = []
        for _, (q, r, rot) in heapq.nlargest(k, scored, key=lambda x: x[0]):
            c = city.clone()
            covered = c.place_small(small_id, code, q, r, rot)
            gained = rules.stones_gained(covered, self.supply)
            out.append((self.value(c, stones + gained, done), (q, r, rot)))
        out.sort(key=lambda x: -x[0])
        return out

    def complete_card(self, legal: list[dict]) -> dict | None:
        self._prepare_cheap()
        options = [a for a in legal if a.get("type") == "athena"]
        if not options:
            return next((a for a in legal if a.get("type") == "done"), None)
        hexes = {t["id"]: t["hex"] for card in self.athena["cards"] for t in card["under"]}
        best = None
        for a in options:
            card, tile = a["card"], a["tile"]
            code = hexes.get(tile) or SMALL_TILES[tile]
            done = {*self.completed, card}
            base = self.value(self.city, self.stones, done)
            cands = self._best_small(code, tile, done, self.stones)
            if not cands:
                continue
            v, qrr = cands[0]
            gain = v - base + self.statue_step(len(self.completed)) - self._arch_card_cost(card, tile)
            if best is None or gain > best[0]:
                best = (gain, a, qrr)
        if best is None or best[0] < -0.5:
            return next((a for a in legal if a.get("type") == "done"), None)
        _, action, qrr = best
        self.bot._plan = (("small", self.view["turn"], action["tile"]), None, qrr)
        return action

    def place_small(self, legal: list[dict]) -> dict | None:
        small = (self.athena or {}).get("small_held")
        if not small:
            return None
        self._prepare_cheap()
        cands = self._best_small(small["hex"], small["id"], self.completed, self.stones)
        for _, (q, r, rot) in cands:
            for a in legal:
                if a["q"] == q and a["r"] == r and a["rot"] == rot:
                    return a
        return None

    # -- the solo Architect ------------------------------------------------------------------------------

    def _arch_value(self, codes: list[str], stones: int, cards_done: int, turns_left: int) -> float:
        level = self.arch["level"]
        parts = architect_score(codes, level, self.opts)
        f = ARCHITECT_FACTOR[level]
        a = self.p["arch_future"]
        total = 0.0
        for c in LETTERS:
            col = parts[COLOUR[c]]
            fd = a * turns_left * self.pd[c] * f * self.p["arch_districts"]
            fsx = a * turns_left * self.ps[c] * self.p["arch_stars"]
            total += (col["value"] + fd) * (col["stars"] + fsx)
        total += parts["quarries"]["points"]
        total += parts["quarries"]["value"] * a * turns_left * 1.0  # about one quarry a turn to come
        per_stone = self.statue_value if self.athena and cards_done >= 4 else 1.0
        if turns_left > 0 and stones > 0:  # stones let him reach plazas further along the site
            useful = min(stones, turns_left)
            total += useful * self.p["arch_stone"] * min(1.0, turns_left / 3.0)
        return total + stones * per_stone

    def _arch_codes(self) -> list[str]:
        arch = self.arch
        return [STARTING_TILE.code, *(t["hexes"] for t in arch["tiles"]), *(t["hex"] for t in arch["small"])]

    def _arch_card_cost(self, card: str, mine: int | None = None) -> float:
        """Solo Athena: the Architect takes the same statue piece and a small tile from under the card."""
        if self.arch is None or self.athena is None:
            return 0.0
        arch = self.arch
        if card in arch.get("completed", []):
            return 0.0
        codes = self._arch_codes()
        done = len(arch.get("completed", []))
        under = next((c["under"] for c in self.athena["cards"] if c["id"] == card), [])
        rest = sorted(under, key=lambda t: rules.architect_small_priority(t["id"]))  # his order (§1.10)
        if mine is None:  # I take one first (assume his favourite), he takes the best of the rest
            rest = rest[1:]
        else:
            rest = [t for t in rest if t["id"] != mine]
        extra = [rest[0]["hex"]] if rest else []
        now = self._arch_value(codes, arch["stones"], done, self.T)
        after = self._arch_value([*codes, *extra], arch["stones"], done + 1, self.T)
        if done + 1 >= 4:
            return after - now
        hope = STATUE_HOPE[done + 1] - STATUE_HOPE[done]
        return after - now + hope * (self.statue_value - 1) * arch["stones"]


def solo_margin(s: State) -> float:
    """Solo: my score carried forward minus the Architect's (see the module doc). Per colour, (value + the
    districts still to come) x (stars + the stars still to come), each side at the rates of `SOLO_RATES`,
    which make both forecasts unbiased over whole games of the heuristic bot against Callicrates."""
    ps, pd = tile_mix(CODES[t] for t in (*s.site, *(t for st in s.stacks for t in st)))
    each = max(0, total_turns(1, s.options) - s.turn) / 2  # the turns left to me and to him
    my_d, my_s = SOLO_RATES
    his_d, his_s = PARAMS["arch_districts"], PARAMS["arch_stars"]
    mine = score_city(s.cities[0], s.options)
    his = rules.score_architect(s)
    factor = ARCHITECT_FACTOR[s.options["architect"]]
    margin = float(s.stones[0]) - his["stone_points"] - his["quarries"]["points"]
    for c in LETTERS:
        col, arch = mine[COLOUR[c]], his["colours"][COLOUR[c]]
        margin += (col["value"] + my_d * each * pd[c] * QUALIFY[c]) * (col["stars"] + my_s * each * ps[c])
        margin -= (arch["value"] + his_d * each * pd[c] * factor) * (arch["stars"] + his_s * each * ps[c])
    if each > 0 and s.arch_stones > 0:  # his stones buy him plazas further along the site (as the heuristic)
        margin -= min(s.arch_stones, each) * PARAMS["arch_stone"] * min(1.0, each / 3.0)
    return margin


__all__ = ["PARAMS", "SOLO_RATES", "solo_margin"]
