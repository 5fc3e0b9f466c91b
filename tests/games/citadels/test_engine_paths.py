"""The engine's fast paths (issue 31) give exactly what the plain paths give: `random_action` draws what the
protocol's uniform draw from `legal_actions` draws, an action object the engine handed out is played without a
second check only while the state is the one it was listed for, and the rules' shuffle is `Rng.shuffle`."""

from __future__ import annotations

import random

import pytest

from cetate.core.errors import IllegalAction
from cetate.core.rng import Rng
from cetate.games.citadels import rules
from cetate.games.citadels.common import shuffle
from cetate.games.citadels.state import to_json
from tests.games.citadels.scenario import GAME

CASES = [(2, {}), (4, {}), (4, {"dark_city": True}), (7, {}), (7, {"dark_city": True})]


def test_the_rules_shuffle_is_rng_shuffle():
    for n in range(0, 70, 3):
        for seed in range(5):
            a, b = list(range(n)), list(range(n))
            ra, rb = Rng(seed * 1009 + n), Rng(seed * 1009 + n)
            ra.shuffle(a)
            shuffle(rb, b)
            assert a == b and ra.state == rb.state


@pytest.mark.parametrize(("players", "shortcuts"), CASES)
def test_random_action_draws_as_the_uniform_draw_and_each_path_plays_alike(players, shortcuts):
    options = GAME.expand_shortcuts(shortcuts)
    for seed in range(3):
        a = GAME.setup(players, seed, options)  # random_action, trusted
        b = GAME.setup(players, seed, options)  # legal_actions, trusted
        c = GAME.setup(players, seed, options)  # a copy of the action: checked in full
        ra, rb = random.Random(seed), random.Random(seed)
        while GAME.to_move(a) is not None:
            legal = GAME.legal_actions(b)
            chosen = legal[rb.randrange(len(legal))]
            drawn = GAME.random_action(a, ra)
            assert drawn == chosen
            events = [[e.to_dict() for e in GAME.apply(s, x)] for s, x in ((a, drawn), (b, chosen), (c, dict(chosen)))]
            assert events[0] == events[1] == events[2]
            assert a == b == c
        assert GAME.result(a) == GAME.result(b) == GAME.result(c)


def test_an_action_listed_for_an_earlier_state_is_checked_again():
    s = GAME.setup(4, 3, {})
    while True:  # a turn where gold and cards are offered: after one of them, the other is refused
        legal = GAME.legal_actions(s)
        kinds = [x["type"] for x in legal]
        if "take_gold" in kinds and "draw_cards" in kinds:
            break
        GAME.apply(s, legal[0])
    gold, cards = legal[kinds.index("take_gold")], legal[kinds.index("draw_cards")]
    GAME.apply(s, gold)
    before = to_json(s, "1")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, cards)  # the very object, but listed for the state before
    assert err.value.code == "already_acted"
    assert to_json(s, "1") == before


def test_a_trusted_action_still_refuses_another_seat():
    s = GAME.setup(4, 5, {})
    action = GAME.random_action(s, random.Random(0))
    other = (GAME.to_move(s) + 1) % 4
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, action, other)
    assert err.value.code == "not_your_turn"
    GAME.apply(s, action, GAME.to_move(s))


def test_the_facade_keeps_the_names_other_modules_import():
    for name in rules.__all__:
        assert hasattr(rules, name), name


def test_random_action_hands_out_shared_actions_that_refuse_changes():
    s = GAME.setup(4, 7, {})
    action = GAME.random_action(s, random.Random(1))
    assert isinstance(action, dict) and action["type"] == "pick"
    with pytest.raises(TypeError):
        action["type"] = "end_turn"
    with pytest.raises(TypeError):
        action.update(character="king")
    copy = dict(action)
    copy["note"] = 1  # a copy is a plain dict of its own
    assert "note" not in action and action["type"] == "pick"
    # the same object handed out for another state is not trusted there: it is checked in full
    t = GAME.setup(4, 7, {})
    GAME.apply(t, GAME.random_action(t, random.Random(1)))
    if action["character"] not in {a["character"] for a in GAME.legal_actions(t)}:
        with pytest.raises(IllegalAction):
            GAME.apply(t, action)
    before = to_json(s, "1")
    assert GAME.apply(s, action) is not None and to_json(s, "1") != before


def test_events_appended_as_tuples_are_events_to_every_reader():
    from cetate.core.events import Event, Events

    ev = Events()
    ev.append(("gold_taken", {"seat": 1, "amount": 2}))
    ev.append(Event("turn_ended", {"seat": 1}))
    ev.append(("cards_drawn", {"seat": 1, "count": 2}, {"cards": ["tavern"]}, (1,)))
    assert len(ev) == 3
    assert [e.type for e in ev] == ["gold_taken", "turn_ended", "cards_drawn"]
    assert all(isinstance(e, Event) for e in [*ev, ev[0], ev[-1]])
    assert ev[2].view(0) == {"type": "cards_drawn", "seat": 1, "count": 2}
    assert ev[2].view(1)["cards"] == ["tavern"]
    assert ev == [Event("gold_taken", {"seat": 1, "amount": 2}), Event("turn_ended", {"seat": 1}),
                  Event("cards_drawn", {"seat": 1, "count": 2}, {"cards": ["tavern"]}, (1,))]
    assert [Event("x")] + ev == [Event("x"), *ev]  # noqa: RUF005 (the list + Events path is the test)


def test_apply_returns_events_not_tuples():
    s = GAME.setup(4, 2, {})
    rnd = random.Random(2)
    while GAME.to_move(s) is not None:
        events = GAME.apply(s, GAME.random_action(s, rnd))
        assert all(e.__class__.__name__ == "Event" for e in list(events))
