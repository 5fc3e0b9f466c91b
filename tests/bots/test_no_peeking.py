"""No peeking: a search bot's sample, and so its decision, depends only on what its seat may know.

Drivers hand a search bot `game.determinize(true_state, seat, rng)`, never the true state (see `choose` in
cetate.bots.base). That is sound only if two true states the seat cannot tell apart (equal views) give the
same sample for the same rng. Alternate true states are built three ways:

* `game.determinize(state, seat, Rng(other))`: another world consistent with the seat's view (other hands,
  deck and stack orders, reserves, characters, rng);
* `scramble`: the same world with every order the seat cannot see shuffled (hands, deck, reserves, stacks,
  Museums, what the seat remembers of other hands) and another rng inside;
* for Citadels, real play: two drafts in which the other seats chose differently, seen from a seat that
  cannot tell them apart.

Two things the seat knows but its view does not show are deliberately kept by Citadels' `determinize`, so
`scramble` leaves them alone: the order of the seat's own hand (its own cards; nobody else's hidden
information) and what the other seats know of the seat's own hand (it only ever comes from the seat's own
exchanges and from public events, so the seat knows it too).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cetate.bots import choose, make_bot
from cetate.core.rng import Rng
from cetate.games import get
from tests.bots.test_determinize_consistency import (
    CONFIGS,
    IDS,
    WIZARD,
    hidden,
    reach,
    snapshot,
    states_along,
)

SEARCH = "ismcts:iterations=20:depth=6"


def first_difference(a, b, path: str = "") -> str | None:
    """The path of the first place two JSON documents differ (for assertion messages)."""
    if type(a) is not type(b):
        return path or "."
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                return f"{path}.{k}"
            found = first_difference(a[k], b[k], f"{path}.{k}")
            if found:
                return found
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path} (length {len(a)} != {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else (path or ".")


def scramble(gid: str, state, seat: int, rnd: random.Random):
    """The same world with every order hidden from `seat` shuffled and another rng inside."""
    t = state.clone()
    t.rng = Rng(rnd.getrandbits(64))
    if gid == "citadels":
        for i in range(t.n):
            if i != seat:
                rnd.shuffle(t.hands[i])
                rnd.shuffle(t.museum[i])
        rnd.shuffle(t.museum[seat])  # the view lists the Museum's cards sorted
        rnd.shuffle(t.deck)  # even a Lighthouse shows the deck's contents, not its order
        rnd.shuffle(t.discard_pile)
        if t.actor != seat:
            rnd.shuffle(t.drawn if t.phase == "keep" else t.set_aside if t.phase == "magician_discard" else [])
        for (o, h), cards in t.known.items():
            if o != h and seat in (o, h):
                rnd.shuffle(cards)  # the view lists known cards sorted
        # memories between two other seats are invisible to `seat`: drop them
        t.known = {k: v for k, v in t.known.items() if seat in k}
    elif gid == "akropolis":
        for stack in t.stacks:
            rnd.shuffle(stack)
    else:
        opp = 1 - seat
        rnd.shuffle(t.hands[opp])
        for reserve in t.reserves:
            rnd.shuffle(reserve)
        if t.options["main_deck_order"] == "shuffled":
            for deck in t.mains:
                rnd.shuffle(deck)
    return t


def assert_same_samples(game, state, alt, seat: int, seeds) -> None:
    assert game.view(alt, seat) == game.view(state, seat), "the alternate world does not look the same"
    for k in seeds:
        a = game.to_json(game.determinize(state, seat, Rng(k)))
        b = game.to_json(game.determinize(alt, seat, Rng(k)))
        assert a == b, f"the sample depends on hidden parts of the true state: {first_difference(a, b)}"


def assert_same_decisions(gid: str, game, state, alt, seat: int, seed: int, salt: int) -> None:
    legal = game.legal_actions(state)
    assert legal == game.legal_actions(alt)
    bots = [make_bot(SEARCH, game, seat, seed), make_bot(SEARCH, game, seat, seed)]
    a, b = choose(bots[0], game, state, seat, salt), choose(bots[1], game, alt, seat, salt)
    assert a == b, "IS-MCTS decided differently in two worlds its seat cannot tell apart"
    assert bots[0].iterations_done == bots[1].iterations_done
    heuristic = f"{gid}-heuristic"
    a = choose(make_bot(heuristic, game, seat, seed), game, state, seat, salt)
    b = choose(make_bot(heuristic, game, seat, seed), game, alt, seat, salt)
    assert a == b, f"{heuristic} decided differently on equal views"


# -- the property test ------------------------------------------------------------------------------------

@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1), frac=st.floats(0.0, 1.0),
       other=st.integers(0, 2**64 - 1), salt=st.integers(0, 1000))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_sample_and_decisions_depend_only_on_the_view(config, seed, frac, other, salt):
    gid, players, options, steps = config
    game = get(gid)
    state = reach(game, players, options, seed, int(frac * steps))
    seat = game.to_move(state)
    rnd = random.Random(other)
    before = snapshot(game, state)
    alt = game.determinize(state, seat, Rng(other))
    for world in (alt, scramble(gid, alt, seat, rnd), scramble(gid, state, seat, rnd)):
        assert_same_samples(game, state, world, seat, seeds=(salt, salt + 1))
    assert_same_decisions(gid, game, state, scramble(gid, alt, seat, rnd), seat, seed, salt)
    assert snapshot(game, state) == before, "sampling or deciding changed the true state"


# -- sweeps over whole games --------------------------------------------------------------------------------

@pytest.mark.parametrize(("gid", "players", "options", "steps"), CONFIGS, ids=IDS)
def test_every_seat_along_a_game(gid, players, options, steps):
    """Every seat (to move or not) at states along a game: the alternate worlds look the same and give the same
    samples, and their hidden parts really differ from the true ones most of the time."""
    game = get(gid)
    rnd = random.Random(f"sweep/{gid}/{players}")
    differ = total = 0
    for state in states_along(game, players, options, 3, max(1, steps // 8)):
        for seat in range(players):
            alt = game.determinize(state, seat, Rng(rnd.getrandbits(64)))
            assert_same_samples(game, state, alt, seat, seeds=(rnd.getrandbits(64),))
            assert_same_samples(game, state, scramble(gid, state, seat, rnd), seat, seeds=(rnd.getrandbits(64),))
            differ += hidden(gid, alt, seat) != hidden(gid, state, seat)
            total += 1
    assert differ >= total // 2, f"the alternate worlds rarely differ in hidden parts ({differ} of {total})"


def _citadels_states_in(phases: tuple[str, ...], seeds=range(8), per_phase: int = 6) -> list:
    """Citadels states (Wizard, Lighthouse, Museum in play) in the given phases, or with a Museum holding cards."""
    game = get("citadels")
    found: dict[str, list] = {}
    for seed in seeds:
        state = game.setup(4, seed, WIZARD)
        rnd = random.Random(seed)
        while not game.is_over(state):
            key = state.phase if state.phase in phases else "museum" if any(state.museum) else None
            if key is not None and len(found.setdefault(key, [])) < per_phase:
                found[key].append(game.clone(state))
            game.apply(state, game.random_action(state, rnd))
    return [s for group in found.values() for s in group]


def test_citadels_looking_at_hidden_cards():
    """While its Wizard looks at a hand, its Lighthouse at the deck, or it keeps drawn cards, and with cards in
    Museums: the orders the view does not show never reach the sample."""
    game = get("citadels")
    states = _citadels_states_in(("wizard", "lighthouse", "keep", "magician_discard"))
    phases = {s.phase for s in states}
    assert {"wizard", "lighthouse", "keep", "turn"} <= phases
    rnd = random.Random(7)
    for state in states:
        for seat in range(state.n):
            for _ in range(2):
                alt = scramble("citadels", game.determinize(state, seat, Rng(rnd.getrandbits(64))), seat, rnd)
                assert_same_samples(game, state, alt, seat, seeds=(rnd.getrandbits(64),))
            assert_same_samples(game, state, scramble("citadels", state, seat, rnd), seat, seeds=(1, 2))


def test_citadels_lighthouse_sample_ignores_the_true_deck_order():
    """The Lighthouse's owner sees the deck's contents (sorted), not its order: a regression test for a sample
    that used to keep the true deck order before shuffling it."""
    game = get("citadels")
    states = [s for s in _citadels_states_in(("lighthouse",)) if s.phase == "lighthouse"]
    assert sum(len(set(s.deck)) >= 2 for s in states) >= 2
    for state in states:
        seat = state.actor
        alt = state.clone()
        alt.deck.reverse()
        assert_same_samples(game, state, alt, seat, seeds=range(5))
        if len(set(state.deck)) >= 2:
            assert len({tuple(game.determinize(state, seat, Rng(k)).deck) for k in range(10)}) > 1


def _draft_worlds(players: int, seed: int, rnd: random.Random, finish: bool, branches: int = 6):
    """Real games that share everything up to `seat`'s draft step in some round, then differ in the other
    seats' later (hidden) draft choices. With `finish`, every world completes the draft and then plays the same
    few steps of one fixed policy (the first legal action); else each plays the same number of random draft
    steps, stopping before `seat` drafts again. Returns (seat, worlds), or None."""
    game = get("citadels")
    state = game.setup(players, seed, None)
    play = random.Random(seed)
    target_round = 1 + rnd.randrange(3)
    while not (state.phase == "draft" and state.round >= target_round):
        if game.is_over(state):
            return None
        game.apply(state, game.random_action(state, play))
    seat = game.to_move(state)
    game.apply(state, game.random_action(state, play))  # the seat drafts; every world shares its choice
    steps = rnd.randrange(0, 12) if finish else rnd.randrange(1, players + 3)
    worlds = []
    for _ in range(branches):
        branch = random.Random(rnd.getrandbits(32))
        w = game.clone(state)
        if finish:
            while w.phase == "draft" and game.to_move(w) != seat:
                game.apply(w, game.random_action(w, branch))
            if w.phase == "draft":
                continue  # the seat drafts again (2 or 3 players)
            for _ in range(steps):
                if game.is_over(w):
                    break
                game.apply(w, game.legal_actions(w)[0])
        else:
            for _ in range(steps):
                if game.is_over(w) or game.to_move(w) == seat:
                    break
                game.apply(w, game.random_action(w, branch))
        worlds.append(w)
    return seat, worlds


@pytest.mark.parametrize("finish", [False, True], ids=["mid-draft", "after-draft"])
def test_citadels_real_games_the_seat_cannot_tell_apart(finish):
    """Real games whose other seats drafted other characters after `seat` drafted: wherever `seat` sees the
    same, it gets the same samples (characters, draft log, other seats' pools, hands, deck) and its bots
    decide the same."""
    game = get("citadels")
    rnd = random.Random(11)
    twins = decided = 0
    for players in (2, 3, 4, 5, 6, 7) if not finish else (4, 5, 6, 7):
        for seed in range(8):
            found = _draft_worlds(players, seed, rnd, finish)
            if found is None:
                continue
            seat, worlds = found
            for i, a in enumerate(worlds):
                for b in worlds[:i]:
                    if game.view(a, seat) != game.view(b, seat) or game.to_json(a) == game.to_json(b):
                        continue
                    assert_same_samples(game, a, b, seat, seeds=(seed,))
                    twins += 1
                    if game.to_move(a) == seat and decided < 4 and len(game.legal_actions(a)) > 1:
                        assert_same_decisions("citadels", game, a, b, seat, seed, i)
                        decided += 1
    assert twins >= 40
    assert decided >= 1 or not finish
