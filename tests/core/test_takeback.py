"""`cetate.core.takeback.showed_nothing`: a move may be taken back only when it showed nobody anything
hidden. Checked on each game from explicit positions reached by play: moves that only use what is public
or the mover's own cards pass; draws, chance, reveals and the end of the game do not."""

from __future__ import annotations

from cetate import games
from cetate.core.rng import Rng
from cetate.core.takeback import showed_nothing


def _play_until(game, state, want, rng: Rng, limit: int = 2000):
    """Play random legal moves until `want(state, legal)` names a move; returns it."""
    for _ in range(limit):
        legal = game.legal_actions(state)
        found = want(state, legal)
        if found is not None:
            return found
        game.apply(state, legal[rng.below(len(legal))])
    raise AssertionError("no such position reached")


def _check(game, state, action, seats) -> bool:
    before = game.clone(state)
    after = game.clone(state)
    game.apply(after, action)
    snapshot = game.to_json(before)
    result = showed_nothing(game, before, action, after, seats)
    assert game.to_json(before) == snapshot  # nothing is changed by the check
    return result


def test_citadels_gold_passes_and_a_draw_does_not():
    game = games.get("citadels")
    state = game.setup(4, 3, {})
    rng = Rng.from_seed("t")

    def turn(s, legal):
        types = {a["type"] for a in legal}
        return "ok" if {"take_gold", "draw_cards"} <= types else None

    _play_until(game, state, turn, rng)
    seat = game.to_move(state)
    legal = game.legal_actions(state)
    gold = next(a for a in legal if a["type"] == "take_gold")
    draw = next(a for a in legal if a["type"] == "draw_cards")
    assert _check(game, state, gold, [seat]) is True
    assert _check(game, state, draw, [seat]) is False


def test_gates_the_shuffle_is_chance_and_a_draft_choice_is_public():
    game = games.get("gates")
    state = game.setup(2, 5, {})
    shuffle = game.legal_actions(state)[0]
    assert shuffle["type"] == "shuffle"
    assert _check(game, state, shuffle, [0, 1]) is False
    game.apply(state, shuffle)
    choose = game.legal_actions(state)[0]
    assert choose["type"] == "choose"
    assert _check(game, state, choose, [0, 1]) is True


def test_akropolis_a_take_passes_a_refill_and_the_last_move_do_not():
    game = games.get("akropolis")
    state = game.setup(2, 8, {})
    take = game.legal_actions(state)[0]
    assert take["type"] == "take" and _check(game, state, take, [0, 1]) is True
    rng = Rng.from_seed("a")

    def refill(s, legal):  # a placement that leaves one tile in the site: the next stack is revealed
        if legal[0]["type"] == "place" and len(game.view(s, 0)["site"]) == 1:
            return legal[0]
        return None

    place = _play_until(game, state, refill, rng)
    assert _check(game, state, place, [0, 1]) is False

    def last(s, legal):
        after = game.clone(s)
        game.apply(after, legal[0])
        return legal[0] if game.to_move(after) is None else None

    end = _play_until(game, state, last, rng)
    assert _check(game, state, end, [0, 1]) is False
