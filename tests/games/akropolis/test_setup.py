"""Setup (spec akropolis §1.2, §1.9, §1.10) and option validation (options.py, §1.11)."""

from __future__ import annotations

from collections import Counter

import pytest

from cetate.core.errors import InvalidOptions
from cetate.games.akropolis.data import STARTING_TILE_CELLS, TILES_BY_ID, tiles_for_players
from tests.games.akropolis.helpers import GAME

# -- setup ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "long", "site", "stacks", "size", "sets"), [
    (1, False, 4, 11, 3, {"2+"}),
    (2, False, 4, 11, 3, {"2+"}),
    (3, False, 5, 11, 4, {"2+", "3+"}),
    (4, False, 6, 11, 5, {"2+", "3+", "4"}),
    (2, True, 4, 19, 3, {"2+", "3+", "4"}),
    (3, True, 5, 14, 4, {"2+", "3+", "4"}),
])
def test_site_and_stacks(players, long, site, stacks, size, sets):
    """§1.2 table: tiles of the sets in play, a construction site of N+2 and 11 stacks (19 / 14 in the long
    game), every tile used exactly once."""
    s = GAME.setup(players, 17, {"long_game": long})
    assert len(s.site) == site and len(s.stacks) == stacks and {len(st) for st in s.stacks} == {size}
    everything = s.site + [t for st in s.stacks for t in st]
    assert len(everything) == len(set(everything))
    assert {TILES_BY_ID[t].set for t in everything} == sets
    assert Counter(everything) == Counter(t.id for t in tiles_for_players(4 if long else players))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_stones_clockwise_from_the_chief(players):
    """§1.2: 1, 2, 3, 4 stones clockwise from the Chief Architect, who moves first."""
    for first in range(players):
        s = GAME.setup(players, 3, {"first_player": first})
        assert s.chief == s.seat == first and s.phase == "take" and s.turn == 0 and s.round == 1
        assert [s.stones[(first + k) % players] for k in range(players)] == list(range(1, players + 1))


def test_random_first_player_comes_from_the_seed():
    """§1.2: without option first_player the Chief Architect is drawn from the seed (reproducibly)."""
    firsts = {GAME.setup(4, seed).chief for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    assert GAME.setup(4, "x").chief == GAME.setup(4, "x").chief


def test_every_player_starts_with_the_starting_tile():
    """§1.2 / §2.1: a House plaza with quarries N, SE and SW of it, and no stones earned from it."""
    s = GAME.setup(3, 1)
    for city in s.cities:
        assert {c: city.top[c] for c, _ in STARTING_TILE_CELLS} == {(0, 0): "H", (0, -1): "q", (1, 0): "q",
                                                                     (-1, 1): "q"}
        assert set(city.h.values()) == {1} and set(city.pid.values()) == {0}
        assert len(city.log) == 1


def test_start_events_describe_the_game():
    s = GAME.setup(1, 2, {"athena": True, "athena_cards": ["villa", "agora", "oasis", "rampart"]})
    ev = GAME.start_events(s)[0]
    assert ev.type == "game_started"
    assert ev.data["turns"] == 36 and ev.data["architect_stones"] == 2 and ev.data["stacks"] == 11
    assert ev.data["cards"] == ["villa", "agora", "oasis", "rampart"]


# -- options ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "options"), [
    (1, {"long_game": True}),
    (4, {"long_game": True}),
    (2, {"athena": True, "athena_cards": ["villa", "agora", "oasis"]}),
    (2, {"athena": True, "athena_cards": ["villa", "agora", "oasis", "rampart", "fortress"]}),
    (2, {"athena": True, "athena_cards": ["villa", "agora", "oasis", "oasis"]}),
    (2, {"athena": True, "athena_cards": ["villa", "agora", "oasis", "castle"]}),
    (2, {"athena_cards": ["villa", "agora", "oasis", "rampart"]}),  # needs athena
    (2, {"athena": False, "athena_cards": ["villa", "agora", "oasis", "rampart"]}),
    (2, {"first_player": 2}),
    (3, {"first_player": -1}),
    (4, {"first_player": 4}),
    (1, {"first_player": 1}),
    (3, {"long_three_player_stacks": 15}),
    (2, {"statue_stone_value": 0}),
    (1, {"architect": "pericles"}),
    (2, {"house_tie": "largest"}),
    (2, {"lake": "any"}),
    (2, {"stone_supply": -1}),
    (2, {"variant_houses": "yes"}),
    (2, {"no_such_option": True}),
])
def test_bad_options_are_refused(players, options):
    """options.py / §1.11: refused option values and combinations raise InvalidOptions."""
    with pytest.raises(InvalidOptions):
        GAME.setup(players, 0, options)


@pytest.mark.parametrize(("players", "options"), [
    (2, {"long_game": True}),
    (3, {"long_game": True, "athena": True}),
    (4, {"first_player": 3}),
    (1, {"first_player": 0, "architect": "hippodamos"}),
    (2, {"athena": True, "athena_cards": ["villa", "agora", "oasis", "rampart"]}),
    (3, {"stone_supply": 40, "statue_stone_value": 10, "lake": "single_hex", "barracks_edge": "any_empty"}),
])
def test_good_options_are_accepted(players, options):
    s = GAME.setup(players, 0, options)
    assert all(s.options[k] == v for k, v in options.items())


@pytest.mark.parametrize("players", [0, 5, True, "2", None])
def test_player_count(players):
    """Akropolis is for 1 to 4 players."""
    with pytest.raises(InvalidOptions) as exc:
        GAME.setup(players, 0)
    assert exc.value.code == "bad_players"


def test_shortcuts():
    assert GAME.expand_shortcuts({"athena": True, "variants": True, "long": True}) == {
        "athena": True, "long_game": True, "variant_houses": True, "variant_markets": True,
        "variant_barracks": True, "variant_temples": True, "variant_gardens": True}
    with pytest.raises(InvalidOptions):
        GAME.expand_shortcuts({"dark_city": True})
