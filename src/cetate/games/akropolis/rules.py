"""Akropolis rules (spec akropolis §1): setup, the turn (take a tile, place it, Athena), refills, the solo
Architect, the end and the result.

A turn is two decisions, then Athena's optional ones:
  {"type": "take", "site": i}                    take the tile at position i of the construction site
  {"type": "place", "q": q, "r": r, "rot": k}    put it in the city (anchor cell and rotation, §3.2)
  {"type": "athena", "card": id, "tile": n}       complete a shown card and take small tile n from under it
  {"type": "place_small", "q": q, "r": r, "rot": k}  put that small tile (rot matters for dual hexes only)
  {"type": "done"}                                stop completing cards this turn
"""

from __future__ import annotations

from cetate.core.errors import IllegalAction
from cetate.core.events import Event
from cetate.core.rng import Rng
from cetate.games.akropolis import cards as athena_cards
from cetate.games.akropolis.city import TRIANGLE, City, tile_codes
from cetate.games.akropolis.data import (
    ATHENA_CARDS,
    CARDS_SHOWN,
    CODES,
    SMALL_PER_CARD,
    SMALL_TILES,
    STARTING_TILE,
    tiles_for_players,
)
from cetate.games.akropolis.scoring import architect_score, score_city
from cetate.games.akropolis.state import State, total_turns

ARCHITECT = 1  # the Architect's index in `chief` during a solo game (he is not a seat)


def _illegal(code: str, message: str, **params) -> IllegalAction:
    return IllegalAction(code, message, **params)


# -- setup (§1.2, §1.9, §1.10) -----------------------------------------------------------------------

def setup(players: int, seed: int | str, options: dict) -> State:
    s = State.__new__(State)
    s.n = players
    s.options = options
    s.rng = rng = Rng.from_seed(seed)
    if options["long_game"]:
        tiles = [t.id for t in tiles_for_players(4)]
        stack_size = {2: 3, 3: 4}[players]
        stacks = {2: 19, 3: options["long_three_player_stacks"]}[players]
    else:
        tiles = [t.id for t in tiles_for_players(players)]
        stack_size = {1: 3, 2: 3, 3: 4, 4: 5}[players]
        stacks = 11
    rng.shuffle(tiles)
    site_size = max(players, 2) + 2
    s.site = tiles[:site_size]
    rest = tiles[site_size:]
    s.stacks = [rest[i * stack_size:(i + 1) * stack_size] for i in range(stacks)]
    assert sum(map(len, s.stacks)) == len(rest), "stacks must use every remaining tile"
    s.cities = [City.with_starting_tile() for _ in range(players)]
    if players == 1:
        first = 0
    elif options["first_player"] is not None:
        first = options["first_player"]
    else:
        first = rng.below(players)
    s.chief = first
    s.seat = first
    s.stones = [0] * players
    for k in range(players):  # 1, 2, 3, 4 stones clockwise from the Chief Architect (§1.2)
        s.stones[(first + k) % players] = k + 1
    s.phase = "take"
    s.held = 0
    s.turn = 0
    s.round = 1
    s.cards = ()
    s.under = []
    s.completed = [[] for _ in range(players)]
    s.eligible = None
    s.small_held = None
    s.arch_tiles, s.arch_small, s.arch_cards = [], [], []
    s.arch_stones = 2 if players == 1 else 0  # §1.10: the Architect starts with 2 stones
    if options["athena"]:
        if options["athena_cards"] is not None:
            shown = list(options["athena_cards"])
        else:
            deck = list(ATHENA_CARDS)
            rng.shuffle(deck)
            shown = deck[:CARDS_SHOWN]
        smalls = list(SMALL_TILES)
        rng.shuffle(smalls)
        s.cards = tuple(shown)
        s.under = [sorted(smalls[i * SMALL_PER_CARD:(i + 1) * SMALL_PER_CARD]) for i in range(CARDS_SHOWN)]
    s.result = None
    return s


def start_events(s: State) -> list[Event]:
    data = {"site": list(s.site), "chief": s.chief, "stones": list(s.stones), "stacks": len(s.stacks),
            "turns": total_turns(s.n, s.options)}
    if s.cards:
        data["cards"] = list(s.cards)
    if s.n == 1:
        data["architect_stones"] = s.arch_stones
        data["architect"] = s.options["architect"]
    return [Event("game_started", data)]


# -- queries -------------------------------------------------------------------------------------------

def own_turns_left(players: int, turn: int, turns: int) -> int:
    """The turns left to the seat to move at `turn` (1-based, of `turns`), this one included: turns go
    strictly round (§1.5), the Architect taking every second one in solo (§1.10)."""
    return max(0, (turns - turn) // max(players, 2) + 1)


def to_move(s: State) -> int | None:
    return None if s.phase == "over" else s.seat


def completable(s: State, seat: int) -> list[str]:
    """Shown cards this seat may complete now (§1.9, F5): satisfied and not completed yet."""
    if not s.cards:
        return []
    done = s.completed[seat]
    pool = s.cards if s.eligible is None else s.eligible
    city, stones, options = s.cities[seat], s.stones[seat], s.options
    return [c for c in pool if c not in done and athena_cards.satisfied(c, city, stones, options)]


def take_cost(site: int) -> int:
    """§1.3: the tile at position i of the construction site costs i stones (one per tile skipped)."""
    return site


def affordable(s: State, seat: int) -> int:
    """How many positions of the construction site `seat` can pay for (0 to len(site); position i costs
    `take_cost(i)`, and costs grow with the position)."""
    stones = s.stones[seat]
    n = 0
    while n < len(s.site) and take_cost(n) <= stones:
        n += 1
    return n


def supply_left(s: State) -> int | None:
    """F9: the stones left in a finite supply (what is not held by a player or the Architect); None when the
    supply is unlimited (the default)."""
    limit = s.options["stone_supply"]
    if limit is None:
        return None
    return max(0, limit - sum(s.stones) - s.arch_stones)


def stones_gained(covered: int, supply: int | None) -> int:
    """§1.3 step 3: one stone per covered quarry, and F9: no more than the supply holds (None: unlimited)."""
    return covered if supply is None else max(0, min(covered, supply))


def legal_actions(s: State) -> list[dict]:
    phase = s.phase
    if phase == "take":
        return [{"type": "take", "site": i} for i in range(affordable(s, s.seat))]
    if phase == "place":
        city = s.cities[s.seat]
        return [{"type": "place", "q": q, "r": r, "rot": rot}
                for q, r, rot in city.placements(CODES[s.held])]
    if phase == "athena":
        out = [{"type": "athena", "card": card, "tile": t}
               for card in completable(s, s.seat) for t in s.under[s.cards.index(card)]]
        out.append({"type": "done"})
        return out
    if phase == "small":
        code = SMALL_TILES[s.small_held[1]]
        return [{"type": "place_small", "q": q, "r": r, "rot": rot}
                for q, r, rot in s.cities[s.seat].small_placements(code)]
    return []


def random_action(s: State, rnd) -> dict:
    """A uniformly random take, or a uniformly random legal placement found by sampling (anchor, rotation)
    pairs among the cells near the city (`City.near_cells`) without enumerating them all (the fast path for
    random playouts); Athena choices are drawn from `legal_actions`. `rnd` is a `random.Random`."""
    phase = s.phase
    if phase == "take":
        return {"type": "take", "site": rnd.randrange(affordable(s, s.seat))}
    if phase == "place":
        city = s.cities[s.seat]
        near = city.near_cells()
        total = 6 * len(near)
        h, border, pid = city.h, city.border, city.pid
        for _ in range(200):
            i = rnd.randrange(total)
            q, r = near[i // 6]
            rot = i % 6
            # `City.refusal` inlined (§1.4): the three cells level, then touching the city or on two tiles
            (aq, ar), (bq, br) = TRIANGLE[rot]
            c0, c1, c2 = (q, r), (q + aq, r + ar), (q + bq, r + br)
            k = h.get(c0, 0)
            if h.get(c1, 0) != k or h.get(c2, 0) != k:
                continue
            if k == 0:
                if c0 in border or c1 in border or c2 in border:
                    return {"type": "place", "q": q, "r": r, "rot": rot}
            else:
                p = pid[c0]
                if pid[c1] != p or pid[c2] != p:
                    return {"type": "place", "q": q, "r": r, "rot": rot}
    legal = legal_actions(s)
    return legal[rnd.randrange(len(legal))]


# -- apply -----------------------------------------------------------------------------------------------

def _int(action: dict, key: str) -> int:
    v = action.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise _illegal("malformed_action", f"field {key!r} must be an integer, not {v!r}", detail=f"{key}={v!r}")
    return v


def apply(s: State, action: dict, seat: int | None = None) -> list[Event]:
    if not isinstance(action, dict):
        raise _illegal("malformed_action", "an action must be an object", detail="not an object")
    if s.phase == "over":
        raise _illegal("game_over", "the game is over")
    if seat is not None and seat != s.seat:
        raise _illegal("not_your_turn", "it is not your turn", seat=seat)
    kind = action.get("type")
    handler = _HANDLERS.get((s.phase, kind))
    if handler is None:
        expected = {"take": "take", "place": "place", "athena": "athena or done", "small": "place_small"}[s.phase]
        raise _illegal("wrong_action", f"a {kind!r} action is not possible now; expected {expected}",
                       action=str(kind), expected=expected)
    ev: list[Event] = []
    handler(s, action, ev)
    return ev


def _take(s: State, action: dict, ev: list) -> None:
    i = _int(action, "site")
    if not 0 <= i < len(s.site):
        raise _illegal("no_such_tile", f"the construction site has positions 0 to {len(s.site) - 1}, not {i}",
                       site=i)
    seat = s.seat
    cost = take_cost(i)
    if cost > s.stones[seat]:
        raise _illegal("cannot_afford", f"that tile costs {cost} stones and you have {s.stones[seat]}",
                       cost=cost, stones=s.stones[seat])
    tile = s.site.pop(i)
    s.stones[seat] -= cost
    if cost and s.n == 1:
        s.arch_stones += cost  # §1.10: the human's payments go to the Architect
    s.held = tile
    s.phase = "place"
    ev.append(Event("tile_taken" if cost else "tile_taken_free", {"seat": seat, "tile": tile, "site": i,
                                                                  "cost": cost}))


def _gain(s: State, amount: int) -> int:
    return stones_gained(amount, supply_left(s)) if amount else 0


def _place(s: State, action: dict, ev: list) -> None:
    q, r, rot = _int(action, "q"), _int(action, "r"), _int(action, "rot")
    if not 0 <= rot < 6:
        raise _illegal("malformed_action", f"rotation must be 0 to 5, not {rot}", detail=f"rot={rot}")
    city = s.cities[s.seat]
    cells = city.cells_of(q, r, rot)
    why = city.refusal(cells)
    if why is not None:
        raise _refused(why, cells, city)
    seat, tile = s.seat, s.held
    level = city.landing_level(cells[0])
    covered = city.place_tile(tile, q, r, rot)
    gained = _gain(s, covered)
    s.stones[seat] += gained
    s.held = 0
    ev.append(Event("tile_placed", {"seat": seat, "tile": tile, "q": q, "r": r, "rot": rot, "level": level,
                                    "cells": [list(c) for c in cells], "stones": gained}))
    if s.cards:
        s.eligible = None
        ready = completable(s, seat)
        if s.options["athena_recheck"] == "city_tile_only":
            s.eligible = ready
        if ready:
            s.phase = "athena"
            ev.append(Event("cards_ready", {"seat": seat, "cards": ready}))
            return
    _end_turn(s, ev)


_REASONS = {
    "uneven": "the three cells are not all at the same height",
    "not_touching": "a tile on the ground must share an edge with your city",
    "single_support": "a tile on an upper level must rest on hexes of at least two different tiles",
    "on_small_tile": "a small tile cannot go on top of another small tile",
}


def _refused(why: str, cells, city: City) -> IllegalAction:
    heights = [city.h.get(c, 0) for c in cells]
    return _illegal(why, _REASONS[why], cells=[list(c) for c in cells], heights=heights)


def _athena(s: State, action: dict, ev: list) -> None:
    card = action.get("card")
    if card not in s.cards:
        raise _illegal("no_such_card", f"{card!r} is not one of the shown cards", card=str(card))
    seat = s.seat
    if card in s.completed[seat]:
        raise _illegal("card_done", "you have already completed that card", card=card)
    if card not in completable(s, seat):
        raise _illegal("card_not_met", "your city does not show that card's pattern now", card=card)
    tile = _int(action, "tile")
    under = s.under[s.cards.index(card)]
    if tile not in under:
        raise _illegal("no_such_small_tile", f"small tile {tile} is not under that card", tile=tile, card=card)
    under.remove(tile)
    s.completed[seat].append(card)
    s.small_held = (card, tile)
    s.phase = "small"
    piece = s.cards.index(card)
    ev.append(Event("card_completed", {"seat": seat, "card": card, "tile": tile, "hex": SMALL_TILES[tile],
                                       "piece": piece, "pieces": len(s.completed[seat])}))
    if s.n == 1 and card not in s.arch_cards:  # §1.10 Athena solo: the Architect follows suit
        s.arch_cards.append(card)
        if under:
            pick = architect_small_pick(under)
            under.remove(pick)
            s.arch_small.append(pick)
        else:
            pick = None
        ev.append(Event("architect_card", {"card": card, "tile": pick, "hex": SMALL_TILES[pick] if pick else None,
                                           "pieces": len(s.arch_cards)}))


def architect_small_priority(tile: int) -> tuple[int, int]:
    """§1.10 Athena solo: the order in which the Architect prefers the small tiles under a card."""
    code = SMALL_TILES[tile]
    rank = 0 if code.isupper() else (1 if len(code) == 2 else 2)  # plaza > dual hex > single district
    return (rank, tile)


def architect_small_pick(under: list[int]) -> int:
    """The small tile the Architect takes from those under a card he follows (non-empty list)."""
    return min(under, key=architect_small_priority)


def _place_small(s: State, action: dict, ev: list) -> None:
    q, r, rot = _int(action, "q"), _int(action, "r"), _int(action, "rot")
    card, tile = s.small_held
    code = SMALL_TILES[tile]
    if not 0 <= rot < 6 or (len(code) == 1 and rot != 0):
        raise _illegal("malformed_action", "rotation must be 0 for a one-district small tile and 0 to 5 for a "
                                           "dual hex", detail=f"rot={rot}")
    city = s.cities[s.seat]
    why = city.small_refusal((q, r))
    if why is not None:
        raise _refused(why, ((q, r),), city)
    seat = s.seat
    level = city.landing_level((q, r))
    covered = city.place_small(tile, code, q, r, rot)
    gained = _gain(s, covered)
    s.stones[seat] += gained
    s.small_held = None
    ev.append(Event("small_placed", {"seat": seat, "tile": tile, "hex": code, "card": card, "q": q, "r": r,
                                     "rot": rot, "level": level, "stones": gained}))
    ready = completable(s, seat)  # F5: re-check after each small tile (or only the cards left from the first check)
    if ready:
        s.phase = "athena"
        ev.append(Event("cards_ready", {"seat": seat, "cards": ready}))
        return
    _end_turn(s, ev)


def _done(s: State, action: dict, ev: list) -> None:
    ev.append(Event("cards_declined", {"seat": s.seat, "cards": completable(s, s.seat)}))
    _end_turn(s, ev)


_HANDLERS = {
    ("take", "take"): _take,
    ("place", "place"): _place,
    ("athena", "athena"): _athena,
    ("athena", "done"): _done,
    ("small", "place_small"): _place_small,
}


# -- end of turn, refill, the Architect (§1.5, §1.6, §1.10) --------------------------------------------

def _after_turn(s: State, ev: list) -> bool:
    """Count the turn; refill or end the game when one tile is left. Returns True when the game ended."""
    s.turn += 1
    if len(s.site) > 1:
        return False
    if not s.stacks:  # §1.6: the last tile is never taken
        _finish(s, ev)
        return True
    s.site.extend(s.stacks.pop())
    s.round += 1
    s.chief = (s.chief + 1) % max(s.n, 2)
    kind = "site_refilled_architect" if s.n == 1 and s.chief == ARCHITECT else "site_refilled"
    ev.append(Event(kind, {"site": list(s.site), "round": s.round, "chief": s.chief, "stacks": len(s.stacks)}))
    return False


def _end_turn(s: State, ev: list) -> None:
    s.phase = "take"
    s.eligible = None
    if _after_turn(s, ev):
        return
    if s.n == 1:
        _architect_turn(s, ev)
        if s.phase == "over":
            return
    else:
        s.seat = (s.seat + 1) % s.n
    ev.append(Event("turn_started", {"seat": s.seat, "turn": s.turn + 1}))


def has_plaza(codes: str) -> bool:
    return any(c.isupper() for c in codes)


def architect_pick(site: list[int], stones: int) -> int:
    """§1.10: the Architect takes the first tile of the site with a plaza if he can pay for it, otherwise
    the first one (position 0)."""
    for i, tile in enumerate(site):
        if has_plaza(CODES[tile]):
            return i if take_cost(i) <= stones else 0
    return 0


def _architect_turn(s: State, ev: list) -> None:
    pick = architect_pick(s.site, s.arch_stones)
    tile = s.site.pop(pick)
    s.arch_stones -= take_cost(pick)
    s.arch_tiles.append(tile)
    ev.append(Event("architect_took" if pick else "architect_took_free",
                    {"tile": tile, "site": pick, "cost": take_cost(pick)}))
    _after_turn(s, ev)


def architect_codes(s: State) -> list[str]:
    return [STARTING_TILE.code, *(CODES[t] for t in s.arch_tiles),
            *(SMALL_TILES[t] for t in s.arch_small)]


def score_seat(s: State, seat: int) -> dict:
    colours = score_city(s.cities[seat], s.options)
    statue = bool(s.cards) and len(s.completed[seat]) == len(s.cards)
    per_stone = s.options["statue_stone_value"] if statue else 1
    stones = s.stones[seat]
    total = sum(c["points"] for c in colours.values()) + stones * per_stone
    return {"colours": colours, "stones": stones, "stone_value": per_stone,
            "stone_points": stones * per_stone, "statue": statue, "total": total}


def score_architect(s: State) -> dict:
    parts = architect_score(architect_codes(s), s.options["architect"], s.options)
    quarries = parts.pop("quarries")
    statue = bool(s.cards) and len(s.arch_cards) == len(s.cards)
    per_stone = s.options["statue_stone_value"] if statue else 1
    total = sum(c["points"] for c in parts.values()) + quarries["points"] + s.arch_stones * per_stone
    return {"colours": parts, "quarries": quarries, "stones": s.arch_stones, "stone_value": per_stone,
            "stone_points": s.arch_stones * per_stone, "statue": statue, "total": total,
            "level": s.options["architect"]}


def compute_result(s: State) -> dict:
    scores = [score_seat(s, i) for i in range(s.n)]
    entries = [(sc["total"], sc["stones"]) for sc in scores]
    architect = None
    if s.n == 1:
        architect = score_architect(s)
        entries.append((architect["total"], architect["stones"]))
    order = sorted(range(len(entries)), key=lambda i: entries[i], reverse=True)
    best = entries[order[0]]
    top = [i for i in order if entries[i] == best]
    tied_total = [i for i in order if entries[i][0] == best[0]]
    if len(tied_total) == 1:
        tie_break = "none"
    elif len(top) == 1:
        tie_break = "stones"  # §1.7: most remaining stones
    else:
        tie_break = "shared"  # F10: still tied players share the victory
    ranks = [0] * len(entries)
    for pos, i in enumerate(order):
        ranks[i] = pos + 1 if pos == 0 or entries[i] != entries[order[pos - 1]] else ranks[order[pos - 1]]
    for i, sc in enumerate(scores):
        sc["rank"] = ranks[i]
    winners = [i for i in top if i < s.n]
    result = {"scores": scores, "ranking": [i for i in order if i < s.n], "winners": winners,
              "tie_break": tie_break, "rounds": s.round, "turns": s.turn}
    if architect is not None:
        architect["rank"] = ranks[s.n]
        result["architect"] = architect
        result["architect_won"] = s.n in top
    return result


def _finish(s: State, ev: list) -> None:
    s.phase = "over"
    s.result = compute_result(s)
    data = {"winners": s.result["winners"], "tie_break": s.result["tie_break"],
            "totals": [sc["total"] for sc in s.result["scores"]]}
    if s.n == 1:  # solo: a win needs a strictly higher score, or more stones on equal scores (§1.10)
        data.update({"total": s.result["scores"][0]["total"], "architect_total": s.result["architect"]["total"],
                     "architect_won": s.result["architect_won"]})
        ev.append(Event("solo_won" if s.result["winners"] else "solo_lost", data))
        return
    ev.append(Event("game_over", data))


def tile_doc(tile: int) -> dict:
    return {"id": tile, "hexes": tile_codes(tile)}


def _placement_estimate(city, codes: str, q: int, r: int, rot: int) -> float:
    """A local estimate of a placement, for search (no scoring rule is run): a district is worth its new
    level, a plaza 2, a covered quarry 1 stone, and a covered district loses what it was worth."""
    h, top = city.h, city.top
    v = 0.0
    for cell, code in zip(city.cells_of(q, r, rot), codes, strict=True):
        level = h.get(cell, 0) + 1
        if code.isupper():
            v += 2.0
        elif code != "q":
            v += level
        under = top.get(cell)
        if under is not None:
            v += 1.0 if under == "q" else -(level - 1)
    return v


def playout_action(s: State, rnd) -> dict:
    """A cheap, sensible move for search playouts (protocol `playout_action`): a random affordable tile,
    then the best of a few sampled placements by the local estimate (`_placement_estimate`). Athena
    choices are random."""
    if s.phase != "place" or s.held is None:
        return random_action(s, rnd)
    city = s.cities[s.seat]
    codes = CODES[s.held]
    best, best_v = None, None
    for _ in range(6):
        a = random_action(s, rnd)
        if a.get("type") != "place":
            return a
        v = _placement_estimate(city, codes, a["q"], a["r"], a["rot"])
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best
