"""`GAME.determinize(state, seat, rng)`: a full state that `seat` cannot tell apart from the real one.

Checked on many random mid-game states (all player counts, mid-draft and mid-turn): the seat's view is
unchanged, the hidden parts (other hands, deck order, other seats' unrevealed characters, face-down
characters) really are resampled, cards are conserved, and the result is a valid state that plays on.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cetate.core.rng import Rng
from cetate.games.citadels import GAME
from tests.games.citadels.test_properties import (
    OPTIONS,
    check_cards,
    check_gold,
    check_legal,
    hidden_character_variant,
)


def sample_states(players: int, seed, options: dict | None = None, every: int = 6, chooser: int = 0):
    """States along one random game: every `every` actions, plus every state of the first draft."""
    s = GAME.setup(players, seed, options)
    rnd = random.Random(chooser)
    step = 0
    out = []
    while not GAME.is_over(s):
        if step % every == 0 or (s.round == 1 and s.phase == "draft"):
            out.append(GAME.clone(s))
        GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
        step += 1
    out.append(GAME.clone(s))
    return out


def states_for(players: int, games: int = 3, every: int = 6) -> list:
    out = []
    for g in range(games):
        options = {"discard_mode": ("deck_bottom", "discard_pile")[g % 2], "bank_limit": (None, 30)[g % 2],
                   "warlord_timing": ("end_of_turn", "any_time")[g % 2]}
        out.extend(sample_states(players, f"det-{players}-{g}", options, every, chooser=g))
    return out


STATES = {n: states_for(n) for n in range(2, 8)}


def owners(s) -> tuple:
    return tuple(s.owner)


def hidden_characters(s, seat) -> tuple:
    """Everything about the characters that `seat` may not know."""
    return (tuple(s.owner), tuple(sorted(s.face_down)), s.initial_face_down, tuple(s.log),
            tuple(tuple(p) for p in s.seen))


def check_determinization(s, seat: int, d) -> None:
    assert d is not s
    assert GAME.view(d, seat) == GAME.view(s, seat), "the seat can tell the determinization apart"
    assert GAME.view(d, None) == GAME.view(s, None)
    check_cards(d)
    check_gold(d)
    assert GAME.from_json(json.loads(json.dumps(GAME.to_json(d)))) == d  # a valid, loadable state
    # what the seat holds and sees is untouched
    assert d.hands[seat] == s.hands[seat]
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert d.cities == s.cities and d.gold == s.gold and d.bank == s.bank
    assert len(d.deck) == len(s.deck) and len(d.discard_pile) == len(s.discard_pile)
    for r in s.revealed:
        assert d.owner[r] == s.owner[r]
    for r in range(1, len(s.roster)):
        if s.owner[r] == seat:
            assert d.owner[r] == seat
        if d.owner[r] == seat:
            assert s.owner[r] == seat
    assert d.seen[seat] == s.seen[seat]
    assert GAME.to_move(d) == GAME.to_move(s)
    if GAME.to_move(s) == seat:
        assert GAME.legal_actions(d) == GAME.legal_actions(s)


@pytest.mark.parametrize("players", range(2, 8))
def test_view_is_unchanged_for_every_seat(players):
    rnd = Rng.from_seed(players)
    phases = Counter()
    for s in STATES[players]:
        before = GAME.to_json(s)
        for seat in range(players):
            d = GAME.determinize(s, seat, rnd)
            check_determinization(s, seat, d)
        assert GAME.to_json(s) == before, "determinize changed the real state"
        phases[s.phase] += 1
    assert phases["draft"] >= 2 * players and phases["turn"] > 10  # the sample holds both kinds of state


def test_mid_draft_states_of_every_step():
    """Every draft step of the first rounds, for every player count and every seat."""
    for players in range(2, 8):
        for seed in range(4):
            s = GAME.setup(players, seed)
            rnd = random.Random(seed)
            while s.round <= 2 and not GAME.is_over(s):
                if s.phase == "draft":
                    for seat in range(players):
                        check_determinization(s, seat, GAME.determinize(s, seat, Rng(rnd.getrandbits(64))))
                GAME.apply(s, rnd.choice(GAME.legal_actions(s)))


def test_is_deterministic_in_the_rng_and_advances_it():
    s = STATES[5][len(STATES[5]) // 2]
    a, b = Rng(42), Rng(42)
    assert GAME.determinize(s, 2, a) == GAME.determinize(s, 2, b)
    assert a == b and a != Rng(42)
    assert GAME.determinize(s, 2, a) != GAME.determinize(s, 2, Rng(42))


def test_rng_inside_the_state_is_resampled():
    s = STATES[4][10]
    rngs = {GAME.determinize(s, 0, Rng(i)).rng.state for i in range(20)}
    assert s.rng.state not in rngs and len(rngs) == 20


@pytest.mark.parametrize("players", range(2, 8))
def test_other_hands_and_deck_order_vary(players):
    checked = 0
    for s in STATES[players][::3]:
        if GAME.is_over(s):
            continue
        seat = 0
        ds = [GAME.determinize(s, seat, Rng(i)) for i in range(12)]
        if len(s.deck) > 1 and len(set(s.deck)) > 1:
            assert len({tuple(d.deck) for d in ds}) > 1, "the deck order is not resampled"
        for j in range(players):
            if j == seat or not s.hands[j]:
                continue
            knew = Counter()
            for (o, h), cards in (getattr(s, "known", {}) or {}).items():
                if o == seat and h == j:
                    knew |= Counter(cards)
            if sum(knew.values()) < len(s.hands[j]):
                hands = {tuple(sorted(d.hands[j])) for d in ds}
                assert len(hands) > 1, f"seat {j}'s hand is not resampled"
                checked += 1
            for d in ds:  # cards the seat knows to be in that hand stay there
                assert not knew - Counter(d.hands[j])
    assert checked > 5


@pytest.mark.parametrize("players", range(2, 8))
def test_unrevealed_characters_vary(players):
    """Where some alternative assignment of hidden characters is consistent with what the seat saw (an
    explicit one is built by `hidden_character_variant`), determinization does not always return the
    real one."""
    rnd = random.Random(players)
    varied = 0
    for s in STATES[players]:
        if GAME.is_over(s):
            continue
        for seat in range(players):
            if hidden_character_variant(s, seat, rnd) is None:
                continue
            worlds = {hidden_characters(GAME.determinize(s, seat, Rng(i)), seat) for i in range(16)}
            assert len(worlds) > 1, f"hidden characters never vary for seat {seat} in {s!r}"
            varied += 1
    assert varied > 10


def test_face_down_characters_vary_for_a_seat_that_cannot_know_them():
    for players in (4, 5, 6):
        s = GAME.setup(players, 11)
        rnd = random.Random(1)
        while s.phase == "draft":
            GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
        # the second drafter saw neither the initial face-down card nor the card left over
        second = (s.crown + 1) % players
        downs = {tuple(sorted(GAME.determinize(s, second, Rng(i)).face_down)) for i in range(30)}
        assert len(downs) > 1
        # the last drafter knows the card left over; the first one the initial card
        last = (s.crown - 1) % players
        leftover = [r for who, kind, r in s.log if kind == "face_down"]
        for i in range(10):
            assert set(leftover) <= set(GAME.determinize(s, last, Rng(i)).face_down)
            assert s.initial_face_down in GAME.determinize(s, s.crown, Rng(i)).face_down


@pytest.mark.parametrize("players", range(2, 8))
def test_determinized_states_play_to_the_end(players):
    rnd = random.Random(players)
    for s in STATES[players][1::15]:
        for seat in range(players):
            d = GAME.determinize(s, seat, Rng(rnd.getrandbits(64)))
            steps = 0
            while not GAME.is_over(d):
                acts = check_legal(d)
                GAME.apply(d, rnd.choice(acts))
                check_cards(d)
                check_gold(d)
                steps += 1
                assert steps < 20_000
            assert GAME.result(d) is not None


def test_determinizing_a_determinization():
    s = STATES[6][20]
    d = GAME.determinize(s, 3, Rng(1))
    e = GAME.determinize(d, 3, Rng(2))
    check_determinization(s, 3, e)


def test_finished_game():
    s = STATES[3][-1]
    assert GAME.is_over(s)
    for seat in range(3):
        d = GAME.determinize(s, seat, Rng(seat))
        check_determinization(s, seat, d)
        assert GAME.result(d) == GAME.result(s)


@given(players=st.integers(2, 7), seed=st.integers(0, 2**32), options=OPTIONS, chooser=st.integers(0, 2**16),
       stop=st.integers(0, 400), det=st.integers(0, 2**64 - 1))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate))
def test_random_states(players, seed, options, chooser, stop, det):
    s = GAME.setup(players, seed, options)
    rnd = random.Random(chooser)
    for _ in range(stop):
        if GAME.is_over(s):
            break
        GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
    rng = Rng(det)
    for seat in range(players):
        d = GAME.determinize(s, seat, rng)
        check_determinization(s, seat, d)
        if not GAME.is_over(d):  # the determinization plays on for a few moves
            for _ in range(30):
                if GAME.is_over(d):
                    break
                GAME.apply(d, rnd.choice(check_legal(d)))
                check_cards(d)
                check_gold(d)
