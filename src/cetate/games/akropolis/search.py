"""Akropolis hooks for search bots (protocol `search_actions` and `evaluate`), built on the heuristic bot.

A tile can go to a hundred or more places, and most of them are plainly worse than the best few; a search
that treats them all as moves spends its whole budget on placements and learns little about which tile to
take. So, for IS-MCTS:

* `search_actions(s)`: at a placement, only the `akropolis-heuristic` bot's best `PLACEMENTS` placements
  of the held tile (its local estimate, then its full value); every other decision offers all its legal
  actions (the takes above all: which tile to take, and what that leaves to the others, is what the search
  is for). The choice is a pure function of the state; it is cached, keyed by what it depends on, because
  the same city and tile come back at every iteration under a new order of the stacks, and the valuation
  of a city (legal spots, per-cell estimates) is kept too: it serves every tile the city may receive.
* `evaluate(s)`: each seat's worth by the heuristic bot's value function (score now, potentials, what the
  tiles still to come should add), turned into win shares (`cetate.core.search.win_shares`). Solo: the
  margin of the city's score carried forward (per colour, value and stars grown by the tiles still to
  come, at rates fitted on whole solo games, `SOLO_RATES`) over the Architect's, carried forward the same
  way (he goes for plazas, §1.10), less the option value of his stones (they buy him plazas).

Both read the state directly (a light view without the cities' cell lists or scores) and never change it.
"""

from __future__ import annotations

from cetate.core.search import solo_share, win_shares
from cetate.games.akropolis import rules
from cetate.games.akropolis.bot import AkropolisHeuristicBot
from cetate.games.akropolis.state import State
from cetate.games.akropolis.valuation import (
    _GEOMETRY,
    _GEOMETRY_SIZE,
    SOLO_RATES,
    _Turn,
    geometry,
    solo_margin,
)
from cetate.games.akropolis.view import light_view

PLACEMENTS = 1  # placements offered to a search at a `place` decision
SPREAD = 8.0  # points of lead that make a seat e times likelier to win (`win_shares`)
SOLO_SPREAD = 20.0  # solo: points of margin over the Architect that make a win e times likelier
_CACHE_SIZE = 2_000  # a few decisions of a search (each key holds a whole city: keep it small)
_TURNS_SIZE = 250  # kept city valuations (about 100 KB each with their estimates)

_bots: dict[int, AkropolisHeuristicBot] = {}
_cache: dict[tuple, list[dict]] = {}  # (city and what its valuation reads, held tile) -> offered actions
_turns: dict[tuple, tuple] = {}  # city and what its valuation reads -> (valuation, legal spots)


def _bot(seat: int) -> AkropolisHeuristicBot:
    bot = _bots.get(seat)
    if bot is None:
        bot = _bots[seat] = AkropolisHeuristicBot(None, seat, f"search/{seat}")
    return bot


def _turn(s: State, seat: int, placing: bool = False) -> _Turn:
    """The heuristic's valuation for `seat`, from a light view of `s`. The city object itself is read; with
    `placing`, a copy of it (the valuation is kept while the state moves on), and the held tile counts among
    the tiles still to come, as it did when the heuristic bot chose the tile and planned its placement (so
    every tile the city may receive at this point is valued with the same weights)."""
    doc = light_view(s, seat)
    city = s.cities[seat]
    if placing and s.held is not None:
        doc["site"] = [*doc["site"], {"id": s.held}]
    turn = _Turn(_bot(seat), doc, city=city.clone() if placing else city)
    if not s.cards:  # the geometry of the cities it values is kept per city (`_Turn._best_placements`)
        turn.geo_key = (tuple(city.log), _options_key(s.options))
    return turn


def search_actions(s: State) -> list[dict]:
    """The actions a search should consider (see the module doc)."""
    if s.phase != "place" or s.held is None:
        return rules.legal_actions(s)
    seat = s.seat
    city = s.cities[seat]
    # what the valuation reads besides the city: the tiles still to come as one set (held tile, site and
    # stacks together: their mix, not their order, and the determinizations of one search share it), the
    # turn, the stones; with Athena the cards' small tiles, in solo what the Architect holds
    to_come = [s.held, *s.site]
    for stack in s.stacks:
        to_come += stack
    to_come.sort()
    to_come = tuple(to_come)
    extra = (tuple(map(tuple, s.under)), tuple(s.arch_tiles), s.arch_stones, tuple(s.arch_small),
             tuple(s.arch_cards)) if s.cards or s.n == 1 else ()
    # the stones shift every placement's value alike, except through the Athena cards (Quarry Mine...) and
    # a finite stone supply (F9: what is left to gain)
    stones = (tuple(s.stones), s.arch_stones) if s.cards or s.options.get("stone_supply") is not None else ()
    where = (seat, stones, s.turn, to_come, tuple(s.completed[seat]), extra,
             frozenset(city.h.items()), frozenset(city.top.items()), frozenset(city.drot.items()))
    key = (where, s.held)
    hit = _cache.get(key)
    if hit is not None:
        return [dict(a) for a in hit]
    if len(_cache) >= _CACHE_SIZE:
        _cache.clear()
    if len(_turns) >= _TURNS_SIZE:
        _turns.clear()
    # the valuation of this city (its legal spots, its cheap estimates) serves every tile it may receive
    ready = _turns.get(where)
    if ready is None:
        turn = _turn(s, seat, placing=True)
        turn._prepare_cheap()
        ready = _turns[where] = (turn, turn._all_placements())
    turn, placements = ready
    best = turn._best_placements(s.held, s.stones[seat], placements)
    # every legal (q, r, rot) is a legal action of its own (`City.placements`: one per resulting city)
    out = [{"type": "place", "q": q, "r": r, "rot": rot} for _, (q, r, rot), _, _ in best[:PLACEMENTS]]
    out = out or rules.legal_actions(s)
    _cache[key] = out
    return [dict(a) for a in out]


def _options_key(options: dict) -> str:
    """A hashable stand-in for a state's options (validated once at setup and shared by its clones, never
    changed: one answer per object, kept with the object so that its id is not reused)."""
    seen = _OPTIONS.get(id(options))
    if seen is not None and seen[0] is options:
        return seen[1]
    if len(_OPTIONS) >= 64:
        _OPTIONS.clear()
    key = repr(sorted(options.items()))
    _OPTIONS[id(options)] = (options, key)
    return key


_OPTIONS: dict[int, tuple[dict, str]] = {}
_VALUES: dict[tuple, float] = {}  # Athena: a seat's city and what its valuation reads -> its value
_VALUES_SIZE = 20_000
_WEIGHTS: dict[tuple, _Turn] = {}  # what a seat's valuation reads besides its city -> that valuation
_WEIGHTS_SIZE = 2_000


def evaluate(s: State) -> list[float]:
    """Each seat's expected share of the win by the heuristic's value of its city (see the module doc).

    A seat's value is its valuation's weights (the turn, the tiles still to come as one sorted set, its
    stones and all stones, which give a finite supply's count, its completed cards, the options) times its
    city's geometry (`valuation.geometry`); both are kept, the weights per context and the geometry per city
    (by its placement log, which the cities of a state always have), because in a search most evaluations
    meet a city or a context already seen (`_Turn._worth` gives the same number to the last bit). With
    Athena the cards read the whole city: the value is kept per city and context."""
    if s.n == 1:
        return [solo_share(solo_margin(s), SOLO_SPREAD)]
    to_come = [*s.site]
    for stack in s.stacks:
        to_come += stack
    to_come.sort()
    options = _options_key(s.options)
    common = (s.n, s.turn, tuple(to_come), tuple(s.stones), options)
    values = []
    if s.cards:
        common += (tuple(s.cards), tuple(map(tuple, s.under)), s.small_held and tuple(s.small_held))
        cache = _VALUES
        if len(cache) >= _VALUES_SIZE:
            cache.clear()
        for seat in range(s.n):
            key = (seat, tuple(s.completed[seat]), tuple(s.cities[seat].log), common)
            v = cache.get(key)
            if v is None:
                turn = _turn(s, seat)
                v = cache[key] = turn.value(turn.city, turn.stones, turn.completed)
            values.append(v)
        return win_shares(values, SPREAD)
    weights, shapes = _WEIGHTS, _GEOMETRY
    if len(weights) >= _WEIGHTS_SIZE:
        weights.clear()
    if len(shapes) >= _GEOMETRY_SIZE:
        shapes.clear()
    opts = s.options
    for seat in range(s.n):
        key = (seat, tuple(s.completed[seat]), common)
        turn = weights.get(key)
        if turn is None:
            turn = weights[key] = _turn(s, seat)
            turn.city = None  # never read without Athena; the state's city goes on changing
        city = s.cities[seat]
        ckey = (tuple(city.log), options)
        geo = shapes.get(ckey)
        if geo is None:
            geo = shapes[ckey] = geometry(city, opts)
        values.append(turn._worth(geo, None, turn.stones, turn.completed))
    return win_shares(values, SPREAD)


_solo_margin = solo_margin  # the solo margin forecast (valuation.py), under its former name

__all__ = ["PLACEMENTS", "SOLO_RATES", "evaluate", "search_actions"]
