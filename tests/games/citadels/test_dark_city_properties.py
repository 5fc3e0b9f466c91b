"""Random Dark City games (Hypothesis) checked against the protocol's invariants (see test_properties.py).

Each example is a whole game for 2-8 players with random Dark City characters (presets or explicit lists,
rank 9 when allowed), random and explicit Dark City districts, the Ball Room, and a random combination of
the [open] options, played with uniformly random legal actions. Invariants: every card of
`state.composition` is somewhere (deck, discard pile, hands, cities, Museums, a pending draw...), gold is
conserved with a capped bank (gold on beautified districts included) and never negative, legal actions
are non-empty, distinct and all apply, JSON and clone round trips, clone independence, replay, and views
that leak nothing (other hands, Museum cards, the deck order, unseen characters).
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cetate.games.citadels import GAME
from cetate.games.citadels.data import DARK_CITY_DISTRICTS, DISTRICT_IDS
from cetate.games.citadels.options import END_OF_TURN_EFFECTS
from tests.games.citadels.test_properties import (
    check_round_trips,
)
from tests.games.citadels.test_properties import (
    play as play_checked,
)

SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow],
            "phases": (Phase.explicit, Phase.reuse, Phase.generate)}

BASE = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
DARK = ("witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat")
MAX_ACTIONS = 20_000


# -- configurations ------------------------------------------------------------------------------

@st.composite
def characters(draw, players: int) -> dict:
    """Either a preset with a rank-9 choice, or an explicit list (one character per rank)."""
    if players < 4:
        rank9_choices = ["none"]  # rank 9 needs 4+ players, the Queen 5+, and 8 players need one
    elif players == 4:
        rank9_choices = ["none", "artist", "random"]
    elif players < 8:
        rank9_choices = ["none", "artist", "queen", "random"]
    else:
        rank9_choices = ["artist", "queen", "random"]
    if draw(st.booleans()):
        return {"character_preset": draw(st.sampled_from(("classic", "replace_one", "replace_two",
                                                          "replace_one_or_two"))),
                "rank9": draw(st.sampled_from(rank9_choices))}
    chosen = [DARK[r] if draw(st.booleans()) else BASE[r] for r in range(8)]
    nine = draw(st.sampled_from(rank9_choices))
    if nine == "random":
        nine = "artist"
    if nine != "none":
        chosen.append(nine)
    return {"characters": chosen}


@st.composite
def districts(draw, deck: str) -> dict:
    ball_room = draw(st.booleans())
    explicit = draw(st.lists(st.sampled_from(DARK_CITY_DISTRICTS), unique=True, max_size=5))
    pool = [d for d in DARK_CITY_DISTRICTS if d not in explicit and (d != "ball_room" or ball_room)]
    # each district beyond 3 replaces a base purple: 12 (11 in the original 65), less the Graveyard when
    # the Diplomat plays
    most = 3 + (12 if deck == "classic66" else 11) - 1
    extra = draw(st.integers(min_value=0, max_value=min(len(pool), most - len(explicit))))
    return {"dark_city_districts": explicit, "random_dark_city_districts": extra, "ball_room": ball_room}


OPEN_OPTIONS = st.fixed_dictionaries({
    "discard_mode": st.sampled_from(("deck_bottom", "discard_pile")),
    "bank_limit": st.sampled_from((None, 30, 50)),
    "completion_size": st.sampled_from((7, 8, 8)),
    "warlord_timing": st.sampled_from(("end_of_turn", "any_time")),
    "deck": st.sampled_from(("classic66", "original65")),
    "max_rounds": st.sampled_from((40, 40, 5)),
    "end_of_turn_order": st.permutations(END_OF_TURN_EFFECTS),
    "tax_when_assassinated": st.booleans(),
    "emperor_assassinated": st.sampled_from(("crown_passes", "no_move")),
    "queen_neighbour": st.sampled_from(("rank4_player", "crown_receiver")),
    "wizard_duplicates": st.sampled_from(("taken_card", "any_build")),
    "witch_passive_powers": st.booleans(),
    "diplomat_completed_cities": st.booleans(),
    "diplomat_duplicates": st.booleans(),
    "diplomat_gives_keep": st.booleans(),
    "diplomat_great_wall": st.sampled_from(("taken_plus_one", "ignore")),
    "graveyard_saves_itself": st.booleans(),
    "bell_tower_first": st.sampled_from(("all", "none")),
    "bell_tower_size": st.sampled_from(("minus_one", "seven")),
    "hospital_districts": st.booleans(),
    "first_bonus_requires_complete": st.booleans(),
    "lighthouse_on_exchange": st.booleans(),
})


@st.composite
def games(draw):
    players = draw(st.integers(min_value=2, max_value=8))
    seed = draw(st.integers(min_value=0, max_value=2**64))
    options = draw(OPEN_OPTIONS)
    options.update(draw(characters(players)))
    options.update(draw(districts(options["deck"])))
    options["end_of_turn_order"] = list(options["end_of_turn_order"])
    chooser = draw(st.integers(min_value=0, max_value=2**32))
    return players, seed, options, chooser


# -- invariants ----------------------------------------------------------------------------------











# -- views ---------------------------------------------------------------------------------------







# -- playing -------------------------------------------------------------------------------------

BUILDS = ("build", "wizard_build", "announce_bell_tower", "armory", "museum", "beautify", "thank")


def choose(acts: list[dict], rnd: random.Random) -> dict:
    """A random legal action, biased towards building so that cities (and their districts) grow."""
    builds = [a for a in acts if a["type"] in BUILDS]
    if builds and rnd.random() < 0.6:
        return rnd.choice(builds)
    return rnd.choice(acts)




def play(*game, **checks):
    """test_properties.play with a chooser that favours building, so Dark City districts get played."""
    return play_checked(*game, choose=choose, **checks)


# -- the properties ------------------------------------------------------------------------------

@given(games())
@settings(max_examples=120, **SETTINGS)
def test_random_dark_city_games_keep_the_invariants(game):
    play(*game, every=3, apply_all=True, events=True)


@given(games())
@settings(max_examples=40, **SETTINGS)
def test_dark_city_json_and_clone_round_trips(game):
    s, _ = play(*game, every=4, round_trips=True)
    check_round_trips(s)


@given(games())
@settings(max_examples=100, **SETTINGS)
def test_replaying_a_dark_city_game_reproduces_it(game):
    players, seed, options, chooser = game
    s, actions = play(players, seed, options, chooser)
    again = GAME.setup(players, seed, options)
    for a in actions:
        GAME.apply(again, a)
    assert again == s
    assert GAME.result(again) == GAME.result(s)


@given(games())
@settings(max_examples=40, **SETTINGS)
def test_dark_city_views_leak_nothing(game):
    play(*game, every=5, views=True)


ALL_DARK = {"characters": [*DARK, "artist"], "random_dark_city_districts": 14, "ball_room": True}


def test_every_player_count_with_dark_city():
    """Fixed seeds, so that every player count (8 with a rank-9 character) is played on every run."""
    for players in range(2, 9):
        chars = list(DARK) if players < 4 else [*DARK, "queen" if players >= 5 else "artist"]
        options = {"characters": chars, "random_dark_city_districts": 14, "ball_room": True,
                   "bank_limit": 40, "completion_size": 7 if players % 2 else 8,
                   "discard_mode": "discard_pile" if players % 3 == 0 else "deck_bottom"}
        play(players, players, options, 100 + players, every=9, apply_all=True, round_trips=True, views=True,
             events=True)


def test_dark_city_districts_get_built_in_random_play():
    """The random games do reach the Dark City districts (a check on the checks above)."""
    built = Counter()
    for seed in range(6):
        s, _ = play(4 + seed % 5, seed, ALL_DARK, seed)
        for city in s.cities:
            built.update(DISTRICT_IDS[c] for c in city if DISTRICT_IDS[c] in DARK_CITY_DISTRICTS)
    assert len(built) >= 6, built
