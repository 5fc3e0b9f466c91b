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

from cetate.core.events import Event
from cetate.games.citadels import GAME
from cetate.games.citadels.data import DARK_CITY_DISTRICTS, DISTRICT_IDS, MUSEUM
from cetate.games.citadels.options import END_OF_TURN_EFFECTS
from cetate.games.citadels.rules import takes_initial
from tests.games.citadels.test_properties import (
    _draft_positions,
    check_events,
    check_legal,
    check_round_trips,
    check_view_shape,
    check_wrong_seat_rejected,
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

def all_cards(s) -> Counter:
    held = Counter(s.deck) + Counter(s.discard_pile) + Counter(s.drawn) + Counter(s.set_aside)
    for i in range(s.n):
        held += Counter(s.hands[i]) + Counter(s.cities[i]) + Counter(s.museum[i])
    if s.graveyard is not None:
        held[s.graveyard[0]] += 1
    return held


def check_cards(s) -> None:
    assert all_cards(s) == Counter(s.composition)
    for i in range(s.n):
        assert not Counter(s.beautified[i]) - Counter(s.cities[i])
        assert not s.museum[i] or MUSEUM in s.cities[i]


def check_gold(s) -> None:
    assert all(g >= 0 for g in s.gold), s.gold
    limit = s.options["bank_limit"]
    if limit is None:
        assert s.bank is None
    else:
        assert s.bank >= 0
        assert s.bank + sum(s.gold) + sum(len(b) for b in s.beautified) == limit


def check_all_actions_apply(s, acts: list[dict]) -> None:
    before = GAME.to_json(s)
    for a in acts:
        c = GAME.clone(s)
        events = GAME.apply(c, a)
        assert all(isinstance(e, Event) for e in events)
        check_cards(c)
        check_gold(c)
    assert GAME.to_json(s) == before


def check_clone_independent(s, rnd: random.Random) -> None:
    before = GAME.to_json(s)
    c = GAME.clone(s)
    c.rng.next64()
    for lst in (c.deck, c.discard_pile, c.drawn, c.set_aside, c.face_up, c.face_down, c.pool, c.revealed,
                c.absent, c.also_first, c.tax_pending):
        lst.append(1)
    c.gold[0] += 5
    c.owner[1] = 0
    c.steps.append((0, "pick"))
    c.log.append((0, "pick", 1))
    for per_seat in (c.hands, c.cities, c.museum, c.beautified, c.wizard_copies, c.seen):
        for item in per_seat:
            item.append(2)
    c.haunted_round[0] = 99
    for cards in c.known.values():
        cards.append(6)
    c.known[(0, 1)] = [7]
    assert GAME.to_json(s) == before
    c = GAME.clone(s)
    if not GAME.is_over(c):
        GAME.apply(c, rnd.choice(GAME.legal_actions(c)))
    assert GAME.to_json(s) == before


# -- views ---------------------------------------------------------------------------------------

def hidden_card_variant(s, seat: int, rnd: random.Random):
    """A copy of `s` in which the cards `seat` cannot see are permuted among their places: the other
    hands (less the cards some seat knows are there), the other Museums, another seat's pending draw or
    Magician discards, the discard pile and the deck (only its order while `seat` looks through it with
    the Lighthouse), and the RNG state."""
    t = GAME.clone(s)
    t.rng.next64()
    mover = GAME.to_move(t)
    looking = t.phase == "wizard" and t.actor == seat  # the Wizard sees his target's hand
    deck_seen = t.phase == "lighthouse" and t.actor == seat  # the contents, not the order
    places: list[tuple[list, int]] = []
    for j in range(t.n):
        if j == seat or (looking and j == t.target):
            continue
        keep = Counter()
        for (_o, h), cards in t.known.items():
            if h == j:
                keep |= Counter(cards)
        for i, c in enumerate(t.hands[j]):
            if keep[c] > 0:
                keep[c] -= 1
            else:
                places.append((t.hands[j], i))
        places.extend((t.museum[j], i) for i in range(len(t.museum[j])))
    if mover is not None and mover != seat:
        places.extend((t.drawn, i) for i in range(len(t.drawn)))
        places.extend((t.set_aside, i) for i in range(len(t.set_aside)))
    places.extend((t.discard_pile, i) for i in range(len(t.discard_pile)))
    if not deck_seen:
        places.extend((t.deck, i) for i in range(len(t.deck)))
    cards = [lst[i] for lst, i in places]
    rnd.shuffle(cards)
    for (lst, i), c in zip(places, cards, strict=True):
        lst[i] = c
    if deck_seen:
        rnd.shuffle(t.deck)
    return t


def hidden_character_variant(s, seat: int, rnd: random.Random):
    """As in test_properties, for any player count: two characters hidden from `seat` trade places."""
    merged = takes_initial(s)
    if merged and s.phase == "draft" and len(s.steps) <= 1:
        return None
    revealed = set(s.revealed)
    if s.phase == "emperor_heir":
        revealed.add(4)  # the assassinated Emperor's player has revealed himself to pass the crown
    absent = set(s.absent)
    entries = []
    pos = 0
    for who, kind, rank in s.log:
        if kind in ("pick", "discard"):
            if who != seat and rank not in revealed and not (merged and rank == s.initial_face_down):
                entries.append((pos, kind == "pick", rank))
            pos += 1
        elif kind == "face_down" and not merged:
            entries.append((float("inf"), False, rank))
        elif kind == "initial_face_down" and not merged:
            entries.append((float("-inf"), False, rank))
    if s.phase == "draft":
        entries.extend((float("inf"), False, r) for r in s.pool)
    observations = _draft_positions(s)[seat]
    pairs = []
    for a in range(len(entries)):
        for b in range(a + 1, len(entries)):
            (p, own_p, r1), (q, own_q, r2) = sorted([entries[a], entries[b]])
            if p == q or any(p < m <= q for m in observations):
                continue
            if (r1 in absent or r2 in absent) and (own_p or own_q):
                continue
            pairs.append((r1, r2))
    if not pairs:
        return None
    r1, r2 = rnd.choice(pairs)
    swap = {r1: r2, r2: r1}
    t = GAME.clone(s)
    t.log = [(who, kind, swap.get(rank, rank)) for who, kind, rank in t.log]
    t.owner[r1], t.owner[r2] = s.owner[r2], s.owner[r1]
    t.face_down = [swap.get(r, r) for r in t.face_down]
    t.initial_face_down = swap.get(t.initial_face_down, t.initial_face_down)
    t.pool = sorted(swap.get(r, r) for r in t.pool)
    t.seen = [[tuple(sorted(swap.get(r, r) for r in pool)) for pool in pools] for pools in t.seen]
    return t


def check_views(s, rnd: random.Random) -> None:
    public = check_view_shape(s, None)
    for seat in range(s.n):
        mine = check_view_shape(s, seat)
        t = hidden_card_variant(s, seat, rnd)
        check_cards(t)
        assert GAME.view(t, seat) == mine, f"seat {seat}'s view depends on cards it cannot see ({s.phase})"
        assert GAME.view(t, None) == public
        u = hidden_character_variant(s, seat, rnd)
        if u is not None:
            assert GAME.from_json(GAME.to_json(u)) == u
            assert GAME.view(u, seat) == mine, f"seat {seat}'s view depends on characters it cannot see"
            assert GAME.view(u, None) == public


# -- playing -------------------------------------------------------------------------------------

BUILDS = ("build", "wizard_build", "announce_bell_tower", "armory", "museum", "beautify", "thank")


def choose(acts: list[dict], rnd: random.Random) -> dict:
    """A random legal action, biased towards building so that cities (and their districts) grow."""
    builds = [a for a in acts if a["type"] in BUILDS]
    if builds and rnd.random() < 0.6:
        return rnd.choice(builds)
    return rnd.choice(acts)


def play(players, seed, options, chooser, *, every=1, apply_all=False, round_trips=False, views=False,
         events=False):
    s = GAME.setup(players, seed, options)
    rnd = random.Random(chooser)
    actions: list[dict] = []
    step = 0
    while True:
        check_cards(s)
        check_gold(s)
        acts = check_legal(s)
        deep = step % every == 0
        if deep and round_trips:
            check_round_trips(s)
            check_clone_independent(s, rnd)
        if deep and views:
            check_views(s, rnd)
        if GAME.is_over(s):
            break
        if deep and apply_all:
            check_all_actions_apply(s, acts)
            check_wrong_seat_rejected(s, acts)
        action = choose(acts, rnd)
        evs = GAME.apply(s, action, GAME.to_move(s))
        if events:
            check_events(evs, players)
        actions.append(action)
        step += 1
        assert step < MAX_ACTIONS, "the game does not end"
        assert s.round <= s.options["max_rounds"]
    result = GAME.result(s)
    assert result["rounds"] == s.round <= s.options["max_rounds"]
    assert sorted(result["ranking"]) == list(range(players))
    assert result["winners"] and all(result["scores"][w]["rank"] == 1 for w in result["winners"])
    for sc in result["scores"]:
        assert sc["total"] == (sc["districts"] + sc["all_colours"] + sc["first_complete"] + sc["complete"]
                               + sum(sc["extras"].values()))
    if not result["stalled"]:
        assert s.end_triggered
    return s, actions


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
