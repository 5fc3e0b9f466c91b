"""Random Citadels games (Hypothesis) checked against the protocol's invariants.

Each example is a whole game for 2-7 players with a random seed and a random option combination, played
with uniformly random legal actions. Invariants: cards and capped gold conserved, gold never negative,
legal actions complete (each applies) and without duplicates, termination, JSON and clone round trips,
replay, and views that leak nothing (another seat's hand, unseen characters, deck order, RNG state).
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cetate.core.errors import IllegalAction
from cetate.core.events import Event
from cetate.games.citadels import GAME
from cetate.games.citadels.data import ARMORY, BELL_TOWER, DISTRICT_IDS, MUSEUM
from cetate.games.citadels.rules import takes_initial

# No shrinking: a smaller seed is not a simpler game, and shrinking whole games takes minutes. A failure
# prints the (players, seed, options, chooser) to replay with `play(...)`.
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow],
            "phases": (Phase.explicit, Phase.reuse, Phase.generate)}

OPTIONS = st.fixed_dictionaries({
    "discard_mode": st.sampled_from(("deck_bottom", "discard_pile")),
    "bank_limit": st.sampled_from((None, 30)),
    "completion_size": st.sampled_from((7, 8)),
    "warlord_timing": st.sampled_from(("end_of_turn", "any_time")),
    "deck": st.sampled_from(("classic66", "original65")),
    "max_rounds": st.sampled_from((40, 40, 40, 4)),
})


@st.composite
def games(draw):
    players = draw(st.integers(min_value=2, max_value=7))
    seed = draw(st.one_of(st.integers(min_value=0, max_value=2**64), st.text(max_size=8)))
    options = draw(OPTIONS)
    chooser = draw(st.integers(min_value=0, max_value=2**32))
    return players, seed, options, chooser


MAX_ACTIONS = 20_000  # far above any real game (about 100 actions per round with 7 players)


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


def key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def check_legal(s) -> list[dict]:
    acts = GAME.legal_actions(s)
    if GAME.is_over(s):
        assert acts == []
        assert GAME.to_move(s) is None
        assert GAME.result(s) is not None
    else:
        assert acts, f"no legal action in phase {s.phase}"
        assert len({key(a) for a in acts}) == len(acts), "duplicate legal actions"
        assert 0 <= GAME.to_move(s) < s.n
        for a in acts:
            assert json.loads(json.dumps(a)) == a  # small JSON-able values
    return acts


def check_all_actions_apply(s, acts: list[dict]) -> None:
    before = GAME.to_json(s)
    for a in acts:
        c = GAME.clone(s)
        events = GAME.apply(c, a)
        assert all(isinstance(e, Event) for e in events)
        check_cards(c)
        check_gold(c)
    assert GAME.to_json(s) == before


def check_wrong_seat_rejected(s, acts: list[dict]) -> None:
    mover = GAME.to_move(s)
    other = (mover + 1) % s.n
    if other == mover:
        return
    before = GAME.to_json(s)
    try:
        GAME.apply(s, acts[0], other)
    except IllegalAction as exc:
        assert exc.code == "not_your_turn"
    else:
        raise AssertionError("a seat played out of turn")
    assert GAME.to_json(s) == before


def check_events(events: list[Event], n: int) -> None:
    for e in events:
        for seat in [None, *range(n)]:
            v = GAME.event_view(e, seat)
            json.dumps(v)
            if e.secret is not None and (seat is None or seat not in e.seats):
                assert not set(e.secret) & (set(v) - set(e.data)), f"{e.type} leaks its secret to {seat}"


def check_round_trips(s) -> None:
    doc = GAME.to_json(s)
    assert GAME.from_json(doc) == s
    text = json.dumps(doc)
    loaded = GAME.from_json(json.loads(text))
    assert loaded == s
    assert GAME.to_json(loaded) == doc
    c = GAME.clone(s)
    assert c == s and c is not s
    assert GAME.to_json(c) == doc


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

FORBIDDEN_KEYS = {"rng", "deck", "seed", "hands", "log", "seen", "face_down",
                  "initial_face_down"}


def walk_keys(doc, path=""):
    if isinstance(doc, dict):
        for k, v in doc.items():
            assert isinstance(k, str), f"non-string key {k!r} at {path}"
            yield k, f"{path}.{k}"
            if k != "options":  # the option named "deck" is the deck variant, not the deck
                yield from walk_keys(v, f"{path}.{k}")
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from walk_keys(v, f"{path}[{i}]")


def check_view_shape(s, seat) -> dict:
    v = GAME.view(s, seat)
    assert json.loads(json.dumps(v)) == v, "views are plain JSON"
    for k, where in walk_keys(v):
        assert k not in FORBIDDEN_KEYS, f"view for {seat} has a key {where}"
    roster = s.roster
    for i, p in enumerate(v["players"]):
        shown = {roster.index(c) for c in p["characters"]}
        assert shown <= set(s.revealed)
        assert all(s.owner[r] == i for r in shown)
        assert p["hand_size"] == len(s.hands[i])
    assert set(v["characters"]["revealed"]) == {roster[r] for r in s.revealed}
    assert v["deck_size"] == len(s.deck)
    if seat is None:
        assert "you" not in v
    else:
        me = v["you"]
        assert sorted(c["id"] for c in me["hand"]) == sorted(DISTRICT_IDS[c] for c in s.hands[seat])
        assert me["characters"] == [roster[r] for r in range(1, len(roster)) if roster[r] and s.owner[r] == seat]
        known = {roster.index(c) for c in me["known_face_down"]}
        assert known <= set(s.face_down)
        if (GAME.to_move(s) == seat) != ("legal_actions" in me):
            raise AssertionError("only the seat to move gets its legal actions")
        if "legal_actions" in me:
            assert me["legal_actions"] == GAME.legal_actions(s)
    return v


def _swap_one(hidden: list, deck: list, rnd: random.Random, keep: Counter | None = None) -> bool:
    """Swap one card of `hidden` (not protected by `keep`) with a different card of `deck`."""
    keep = keep or Counter()
    free = Counter(hidden) - keep
    choices = [i for i, c in enumerate(hidden) if free[c] > 0]
    if not choices or not deck:
        return False
    i = rnd.choice(choices)
    others = [j for j, c in enumerate(deck) if c != hidden[i]]
    if not others:
        return False
    j = rnd.choice(others)
    hidden[i], deck[j] = deck[j], hidden[i]
    return True


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


def _draft_positions(s):
    """Observation positions per seat: the index of each draft step at which that seat was offered a pool."""
    slots = [(who, kind) for who, kind, _ in s.log if kind in ("pick", "discard")]
    obs: dict[int, list[int]] = {i: [] for i in range(s.n)}
    for pos, (who, _) in enumerate(slots):
        obs[who].append(pos)
    if s.phase == "draft":
        obs[s.steps[0][0]].append(len(slots))  # the pool on offer now
    return obs


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

def play(players, seed, options, chooser, *, every=1, apply_all=False, round_trips=False, views=False,
         events=False, choose=None):
    """Play a whole game with random legal actions (or `choose(acts, rnd)`), checking the invariants."""
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
        action = choose(acts, rnd) if choose else rnd.choice(acts)
        evs = GAME.apply(s, action, GAME.to_move(s))
        if events:
            check_events(evs, players)
        actions.append(action)
        step += 1
        assert step < MAX_ACTIONS, "the game does not end"
        assert s.round <= s.options["max_rounds"]
    result = GAME.result(s)
    assert result is not None
    assert result["rounds"] == s.round <= s.options["max_rounds"]
    assert sorted(result["ranking"]) == list(range(players))
    assert result["winners"] and all(result["scores"][w]["rank"] == 1 for w in result["winners"])
    for sc in result["scores"]:
        assert sc["total"] == (sc["districts"] + sc["all_colours"] + sc["first_complete"] + sc["complete"]
                               + sum(sc["extras"].values()))
    if not result["stalled"]:
        assert s.end_triggered
        if ARMORY not in s.composition and BELL_TOWER not in s.composition:  # no city can shrink back
            assert len(s.cities[s.first_complete]) >= s.options["completion_size"]
    return s, actions


# -- the properties ------------------------------------------------------------------------------

@given(games())
@settings(max_examples=80, **SETTINGS)
def test_random_games_keep_the_invariants(game):
    play(*game, every=3, apply_all=True, events=True)


@given(games())
@settings(max_examples=30, **SETTINGS)
def test_json_and_clone_round_trips(game):
    s, _ = play(*game, every=4, round_trips=True)
    check_round_trips(s)


@given(games())
@settings(max_examples=60, **SETTINGS)
def test_replaying_the_actions_reproduces_the_game(game):
    players, seed, options, chooser = game
    s, actions = play(players, seed, options, chooser)
    again = GAME.setup(players, seed, options)
    for a in actions:
        GAME.apply(again, a)
    assert again == s
    assert GAME.to_json(again) == GAME.to_json(s)
    assert GAME.result(again) == GAME.result(s)


@given(games())
@settings(max_examples=50, **SETTINGS)
def test_views_leak_nothing(game):
    play(*game, every=5, views=True)


def test_every_player_count_is_covered():
    """The same checks with fixed seeds, so every player count is played on every run."""
    for players in range(2, 8):
        for seed, options in ((players, {}),
                              (f"s{players}", {"bank_limit": 30, "discard_mode": "discard_pile",
                                               "warlord_timing": "any_time", "completion_size": 7})):
            play(players, seed, options, seed if isinstance(seed, int) else 99, every=7, apply_all=True,
                 round_trips=True, views=True, events=True)


def test_capped_bank_can_run_dry():
    """A tiny bank: gold runs out, nobody's gold goes negative and the total stays the cap."""
    for players in (2, 5, 7):
        s, _ = play(players, 3, {"bank_limit": players * 2, "max_rounds": 6}, 1, every=2, apply_all=True)
        assert s.bank + sum(s.gold) == players * 2
