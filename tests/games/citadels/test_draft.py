"""Character removal and drafting for 2-7 players (spec §1.3, §1.4), and what each seat sees (§1.1 #6)."""

from __future__ import annotations

import itertools

import pytest

from cetate.core.errors import IllegalAction
from cetate.games.citadels.data import BASE_ROSTER, KING
from tests.games.citadels.scenario import GAME, scenario, snapshot

ALL = list(BASE_ROSTER)
FACE_UP = {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}  # spec §1.3, 8 characters
SEEDS = range(40)


def names(s, ranks) -> list[str]:
    return [s.roster[r] for r in ranks]


def by_rank(chars) -> list[str]:
    return sorted(chars, key=ALL.index)


def drive_draft(players: int, seed: int = 0, choose=None, options: dict | None = None):
    """Play the whole draft, returning the state and one record per step:
    (seat, kind, offered, chosen, events)."""
    s = GAME.setup(players, seed, options)
    choose = choose or (lambda i, offered: offered[0])
    steps = []
    while s.phase == "draft":
        seat = GAME.to_move(s)
        me = GAME.view(s, seat)["you"]
        offered, kind = me["offered"], me["step"]
        assert GAME.legal_actions(s) == [
            {"type": "pick" if kind == "pick" else "discard_character", "character": c} for c in offered]
        for other in range(players):
            if other != seat:
                assert "offered" not in GAME.view(s, other)["you"]
        chosen = choose(len(steps), offered)
        atype = "pick" if kind == "pick" else "discard_character"
        ev = GAME.apply(s, {"type": atype, "character": chosen}, seat=seat)
        steps.append((seat, kind, offered, chosen, ev))
    return s, steps


def seat_order(players: int, crown: int) -> list[int]:
    return [(crown + i) % players for i in range(players)]


# -- removal (spec §1.3) -------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_removal_counts(players):
    for seed in SEEDS:
        s = GAME.setup(players, seed)
        n_up = FACE_UP[players]
        assert len(s.face_up) == n_up
        assert KING not in s.face_up  # the King is never face up
        assert len(s.face_down) == 1 and s.face_down == [s.initial_face_down]
        assert len(s.pool) == 8 - 1 - n_up
        assert sorted(s.pool + s.face_up + s.face_down) == list(range(1, 9))
        v = GAME.view(s, None)
        assert v["phase"] == "draft"
        assert v["characters"]["face_up"] == names(s, s.face_up)
        assert v["characters"]["face_down_count"] == 1


@pytest.mark.parametrize("players", [4, 5])
def test_king_never_face_up_but_may_be_the_face_down_card(players):
    face_up_seen: set[int] = set()
    king_face_down = 0
    for seed in range(300):
        s = GAME.setup(players, seed)
        assert KING not in s.face_up
        face_up_seen.update(s.face_up)
        king_face_down += s.initial_face_down == KING
    assert face_up_seen == {1, 2, 3, 5, 6, 7, 8}  # every other character can be face up
    assert king_face_down > 0  # spec §3 #26: the King may be the face-down card


def play_round(s) -> list:
    """Draft by taking the first offer, then every character takes gold and ends its turn."""
    r = s.round
    while s.phase == "draft":
        GAME.apply(s, GAME.legal_actions(s)[0])
    while s.round == r:
        ev = GAME.apply(s, {"type": "end_turn"} if s.acted else {"type": "take_gold"})
    return ev


def test_removal_is_fresh_each_round():
    s = GAME.setup(4, 5)
    seen = set()
    for r in range(1, 9):
        assert s.phase == "draft" and s.round == r
        assert len(s.face_up) == 2 and KING not in s.face_up and s.face_down == [s.initial_face_down]
        assert len(s.pool) == 5
        assert s.seen == [[tuple(s.pool)] if seat == s.crown else [] for seat in range(4)]
        seen.add((tuple(s.face_up), s.initial_face_down))
        ev = play_round(s)
        (started,) = [e for e in ev if e.type == "round_started"]
        assert started.data == {"round": r + 1, "crown": s.crown, "face_up": names(s, s.face_up)}
    assert len(seen) > 2


# -- order (spec §1.4) ---------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("crown", [0, 1])
def test_draft_starts_at_the_crown_holder_and_goes_left(players, crown):
    _s, steps = drive_draft(players, seed=3, options={"starting_seat": crown})
    order = seat_order(players, crown)
    a = order[0]
    if players == 2:
        b = order[1]
        expected = [(a, "pick"), (b, "pick"), (b, "discard"), (a, "pick"), (a, "discard"), (b, "pick")]
    elif players == 3:
        expected = [(seat, "pick") for seat in order + order]
    else:
        expected = [(seat, "pick") for seat in order]
    assert [(seat, kind) for seat, kind, *_ in steps] == expected


def test_random_crown_is_a_valid_seat_and_drafts_first():
    crowns = set()
    for seed in SEEDS:
        s = GAME.setup(5, seed)
        assert 0 <= s.crown < 5
        assert GAME.to_move(s) == s.crown
        crowns.add(s.crown)
    assert len(crowns) > 1


# -- 2 players (spec §1.4) -----------------------------------------------------------------------------

def test_two_players_pick_pick_discard_pick_discard_pick():
    s, steps = drive_draft(2, seed=11, options={"starting_seat": 1})
    a, b = 1, 0
    assert [len(offered) for _, _, offered, _, _ in steps] == [7, 6, 5, 4, 3, 2]
    assert [(seat, kind) for seat, kind, *_ in steps] == [
        (a, "pick"), (b, "pick"), (b, "discard"), (a, "pick"), (a, "discard"), (b, "pick")]
    # each offer is the previous one minus the card just taken
    for (_, _, offered, chosen, _), (_, _, nxt, _, _) in itertools.pairwise(steps):
        assert sorted(nxt, key=ALL.index) == [c for c in offered if c != chosen]
    picks = {seat: [c for st, k, _, c, _ in steps if st == seat and k == "pick"] for seat in (a, b)}
    discards = {seat: [c for st, k, _, c, _ in steps if st == seat and k == "discard"] for seat in (a, b)}
    leftover = [c for c in steps[-1][2] if c != steps[-1][3]]
    assert len(picks[a]) == len(picks[b]) == 2
    initial = s.roster[s.initial_face_down]
    # four cards out: the random one, two chosen discards and the one left over, all face down
    assert sorted(names(s, s.face_down)) == sorted([initial, *discards[a], *discards[b], *leftover])
    assert s.face_up == []
    for seat in (a, b):
        me = GAME.view(s, seat)["you"]
        assert me["characters"] == by_rank(picks[seat])
        assert me["draft_seen"] == [offered for st, _, offered, _, _ in steps if st == seat]
    # a player knows their own discards; the crown holder also knows the initial card (it saw all others);
    # B, who made the last step, knows the card left over
    assert GAME.view(s, a)["you"]["known_face_down"] == by_rank([initial, *discards[a]])
    assert GAME.view(s, b)["you"]["known_face_down"] == by_rank([*discards[b], *leftover])
    assert GAME.view(s, None)["characters"]["face_down_count"] == 4


def test_two_players_discard_events_are_secret():
    _s, steps = drive_draft(2, seed=2, options={"starting_seat": 0})
    seat, kind, _, chosen, ev = steps[2]
    assert (seat, kind) == (1, "discard")
    (e,) = [e for e in ev if e.type == "character_discarded"]
    assert e.data == {"seat": 1} and e.secret == {"character": chosen} and e.seats == (1,)
    assert e.view(0) == {"type": "character_discarded", "seat": 1}
    assert e.view(1)["character"] == chosen


def test_two_players_wrong_step_kind_is_refused():
    s = GAME.setup(2, 4, {"starting_seat": 0})
    GAME.apply(s, {"type": "pick", "character": names(s, s.pool)[0]})
    # now B must pick, then place a card face down
    offered = names(s, s.pool)
    before = snapshot(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "discard_character", "character": offered[0]})
    assert exc.value.code == "wrong_step" and snapshot(s) == before
    GAME.apply(s, {"type": "pick", "character": offered[0]})
    assert GAME.view(s, 1)["you"]["step"] == "discard"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "pick", "character": offered[1]})
    assert exc.value.code == "wrong_step"
    assert GAME.legal_actions(s) == [{"type": "discard_character", "character": c} for c in offered[1:]]


# -- 3 players (spec §1.4) -----------------------------------------------------------------------------

def test_three_players_each_pick_twice():
    s, steps = drive_draft(3, seed=8, options={"starting_seat": 2})
    a, b, c = 2, 0, 1
    assert [(seat, kind) for seat, kind, *_ in steps] == [(x, "pick") for x in (a, b, c, a, b, c)]
    assert [len(offered) for _, _, offered, _, _ in steps] == [7, 6, 5, 4, 3, 2]
    leftover = [x for x in steps[-1][2] if x != steps[-1][3]]
    initial = s.roster[s.initial_face_down]
    assert sorted(names(s, s.face_down)) == sorted([initial, *leftover])
    for seat in (a, b, c):
        mine = [ch for st, _, _, ch, _ in steps if st == seat]
        assert len(mine) == 2
        assert GAME.view(s, seat)["you"]["characters"] == by_rank(mine)
        assert GAME.view(s, seat)["you"]["draft_seen"] == [o for st, _, o, _, _ in steps if st == seat]
    assert GAME.view(s, a)["you"]["known_face_down"] == [initial]
    assert GAME.view(s, b)["you"]["known_face_down"] == []
    assert GAME.view(s, c)["you"]["known_face_down"] == leftover


# -- 4 to 6 players ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 5, 6])
def test_four_to_six_players_pick_once_and_the_last_card_goes_face_down(players):
    for seed in range(10):
        s, steps = drive_draft(players, seed=seed, choose=lambda i, offered: offered[i % len(offered)])
        size = 7 - FACE_UP[players]
        assert [len(o) for _, _, o, _, _ in steps] == list(range(size, size - players, -1))
        assert steps[-1][2] and len(steps[-1][2]) == 2
        leftover = [x for x in steps[-1][2] if x != steps[-1][3]]
        initial = s.roster[s.initial_face_down]
        assert by_rank(names(s, s.face_down)) == by_rank([initial, *leftover])
        first, last = steps[0][0], steps[-1][0]
        for seat in range(players):
            me = GAME.view(s, seat)["you"]
            assert me["characters"] == [ch for st, _, _, ch, _ in steps if st == seat]
            assert me["draft_seen"] == [o for st, _, o, _, _ in steps if st == seat]
            known = ([initial] if seat == first else []) + (leftover if seat == last else [])
            assert me["known_face_down"] == by_rank(known)
        # face-up cards were never offered to anyone
        for _, _, offered, _, _ in steps:
            assert not set(offered) & set(names(s, s.face_up))


def test_offers_before_the_first_pick():
    s = GAME.setup(4, 21, {"starting_seat": 3})
    me = GAME.view(s, 3)["you"]
    assert me["offered"] == names(s, s.pool) and len(me["offered"]) == 5
    assert me["draft_seen"] == [names(s, s.pool)]
    assert me["known_face_down"] == [s.roster[s.initial_face_down]]
    for other in (0, 1, 2):
        you = GAME.view(s, other)["you"]
        assert you["draft_seen"] == [] and you["known_face_down"] == [] and "offered" not in you
    assert GAME.view(s, None)["to_move"] == 3


def test_pick_events_and_illegal_picks():
    s = GAME.setup(5, 6, {"starting_seat": 0})
    before = snapshot(s)
    missing = next(c for c in ALL if c not in names(s, s.pool))
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "pick", "character": missing})
    assert exc.value.code == "character_unavailable"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "pick", "character": names(s, s.pool)[0]}, seat=1)
    assert exc.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "pick", "character": "queen"})
    assert exc.value.code == "malformed_action"
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "take_gold"})
    assert exc.value.code == "wrong_phase"
    assert snapshot(s) == before
    chosen = names(s, s.pool)[1]
    ev = GAME.apply(s, {"type": "pick", "character": chosen}, seat=0)
    (e,) = ev
    assert e.type == "character_chosen" and e.data == {"seat": 0}
    assert e.secret == {"character": chosen} and e.seats == (0,)
    assert e.view(1) == {"type": "character_chosen", "seat": 0}
    assert GAME.to_move(s) == 1
    assert chosen not in GAME.view(s, 1)["you"]["offered"]
    # nobody else learns the pick
    for other in range(1, 5):
        assert GAME.view(s, other)["players"][0]["characters"] == []
        assert GAME.view(s, other)["you"]["characters"] == []


# -- 7 players (spec §1.4) -----------------------------------------------------------------------------

@pytest.mark.parametrize("take_initial", [True, False])
def test_seven_players_last_drafter_gets_the_initial_face_down_card(take_initial):
    s = GAME.setup(7, 13, {"starting_seat": 4})
    initial = s.roster[s.initial_face_down]
    offers = []
    while len(s.steps) > 1:
        # the crown holder saw every other card, so it knows the initial card is face down (spec §1.4)
        assert GAME.view(s, 4)["you"]["known_face_down"] == [initial]
        offers.append(names(s, s.pool))
        GAME.apply(s, {"type": "pick", "character": names(s, s.pool)[0]})
    assert [len(o) for o in offers] == [7, 6, 5, 4, 3, 2]
    last = GAME.to_move(s)
    assert last == 3  # the 7th seat to the left of the crown
    offered = GAME.view(s, last)["you"]["offered"]
    assert len(offered) == 2 and initial in offered
    assert s.face_down == []  # the initial card was handed over
    assert GAME.view(s, None)["characters"]["face_down_count"] == 0
    other = next(c for c in offered if c != initial)
    chosen = initial if take_initial else other
    GAME.apply(s, {"type": "pick", "character": chosen})
    rest = other if take_initial else initial
    assert names(s, s.face_down) == [rest]
    assert sorted(s.owner[r] for r in range(1, 9) if s.owner[r] >= 0) == list(range(7))
    me = GAME.view(s, last)["you"]
    assert me["characters"] == [chosen]
    assert me["draft_seen"] == [offered]
    assert me["known_face_down"] == [rest]  # it saw both cards
    first = GAME.view(s, 4)["you"]
    assert first["draft_seen"] == [offers[0]] and initial not in offers[0]
    # the crown holder knows which card the initial one was, but no longer whether it is still face down
    assert first["known_face_down"] == []
    for seat in (5, 6, 0, 1, 2):
        assert GAME.view(s, seat)["you"]["known_face_down"] == []


# -- 2-3 players: two characters, one city and one purse (spec §1.4) ---------------------------------

def test_two_characters_share_city_and_purse_and_take_separate_turns():
    s = scenario(2, owners={"king": 1, "merchant": 0, "architect": 0, "warlord": 1}, calling="merchant",
                 revealed=["king", "merchant"], crown=1, cities={0: ["tavern"]}, hands={0: ["palace", "castle",
                 "manor"]}, gold={0: 0})
    GAME.apply(s, {"type": "take_gold"})
    GAME.apply(s, {"type": "collect_income"})
    assert s.gold[0] == 2 + 1 + 1  # Merchant: gold, +1, green income
    ev = GAME.apply(s, {"type": "end_turn"})
    assert [e.type for e in ev] == ["turn_ended", "character_revealed"]
    assert ev[1].data == {"character": "architect", "seat": 0}
    assert GAME.to_move(s) == 0 and s.builds_left == 3 and not s.acted and not s.income_taken
    GAME.apply(s, {"type": "take_gold"})
    GAME.apply(s, {"type": "build", "card": "palace"})  # paid with the Merchant's gold
    assert s.gold[0] == 1
    assert [c["id"] for c in GAME.view(s, 1)["players"][0]["city"]] == ["tavern", "palace"]
    assert GAME.view(s, 1)["players"][0]["characters"] == ["merchant", "architect"]
    ev = GAME.apply(s, {"type": "end_turn"})
    assert ev[1].data == {"character": "warlord", "seat": 1}
    assert GAME.to_move(s) == 1


@pytest.mark.parametrize("players", [2, 3])
def test_each_character_is_called_in_rank_order_after_a_real_draft(players):
    for seed in range(6):
        s, steps = drive_draft(players, seed=seed)
        held = {ch: seat for seat, kind, _, ch, _ in steps if kind == "pick"}
        assert len(held) == 2 * players
        crown_before = s.crown
        calls = []
        while s.round == 1:
            seat = GAME.to_move(s)
            assert seat == s.owner[s.calling]
            calls.append((s.roster[s.calling], seat))
            GAME.apply(s, {"type": "take_gold"})
            GAME.apply(s, {"type": "end_turn"})
        assert calls == sorted(held.items(), key=lambda kv: ALL.index(kv[0]))
        # spec §1.7: the King's player takes the crown; otherwise it stays
        crown = held.get("king", crown_before)
        assert s.crown == crown
        assert s.phase == "draft" and GAME.to_move(s) == crown and s.steps[0][0] == crown
        assert sum(s.gold) == 2 * players + 2 * len(held) + ("merchant" in held)  # Merchant +1
