"""Random Gates of the Citadel matches (Hypothesis) checked against the invariants of the rules and of the
game protocol (spec gates §3; R1, R4, R5, R6, R21, R29).

Each example is a whole match with a random seed, random options and random legal actions (biased to skip
sometimes, so hands last and sieges happen with cards in reserve). At every step: every card is in exactly
one place, scores never go negative, the state survives a JSON round trip. At the end: exactly six duels,
and replaying the recorded actions from the seed gives the same final state. Also: determinize, illegal
actions and corrupt documents.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cetate.core.errors import IllegalAction, InvalidState
from cetate.core.record import Recorder, replay_final
from cetate.core.rng import Rng
from cetate.games.gates.data import cards
from cetate.games.gates.view import determinize, view
from tests.games.gates.helpers import GAME, MAP1, MAP2, duel

SETTINGS = {"deadline": None, "max_examples": 40, "suppress_health_check": [HealthCheck.too_slow],
            "phases": (Phase.explicit, Phase.reuse, Phase.generate)}

OPTIONS = st.fixed_dictionaries({
    "main_deck_order": st.sampled_from(("shuffled", "draft")),
    "action_order": st.sampled_from(("leader_first", "alternate", "trailer_first")),
    "alliance_value": st.sampled_from((-4, -5, 0)),
    "neutral_gates": st.sampled_from(("siege_claimable", "void")),
    "first_chooser": st.sampled_from((None, 0, 1)),
})
SEEDS = st.one_of(st.integers(min_value=0, max_value=2**64 - 1), st.text(max_size=6))


def all_actions(s) -> Counter:
    return Counter(s.hands[0] + s.hands[1] + s.reserves[0] + s.reserves[1] + s.action_grave + s.plays[0]
                   + s.plays[1] + s.stolen[0] + s.stolen[1] + s.pile)


def check(s) -> None:
    """Conservation (R4, R29), scores (R21: only differences are awarded, so never negative), the shape of
    the decks (R5: hands only shrink or grow through the Poet, 4 + 8 at the deal)."""
    cs = cards()
    if s.phase in ("shuffle", "draft"):
        assert Counter(s.drafted[0] + s.drafted[1]) + Counter(c for p in s.pairs[s.pair_index:] for c in p) == (
            Counter(list(cs.main)) if s.pairs else Counter())
        assert all_actions(s) == Counter()
    elif s.phase == "start":
        assert Counter(s.drafted[0] + s.drafted[1]) == Counter(list(cs.main))
    else:
        mains = s.mains[0] + s.mains[1] + s.main_grave + list(s.current or ())
        assert Counter(mains) == Counter(list(cs.main))
        assert all_actions(s) == Counter(list(cs.action))
        assert len(s.main_grave) == 2 * (s.round - (s.current is not None))
    assert all(x >= 0 for x in s.scores)
    assert len(s.history) <= 6


def round_trip(s) -> None:
    doc = GAME.to_json(s)
    json.dumps(doc)
    again = GAME.from_json(json.loads(json.dumps(doc)))
    assert GAME.to_json(again) == doc
    assert GAME.to_json(GAME.clone(s)) == doc


def play(seed, options, chooser: int, skip_rate: float, each=None):
    s = GAME.setup(2, seed, options)
    rec = Recorder(GAME, [{"name": "a"}, {"name": "b"}], seed, options)
    rnd = random.Random(chooser)
    while not GAME.is_over(s):
        legal = GAME.legal_actions(s)
        assert legal and len({json.dumps(a, sort_keys=True) for a in legal}) == len(legal)
        action = {"type": "skip"} if {"type": "skip"} in legal and rnd.random() < skip_rate else rnd.choice(legal)
        if each is not None:
            each(s, rnd)
        GAME.apply(s, action, seat=GAME.to_move(s))
        rec.add(action)
        check(s)
        assert len(rec.record.actions) < 200
    return s, rec.finish(s)


@settings(**SETTINGS)
@given(seed=SEEDS, options=OPTIONS, chooser=st.integers(0, 2**32), skip_rate=st.sampled_from((0.0, 0.3, 0.7)))
def test_random_matches_keep_the_invariants(seed, options, chooser, skip_rate):
    """R1: exactly six duels; conservation and scores at every step; JSON round trips (sampled); replaying
    the record from the seed reproduces the final state."""
    def each(s, rnd):
        if rnd.random() < 0.25:
            round_trip(s)

    s, record = play(seed, options, chooser, skip_rate, each)
    assert s.phase == "over" and s.round == 6 and len(s.history) == 6
    assert [h["round"] for h in s.history] == [1, 2, 3, 4, 5, 6]
    assert s.result == GAME.result(s) and record.result == s.result
    assert all(g is not None for g in s.gates)
    final = replay_final(GAME, record)
    assert GAME.to_json(final) == GAME.to_json(s)
    round_trip(s)


def test_random_play_reaches_every_phase_and_special():
    """The random walk used above is meaningful: over a few matches it reaches every phase and plays every
    special card, sieges won and failed, ties."""
    phases, kinds = set(), set()
    for seed in range(40):
        s = GAME.setup(2, seed)
        rnd = random.Random(seed)
        while not GAME.is_over(s):
            phases.add(s.phase)
            legal = GAME.legal_actions(s)
            action = {"type": "skip"} if {"type": "skip"} in legal and rnd.random() < 0.3 else rnd.choice(legal)
            kinds |= {e.type for e in GAME.apply(s, action)}
    assert phases == {"shuffle", "draft", "start", "action", "extra", "poet", "siege"}
    assert {"alliance", "battle_called", "barter", "addition", "fireball", "torture", "prince", "poet_took",
            "poet_empty", "extra_turn", "siege_won", "siege_failed", "duel_tied", "auto_skipped",
            "explosion_own", "explosion_opponent", "table_wild", "circles_equal", "match_over"} <= kinds


@settings(**SETTINGS)
@given(seed=SEEDS, chooser=st.integers(0, 2**32), cut=st.integers(0, 60))
def test_json_round_trip_mid_match_plays_on_identically(seed, chooser, cut):
    """A state saved mid-match and loaded again plays on exactly like the original (same actions, same
    events, same final state): the generator travels in the document."""
    s = GAME.setup(2, seed)
    rnd = random.Random(chooser)
    n = 0
    while not GAME.is_over(s) and n < cut:
        GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
        n += 1
    twin = GAME.from_json(json.loads(json.dumps(GAME.to_json(s))))
    while not GAME.is_over(s):
        action = rnd.choice(GAME.legal_actions(s))
        assert GAME.legal_actions(twin) == GAME.legal_actions(s)
        assert GAME.apply(twin, action) == GAME.apply(s, action)
    assert GAME.to_json(twin) == GAME.to_json(s)


# -- determinize ------------------------------------------------------------------------------------------

def sample_states(seed, every: int = 3):
    s = GAME.setup(2, seed)
    rnd = random.Random(seed if isinstance(seed, int) else 0)
    out, n = [], 0
    while not GAME.is_over(s):
        if n % every == 0:
            out.append(GAME.clone(s))
        GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
        n += 1
    return out


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_determinize_keeps_the_view_and_varies_the_hidden_parts(seed):
    """R6: a determinized state looks the same to `seat` (its view is unchanged: own hand, plays,
    graveyards, gates, scores, sizes), keeps the cards, and redeals what `seat` cannot see (the other hand,
    both reserves, the main deck order); it is a valid state that plays on to the end."""
    varied = 0
    for s in sample_states(seed):
        before = GAME.to_json(s)
        for seat in (0, 1):
            hidden = set()
            for k in range(4):
                d = determinize(s, seat, Rng(k + 1))
                assert view(d, seat) == view(s, seat)
                assert d.hands[seat] == s.hands[seat]
                check(d)
                hidden.add(json.dumps([d.hands[1 - seat], d.reserves, d.mains]))
                GAME.from_json(GAME.to_json(d))
            if len(s.hands[1 - seat]) + len(s.reserves[0]) + len(s.reserves[1]) >= 6:
                assert len(hidden) > 1
                varied += 1
        assert GAME.to_json(s) == before  # the original is untouched
    assert varied >= 6
    d = determinize(sample_states(seed)[-1], 0, Rng(5))
    rnd = random.Random(0)
    while not GAME.is_over(d):
        GAME.apply(d, rnd.choice(GAME.legal_actions(d)))


def test_determinize_keeps_a_draft_order_main_deck():
    """R3, R6: with main_deck_order="draft" both players know the order of the main decks: it is kept."""
    s = GAME.setup(2, 3, {"main_deck_order": "draft"})
    rnd = random.Random(3)
    while s.phase != "action":
        GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
    for k in range(5):
        assert determinize(s, 0, Rng(k)).mains == s.mains


# -- illegal actions --------------------------------------------------------------------------------------

def assert_illegal(s, action, code: str, seat: int | None = None) -> None:
    before = GAME.to_json(s)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(s, action, seat=seat)
    assert info.value.code == code, info.value
    assert GAME.to_json(s) == before


@pytest.mark.parametrize("seed", [21, 22])
def test_illegal_actions_leave_the_state_unchanged(seed):
    """Along random matches: an action of the wrong type or for another phase, a card not in the hand, pair
    or graveyard, a gate that cannot be attacked, a seat that is not to move, or any action after the end
    raises IllegalAction and changes nothing."""
    s = GAME.setup(2, seed)
    rnd = random.Random(seed)
    foreign = {"shuffle": {"type": "attach", "card": "A01"}, "draft": {"type": "skip"},
               "start": {"type": "choose", "card": "M01"}, "action": {"type": "start"},
               "extra": {"type": "poet", "card": "A01"}, "poet": {"type": "skip"}, "siege": {"type": "skip"}}
    seen = set()
    while not GAME.is_over(s):
        seen.add(s.phase)
        mover = GAME.to_move(s)
        legal = GAME.legal_actions(s)
        assert_illegal(s, {"type": "fly"}, "wrong_action")
        assert_illegal(s, {"type": ["attach"]}, "wrong_action")
        assert_illegal(s, "skip", "malformed_action")
        assert_illegal(s, foreign[s.phase], "wrong_action")
        assert_illegal(s, legal[0], "not_your_turn", seat=1 - mover)
        if s.phase == "draft":
            other = next(c for c in cards().main if c not in s.pairs[s.pair_index])
            assert_illegal(s, {"type": "choose", "card": other}, "not_in_pair")
        if s.phase in ("action", "extra"):
            missing = next(c for c in cards().action if c not in s.hands[mover])
            assert_illegal(s, {"type": "attach", "card": missing}, "not_in_hand")
            assert_illegal(s, {"type": "attach"}, "not_in_hand")
        if s.phase == "poet":
            assert_illegal(s, {"type": "poet", "card": s.hands[mover][0] if s.hands[mover] else "Z"},
                           "not_in_graveyard")
        if s.phase == "siege":
            for gate in ("0", True, 7, next((g for g in range(4) if s.gates[g] == mover), 9)):
                assert_illegal(s, {"type": "siege", "gate": gate}, "bad_target")
        GAME.apply(s, rnd.choice(legal), seat=mover)
    assert_illegal(s, {"type": "skip"}, "game_over")
    assert {"shuffle", "draft", "start", "action"} <= seen


def test_illegal_in_the_extra_and_poet_phases():
    """R19, R20: in the Crowns' extra turn only hand cards (or skip); in the Poet's choice only graveyard
    cards; the other seat may not act."""
    from tests.games.gates.helpers import CROWNS, POET, attach

    s = duel(2, hands={0: [CROWNS, MAP1], 1: [POET]}, grave=[MAP2], fill="reserves")
    attach(s, CROWNS)
    assert s.phase == "extra"
    assert_illegal(s, {"type": "attach", "card": CROWNS}, "not_in_hand")
    assert_illegal(s, {"type": "skip"}, "not_your_turn", seat=1)
    attach(s, MAP1)
    attach(s, POET)
    assert s.phase == "poet"
    assert_illegal(s, {"type": "poet", "card": MAP1}, "not_in_graveyard")
    assert_illegal(s, {"type": "skip"}, "wrong_action")


def test_crowns_twice_is_refused():
    """R20: the extra card of the Crowns cannot be another Crowns. The shipped set has one Crowns, so the
    check is reached through a saved state in the extra phase with the Crowns in hand."""
    from tests.games.gates.helpers import CROWNS

    doc = GAME.to_json(duel(hands={0: [CROWNS, MAP2], 1: [MAP1]}))
    doc["phase"] = "extra"
    s = GAME.from_json(doc)
    assert GAME.legal_actions(s) == [{"type": "attach", "card": MAP2}, {"type": "skip"}]
    assert_illegal(s, {"type": "attach", "card": CROWNS}, "crowns_twice")


def test_setup_is_for_two_players_and_says_who_chooses():
    """R2: two players only; the first journal line names the first chooser."""
    from cetate.core.errors import InvalidOptions

    for n in (1, 3):
        with pytest.raises(InvalidOptions) as info:
            GAME.setup(n, 1)
        assert info.value.code == "bad_players"
    s = GAME.setup(2, 1, {"first_chooser": 1})
    assert [e.view(None) for e in GAME.start_events(s)] == [{"type": "match_started", "first_chooser": 1}]


# -- corrupt documents ------------------------------------------------------------------------------------

def mid_match_doc() -> dict:
    s = duel(2, hands={0: [MAP1], 1: [MAP2]}, grave=["A03"], fill="reserves")
    return GAME.to_json(s)


def _dup(doc):
    doc["hands"][0].append(doc["reserves"][1][0])


def _dup_main(doc):
    doc["main_graveyard"].append(doc["mains"][0][0])


def _lose(doc):
    doc["action_graveyard"].pop()


@pytest.mark.parametrize(("change", "code", "field"), [
    (lambda d: d.update(cards_digest="0" * 16), "wrong_cards", None),
    (lambda d: d.update(game="citadels"), "wrong_game", None),
    (lambda d: d.update(phase="lunch"), "bad_state", "phase"),
    (_dup, "bad_state", "hands"),
    (_lose, "bad_state", "hands"),
    (_dup_main, "bad_state", "mains"),
    (lambda d: d["hands"][0].append("Z99"), "bad_state", "hands[0]"),
    (lambda d: d.pop("reserves"), "bad_state", "reserves"),
    (lambda d: d.update(scores=[-1, 0]), "bad_state", "scores"),
    (lambda d: d.update(gates=[0, 1, 2, None]), "bad_state", "gates"),
    (lambda d: d.update(gates=[True, None, None, None]), "bad_state", "gates"),
    (lambda d: d.update(result={"winners": [0]}), "bad_state", "result"),
    (lambda d: d.update(order=[0, 0]), "bad_state", "order"),
    (lambda d: d.update(current=None), "bad_state", "current"),
    (lambda d: d.update(turn=2), "bad_state", "turn"),
    (lambda d: d.update(prelim=None), "bad_state", "prelim"),
    (lambda d: d.update(round=0), "bad_state", "round"),
    (lambda d: d.update(phase="siege"), "bad_state", "attacker"),
    (lambda d: d.update(phase="siege", attacker=0), "bad_state", "history"),
    (lambda d: d.update(options={"action_order": "random"}), "bad_state", "options"),
    (lambda d: d.update(rng=-5), "bad_state", "rng"),
])
def test_from_json_refuses_corrupt_documents(change, code, field):
    """A corrupt save is refused with InvalidState naming the field: wrong card list digest, wrong game, bad
    phase, a duplicated or lost card, unknown ids, missing fields, and states the rules could not run."""
    doc = mid_match_doc()
    GAME.from_json(copy.deepcopy(doc))  # the unchanged document loads
    change(doc)
    with pytest.raises(InvalidState) as info:
        GAME.from_json(doc)
    assert info.value.code == code
    if field is not None:
        assert info.value.params.get("field") == field, info.value


def test_from_json_refuses_a_bad_draft_position():
    s = GAME.setup(2, 1)
    GAME.apply(s, {"type": "shuffle"})
    doc = GAME.to_json(s)
    doc["pair_index"] = 6
    with pytest.raises(InvalidState) as info:
        GAME.from_json(doc)
    assert info.value.params["field"] == "pair_index"
    with pytest.raises(InvalidState):
        GAME.from_json("not a document")
