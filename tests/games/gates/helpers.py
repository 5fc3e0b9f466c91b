"""Build explicit Gates of the Citadel states for scenario tests.

`duel(...)` returns a State loaded with `state.from_json` from a document the test spells out: the round, the
two main cards in play, the rest of each main deck, hands, reserves (top first), graveyards, gates, scores,
who acts first. Cards the test does not place are put where they change nothing the test looks at (the
action graveyard by default, or the bottoms of the reserves with `fill="reserves"`), so card conservation
holds and the document is valid. The helpers never call private engine functions: the order of play is the
one the test gives (by default the R7 rule computed here, independently of the engine).
"""

from __future__ import annotations

import random

from cetate.core.errors import IllegalAction
from cetate.games import get
from cetate.games.gates.data import cards
from cetate.games.gates.options import SCHEMA

GAME = get("gates")

# Card ids of the shipped card set (spec gates §5), by role.
ALLIANCE, BATTLE, TREASURE, FIREBALL, BARTER, TORTURE, PRINCE, POET, CROWNS = (
    "S01", "S02", "S03", "S04", "S05", "S06", "S07", "S08", "S09")
CHISEL1, CHISEL2, CHISEL3, CHISEL4 = "A01", "A02", "A03", "A04"  # 2/7, 6/1, 5/7, 8/4  (value/circle)
COIN1, COIN2, COIN3, COIN4 = "A05", "A06", "A07", "A08"  # 3/8, 7/1, 6/6, 2/9
MOTOR1, MOTOR2, MOTOR3 = "A09", "A10", "A11"  # 4/6, 8/1, 7/5
MAP1, MAP2, MAP3, MAP4 = "A12", "A13", "A14", "A15"  # 5/6, 9/1, 4/7, 7/3
SCOUT, SAPPER, ARCHER, MASON, SENTINEL, RANGER = "M01", "M02", "M03", "M04", "M05", "M06"
MERCHANT, PRIEST, CAPTAIN, KNIGHT, GUNNER, GENERAL = "M07", "M08", "M09", "M10", "M11", "M12"


def _main_scores(a: str, b: str) -> list[int]:
    """The preliminary main scores, computed here from the card data (R31, R21), not by the engine."""
    cs = cards()
    ca, cb = cs.main[a], cs.main[b]
    sc = [ca.value, cb.value]
    if ca.index == cb.value:
        sc[0 if ca.explosion > 0 else 1] += ca.explosion
    if cb.index == ca.value:
        sc[1 if cb.explosion > 0 else 0] += cb.explosion
    return [max(0, sc[0]), max(0, sc[1])]


def duel(
    round: int = 1,
    *,
    main: tuple[str, str] = (MERCHANT, MASON),
    decks: dict[int, list[str]] | None = None,
    hands: dict[int, list[str]] | None = None,
    reserves: dict[int, list[str]] | None = None,
    grave: list[str] | None = None,
    main_grave: list[str] | None = None,
    fill: str = "grave",
    gates: list | None = None,
    scores: tuple[int, int] = (0, 0),
    p0: int = 0,
    last_second: int | None = None,
    order: tuple[int, int] | None = None,
    options: dict | None = None,
    seed: int = 1,
    history: list | None = None,
):
    """A state at the start of the action phase of duel `round` (turn 0), built from explicit parts.

    `main` are the two main cards in play (seat 0's, seat 1's); `decks` the top cards of the remaining main
    decks (filled up to 6 - round cards); `main_grave` the main graveyard (default: 2 * (round - 1) unused
    main cards). `hands` and `reserves` (top first) are exact / top cards; `grave` starts the action
    graveyard. The unplaced action cards go to the end of the graveyard (`fill="grave"`) or alternately to
    the bottoms of the reserves (`fill="reserves"`). `order` defaults to R7 leader-first: the higher
    preliminary main score acts first; on a tie `last_second`, or P1 (1 - p0) when it is None."""
    cs = cards()
    opts = SCHEMA.validate(options)
    doc = GAME.to_json(GAME.setup(2, seed, options))
    decks = {p: list((decks or {}).get(p, [])) for p in (0, 1)}
    hands = {p: list((hands or {}).get(p, [])) for p in (0, 1)}
    reserves = {p: list((reserves or {}).get(p, [])) for p in (0, 1)}
    grave = list(grave or [])
    # main cards: in play, decks, graveyard
    used = [*main, *decks[0], *decks[1], *(main_grave or [])]
    assert len(set(used)) == len(used), f"a main card is placed twice: {used}"
    left = [c for c in cs.main if c not in used]
    if main_grave is None:
        main_grave, left = left[:2 * (round - 1)], left[2 * (round - 1):]
    for p in (0, 1):
        need = 6 - round - len(decks[p])
        assert need >= 0, f"deck {p} is too long for round {round}"
        decks[p] += left[:need]
        left = left[need:]
    assert not left, f"main cards left over: {left}"
    # action cards: hands, reserves, graveyard
    placed = [*hands[0], *hands[1], *reserves[0], *reserves[1], *grave]
    assert len(set(placed)) == len(placed), f"an action card is placed twice: {placed}"
    rest = [c for c in cs.action if c not in placed]
    if fill == "grave":
        grave += rest
    else:
        assert fill == "reserves"
        for i, c in enumerate(rest):
            reserves[i % 2].append(c)
    prelim = _main_scores(*main)
    if order is None:
        if prelim[0] != prelim[1]:
            first = 0 if prelim[0] > prelim[1] else 1
        else:
            first = (1 - p0) if last_second is None else last_second
        order = (first, 1 - first)
    assert hands[order[0]], "the first player would have skipped on their own (R27): give them a card"
    owned = [[main[p], *decks[p], *main_grave[p::2]] for p in (0, 1)]
    doc.update({
        "options": opts,
        "phase": "action",
        "p0": p0,
        "pairs": [[a, b] for a, b in zip(owned[0], owned[1], strict=False)],
        "pair_index": 6,
        "drafted": owned,
        "mains": [decks[0], decks[1]],
        "hands": [hands[0], hands[1]],
        "reserves": [reserves[0], reserves[1]],
        "main_graveyard": list(main_grave),
        "action_graveyard": grave,
        "gates": list(gates) if gates is not None else
        [None if g >= round - 1 else "neutral" for g in range(4)],
        "scores": list(scores),
        "round": round,
        "current": list(main),
        "prelim": prelim,
        "order": list(order),
        "turn": 0,
        "last_second": last_second,
        "plays": [[], []],
        "stolen": [[], []],
        "battle": None,
        "pile": [],
        "attacker": None,
        "history": list(history or []),
        "result": None,
    })
    return GAME.from_json(doc)


def ready(drafted: list[list[str]], *, p0: int = 0, options: dict | None = None, seed: int = 1):
    """A state at the end of the draft ("start" phase): `drafted` are each seat's six main cards in draft
    order. With the option main_deck_order="draft" duel k opposes drafted[0][k-1] and drafted[1][k-1]."""
    doc = GAME.to_json(GAME.setup(2, seed, options))
    doc.update({"phase": "start", "p0": p0, "pairs": [[a, b] for a, b in zip(*drafted, strict=True)],
                "pair_index": 6, "drafted": [list(d) for d in drafted]})
    return GAME.from_json(doc)


# -- playing ------------------------------------------------------------------------------------------

def act(s, action: dict) -> list:
    """Apply `action` as the seat to move (the way the server does)."""
    return GAME.apply(s, action, seat=GAME.to_move(s))


def attach(s, card: str) -> list:
    return act(s, {"type": "attach", "card": card})


def skip(s) -> list:
    return act(s, {"type": "skip"})


def turns(s, *moves) -> list:
    """Play the moves in order: a card id attaches it, None skips, ("poet", id) picks from the graveyard,
    ("siege", g) besieges gate g, "no_siege" declines. Returns all events."""
    events = []
    for m in moves:
        if m is None:
            events += skip(s)
        elif m == "no_siege":
            events += act(s, {"type": "no_siege"})
        elif isinstance(m, tuple) and m[0] == "poet":
            events += act(s, {"type": "poet", "card": m[1]})
        elif isinstance(m, tuple) and m[0] == "siege":
            events += act(s, {"type": "siege", "gate": m[1]})
        else:
            events += attach(s, m)
    return events


def doc(s) -> dict:
    return GAME.to_json(s)


def types(events: list) -> list[str]:
    return [e.type for e in events]


def first(events: list, kind: str):
    """The data of the first event of that type (fails if there is none)."""
    for e in events:
        if e.type == kind:
            return e.data
    raise AssertionError(f"no {kind!r} event in {types(events)}")


def first_duel(events: list) -> list:
    """The events up to and including the first clean-up (the end of the first duel resolved)."""
    kinds = types(events)
    return events[:kinds.index("cleanup") + 1] if "cleanup" in kinds else list(events)


def all_of(events: list, kind: str) -> list[dict]:
    return [e.data for e in events if e.type == kind]


def outcome(s, k: int = 0) -> dict:
    """The history summary of the k-th duel resolved since the state was built (`duel` starts with an empty
    history). Later duels may resolve on their own when both hands are empty (R27)."""
    return s.history[k]


def illegal_code(s, action: dict, seat: int | None = None) -> str:
    """The IllegalAction code of `action`, after checking that the refused action changed nothing."""
    before = doc(s)
    try:
        GAME.apply(s, action, seat=seat)
    except IllegalAction as exc:
        assert doc(s) == before, "an illegal action changed the state"
        return exc.code
    raise AssertionError(f"{action!r} was accepted")


def play_random(seed, options: dict | None = None, chooser: int = 0, skip_rate: float | None = None):
    """A whole random match: returns (final state, list of (action, events) pairs). `skip_rate` biases the
    choice towards skipping in action turns (None: uniform over the legal actions)."""
    s = GAME.setup(2, seed, options)
    rnd = random.Random(chooser)
    steps = []
    while not GAME.is_over(s):
        legal = GAME.legal_actions(s)
        if skip_rate is not None and {"type": "skip"} in legal and rnd.random() < skip_rate:
            action = {"type": "skip"}
        else:
            action = rnd.choice(legal)
        steps.append((action, GAME.apply(s, action, seat=GAME.to_move(s))))
    return s, steps
