"""Athena in play (spec akropolis §1.3 step 4, §1.9, §2.6, flag F5): when cards are offered, completing one,
the small tile, re-checks, declining, once per seat, the statue.

The shown cards are chosen with option `athena_cards`; the small tiles under them are set by `scenario`.
Quarry Mine (8 stones) is the easy card to satisfy; Parkland (a Garden next to a Garden plaza) is completed
by placing the Garden plaza small tile 30 next to the garden of tile 7 "gqq".
"""

from __future__ import annotations

import pytest

from cetate.games.akropolis.data import ATHENA_CARDS, SMALL_TILES
from cetate.games.akropolis.rules import score_seat
from tests.games.akropolis.helpers import GAME, act, illegal_code, scenario, types

CARDS = ["quarry_mine", "parkland", "agora", "villa"]
UNDER = [[30, 11, 12, 13], [20, 14, 15, 16], [21, 22, 23, 24], [1, 2, 3, 4]]
GQQ = (7, 2, -1, 0)  # tile 7 "gqq": garden on (2,-1), quarries on (2,-2) and (3,-2)
HBT_WEST = {"type": "place", "q": -2, "r": 1, "rot": 0}  # tile 1 on (-2,1), (-2,0), (-1,0): covers no quarry


def athena_state(players=2, *, stones=None, completed=None, cities=None, recheck="after_each_tile", **kw):
    options = {"athena": True, "athena_cards": CARDS, "athena_recheck": recheck, **kw.pop("options", {})}
    return scenario(players, options=options, under=UNDER, site=[1], stones=stones or {0: 8},
                    completed=completed, cities=cities, **kw)


def take_and_place(s, place=HBT_WEST) -> list:
    act(s, {"type": "take", "site": 0})
    return act(s, place)


def test_setup_shows_the_chosen_cards_and_sixteen_small_tiles():
    """§1.9 setup: 4 cards (here chosen by option), 4 small tiles under each, 16 different small tiles."""
    s = GAME.setup(3, 5, {"athena": True, "athena_cards": CARDS})
    assert list(s.cards) == CARDS
    assert [len(u) for u in s.under] == [4, 4, 4, 4]
    assert len({t for u in s.under for t in u}) == 16 and all(t in SMALL_TILES for u in s.under for t in u)
    drawn = GAME.setup(3, 5, {"athena": True})
    assert len(set(drawn.cards)) == 4 and set(drawn.cards) <= set(ATHENA_CARDS)
    seen = {tuple(GAME.setup(2, seed, {"athena": True}).cards) for seed in range(8)}
    assert len(seen) > 1  # drawn from the seed
    assert GAME.setup(2, 5).cards == () and GAME.setup(2, 5).under == []


def test_no_card_satisfied_ends_the_turn():
    """§1.3 step 4: with no satisfied card the turn simply ends after the placement."""
    s = athena_state(stones={0: 7})
    ev = take_and_place(s)
    assert "cards_ready" not in types(ev)
    assert (s.phase, s.seat) == ("take", 1)


def test_satisfied_card_opens_the_athena_phase():
    """§1.9: after the city tile, a satisfied card not yet completed offers completing it (one action per
    small tile under it) or declining."""
    s = athena_state()
    ev = take_and_place(s)
    assert s.phase == "athena" and s.seat == 0
    ready = next(e for e in ev if e.type == "cards_ready")
    assert ready.data == {"seat": 0, "cards": ["quarry_mine"]}
    assert GAME.legal_actions(s) == [{"type": "athena", "card": "quarry_mine", "tile": t} for t in UNDER[0]] + [
        {"type": "done"}]
    assert GAME.view(s, 0)["athena"]["ready"] == ["quarry_mine"]


def test_a_completed_card_is_not_offered_again():
    """§1.9: each seat completes each card at most once: a satisfied card it has completed opens nothing."""
    s = athena_state(completed={0: ["quarry_mine"]})
    take_and_place(s)
    assert (s.phase, s.seat) == ("take", 1)


def test_completing_takes_a_small_tile_and_the_statue_piece():
    """§1.9: completing moves the chosen small tile from under the card to the seat, who must place it."""
    s = athena_state()
    take_and_place(s)
    ev = act(s, {"type": "athena", "card": "quarry_mine", "tile": 12})
    assert s.phase == "small" and s.small_held == ("quarry_mine", 12)
    assert s.under[0] == [30, 11, 13] and s.completed[0] == ["quarry_mine"]
    done = next(e for e in ev if e.type == "card_completed")
    assert done.data == {"seat": 0, "card": "quarry_mine", "tile": 12, "hex": "h", "piece": 0, "pieces": 1}
    legal = GAME.legal_actions(s)
    assert legal == [{"type": "place_small", "q": q, "r": r, "rot": rot}
                     for q, r, rot in s.cities[0].small_placements(SMALL_TILES[12])]
    assert all(a["rot"] == 0 for a in legal)
    ev = act(s, {"type": "place_small", "q": 1, "r": -1, "rot": 0})
    assert s.cities[0].top[(1, -1)] == "h" and s.cities[0].pid[(1, -1)] == 112
    assert types(ev)[:1] == ["small_placed"] and (s.phase, s.seat) == ("take", 1)
    view = GAME.view(s, 1)["athena"]["cards"][0]
    assert view["completed_by"] == [0] and view["pieces_left"] == 1


def test_stones_are_not_spent_by_quarry_mine():
    """§2.5 #17: Quarry Mine checks the stones, it does not take them."""
    s = athena_state(stones={0: 9})
    take_and_place(s)
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 11})
    act(s, {"type": "place_small", "q": 1, "r": -1, "rot": 0})
    assert s.stones[0] == 9


def test_recheck_after_each_small_tile_f5():
    """§1.11 F5 default: after the small tile the cards are checked again, so the reward can complete
    another card (here the Garden plaza small tile 30 next to a garden completes Parkland)."""
    s = athena_state(cities={0: [GQQ]})
    take_and_place(s)
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 30})
    ev = act(s, {"type": "place_small", "q": 1, "r": -1, "rot": 0})  # G plaza next to the garden (2,-1)
    assert s.phase == "athena"
    assert next(e for e in ev if e.type == "cards_ready").data["cards"] == ["parkland"]
    act(s, {"type": "athena", "card": "parkland", "tile": 20})
    act(s, {"type": "place_small", "q": 3, "r": -1, "rot": 0})
    assert s.completed[0] == ["quarry_mine", "parkland"]
    assert (s.phase, s.seat) == ("take", 1)


def test_recheck_city_tile_only_f5():
    """§1.11 F5 alternative: only the cards satisfied after the city tile may be completed this turn."""
    s = athena_state(cities={0: [GQQ]}, recheck="city_tile_only")
    take_and_place(s)
    assert s.eligible == ["quarry_mine"]
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 30})
    act(s, {"type": "place_small", "q": 1, "r": -1, "rot": 0})
    assert s.completed[0] == ["quarry_mine"]
    assert (s.phase, s.seat) == ("take", 1) and s.eligible is None


def test_two_cards_ready_resolved_one_by_one():
    """§1.9: several satisfied cards are resolved one by one in the order the player chooses; with
    city_tile_only both cards satisfied by the city tile stay available after the first reward."""
    for recheck in ("after_each_tile", "city_tile_only"):
        # Parkland already holds: tile 11 "Gqh" put on the ground with its plaza next to tile 7's garden
        s = athena_state(cities={0: [GQQ, (11, 3, -1, 2)]}, recheck=recheck)
        take_and_place(s)
        assert s.phase == "athena"
        offered = {a["card"] for a in GAME.legal_actions(s) if a["type"] == "athena"}
        assert offered == {"quarry_mine", "parkland"}
        act(s, {"type": "athena", "card": "parkland", "tile": 14})
        act(s, {"type": "place_small", "q": -1, "r": 2, "rot": 0})
        assert s.phase == "athena", recheck
        assert [a["card"] for a in GAME.legal_actions(s) if a["type"] == "athena"] == ["quarry_mine"] * 4


def test_done_declines_and_ends_the_turn():
    """§1.9: completing is optional; "done" ends the turn and the card stays available later."""
    s = athena_state()
    take_and_place(s)
    ev = act(s, {"type": "done"})
    assert types(ev)[0] == "cards_declined" and ev[0].data["cards"] == ["quarry_mine"]
    assert (s.phase, s.seat) == ("take", 1) and s.completed[0] == [] and s.under[0] == UNDER[0]


def test_athena_refusals():
    """§1.9: an unshown card, a card not met now, a card done already and a tile not under the card are
    refused; nothing changes."""
    s = athena_state(completed={0: ["agora"]})
    take_and_place(s)
    assert illegal_code(s, {"type": "athena", "card": "housing", "tile": 11}) == "no_such_card"
    assert illegal_code(s, {"type": "athena", "card": "villa", "tile": 1}) == "card_not_met"
    assert illegal_code(s, {"type": "athena", "card": "agora", "tile": 21}) == "card_done"
    assert illegal_code(s, {"type": "athena", "card": "quarry_mine", "tile": 14}) == "no_such_small_tile"
    assert illegal_code(s, {"type": "athena", "card": "quarry_mine", "tile": "11"}) == "malformed_action"
    assert illegal_code(s, {"type": "take", "site": 0}) == "wrong_action"
    assert illegal_code(s, {"type": "done"}, seat=1) == "not_your_turn"


def test_another_seat_can_complete_the_same_card():
    """§1.9: there is one statue piece per player above each card; each seat completes it independently."""
    s = athena_state(stones={0: 8, 1: 8})
    take_and_place(s)
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 11})
    act(s, {"type": "place_small", "q": 1, "r": -1, "rot": 0})
    assert s.seat == 1
    act(s, {"type": "take", "site": 0})  # free: seat 1 keeps its 8 stones
    act(s, GAME.legal_actions(s)[0])
    assert s.phase == "athena" and s.seat == 1
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 13})
    assert s.completed == [["quarry_mine"], ["quarry_mine"]] and s.under[0] == [30, 12]


def test_full_statue_makes_stones_worth_five():
    """§1.7 / §1.9: completing the fourth card gives the whole statue: each stone is worth 5 at the end."""
    s = athena_state(stones={0: 8}, completed={0: ["parkland", "agora", "villa"]})
    assert score_seat(s, 0)["stone_points"] == 8
    take_and_place(s)
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 11})
    ev = act(s, {"type": "place_small", "q": 1, "r": -1, "rot": 0})
    assert types(ev)[0] == "small_placed"
    sc = score_seat(s, 0)
    assert sc["statue"] and sc["stone_value"] == 5 and sc["stone_points"] == 40


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_counts_statue_pieces_per_player(players):
    """§1.9 setup: as many identical statue pieces above each card as there are players."""
    s = GAME.setup(players, 1, {"athena": True, "athena_cards": CARDS})
    cards = GAME.view(s, 0)["athena"]["cards"]
    assert [c["piece"] for c in cards] == ["head", "body", "legs", "base"]
    assert all(c["pieces_left"] == players and c["completed_by"] == [] for c in cards)
