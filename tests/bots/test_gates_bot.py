"""The `gates-heuristic` bot: registered through the game, always legal over whole matches (every decision
point, several rule options), deterministic for a seed, blind to what its seat cannot see, and stronger
than `random`."""

from __future__ import annotations

from collections import Counter

import pytest

from cetate.bots import bot_seed, make_bot, names, play_game
from cetate.core.rng import Rng
from cetate.games import get
from cetate.games.gates.bot import GatesHeuristicBot, fallback, match_value, table
from cetate.games.gates.data import cards

NAME = "gates-heuristic"
GAME = get("gates")
OPTION_SETS = [
    None,
    {"main_deck_order": "draft"},
    {"action_order": "alternate", "neutral_gates": "void"},
    {"action_order": "trailer_first", "alliance_value": -5},
]


@pytest.fixture(autouse=True)
def strict_bot(monkeypatch):
    """A decision error fails the test instead of being covered by the bot's fallback."""
    monkeypatch.setattr(GatesHeuristicBot, "strict", True)


def play_checked(seed: int, options: dict | None, seats: list[str], phases: Counter | None = None,
                 decisions: list | None = None):
    """Play a match, checking that every action the heuristic bot returns is one of the legal ones."""
    bots = [make_bot(name, GAME, i, bot_seed(seed, i)) for i, name in enumerate(seats)]
    state = GAME.setup(2, seed, options)
    while (seat := GAME.to_move(state)) is not None:
        legal = GAME.legal_actions(state)
        view = GAME.view(state, seat)
        if decisions is not None and seats[seat] == NAME and len(legal) > 1:
            decisions.append((GAME.clone(state), seat))
        action = bots[seat].act(view, legal)
        assert any(action is a for a in legal), (seat, view["phase"], action, legal)
        if seats[seat] == NAME and phases is not None:
            phases[view["phase"]] += 1
            if view["phase"] == "siege":
                phases["siege_declined"] += action["type"] == "no_siege"
        GAME.apply(state, action)
    return state


def test_registered_through_the_game():
    assert NAME in names()
    bot = make_bot(NAME, "gates", 1, seed=5)
    assert isinstance(bot, GatesHeuristicBot)
    assert bot.seat == 1 and bot.game is GAME and bot.name == NAME
    assert GAME.bots() == {NAME: GatesHeuristicBot}


def test_only_legal_actions_at_every_decision_point():
    phases: Counter = Counter()
    k = 0
    while k < 40 and not (k >= 12 and {"draft", "action", "extra", "poet", "siege"} <= set(phases)):
        seats = [NAME, NAME] if k % 3 else ([NAME, "random"] if k % 2 else ["random", NAME])
        state = play_checked(1000 + k, OPTION_SETS[k % len(OPTION_SETS)], seats, phases)
        assert GAME.result(state) is not None
        k += 1
    assert {"draft", "action", "extra", "poet", "siege"} <= set(phases), phases
    assert phases["siege_declined"] == 0  # attacking never hurts, so it always attacks


def test_deterministic_for_a_seed():
    _, r1 = play_game(GAME, 2, seed=42, options=None, bots=[NAME, NAME])
    _, r2 = play_game(GAME, 2, seed=42, options=None, bots=[NAME, NAME])
    assert r1.actions == r2.actions and r1.result == r2.result
    # the same view always gets the same answer, whatever the bot decided before
    bot = GatesHeuristicBot(GAME, 0, 7)
    state = GAME.setup(2, 3, {"first_chooser": 0})
    GAME.apply(state, {"type": "shuffle"})
    view, legal = GAME.view(state, 0), GAME.legal_actions(state)
    first = bot.act(view, legal)
    assert all(bot.act(view, legal) == first for _ in range(3))


def test_does_not_peek_at_hidden_cards():
    """Redeal the opponent's hand and both reserves consistently with the seat's view (view.determinize):
    the bot's decision does not change."""
    decisions: list = []
    for k in range(4):
        play_checked(2000 + k, None, [NAME, NAME], decisions=decisions)
    duel_points = [(s, seat) for s, seat in decisions if s.phase in ("action", "extra", "poet", "siege")]
    assert len(duel_points) > 30
    changed = 0
    for i, (state, seat) in enumerate(duel_points):
        legal = GAME.legal_actions(state)
        expected = GatesHeuristicBot(GAME, seat, 11).act(GAME.view(state, seat), legal)
        for j in range(2):
            other = GAME.determinize(state, seat, Rng.from_seed(f"{i}/{j}"))
            opp = 1 - seat
            changed += other.hands[opp] != state.hands[opp] or other.reserves != state.reserves
            assert other.hands[seat] == state.hands[seat]
            got = GatesHeuristicBot(GAME, seat, 11).act(GAME.view(other, seat), GAME.legal_actions(other))
            assert got == expected, (state.phase, state.round, expected, got)
    assert changed > len(duel_points)  # the hidden cards really were redealt


def test_beats_random():
    wins = 0.0
    for k in range(20):
        seats = [NAME, "random"] if k % 2 == 0 else ["random", NAME]
        _, record = play_game(GAME, 2, seed=500 + k, options=None, bots=seats)
        winners = record.result["winners"]
        mine = k % 2
        wins += 1 / len(winners) if mine in winners else 0
    assert wins >= 16


def test_poet_takes_the_best_card():
    cs = cards()
    quality = table(cs, -4).quality
    for seed in range(3000, 3200):
        state = GAME.setup(2, seed, None)
        bots = [make_bot(NAME, GAME, i, i) for i in (0, 1)]
        while (seat := GAME.to_move(state)) is not None and state.phase != "poet":
            GAME.apply(state, bots[seat].act(GAME.view(state, seat), GAME.legal_actions(state)))
        if state.phase == "poet":
            legal = GAME.legal_actions(state)
            choice = bots[seat].act(GAME.view(state, seat), legal)
            assert quality[choice["card"]] == max(quality[a["card"]] for a in legal)
            break
    else:
        pytest.fail("no Poet decision met")


def test_match_value_is_sensible():
    # more gates is better, a score lead breaks level gates, and the last duel is all or nothing
    assert match_value(4, 3, 1, 0, 0, 0.5) > match_value(4, 2, 2, 0, 0, 0.5) > match_value(4, 1, 3, 0, 0, 0.5)
    assert match_value(4, 2, 2, 0, 10, 0.5) > 0.5 > match_value(4, 2, 2, 0, -10, 0.5)
    assert match_value(6, 2, 2, 0, 1, 0.5) == 1.0 and match_value(6, 2, 2, 0, 0, 0.5) == 0.5
    assert match_value(2, 1, 1, 0, 0, 0.7) > match_value(2, 1, 1, 0, 0, 0.5)


def test_fallback_is_harmless(monkeypatch):
    monkeypatch.setattr(GatesHeuristicBot, "strict", False)
    assert fallback([{"type": "attach", "card": "A01"}, {"type": "skip"}]) == {"type": "skip"}
    bot = GatesHeuristicBot(GAME, 0, 1)
    odd = [{"type": "mystery"}, {"type": "skip"}]
    assert bot.act({}, odd) is odd[1]
    with pytest.raises(ValueError):
        bot.act({}, [])
