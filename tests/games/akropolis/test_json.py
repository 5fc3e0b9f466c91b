"""The Akropolis state document (docs/formats.md): round trips in every phase, and `from_json` refusing corrupt
documents with InvalidState (spec akropolis §1.2 conservation of tiles, §1.4 placement rules, §1.9 small tiles).
"""

from __future__ import annotations

import copy
import json

import pytest

from cetate.core.errors import InvalidState
from tests.games.akropolis.helpers import GAME, act, scenario

CARDS = ["quarry_mine", "parkland", "agora", "villa"]
UNDER = [[30, 11, 12, 13], [20, 14, 15, 16], [21, 22, 23, 24], [1, 2, 3, 4]]
BQQ_NORTH = (5, 1, -1, 1)


def round_trip(s) -> dict:
    doc = GAME.to_json(s)
    loaded = GAME.from_json(json.loads(json.dumps(doc)))
    assert GAME.to_json(loaded) == doc
    for a, b in zip(s.cities, loaded.cities, strict=True):
        assert (a.h, a.top, a.pid, a.drot, a.border, a.log) == (b.h, b.top, b.pid, b.drot, b.border, b.log)
    return doc


def refused(doc, field: str | None = None) -> InvalidState:
    with pytest.raises(InvalidState) as exc:
        GAME.from_json(doc)
    if field is not None:
        assert exc.value.params.get("field") == field, exc.value.message
    return exc.value


def take_out(doc: dict, tile: int) -> None:
    """Remove a tile from the site or the stacks (to put it somewhere else)."""
    for place in (doc["site"], *doc["stacks"]):
        if tile in place:
            place.remove(tile)


def good_doc() -> dict:
    """A mid-game Athena document: seat 0 has tile 5 on (1,-1), (2,-2), (2,-1) and the dual small tile 5 on
    (0,1) in its city."""
    s = scenario(2, options={"athena": True, "athena_cards": CARDS}, under=UNDER, site=[1], stones={0: 8},
                 cities={0: [BQQ_NORTH, ("small", 5, 0, 1, 2)]})
    return GAME.to_json(s)


# -- round trips ------------------------------------------------------------------------------------------

def test_round_trip_in_every_phase():
    """Every phase (take, place, athena, small, over) writes a document that loads back to the same state."""
    s = scenario(2, options={"athena": True, "athena_cards": CARDS, "athena_recheck": "city_tile_only"},
                 under=UNDER, site=[1], stones={0: 8}, cities={0: [BQQ_NORTH, ("small", 5, 0, 1, 2)]})
    phases = []
    for action in ({"type": "take", "site": 0}, {"type": "place", "q": -2, "r": 1, "rot": 0},
                   {"type": "athena", "card": "quarry_mine", "tile": 11},
                   {"type": "place_small", "q": 1, "r": 1, "rot": 0}):
        phases.append(s.phase)
        round_trip(s)
        act(s, action)
    assert phases == ["take", "place", "athena", "small"]
    doc = round_trip(s)
    assert doc["seats"][0]["city"][-1] == {"small": 11, "q": 1, "r": 1, "rot": 0}
    assert doc["seats"][0]["city"][2] == {"small": 5, "q": 0, "r": 1, "rot": 2}


def test_round_trip_of_finished_games():
    """A finished game (multi-player and solo) keeps its result through JSON."""
    import random

    for players in (1, 3):
        s = GAME.setup(players, 8, {"athena": True})
        rnd = random.Random(8)
        while not GAME.is_over(s):
            GAME.apply(s, GAME.random_action(s, rnd))
        doc = round_trip(s)
        assert doc["phase"] == "over" and doc["result"] == GAME.result(s)


def test_the_stack_order_is_in_the_document():
    """The full state keeps the stacks in order (only views hide it)."""
    s = GAME.setup(2, 3)
    assert GAME.to_json(s)["stacks"] == s.stacks


# -- corrupt documents ------------------------------------------------------------------------------------

def test_not_an_akropolis_document():
    assert refused([1, 2]).code == "bad_state"
    doc = good_doc()
    doc["game"] = "citadels"
    assert refused(doc).code == "wrong_game"


@pytest.mark.parametrize(("path", "value", "field"), [
    (("players",), 5, "players"),
    (("players",), "2", "players"),
    (("rng",), -1, "rng"),
    (("rng",), 1.5, "rng"),
    (("phase",), "bogus", "phase"),
    (("seat",), 2, "seat"),
    (("seat",), True, "seat"),
    (("turn",), 37, "turn"),
    (("site",), [1, "2", 3], "site"),
    (("site",), [1, 62, 3], "site"),
    (("site",), "1,2,3", "site"),
    (("stacks",), {"0": [1]}, "stacks"),
    (("held",), 7, "held"),  # a held tile outside the place phase
    (("seats", 0, "stones"), -1, "seats[0].stones"),
    (("seats", 0, "stones"), "8", "seats[0].stones"),
    (("seats", 0, "completed"), ["housing"], "seats[0].completed"),  # not a shown card
    (("seats", 0, "completed"), ["villa", "villa"], "seats[0].completed"),
    (("seats", 0, "city"), [], "seats[0].city"),  # no starting tile
    (("seats", 0, "city", 1, "q"), 1.0, "seats[0].city[1].q"),
    (("seats", 0, "city", 1, "rot"), 6, "seats[0].city[1].rot"),
    (("seats", 0, "city", 1, "tile"), 62, "seats[0].city[1].tile"),
    (("seats",), [], "seats"),
    (("athena", "cards"), ["villa", "villa", "agora", "rampart"], "athena.cards"),
    (("athena", "under"), [[1], [2], [3]], "athena.under"),
    (("athena", "under", 0, 0), 31, "athena.under"),
    (("athena", "small_held"), ["quarry_mine", 11], "athena.small_held"),  # set outside phase "small"
    (("architect",), {"tiles": [], "small": [], "stones": 2, "completed": []}, "architect"),  # not solo
    (("result",), {"winners": [0]}, "result"),  # not over
    (("options",), {"long_game": True, "players": 2}, "options"),
    (("options",), {"athena": False}, "athena.cards"),  # cards shown but the option is off
])
def test_bad_fields_are_refused(path, value, field):
    """Wrong types, out-of-range values and inconsistent fields are refused, naming the field."""
    doc = good_doc()
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(doc, field)


def test_missing_fields_are_refused():
    for key in ("players", "options", "rng", "phase", "seat", "site", "stacks", "seats", "athena", "architect"):
        doc = good_doc()
        del doc[key]
        refused(doc, key)


def test_a_city_placement_that_breaks_the_rules_is_refused():
    """§1.4: each city is rebuilt placement by placement; one that breaks the rules is refused."""
    cases = [
        ({"tile": 2, "q": 0, "r": 0, "rot": 2}, "uneven"),  # plaza, quarry and the empty (0,1)
        ({"tile": 2, "q": 5, "r": 5, "rot": 0}, "not_touching"),
        ({"tile": 2, "q": 1, "r": -1, "rot": 1}, "single_support"),  # exactly on tile 5
    ]
    for placement, why in cases:
        doc = good_doc()
        take_out(doc, 2)
        doc["seats"][0]["city"].insert(2, placement)
        err = refused(doc, "seats[0].city[2]")
        assert why in err.message
    doc = good_doc()
    doc["athena"]["under"][1].remove(14)
    doc["seats"][0]["city"].append({"small": 14, "q": 0, "r": 1, "rot": 0})  # on the dual small tile
    assert "on_small_tile" in refused(doc, "seats[0].city[3]").message
    doc = good_doc()
    doc["athena"]["under"][1].remove(14)
    doc["seats"][0]["city"].append({"small": 14, "q": 4, "r": 4, "rot": 0})
    assert "not_touching" in refused(doc, "seats[0].city[3]").message
    doc = good_doc()
    doc["seats"][0]["city"].append({"q": 3, "r": 3, "rot": 0})
    refused(doc, "seats[0].city[3]")
    doc = good_doc()
    doc["athena"]["under"][1].remove(14)
    doc["seats"][0]["city"].append({"small": 14, "q": 1, "r": 1, "rot": 2})  # a one-district tile never turns
    refused(doc, "seats[0].city[3].rot")
    doc["seats"][0]["city"][-1]["rot"] = 0
    GAME.from_json(doc)


def test_tiles_must_be_conserved():
    """§1.2: every tile of the sets in play is in exactly one place: site, stacks, held tile, cities."""
    doc = good_doc()
    doc["site"].append(5)  # tile 5 is already in seat 0's city
    refused(doc, "site")
    doc = good_doc()
    doc["stacks"][0].pop()  # a tile lost
    refused(doc, "site")
    doc = good_doc()
    doc["stacks"][0][0] = 40  # a "3+" tile in a 2-player game
    refused(doc, "site")
    doc = good_doc()
    doc["seats"][1]["city"].append({"tile": 5, "q": 1, "r": -1, "rot": 1})  # tile 5 in two cities
    refused(doc, "site")


def test_small_tiles_must_not_repeat():
    """§1.9: a small tile is under a card, in a city, held or with the Architect, never twice."""
    doc = good_doc()
    doc["athena"]["under"][3].append(5)  # small tile 5 is in seat 0's city
    refused(doc, "athena.under")
    doc = good_doc()
    doc["athena"]["under"][0].append(20)  # also under card 1
    refused(doc, "athena.under")


def test_site_size_and_empty_stacks():
    """§1.5: a tile must be takeable in phase take (at least 2 tiles in the site), the site never holds more
    than N+2 tiles, and no stack is empty."""
    doc = good_doc()
    doc["stacks"][-1] += doc["site"]
    doc["site"] = []
    refused(doc, "site")
    doc = good_doc()
    doc["stacks"][-1] += doc["site"][1:]
    doc["site"] = doc["site"][:1]
    refused(doc, "site")
    doc = good_doc()
    doc["site"] += doc["stacks"].pop()
    refused(doc, "site")
    doc = good_doc()
    doc["stacks"].append([])
    refused(doc, "stacks")


def test_phase_and_held_tile_must_agree():
    doc = good_doc()
    doc["phase"] = "place"
    doc["stacks"][-1].append(doc["site"].pop())
    refused(doc, "held")
    doc = good_doc()
    doc["phase"] = "small"
    doc["stacks"][-1].append(doc["site"].pop())
    refused(doc, "athena.small_held")
    doc = good_doc()
    doc["phase"] = "over"
    doc["site"] = doc["site"][:1]
    doc["stacks"][-1] += good_doc()["site"][1:]
    refused(doc, "result")


def test_solo_architect_block():
    """§1.10: a solo document has an Architect block whose tiles count for conservation."""
    s = scenario(1, architect={"stones": 4, "tiles": [2, 4]})
    doc = round_trip(s)
    assert doc["architect"] == {"tiles": [2, 4], "small": [], "stones": 4, "completed": []}
    bad = copy.deepcopy(doc)
    bad["architect"] = None
    refused(bad)
    bad = copy.deepcopy(doc)
    bad["architect"]["tiles"].append(bad["site"][0])
    refused(bad, "site")
    bad = copy.deepcopy(doc)
    bad["architect"]["stones"] = -2
    refused(bad, "architect.stones")
    bad = copy.deepcopy(doc)
    bad["architect"]["small"] = [40]
    refused(bad, "architect.small")
