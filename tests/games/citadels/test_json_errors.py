"""`GAME.from_json` on corrupt documents: always `InvalidState` with a message naming the field, never a crash."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cetate.core.errors import InvalidState
from cetate.games.citadels import GAME


def mid_game_state(players: int = 4, seed: int = 3, steps: int = 60, options: dict | None = None):
    s = GAME.setup(players, seed, options)
    rnd = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(s):
            break
        GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
    return s


def played_to(phase: str, players: int = 4, options: dict | None = None):
    for seed in range(200):
        s = GAME.setup(players, seed, options)
        rnd = random.Random(seed)
        while not GAME.is_over(s) and s.phase != phase:
            GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
        if s.phase == phase:
            return s
    raise AssertionError(f"no game reached the {phase} phase")


DOCS = {
    "draft": GAME.to_json(GAME.setup(4, 1)),
    "turn": GAME.to_json(mid_game_state()),
    "capped": GAME.to_json(mid_game_state(5, 8, 150, {"bank_limit": 30, "discard_mode": "discard_pile"})),
    "keep": GAME.to_json(played_to("keep", 3)),
    "over": GAME.to_json(played_to("over", 2)),
}


def doc(kind: str = "turn") -> dict:
    return copy.deepcopy(DOCS[kind])


def load_error(document) -> InvalidState:
    with pytest.raises(InvalidState) as info:
        GAME.from_json(document)
    err = info.value
    assert err.message and isinstance(err.message, str)
    assert err.code in ("bad_state", "wrong_game")
    return err


def assert_names(err: InvalidState, *words: str) -> None:
    for word in words:
        assert word in err.message, f"{word!r} not in {err.message!r}"


def test_valid_documents_load():
    for kind, d in DOCS.items():
        s = GAME.from_json(copy.deepcopy(d))
        assert GAME.to_json(s) == d, kind


# -- the document itself -------------------------------------------------------------------------

@pytest.mark.parametrize("document", [None, [], "citadels", 3, 2.5, True, ["game", "citadels"]])
def test_not_a_dict(document):
    err = load_error(document)
    assert_names(err, "JSON object")


@pytest.mark.parametrize("game", ["akropolis", "Citadels", None, 3, ["citadels"]])
def test_wrong_game(game):
    d = doc()
    d["game"] = game
    err = load_error(d)
    assert err.code == "wrong_game"
    assert_names(err, repr(game), "citadels")


def test_game_missing():
    d = doc()
    del d["game"]
    assert load_error(d).code == "wrong_game"


# -- missing fields ------------------------------------------------------------------------------

def paths(document, prefix=()):
    """Every (path, leaf-name) in a document: dict keys and list items."""
    if isinstance(document, dict):
        for k, v in document.items():
            yield (*prefix, k)
            yield from paths(v, (*prefix, k))
    elif isinstance(document, list):
        for i, v in enumerate(document):
            yield (*prefix, i)
            yield from paths(v, (*prefix, i))


def at(document, path):
    for p in path:
        document = document[p]
    return document


def dict_fields(kind):
    """Paths of every dict field the loader reads (not inside free-form parts: options values, result)."""
    out = []
    for path in paths(DOCS[kind]):
        if isinstance(path[-1], int) or path[0] in ("game", "engine_version", "result"):
            continue
        if path[0] == "options" and len(path) > 1:
            continue  # missing options take their defaults
        if path[:2] == ("characters", "owners") and len(path) > 2:
            continue  # a free-form map
        out.append(path)
    return out


@pytest.mark.parametrize("path", dict_fields("turn"), ids=lambda p: ".".join(map(str, p)))
def test_missing_field_is_named(path):
    d = doc("turn")
    del at(d, path[:-1])[path[-1]]
    err = load_error(d)
    assert_names(err, str(path[-1]))
    assert "field" in err.message


def test_missing_graveyard_fields():
    d = doc("turn")
    d["graveyard"] = {"card": "castle", "warlord": 0}
    assert_names(load_error(d), "graveyard.owner", "missing")


# -- wrong types ---------------------------------------------------------------------------------

WRONG_TYPES = [
    ("players", "4", "players"),
    ("players", True, "players"),
    ("players", 9, "players"),
    ("players", 1, "players"),
    ("rng", -1, "rng"),
    ("rng", 2**64, "rng"),
    ("rng", "0x1f", "rng"),
    ("round", 1.5, "round"),
    ("round", None, "round"),
    ("crown", 4, "crown"),
    ("crown", -1, "crown"),
    ("deck", "castle", "deck"),
    ("deck", None, "deck"),
    ("deck", {"castle": 1}, "deck"),
    ("discard_pile", 0, "discard_pile"),
    ("bank", 30, "bank"),
    ("bank", "none", "bank"),
    ("seats", {}, "seats"),
    ("seats", [], "seats"),
    ("seats", [1, 2, 3, 4], "seats[0]"),
    ("characters", [], "characters"),
    ("characters", None, "characters"),
    ("turn", "mine", "turn"),
    ("graveyard", "castle", "graveyard"),
    ("graveyard", [], "graveyard"),
    ("first_complete", 7, "first_complete"),
    ("first_complete", "0", "first_complete"),
    ("end_triggered", 0, "end_triggered"),
    ("end_triggered", None, "end_triggered"),
    ("result", [], "result"),
    ("result", "win", "result"),
    ("options", [], "options"),
    ("options", {"bank_limit": -5}, "bank_limit"),
    ("options", {"colour": "red"}, "colour"),
]


@pytest.mark.parametrize(("field", "value", "named"), WRONG_TYPES)
def test_wrong_top_level_types(field, value, named):
    d = doc("turn")
    d[field] = value
    assert_names(load_error(d), named)


@pytest.mark.parametrize(("field", "value", "named"), [
    ("gold", -1, "seats[1].gold"),
    ("gold", "2", "seats[1].gold"),
    ("gold", 2.0, "seats[1].gold"),
    ("hand", "castle", "seats[1].hand"),
    ("hand", [3], "seats[1].hand[0]"),
    ("hand", [["castle"]], "seats[1].hand[0]"),
    ("hand", [None], "seats[1].hand[0]"),
    ("city", {"castle": 1}, "seats[1].city"),
    ("city", [{"id": "castle"}], "seats[1].city[0]"),
    ("haunted_round", -2, "seats[1].haunted_round"),
    ("haunted_round", None, "seats[1].haunted_round"),
])
def test_wrong_seat_types(field, value, named):
    d = doc("turn")
    d["seats"][1][field] = value
    assert_names(load_error(d), named)


@pytest.mark.parametrize(("field", "value", "named"), [
    ("roster", ["king"], "characters.roster"),
    ("roster", "base", "characters.roster"),
    ("face_up", "king", "characters.face_up"),
    ("face_up", ["queen"], "characters.face_up[0]"),
    ("face_up", [["king"]], "characters.face_up[0]"),
    ("face_up", [4], "characters.face_up[0]"),
    ("face_down", [None], "characters.face_down[0]"),
    ("initial_face_down", "jester", "characters.initial_face_down"),
    ("initial_face_down", ["king"], "characters.initial_face_down"),
    ("pool", [{"id": "king"}], "characters.pool[0]"),
    ("steps", [[0, "steal"]], "characters.steps[0]"),
    ("steps", [[9, "pick"]], "characters.steps[0]"),
    ("steps", [["0", "pick"]], "characters.steps[0]"),
    ("steps", "pick", "characters.steps"),
    ("log", [[0, "pick"]], "characters.log[0]"),
    ("log", [[0, "pick", "jester"]], "characters.log[0]"),
    ("log", [[0, "pick", ["king"]]], "characters.log[0]"),
    ("log", [[0, "eat", "king"]], "characters.log[0]"),
    ("log", [[-2, "pick", "king"]], "characters.log[0]"),
    ("seen", [], "characters.seen"),
    ("seen", "all", "characters.seen"),
    ("seen", [[["jester"]], [], [], []], "characters.seen[0]"),
    ("seen", [[[["king"]]], [], [], []], "characters.seen[0]"),
    ("seen", [[[{}]], [], [], []], "characters.seen[0]"),
    ("owners", [], "characters.owners"),
    ("owners", {"king": 9}, "characters.owners.king"),
    ("owners", {"king": "0"}, "characters.owners.king"),
    ("owners", {"jester": 0}, "characters.owners.jester"),
    ("calling", "jester", "characters.calling"),
    ("calling", 4, "characters.calling"),
    ("calling", ["king"], "characters.calling"),
    ("killed", {"rank": 4}, "characters.killed"),
    ("robbed", "nobody", "characters.robbed"),
    ("revealed", ["ghost"], "characters.revealed[0]"),
    ("absent", None, "characters.absent"),
])
def test_wrong_character_types(field, value, named):
    d = doc("turn")
    d["characters"][field] = value
    assert_names(load_error(d), named)


@pytest.mark.parametrize(("field", "value", "named"), [
    ("acted", 1, "turn.acted"),
    ("acted", "yes", "turn.acted"),
    ("builds_left", -1, "turn.builds_left"),
    ("builds_left", 11, "turn.builds_left"),
    ("power_used", None, "turn.power_used"),
    ("income_taken", 0, "turn.income_taken"),
    ("laboratory_used", [], "turn.laboratory_used"),
    ("smithy_used", "false", "turn.smithy_used"),
    ("drawn", "castle", "turn.drawn"),
    ("drawn", [["castle"]], "turn.drawn[0]"),
    ("keep", None, "turn.keep"),
    ("set_aside", ["moat"], "turn.set_aside[0]"),
])
def test_wrong_turn_types(field, value, named):
    d = doc("turn")
    d["turn"][field] = value
    assert_names(load_error(d), named)


@pytest.mark.parametrize(("value", "named"), [
    ({"card": "moat", "warlord": 0, "owner": 1}, "graveyard.card"),
    ({"card": ["castle"], "warlord": 0, "owner": 1}, "graveyard.card"),
    ({"card": "castle", "warlord": 7, "owner": 1}, "graveyard.warlord"),
    ({"card": "castle", "warlord": 0, "owner": "1"}, "graveyard.owner"),
])
def test_wrong_graveyard(value, named):
    d = doc("turn")
    d["graveyard"] = value
    assert_names(load_error(d), named)


def test_known_cards_errors():
    d = doc("turn")
    d["known_cards"] = "all"
    assert_names(load_error(d), "known_cards")
    d["known_cards"] = [{"observer": 0, "holder": 0, "cards": []}]
    assert_names(load_error(d), "known_cards[0]")
    d["known_cards"] = [{"observer": 0, "holder": 9, "cards": []}]
    assert_names(load_error(d), "known_cards[0].holder")
    d["known_cards"] = [{"observer": 0, "holder": 1, "cards": [["castle"]]}]
    assert_names(load_error(d), "known_cards[0].cards[0]")
    d["known_cards"] = [3]
    assert_names(load_error(d), "known_cards[0]")
    hand = d["seats"][1]["hand"]
    missing = next(c for c in ("castle", "manor", "temple", "tavern", "palace") if c not in hand)
    d["known_cards"] = [{"observer": 0, "holder": 1, "cards": [missing]}]
    assert_names(load_error(d), "known_cards[0]", "holder's hand")


# -- bad card names and cards that do not add up -------------------------------------------------

@pytest.mark.parametrize("name", ["moat", "Castle", "", "castle ", "great wall"])
def test_bad_card_names(name):
    d = doc("turn")
    d["deck"][0] = name
    err = load_error(d)
    assert_names(err, "deck[0]", "district id", repr(name))


def test_extra_card():
    d = doc("turn")
    d["seats"][0]["hand"].append("castle")
    err = load_error(d)
    assert_names(err, "district cards", "extra: ['castle']", "missing: none")
    assert err.params["field"] == "deck"


def test_missing_card():
    d = doc("turn")
    lost = d["deck"].pop()
    err = load_error(d)
    assert_names(err, "district cards", "extra: none", f"missing: [{lost!r}]")


def test_card_moved_between_two_places_still_adds_up():
    d = doc("turn")
    d["seats"][2]["hand"].append(d["deck"].pop())
    GAME.from_json(d)  # still a valid document: only the totals are checked


def test_swapped_card():
    d = doc("turn")
    d["deck"] = ["great_wall" if c == "castle" else c for c in d["deck"]]
    if "castle" not in DOCS["turn"]["deck"]:
        pytest.skip("no castle in this deck")
    err = load_error(d)
    assert_names(err, "extra:", "great_wall", "missing:", "castle")


def test_original65_deck_has_no_great_wall():
    d = doc("draft")
    d["options"]["deck"] = "original65"
    err = load_error(d)
    assert_names(err, "extra: ['great_wall']")


def test_graveyard_card_counts():
    d = doc("turn")
    d["graveyard"] = {"card": "castle", "warlord": 0, "owner": 1}
    assert_names(load_error(d), "extra: ['castle']")


def test_gold_not_conserved_with_a_capped_bank():
    d = doc("capped")
    d["seats"][0]["gold"] += 1
    assert_names(load_error(d), "bank", "gold is conserved")
    d = doc("capped")
    d["bank"] = None
    assert_names(load_error(d), "bank", "bank_limit")


def test_bank_with_an_unlimited_option():
    d = doc("turn")
    d["bank"] = 10
    assert_names(load_error(d), "bank", "bank_limit")


# -- bad phase -----------------------------------------------------------------------------------

@pytest.mark.parametrize("phase", ["lunch", "", None, 1, "Turn", ["turn"]])
def test_unknown_phase(phase):
    d = doc("turn")
    d["phase"] = phase
    err = load_error(d)
    assert_names(err, "phase", "draft, turn")


def test_phase_inconsistent_with_the_rest():
    d = doc("draft")
    d["phase"] = "turn"
    assert_names(load_error(d), "characters.calling")
    d = doc("turn")
    d["phase"] = "graveyard"
    assert_names(load_error(d), "graveyard")
    d = doc("turn")
    d["phase"] = "keep"
    d["turn"]["drawn"] = []
    assert_names(load_error(d), "turn.drawn")
    d = doc("turn")
    d["phase"] = "draft"
    d["characters"]["steps"] = []
    assert_names(load_error(d), "characters.steps")
    d = doc("draft")
    d["characters"]["pool"] = []
    assert_names(load_error(d), "characters.pool")


def test_calling_a_character_nobody_holds():
    d = doc("turn")
    if d["phase"] != "turn":
        pytest.skip("the sample is not in a turn")
    held = set(d["characters"]["owners"])
    free = next(c for c in d["characters"]["roster"] if c not in held)
    d["characters"]["calling"] = free
    assert_names(load_error(d), "characters.calling")


# -- fuzzing: any change anywhere either loads or raises InvalidState ----------------------------

JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 10), st.integers(), st.floats(allow_nan=False),
              st.text(max_size=6),
              st.sampled_from(["castle", "king", "turn", "draft", "pick", "discard", "citadels", "magician"])),
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(st.sampled_from(["card", "warlord", "owner", "observer",
                                                                "holder", "cards", "king", "x"]), children,
                                               max_size=3)),
    max_leaves=6,
)


@given(kind=st.sampled_from(sorted(DOCS)), choice=st.integers(0, 10**6), junk=JUNK,
       action=st.sampled_from(["replace", "delete", "insert"]))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_fuzzed_documents_never_crash(kind, choice, junk, action):
    d = doc(kind)
    all_paths = list(paths(d))
    path = all_paths[choice % len(all_paths)]
    parent = at(d, path[:-1])
    if action == "replace":
        parent[path[-1]] = junk
    elif action == "delete":
        del parent[path[-1]]
    elif isinstance(parent, list):
        parent.insert(path[-1], junk)
    else:
        parent["extra"] = junk
    try:
        s = GAME.from_json(d)
    except InvalidState as exc:
        assert exc.message
        return
    check_loaded(s)


def check_loaded(s) -> None:
    """A document that loads is a state that serialises again and can be shown and played."""
    again = GAME.to_json(s)
    assert GAME.from_json(json.loads(json.dumps(again))) == s
    for seat in [None, *range(s.n)]:
        GAME.view(s, seat)
    if not GAME.is_over(s):
        acts = GAME.legal_actions(s)
        assert acts
        GAME.apply(GAME.clone(s), acts[0])


@given(kind=st.sampled_from(sorted(DOCS)), data=st.data())
@settings(max_examples=100, deadline=None)
def test_fuzzed_type_swaps_never_crash(kind, data):
    """Every field replaced by a value of another JSON type."""
    d = doc(kind)
    for path in data.draw(st.lists(st.sampled_from(list(paths(d))), min_size=1, max_size=3)):
        try:
            parent = at(d, path[:-1])
            value = parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(parent, dict | list):
            continue  # an earlier swap replaced the container
        swaps = [None, True, 0, -1, 1.5, "x", [], {}, [value], {"v": value}]
        parent[path[-1]] = data.draw(st.sampled_from(swaps))
    try:
        s = GAME.from_json(d)
    except InvalidState:
        return
    check_loaded(s)
