"""What a seat may see of an Akropolis game, and determinisation for search.

Everything in Akropolis is public except the order of the face-down stacks: a view lists the tiles still in
the stacks sorted by number (anyone can work that out from the box contents), never in stack order, and
never the RNG state. `determinize` reshuffles the stacks' contents, keeping each stack's size.

A seat's own view also says what it may not do (`refusals`) and, while it chooses or places a piece, where
that piece may go and why not elsewhere (`spots`); both are made by `notes.py`.
"""

from __future__ import annotations

from cetate.core.rng import Rng
from cetate.games.akropolis import notes
from cetate.games.akropolis.data import CODES, SMALL_PIECE_BASE, SMALL_TILES, STATUE_PIECES
from cetate.games.akropolis.rules import completable, score_architect, score_seat, supply_left
from cetate.games.akropolis.state import State, total_turns


def view(s: State, seat: int | None) -> dict:
    n = s.n
    over = s.phase == "over"
    doc = {
        "game": "akropolis",
        "players": n,
        "seat": seat,
        "to_move": None if over else s.seat,
        "phase": s.phase,
        "turn": s.turn + (0 if over else 1),
        "turns": total_turns(n, s.options),
        "round": s.round,
        "chief": s.chief,
        # a site tile's position counts from 1 (1 is the free one) and its cost is the tiles before it (§1.3)
        "site": [{"id": t, "hexes": CODES[t], "cost": i, "position": i + 1} for i, t in enumerate(s.site)],
        "stacks": len(s.stacks),
        "stack_tiles": sum(len(st) for st in s.stacks),
        "unseen": sorted(t for st in s.stacks for t in st),
        "held": {"id": s.held, "hexes": CODES[s.held]} if s.held else None,
        "seats": [_seat(s, i) for i in range(n)],
        "options": dict(s.options),
        "supply": supply_left(s),
        "refusals": notes.refusals(s, seat),
        "spots": notes.spots(s, seat),
        "result": s.result,
    }
    if s.cards:
        pieces = max(n, 2) if n == 1 else n
        doc["athena"] = {
            "cards": [{"id": card, "piece": STATUE_PIECES[i],
                       "under": [{"id": t, "hex": SMALL_TILES[t]} for t in s.under[i]],
                       "pieces_left": pieces - sum(card in c for c in s.completed)
                       - (1 if n == 1 and card in s.arch_cards else 0),
                       "completed_by": [j for j in range(n) if card in s.completed[j]]}
                      for i, card in enumerate(s.cards)],
            "small_held": ({"card": s.small_held[0], "id": s.small_held[1], "hex": SMALL_TILES[s.small_held[1]]}
                           if s.small_held else None),
            "ready": completable(s, s.seat) if s.phase == "athena" else [],
        }
    if n == 1:
        doc["architect"] = {
            "level": s.options["architect"],
            "stones": s.arch_stones,
            "tiles": [{"id": t, "hexes": CODES[t]} for t in s.arch_tiles],
            "small": [{"id": t, "hex": SMALL_TILES[t]} for t in s.arch_small],
            "completed": list(s.arch_cards),
            "score": score_architect(s),
        }
    return doc


def light_view(s: State, seat: int) -> dict:
    """What the heuristic bot's valuation (`bot._Turn`) reads, built straight from a state for the bots that
    work on one (the solo rollouts on their worlds, the search hooks on a search's states): no cell lists,
    no scores, so it costs little. The fields it has mean what they mean in `view`, and it reveals no more
    (the stacks' tiles are listed sorted)."""
    doc = {
        "players": s.n, "seat": seat, "options": s.options, "turn": s.turn + 1,
        "turns": total_turns(s.n, s.options),
        "site": [{"id": t} for t in s.site],
        "unseen": sorted(t for st in s.stacks for t in st),
        "stacks": len(s.stacks),
        "held": {"id": s.held, "hexes": CODES[s.held]} if s.held else None,
        "seats": [{"stones": s.stones[i], "completed": s.completed[i]} for i in range(s.n)],
        "supply": supply_left(s),
    }
    if s.cards:
        doc["athena"] = {
            "cards": [{"id": card, "under": [{"id": t, "hex": SMALL_TILES[t]} for t in s.under[i]]}
                      for i, card in enumerate(s.cards)],
            "small_held": ({"card": s.small_held[0], "id": s.small_held[1], "hex": SMALL_TILES[s.small_held[1]]}
                           if s.small_held else None),
        }
    if s.n == 1:
        doc["architect"] = {
            "level": s.options["architect"], "stones": s.arch_stones,
            "tiles": [{"id": t, "hexes": CODES[t]} for t in s.arch_tiles],
            "small": [{"id": t, "hex": SMALL_TILES[t]} for t in s.arch_small],
            "completed": s.arch_cards,
        }
    return doc


def _seat(s: State, i: int) -> dict:
    city = s.cities[i]
    _piece, cells, _ = city.log[-1]
    return {
        "stones": s.stones[i],
        "city": city.cells_doc(),
        "last": [list(c) for c in cells] if len(city.log) > 1 else [],
        "tiles": sum(1 for piece, _, _ in city.log[1:] if piece < SMALL_PIECE_BASE),
        "small_tiles": sum(1 for piece, _, _ in city.log if piece >= SMALL_PIECE_BASE),
        "completed": list(s.completed[i]),
        "score": score_seat(s, i),
    }


def determinize(s: State, seat: int, rng: Rng) -> State:
    """A full state consistent with what `seat` sees: the stacks' contents are reshuffled."""
    out = s.clone()
    pool = sorted(t for st in out.stacks for t in st)  # canonical: the result depends only on the view
    rng.shuffle(pool)
    k = 0
    for st in out.stacks:
        st[:] = pool[k:k + len(st)]
        k += len(st)
    out.rng = rng.fork()
    return out
