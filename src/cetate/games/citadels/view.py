"""What each seat may know (spec citadels §1.1 #6) and determinisation for search.

`view` is the only door out of the engine: it never contains another seat's hand, a face-down character
that seat did not see, the deck order or the RNG state.
"""

from __future__ import annotations

from cetate.core.rng import Rng
from cetate.games.citadels.common import shuffle
from cetate.games.citadels.data import (
    COLOURS,
    COST,
    DIPLOMAT,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    DISTRICTS,
    MUSEUM,
    SCORE,
    WARLORD,
)
from cetate.games.citadels.notes import refusals
from cetate.games.citadels.rules import (
    bishop_protects,
    completion_size,
    destroy_price,
    destroy_problem,
    exchange_cost,
    income_amount,
    is_complete,
    legal_actions,
    score_seat,
    takes_initial,
    to_move,
)
from cetate.games.citadels.state import State


def _card(c: int) -> dict:
    d = DISTRICTS[c]
    return {"id": d.id, "colour": COLOURS[d.colour], "cost": COST[c], "score": SCORE[c]}


def _draft_slots(s: State) -> list[tuple[int, str]]:
    """Every draft step of this round in order, done or still to come, as (seat, kind)."""
    return [(who, kind) for who, kind, _ in s.log if kind in ("pick", "discard")] + list(s.steps)


def known_face_down(s: State, seat: int) -> list[int]:
    """Face-down characters this seat knows (spec §1.4): the ones it placed face down itself; the initial
    face-down card if it drafted first (it saw every other card) - when the last drafter is handed that
    card (7 players, or 8), only until then; the initial card if it is that last drafter; the card left
    over after the draft if it made the last draft step."""
    known = {rank for who, kind, rank in s.log if who == seat and kind == "discard"}
    slots = _draft_slots(s)
    merged = takes_initial(s)
    if slots and s.seen[seat]:
        # the last drafter may keep the initial card: from then on the first drafter no longer knows
        # whether it is still face down
        if (slots[0][0] == seat and (not merged or s.phase == "draft")) or (merged and slots[-1][0] == seat):
            known.add(s.initial_face_down)
        if s.phase != "draft" and slots[-1][0] == seat:
            known.update(rank for who, kind, rank in s.log if who == -1 and kind == "face_down")
    return sorted(known & set(s.face_down))


def _city(s: State, seat: int) -> list[dict]:
    left = list(s.beautified[seat])
    out = []
    for c in s.cities[seat]:
        card = _card(c)
        if c in left:
            left.remove(c)
            card["beautified"] = True
            card["score"] += 1
        if c == MUSEUM:
            card["stored"] = len(s.museum[seat])
        out.append(card)
    return out


TURN_PHASES = ("turn", "keep", "magician_discard", "navigator", "wizard", "emperor_crown", "emperor_tribute",
               "lighthouse", "bell_tower", "graveyard")


def view(s: State, seat: int | None) -> dict:
    roster = s.roster
    mover = to_move(s)
    players = []
    for i in range(s.n):
        revealed = [roster[r] for r in s.revealed if s.owner[r] == i]
        players.append({
            "seat": i,
            "gold": s.gold[i],
            "hand_size": len(s.hands[i]),
            "city": _city(s, i),
            "characters": revealed,
            "crown": s.crown == i,
            "complete": is_complete(s, i),
            "score": score_seat(s, i)["total"],  # what the city would score if the game ended now
            "wizard_copies": len(s.wizard_copies[i]),  # duplicates built with the Wizard (not the Quarry's)
        })
    doc: dict = {
        "game": "citadels",
        "round": s.round,
        "phase": s.phase,
        "to_move": mover,
        "players": players,
        "crown": s.crown,
        "deck_size": len(s.deck),
        "discard_pile_size": len(s.discard_pile),
        "bank": s.bank,
        "options": dict(s.options),
        "completion_size": completion_size(s),
        "bell_tower_announced": s.bell_tower,
        "first_complete": None if s.first_complete < 0 else s.first_complete,
        "also_first": list(s.also_first),
        "end_triggered": s.end_triggered,
        "characters": {
            "roster": [r for r in roster[1:] if r],
            "face_up": [roster[r] for r in s.face_up],
            "face_down_count": len(s.face_down),
            "revealed": {roster[r]: s.owner[r] for r in s.revealed},
            "absent": [roster[r] for r in s.absent],
            "killed": roster[s.killed] if s.killed else None,
            "robbed": roster[s.robbed] if s.robbed else None,
            "bewitched": roster[s.bewitched] if s.bewitched else None,
            "calling": roster[s.calling] if s.calling else None,
            "bishop_protects": None,
        },
        "turn": None,
        "graveyard": None,
        "result": s.result,
        "refusals": [],
    }
    protected = bishop_protects(s)
    if protected >= 0 and 5 in s.revealed:
        doc["characters"]["bishop_protects"] = protected
    if s.phase in TURN_PHASES and s.actor >= 0:
        rank = s.calling
        active = s.actor
        doc["turn"] = {
            "seat": active,
            "character": roster[rank],
            "mode": s.mode,
            "acted": s.acted,
            "builds_left": s.builds_left,
            "power_used": s.power_used,
            "income_taken": s.income_taken,
            "income_available": income_amount(s, active, rank),
            "laboratory_used": s.laboratory_used,
            "smithy_used": s.smithy_used,
            "museum_used": s.museum_used,
            "beautified_this_turn": s.beautify_count,
            "drawn_count": len(s.drawn),
            "keep": s.keep,
            "set_aside_count": len(s.set_aside),
            "target": s.target if s.target >= 0 else None,
            "wizard_allowance": s.wizard_dups,  # duplicates may be built for the rest of this turn
        }
    if s.graveyard is not None:
        card, warlord, owner = s.graveyard
        doc["graveyard"] = {"card": DISTRICT_IDS[card], "warlord": warlord, "owner": owner}
    if seat is not None:
        me: dict = {
            "seat": seat,
            "hand": [_card(c) for c in sorted(s.hands[seat])],
            "characters": [roster[r] for r in range(1, len(roster)) if roster[r] and s.owner[r] == seat],
            "draft_seen": [[roster[r] for r in pool] for pool in s.seen[seat]],
            "known_face_down": [roster[r] for r in known_face_down(s, seat)],
            "known_hands": {str(h): [DISTRICT_IDS[c] for c in sorted(cards)]
                            for (o, h), cards in sorted(s.known.items()) if o == seat},
            "museum": [DISTRICT_IDS[c] for c in sorted(s.museum[seat])],
        }
        acting = doc["turn"] is not None and doc["turn"]["seat"] == seat
        if s.phase == "draft" and mover == seat:
            me["offered"] = [roster[r] for r in s.pool]
            me["step"] = s.steps[0][1]
        if s.phase == "keep" and acting:
            me["drawn"] = [_card(c) for c in s.drawn]
        if s.phase == "magician_discard" and acting:
            me["set_aside"] = [_card(c) for c in s.set_aside]
        if s.phase == "wizard" and acting:
            me["wizard_hand"] = [_card(c) for c in sorted(s.hands[s.target])]
        if s.phase == "lighthouse" and acting:
            me["deck_cards"] = [_card(c) for c in sorted(s.deck)]  # the contents, never the order
        if acting and s.codes[s.calling] == WARLORD:
            me["destroy_prices"] = _destroy_prices(s, seat)
        if mover == seat:
            legal = me["legal_actions"] = legal_actions(s)
            doc["refusals"] = refusals(s, seat, legal)
            if acting and s.codes[s.calling] == DIPLOMAT:
                me["exchange_prices"] = [
                    {"give": a["give"], "target": a["target"], "take": a["take"],
                     "price": exchange_cost(s, seat, DISTRICT_INDEX[a["give"]], a["target"], DISTRICT_INDEX[a["take"]])}
                    for a in legal if a["type"] == "exchange"]
        doc["you"] = me
    return doc


def _destroy_prices(s: State, seat: int) -> list[dict]:
    """Every district in play with the Warlord's price and, when it cannot be destroyed, why not."""
    out = []
    for t in range(s.n):
        for c in s.cities[t]:
            out.append({"target": t, "card": DISTRICT_IDS[c], "price": destroy_price(s, t, c),
                        "blocked": destroy_problem(s, seat, t, c)})
    return out


# -- determinisation -----------------------------------------------------------------------------

def determinize(s: State, seat: int, rng: Rng) -> State:
    """A full state that `seat` cannot tell apart from `s`: hidden cards and characters resampled.

    Cards the seat knows to be in another hand (the hand its Magician gave away) stay there; what
    other seats knew of hands other than this seat's is dropped, since those hands are resampled.

    The result depends only on what `seat` knows and on `rng` (the no-peeking property,
    tests/bots/test_no_peeking.py): what is pooled, kept or reshuffled is put in a canonical (sorted) order
    first, since the view lists known cards sorted and never shows the order of another hand, a Museum or
    the deck. The seat's own hand keeps its order (the seat's own cards)."""
    d = s.clone()
    d.known = {k: sorted(v) for k, v in d.known.items() if seat in k}
    d.rng = Rng(rng.next64())  # the future draws are unknown too
    _resample_characters(d, seat, rng)
    _resample_cards(d, seat, rng)
    return d


def _resample_cards(d: State, seat: int, rng: Rng) -> None:
    """Other hands, the deck order, the discard pile, other Museums and face-down card piles are pooled
    and redealt; cards the seat has seen where they are stay there."""
    deck_known = d.phase == "lighthouse" and d.actor == seat  # it is looking through the deck
    unknown: list[int] = [] if deck_known else list(d.deck)
    unknown.extend(d.discard_pile)
    sizes = []
    # cards the seat knows to be in other hands (sorted by `determinize`; copied, as hands are rebuilt)
    fixed: dict[int, list[int]] = {h: cards[:] for (o, h), cards in d.known.items() if o == seat}
    if d.phase == "wizard" and d.actor == seat:
        fixed[d.target] = sorted(d.hands[d.target])  # the Wizard sees that hand, in no particular order
    d.museum[seat].sort()  # the seat knows what its Museum holds, and the view shows it sorted
    for i in range(d.n):
        if i != seat:
            rest = d.hands[i][:]
            for c in fixed.get(i, ()):
                rest.remove(c)  # cards the seat knows stay where they are
            unknown.extend(rest)
            unknown.extend(d.museum[i])
        sizes.append(len(d.hands[i]) - len(fixed.get(i, ())))
    hidden_drawn = d.phase == "keep" and d.actor != seat
    if hidden_drawn:
        unknown.extend(d.drawn)
    hidden_aside = d.phase == "magician_discard" and d.actor != seat
    if hidden_aside:
        unknown.extend(d.set_aside)
    unknown.sort()  # canonical order first: the result depends on what the seat knows, not on the true order
    shuffle(rng, unknown)
    pos = 0
    for i in range(d.n):
        if i != seat:
            d.hands[i] = fixed.get(i, []) + unknown[pos:pos + sizes[i]]
            pos += sizes[i]
            k = len(d.museum[i])
            d.museum[i] = unknown[pos:pos + k]
            pos += k
    if hidden_drawn:
        k = len(d.drawn)
        d.drawn = unknown[pos:pos + k]
        pos += k
    if hidden_aside:
        k = len(d.set_aside)
        d.set_aside = unknown[pos:pos + k]
        pos += k
    k = len(d.discard_pile)
    d.discard_pile = unknown[pos:pos + k]
    pos += k
    if deck_known:
        d.deck.sort()  # the Lighthouse shows the contents, not the order: canonical first, then shuffled
        shuffle(rng, d.deck)
    else:
        d.deck = unknown[pos:]


def _resample_characters(d: State, seat: int, rng: Rng) -> None:
    """Replay the draft with other seats' choices resampled, consistent with every pool `seat` saw,
    the characters revealed so far (and who revealed them) and the characters nobody answered for."""
    if not d.log or d.log[0][1] != "initial_face_down":
        return  # a hand-made state without a draft history: nothing to resample consistently
    roster_ranks = [r for r in range(1, len(d.roster)) if d.roster[r]]
    face_up = set(d.face_up)
    observations = list(d.seen[seat])
    revealed_owner = {r: d.owner[r] for r in d.revealed}
    absent = set(d.absent)
    # the draft slots in order (who, kind); the initial face-down card is chosen first
    slots = [(who, kind) for who, kind, _ in d.log if kind in ("pick", "discard")]
    true_ranks = [rank for _, kind, rank in d.log if kind in ("pick", "discard")]
    mine = [i for i, (who, _) in enumerate(slots) if who == seat]
    for _attempt in range(200):
        ok, result = _sample_draft(d, seat, rng, roster_ranks, face_up, observations, slots, true_ranks, mine,
                                   revealed_owner, absent)
        if ok:
            _install_draft(d, seat, *result)
            return
    # No consistent resample was found in 200 tries. The sampler always finds one for states reached by
    # play (tests/games/citadels/test_determinize.py); for a hand-made state the characters stay as they are.


def _sample_draft(d, seat, rng, roster_ranks, face_up, observations, slots, true_ranks, mine,
                  revealed_owner, absent):
    n = d.n
    all_ranks = [r for r in roster_ranks if r not in face_up]
    first_obs = set(observations[0]) if observations else set()
    seven = takes_initial(d)
    # initial face-down card: never in the seat's first pool, unless that pool is the last drafter's pool
    # and the last drafter is handed the initial card (7 players, or 8)
    all_slots = slots + list(d.steps if d.phase == "draft" else [])
    if seven and all_slots[-1][0] == seat and len(observations) == 1:
        initial = d.initial_face_down  # the 7th drafter was handed it
    else:
        last = all_slots[-1][0] if seven else -1  # with 7 players the last drafter may hold it
        cands = [r for r in all_ranks if r not in first_obs and revealed_owner.get(r, last) == last]
        if not cands:
            cands = [r for r in all_ranks if r not in first_obs]
        if not cands:
            return False, None
        cands.sort()
        initial = cands[rng.below(len(cands))]
    pool = [r for r in all_ranks if r != initial]
    assigned: list[int] = []
    obs_index = 0
    seen_by: list[list[tuple]] = [[] for _ in range(n)]
    for i, (who, _kind) in enumerate(slots):
        if seven and i == n - 1:
            pool.append(initial)
        snapshot = tuple(sorted(pool))
        seen_by[who].append(snapshot)
        if who == seat:
            if obs_index < len(observations) and set(snapshot) != set(observations[obs_index]):
                return False, None
            obs_index += 1
            rank = true_ranks[i]
        else:
            nxt = set(observations[obs_index]) if obs_index < len(observations) else None
            cands = [r for r in pool if nxt is None or r not in nxt]
            forced = [r for r in cands if revealed_owner.get(r) == who]
            if forced:
                cands = forced
            else:
                cands = [r for r in cands if r not in revealed_owner and (_kind == "discard" or r not in absent)]
            if not cands:
                return False, None
            rank = cands[rng.below(len(cands))]
        pool.remove(rank)
        assigned.append(rank)
    if d.phase == "draft":
        # the draft is under way: the current pool is what remains
        if seven and len(slots) == n - 1 and initial not in pool:
            pool.append(initial)
        who = d.steps[0][0]
        seen_by[who].append(tuple(sorted(pool)))
        if who == seat and set(seen_by[who][-1]) != set(observations[-1]):
            return False, None
    # every revealed character must have landed with its owner; absent ones must not be held
    owner = {}
    for (who, kind), rank in zip(slots, assigned, strict=True):
        if kind == "pick":
            owner[rank] = who
    for r, who in revealed_owner.items():
        if owner.get(r) != who:
            return False, None
    if any(r in owner for r in absent):
        return False, None
    return True, (initial, assigned, pool, seen_by, owner)


def _install_draft(d: State, seat: int, initial: int, assigned: list[int], pool: list[int], seen_by, owner) -> None:
    slots = [(who, kind) for who, kind, _ in d.log if kind in ("pick", "discard")]
    log = [(-1, "initial_face_down", initial)]
    merged = takes_initial(d)
    face_down = [] if (merged and len(slots) >= d.n) else [initial]
    for (who, kind), rank in zip(slots, assigned, strict=True):
        log.append((who, kind, rank))
        if kind == "discard":
            face_down.append(rank)
    if d.phase == "draft":
        d.pool = sorted(pool)
        if merged and len(slots) == d.n - 1:
            face_down = [r for r in face_down if r != initial]
    else:
        for r in pool:
            log.append((-1, "face_down", r))
            face_down.append(r)
        d.pool = []
    d.log = log
    d.initial_face_down = initial
    d.face_down = face_down
    d.owner = [-1] * len(d.roster)
    for rank, who in owner.items():
        d.owner[rank] = who
    seen = [list(ps) for ps in seen_by]
    seen[seat] = list(d.seen[seat])
    d.seen = seen
