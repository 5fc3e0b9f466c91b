"""Action notes and refusals (games/citadels/notes.py): the numbers are the engine's own, in scenario states
(Factory, Great Wall, beautified districts, Wizard) and in random games, where every price a note gives is
what `apply` then charges, and every refusal answers exactly the moves `legal_actions` leaves out."""

from __future__ import annotations

import json
import random

import pytest

from cetate.core.i18n import LANGUAGES, Catalog, _template_fields
from cetate.games.citadels import notes, rules
from cetate.games.citadels.data import DISTRICT_IDS, DISTRICT_INDEX
from tests.games.citadels.scenario import GAME, scenario

DARK = {"characters": ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat",
                       "artist"], "random_dark_city_districts": 14, "ball_room": True}
DARK_2P = {**DARK, "characters": DARK["characters"][:8]}  # no rank-9 character with 2 or 3 players
MIXED = {"character_preset": "replace_two", "dark_city_districts": ["factory", "quarry", "armory", "museum"],
         "warlord_timing": "any_time", "bank_limit": 30}


def idx(card: str) -> int:
    return DISTRICT_INDEX[card]


def note_of(s, action: dict) -> dict:
    seat = GAME.to_move(s)
    legal = GAME.legal_actions(s)
    assert action in legal, (action, legal)
    return GAME.annotate(s, seat, legal)[legal.index(action)]


def refusals_of(s, seat: int | None = None) -> list[dict]:
    seat = GAME.to_move(s) if seat is None else seat
    return GAME.view(s, seat)["refusals"]


def refusal(s, target: dict) -> dict | None:
    found = [r for r in refusals_of(s) if r["target"] == target]
    assert len(found) <= 1, found
    return found[0] if found else None


# -- notes in scenario states ------------------------------------------------------------------------------

def test_build_price_after_the_factory_discount():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 4},
                 cities={0: ["factory", "manor"]}, hands={0: ["laboratory", "temple", "manor", "palace"]},
                 options={"dark_city_districts": ["factory"]})
    assert note_of(s, {"type": "build", "card": "laboratory"}) == {"price": 4, "printed": 5}
    assert note_of(s, {"type": "build", "card": "temple"}) == {"price": 1, "printed": 1}
    assert rules.build_cost(s, 0, idx("laboratory")) == 4
    # the Palace (5) is too dear, the Manor a duplicate: refused with the engine's numbers
    assert refusal(s, {"type": "build", "card": "palace"}) == {
        "code": "cannot_afford", "target": {"type": "build", "card": "palace"}, "cost": 5, "gold": 4}
    assert refusal(s, {"type": "build", "card": "manor"})["code"] == "duplicate_district"
    # what the note says is what building charges
    GAME.apply(s, {"type": "build", "card": "laboratory"})
    assert s.gold[0] == 0


def test_refusal_gives_the_discounted_cost_when_still_too_dear():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 3},
                 cities={0: ["factory"]}, hands={0: ["laboratory"]}, options={"dark_city_districts": ["factory"]})
    assert refusal(s, {"type": "build", "card": "laboratory"})["cost"] == 4  # printed 5, Factory 4, gold 3


@pytest.mark.parametrize(("beautified", "wall_rule", "price"), [
    (False, "taken_plus_one", 4),  # Castle 4 + 1 (the owner's Great Wall) - Temple 1
    (True, "taken_plus_one", 5),  # + 1 for the beautified Castle
    (False, "ignore", 3),
])
def test_diplomat_exchange_price_with_a_great_wall_and_a_beautified_district(beautified, wall_rule, price):
    s = scenario(owners={"diplomat": 0}, calling="diplomat", acted=True, gold={0: 9},
                 cities={0: ["temple"], 1: ["castle", "great_wall"]},
                 beautified={1: ["castle"]} if beautified else None,
                 options={"characters": ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                                         "diplomat"], "diplomat_great_wall": wall_rule})
    action = {"type": "exchange", "give": "temple", "target": 1, "take": "castle"}
    assert note_of(s, action) == {"price": price}
    assert rules.exchange_cost(s, 0, idx("temple"), 1, idx("castle")) == price
    prices = {(p["give"], p["target"], p["take"]): p["price"] for p in GAME.view(s, 0)["you"]["exchange_prices"]}
    assert prices[("temple", 1, "castle")] == price
    GAME.apply(s, action)
    assert s.gold == [9 - price, 2 + price, 2, 2]


def test_diplomat_exchange_refusals():
    s = scenario(owners={"diplomat": 0, "bishop": 2}, calling="diplomat", acted=True, gold={0: 1},
                 cities={0: ["temple", "manor", "tavern"], 1: ["temple", "palace", "manor", "watchtower", "keep"],
                         2: ["castle"]},
                 revealed=["bishop"],
                 options={"characters": ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                                         "diplomat"]})
    def code(give, target, take):
        r = refusal(s, {"type": "exchange", "give": give, "target": target, "take": take})
        return r and r["code"]
    assert code("temple", 1, "temple") == "same_district"
    assert code("manor", 1, "temple") == "exchange_duplicate"  # the Temple would be twice in this city
    assert code("temple", 1, "keep") == "keep_immune"
    assert code("temple", 2, "castle") == "bishop_protected"
    assert code("tavern", 1, "watchtower") is None  # a legal exchange, for nothing
    assert code("temple", 1, "watchtower") == "exchange_duplicate"  # the Temple would be twice in that city
    assert refusal(s, {"type": "exchange", "give": "tavern", "target": 1, "take": "palace"}) == {
        "code": "cannot_afford", "target": {"type": "exchange", "give": "tavern", "target": 1, "take": "palace"},
        "cost": 4, "gold": 1}


def test_warlord_destroy_price_and_refusals():
    s = scenario(owners={"warlord": 0, "bishop": 3}, calling="warlord", acted=True, gold={0: 3},
                 cities={1: ["castle", "great_wall", "keep", "watchtower"], 2: ["palace"], 3: ["temple"]},
                 beautified={2: ["palace"]}, revealed=["bishop"], options={"deck": "classic66"})
    legal = GAME.legal_actions(s)
    assert {"type": "destroy", "target": 1, "card": "castle"} not in legal  # 4 with the Great Wall: too dear
    assert refusal(s, {"type": "destroy", "target": 1, "card": "castle"}) == {
        "code": "cannot_afford", "target": {"type": "destroy", "target": 1, "card": "castle"}, "cost": 4, "gold": 3}
    assert refusal(s, {"type": "destroy", "target": 1, "card": "keep"})["code"] == "keep_immune"
    assert refusal(s, {"type": "destroy", "target": 3, "card": "temple"})["code"] == "bishop_protected"
    assert refusal(s, {"type": "destroy", "target": 2, "card": "palace"})["cost"] == 5  # 5 - 1 + 1 beautified
    s.gold[0] = 9
    assert note_of(s, {"type": "destroy", "target": 1, "card": "castle"}) == {"price": 4}
    assert note_of(s, {"type": "destroy", "target": 1, "card": "great_wall"}) == {"price": 5}  # not on itself
    assert note_of(s, {"type": "destroy", "target": 2, "card": "palace"}) == {"price": 5}
    GAME.apply(s, {"type": "destroy", "target": 1, "card": "castle"})
    assert s.gold[0] == 5


def test_warlord_cannot_touch_a_complete_city():
    full = ["manor", "castle", "palace", "temple", "church", "monastery", "tavern", "market"]
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, gold={0: 9}, cities={1: full, 2: ["prison"]})
    assert refusal(s, {"type": "destroy", "target": 1, "card": "temple"})["code"] == "city_complete"


def test_wizard_build_price_after_the_factory_and_its_refusal():
    s = scenario(owners={"wizard": 0}, calling="wizard", acted=True, gold={0: 4}, cities={0: ["factory"]},
                 hands={1: ["laboratory", "palace"]},
                 options={"characters": ["assassin", "thief", "wizard", "king", "bishop", "merchant", "architect",
                                         "warlord"], "dark_city_districts": ["factory"]})
    GAME.apply(s, {"type": "wizard", "target": 1})
    assert note_of(s, {"type": "wizard_build", "card": "laboratory"}) == {"price": 4, "printed": 5}
    assert refusal(s, {"type": "wizard_build", "card": "palace"}) == {
        "code": "cannot_afford", "target": {"type": "wizard_build", "card": "palace"}, "cost": 5, "gold": 4}


def test_draw_notes_name_the_observatory_and_the_library():
    base = {"owners": {"king": 0}, "calling": "king"}
    assert note_of(scenario(**base), {"type": "draw_cards"}) == {"draw": 2, "keep": 1, "by": []}
    s = scenario(**base, cities={0: ["observatory"]})
    assert note_of(s, {"type": "draw_cards"}) == {"draw": 3, "keep": 1, "by": ["observatory"]}
    s = scenario(**base, cities={0: ["library"]})
    assert note_of(s, {"type": "draw_cards"}) == {"draw": 2, "keep": 2, "by": ["library"]}
    s = scenario(**base, cities={0: ["library", "observatory"]})
    assert note_of(s, {"type": "draw_cards"}) == {"draw": 3, "keep": 2, "by": ["observatory", "library"]}


def test_gold_notes_follow_a_capped_bank():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["manor", "castle"]}, options={"bank_limit": 30})
    assert note_of(s, {"type": "take_gold"}) == {"gold": 2}
    assert note_of(s, {"type": "collect_income"}) == {"gold": 2}
    s.bank = 1
    assert note_of(s, {"type": "take_gold"}) == {"gold": 1}
    assert note_of(s, {"type": "collect_income"}) == {"gold": 1}


@pytest.mark.parametrize(("size_option", "expected"), [("minus_one", 7), ("seven", 7)])
def test_bell_tower_note_gives_the_size_after_the_announcement(size_option, expected):
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 9}, hands={0: ["bell_tower"]},
                 options={"dark_city_districts": ["bell_tower"], "bell_tower_size": size_option})
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    assert note_of(s, {"type": "announce_bell_tower"}) == {"size": expected, "current": 8}


# -- refusals in scenario states ---------------------------------------------------------------------------

def test_build_refusals_before_the_action_and_after_the_build_limit():
    s = scenario(owners={"king": 0}, calling="king", gold={0: 9}, hands={0: ["temple", "manor"]})
    assert {r["code"] for r in refusals_of(s)} == {"build_before_action"}
    GAME.apply(s, {"type": "take_gold"})
    assert refusals_of(s) == []
    GAME.apply(s, {"type": "build", "card": "temple"})
    assert refusals_of(s) == [{"code": "no_builds_left", "target": {"type": "build", "card": "manor"}}]


def test_duplicate_and_the_quarry():
    options = {"dark_city_districts": ["quarry"]}
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 9}, cities={0: ["temple"]},
                 hands={0: ["temple"]}, options=options)
    assert refusal(s, {"type": "build", "card": "temple"})["code"] == "duplicate_district"
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 9}, cities={0: ["temple", "quarry"]},
                 hands={0: ["temple"]}, options=options)
    assert refusal(s, {"type": "build", "card": "temple"}) is None  # the Quarry's one duplicate
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 9},
                 cities={0: ["temple", "quarry", "manor", "manor"]}, hands={0: ["temple"]}, options=options)
    assert refusal(s, {"type": "build", "card": "temple"})["code"] == "quarry_used"


def test_characters_that_build_nothing_say_so():
    dark = {"characters": ["witch", "thief", "magician", "king", "bishop", "merchant", "navigator", "warlord"]}
    turn = {"builds_left": 0}  # as the rules deal these turns (rules._reset_turn)
    s = scenario(owners={"navigator": 0}, calling="navigator", gold={0: 9}, hands={0: ["temple"]}, options=dark,
                 turn=turn)
    assert refusal(s, {"type": "build", "card": "temple"})["code"] == "navigator_no_build"
    s = scenario(owners={"witch": 0}, calling="witch", gold={0: 9}, hands={0: ["temple"]}, options=dark, turn=turn)
    assert refusal(s, {"type": "build", "card": "temple"})["code"] == "witch_no_build"


def test_a_bewitched_turn_allows_only_the_action():
    dark = {"characters": ["witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]}
    s = scenario(owners={"witch": 1, "king": 0}, calling="witch", acted=True, gold={0: 9}, hands={0: ["temple"]},
                 options=dark)
    s.actor = 1
    GAME.apply(s, {"type": "bewitch", "character": "king"})
    assert GAME.to_move(s) == 0 and s.mode == "action_only"
    assert refusal(s, {"type": "build", "card": "temple"})["code"] == "action_only"


def test_character_targets_the_thief_may_not_name():
    s = scenario(owners={"thief": 0}, calling="thief", killed="merchant", revealed=["thief"])
    codes = {r["target"]["character"]: r["code"] for r in refusals_of(s) if r["target"]["type"] == "steal"}
    assert codes == {"assassin": "rank_one", "thief": "self", "merchant": "killed"}
    s = scenario(owners={"assassin": 0}, calling="assassin")
    codes = {r["target"]["character"]: r["code"] for r in refusals_of(s) if r["target"]["type"] == "assassinate"}
    assert codes == {"assassin": "self"}


def test_the_artist_may_not_beautify_twice():
    s = scenario(owners={"artist": 0}, calling="artist", acted=True, gold={0: 5},
                 cities={0: ["temple", "manor", "castle"]}, beautified={0: ["temple"]},
                 options={"characters": ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
                                         "warlord", "artist"]})
    assert refusal(s, {"type": "beautify", "card": "temple"})["code"] == "already_beautified"
    assert refusal(s, {"type": "beautify", "card": "manor"}) is None
    assert note_of(s, {"type": "beautify", "card": "manor"}) == {"price": 1, "left": 2}
    GAME.apply(s, {"type": "beautify", "card": "manor"})
    assert refusal(s, {"type": "beautify", "card": "manor"})["code"] == "already_beautified"
    assert note_of(s, {"type": "beautify", "card": "castle"}) == {"price": 1, "left": 1}


# -- random games: notes are what apply does, refusals are what legal_actions leaves out ---------------------

GOLD_DELTA = {"build": -1, "wizard_build": -1, "destroy": -1, "exchange": -1, "smithy": -1, "graveyard_take": -1,
              "beautify": -1}


def _check_notes(s, seat: int, legal: list[dict], chosen: dict, note: dict) -> None:
    assert json.loads(json.dumps(note)) == note
    kind = chosen["type"]
    if kind == "build" or kind == "wizard_build":
        assert note["price"] == rules.build_cost(s, seat, idx(chosen["card"]))
    elif kind == "destroy":
        assert note["price"] == rules.destroy_price(s, chosen["target"], idx(chosen["card"]))
    elif kind == "exchange":
        assert note["price"] == rules.exchange_cost(s, seat, idx(chosen["give"]), chosen["target"], idx(chosen["take"]))
    before = s.gold[seat]
    GAME.apply(s, chosen)
    if kind in GOLD_DELTA and s.actor == seat and s.phase != "over":
        # gold right after the move (end-of-turn effects only follow `end_turn`)
        assert s.gold[seat] == before - note["price"], (chosen, note)
    elif kind in ("collect_income", "navigator_gold", "laboratory"):
        assert s.gold[seat] == before + note["gold"], (chosen, note)
    elif kind == "take_gold":  # the Merchant's bonus may follow at once
        assert before + note["gold"] <= s.gold[seat] <= before + note["gold"] + 1, (chosen, note)


def _check_refusals(s, seat: int, legal: list[dict]) -> None:
    """Every move the seat might try on a screen is either legal or refused, never both."""
    refused = {json.dumps(r["target"], sort_keys=True): r for r in GAME.view(s, seat)["refusals"]}
    legal_keys = {json.dumps(a, sort_keys=True) for a in legal}
    assert not refused.keys() & legal_keys
    tried: list[dict] = []
    types = {a["type"] for a in legal}
    if s.phase == "turn":
        tried += [{"type": "build", "card": DISTRICT_IDS[c]} for c in set(s.hands[seat])]
    for power in ("assassinate", "steal", "bewitch"):
        if power in types:
            tried += [{"type": power, "character": c} for c in s.roster[1:]]
    if "destroy" in types:
        tried += [{"type": "destroy", "target": t, "card": DISTRICT_IDS[c]} for t in range(s.n) for c in set(s.cities[t])]
    if "exchange" in types:
        tried += [{"type": "exchange", "give": DISTRICT_IDS[g], "target": t, "take": DISTRICT_IDS[k]}
                  for g in set(s.cities[seat]) for t in range(s.n) if t != seat for k in set(s.cities[t])]
    if "beautify" in types:
        tried += [{"type": "beautify", "card": DISTRICT_IDS[c]} for c in set(s.cities[seat])]
    if s.phase == "wizard":
        tried += [{"type": "wizard_build", "card": DISTRICT_IDS[c]} for c in set(s.hands[s.target])]
    for a in tried:
        key = json.dumps(a, sort_keys=True)
        assert (key in legal_keys) != (key in refused), (a, refused.get(key))
    for r in refused.values():
        for name in ("cost", "gold"):
            if name in r:
                assert isinstance(r[name], int)


@pytest.mark.parametrize(("players", "options"), [(4, None), (5, DARK), (3, MIXED), (2, DARK_2P), (6, MIXED)])
def test_random_games_notes_and_refusals_agree_with_the_engine(players, options):
    for seed in range(3):
        s = GAME.setup(players, seed, options)
        rnd = random.Random(seed)
        while (seat := GAME.to_move(s)) is not None:
            legal = GAME.legal_actions(s)
            notes_now = GAME.annotate(s, seat, legal)
            assert len(notes_now) == len(legal)
            _check_refusals(s, seat, legal)
            # prefer moves with notes, so that prices are applied often
            priced = [i for i, a in enumerate(legal) if a["type"] in GOLD_DELTA] if rnd.random() < 0.6 else []
            i = rnd.choice(priced) if priced else rnd.randrange(len(legal))
            _check_notes(s, seat, legal, legal[i], notes_now[i])


# -- hidden information ------------------------------------------------------------------------------------

def test_refusals_and_notes_never_speak_of_another_seats_hand():
    for seed in range(4):
        s = GAME.setup(4, seed, DARK)
        rnd = random.Random(seed)
        while (mover := GAME.to_move(s)) is not None:
            legal = GAME.legal_actions(s)
            assert GAME.view(s, None)["refusals"] == []
            for seat in range(4):
                view = GAME.view(s, seat)
                if seat != mover:
                    assert view["refusals"] == []
                    assert GAME.annotate(s, seat, legal) == [{} for _ in legal]
                    continue
                own = {c["id"] for c in view["you"]["hand"]}
                seen = {c["id"] for c in view["you"].get("wizard_hand", [])}
                for r in view["refusals"]:
                    target = r["target"]
                    if target["type"] == "build":
                        assert target["card"] in own
                    elif target["type"] == "wizard_build":
                        assert target["card"] in seen
                    elif target["type"] in ("destroy", "exchange"):  # districts in cities: public
                        city = {c["id"] for c in view["players"][target["target"]]["city"]}
                        assert target.get("card", target.get("take")) in city
                    elif target["type"] == "beautify":
                        assert target["card"] in {c["id"] for c in view["players"][seat]["city"]}
                    else:
                        assert set(target) == {"type", "character"}
            GAME.apply(s, rnd.choice(legal))


def test_annotate_for_nobody_and_after_the_end():
    s = GAME.setup(3, 1)
    legal = GAME.legal_actions(s)
    assert len(GAME.annotate(s, None, legal)) == len(legal)  # no seat given: the mover's notes
    rnd = random.Random(1)
    while GAME.to_move(s) is not None:
        GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
    assert GAME.annotate(s, 0, []) == [] and GAME.view(s, 0)["refusals"] == []


# -- messages --------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_code_has_a_message_in_every_language(lang):
    catalog = Catalog(GAME.messages_dir())
    for code in notes.REFUSAL_CODES:
        template, used = catalog.raw(f"refusal.{code}", lang)
        assert template is not None and used == lang, (lang, code)
        numbers = {"cost", "gold"} if code == "cannot_afford" else set()
        assert _template_fields(template) <= numbers, (lang, code, template)


# -- the terminal reads the same numbers ---------------------------------------------------------------------

def test_the_terminal_shows_the_engines_price_and_reasons():
    from rich.console import Console

    from cetate.games.citadels import terminal

    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 4}, cities={0: ["factory", "manor"]},
                 hands={0: ["laboratory", "temple", "manor", "palace"]}, options={"dark_city_districts": ["factory"]})
    catalog = Catalog(GAME.messages_dir())
    view = GAME.view(s, 0)
    legal = GAME.legal_actions(s)
    hints = {a.get("card", a["type"]): terminal.hint(view, a, catalog, "en", n)
             for a, n in zip(legal, GAME.annotate(s, 0, legal), strict=True)}
    assert "costs you 4 gold" in hints["laboratory"]  # printed 5, the Factory's price 4
    assert "costs you" not in hints["temple"]
    console = Console(width=140, record=True)
    console.print(terminal.table(view, catalog, "en", ["Ana", "Bob", "Cy", "Di"], 0))
    text = console.export_text()
    assert "Not buildable now: Manor (Already in your city.) · Palace (Costs 5; you have 4.)" in text
