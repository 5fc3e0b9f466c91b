"""Citadels rules: setup, whose move it is, legal actions and their effects (spec citadels §1-§3).

Every public function takes a `State` and mutates it in place. `apply` validates an action completely
before it changes anything, so an `IllegalAction` leaves the state exactly as it was.
"""

from __future__ import annotations

from cetate.core.errors import IllegalAction
from cetate.core.events import Event
from cetate.core.rng import Rng
from cetate.games.citadels.data import (
    ARCHITECT,
    ASSASSIN,
    BASE_ROSTER,
    BISHOP,
    CHARACTER_INDEX,
    COLOUR,
    COLOURS,
    COST,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    FACE_UP_REMOVALS,
    GRAVEYARD,
    GREAT_WALL,
    HAUNTED_CITY,
    KEEP,
    KING,
    LABORATORY,
    LIBRARY,
    MAGICIAN,
    MERCHANT,
    OBSERVATORY,
    PURPLE,
    SCHOOL_OF_MAGIC,
    SCORE,
    SMITHY,
    THIEF,
    WARLORD,
)
from cetate.games.citadels.state import State, deck_for

ROSTER = (None, *BASE_ROSTER)
RANK_OF = {cid: rank for rank, cid in enumerate(ROSTER) if cid}
INCOME = tuple(CHARACTER_INDEX[c].income if c else None for c in ROSTER)
STARTING_HAND = 4
STARTING_GOLD = 2


def _illegal(code: str, message: str, **params) -> IllegalAction:
    return IllegalAction(code, message, **params)


# -- setup and rounds ----------------------------------------------------------------------------

def setup(n: int, seed: int | str, options: dict) -> State:
    s = State.__new__(State)
    s.n = n
    s.options = options
    s.rng = rng = Rng.from_seed(seed)
    deck = deck_for(options)
    rng.shuffle(deck)
    s.deck = deck
    s.discard_pile = []
    limit = options["bank_limit"]
    s.bank = limit
    s.gold = [0] * n
    for i in range(n):
        s.gold[i] = _take_from_bank(s, STARTING_GOLD)
    s.hands = [[deck.pop() for _ in range(STARTING_HAND)] for _ in range(n)]
    s.cities = [[] for _ in range(n)]
    s.haunted_round = [-1] * n
    s.roster = ROSTER
    start = options["starting_seat"]
    s.crown = rng.below(n) if start is None else start
    s.round = 0
    s.first_complete = -1
    s.end_triggered = False
    s.result = None
    s.graveyard = None
    s.known = {}
    _reset_turn(s, 0)
    _start_round(s, [])
    return s


def _take_from_bank(s: State, amount: int) -> int:
    """Gold that the bank can pay (all of it unless the bank is capped)."""
    if s.bank is None:
        return amount
    paid = min(amount, s.bank)
    s.bank -= paid
    return paid


def _pay(s: State, seat: int, amount: int) -> None:
    s.gold[seat] -= amount
    if s.bank is not None:
        s.bank += amount


def _reset_turn(s: State, rank: int) -> None:
    s.acted = False
    s.builds_left = 3 if rank == ARCHITECT else 1  # spec §1.5 4a: Architect builds up to 3
    s.power_used = False
    s.income_taken = False
    s.laboratory_used = False
    s.smithy_used = False
    s.drawn = []
    s.keep = 0
    s.set_aside = []


def _draft_steps(n: int, crown: int) -> list[tuple[int, str]]:
    """spec §1.4: who picks (or discards) in which order, starting from the crown holder."""
    order = [(crown + i) % n for i in range(n)]
    if n == 2:
        a, b = order
        return [(a, "pick"), (b, "pick"), (b, "discard"), (a, "pick"), (a, "discard"), (b, "pick")]
    if n == 3:
        return [(seat, "pick") for seat in order + order]
    return [(seat, "pick") for seat in order]


def _start_round(s: State, ev: list) -> None:
    s.round += 1
    rng = s.rng
    s.owner = [-1] * len(s.roster)
    s.revealed = []
    s.absent = []
    s.killed = 0
    s.robbed = 0
    s.calling = 0
    s.log = []
    s.seen = [[] for _ in range(s.n)]
    ranks = [r for r in range(1, len(s.roster)) if s.roster[r]]
    rng.shuffle(ranks)
    # spec §1.3: one card face down at random, then N face up; the King is never face up
    first = ranks.pop()
    s.initial_face_down = first
    s.face_down = [first]
    s.log.append((-1, "initial_face_down", first))
    candidates = [r for r in ranks if r != KING]
    rng.shuffle(candidates)
    s.face_up = sorted(candidates[:FACE_UP_REMOVALS[s.n]])
    s.pool = sorted(r for r in ranks if r not in s.face_up)
    s.steps = _draft_steps(s.n, s.crown)
    s.phase = "draft"
    ev.append(Event("round_started", {"round": s.round, "crown": s.crown,
                                      "face_up": [s.roster[r] for r in s.face_up]}))
    _offer(s)


def _offer(s: State) -> None:
    """Hand the pool to the next drafter and remember what they saw (spec §1.4)."""
    seat, _kind = s.steps[0]
    if s.n == 7 and len(s.steps) == 1 and s.initial_face_down in s.face_down:
        # spec §1.4, 7 players: the last drafter also takes the initial face-down card
        s.face_down.remove(s.initial_face_down)
        s.pool = sorted([*s.pool, s.initial_face_down])
    s.seen[seat].append(tuple(s.pool))


def _end_draft(s: State, ev: list) -> None:
    for r in s.pool:  # the one card left after the draft goes face down, unseen
        s.face_down.append(r)
        s.log.append((-1, "face_down", r))
    s.pool = []
    s.steps = []
    ev.append(Event("draft_ended", {}))
    s.calling = 0
    _next_call(s, ev)


def _next_call(s: State, ev: list) -> None:
    """spec §1.5: call the characters in rank order; skip absent and assassinated ones."""
    roster = s.roster
    for rank in range(s.calling + 1, len(roster)):
        if not roster[rank]:
            continue
        s.calling = rank
        cid = roster[rank]
        if rank == s.killed:
            ev.append(Event("character_silent", {"character": cid}))  # the victim stays silent
            continue
        seat = s.owner[rank]
        if seat < 0:
            s.absent.append(rank)
            ev.append(Event("character_absent", {"character": cid}))
            continue
        s.revealed.append(rank)
        ev.append(Event("character_revealed", {"character": cid, "seat": seat}))
        if rank == s.robbed:  # spec §1.6 Thief: all the victim's gold, at the reveal
            thief = s.owner[THIEF]
            amount = s.gold[seat]
            if thief >= 0 and thief != seat and amount:
                s.gold[thief] += amount
                s.gold[seat] = 0
            ev.append(Event("robbed", {"seat": seat, "thief": thief, "amount": amount if thief != seat else 0,
                                       "character": cid}))
        if rank == KING:
            _move_crown(s, seat, ev, "king")
        _reset_turn(s, rank)
        s.phase = "turn"
        return
    _end_round(s, ev)


def _move_crown(s: State, seat: int, ev: list, reason: str) -> None:
    if s.crown != seat:  # spec §1.7: only a real change of holder moves the crown
        ev.append(Event("crown_moved", {"seat": seat, "previous": s.crown, "reason": reason}))
        s.crown = seat


def _end_round(s: State, ev: list) -> None:
    s.calling = 0
    # spec §3 #5: the assassinated King's player reveals at the end of the round and takes the crown
    if s.killed == KING and s.owner[KING] >= 0:
        heir = s.owner[KING]
        ev.append(Event("king_heir", {"seat": heir, "character": s.roster[KING]}))
        _move_crown(s, heir, ev, "heir")
    ev.append(Event("round_ended", {"round": s.round}))
    if s.end_triggered:
        _finish(s, ev, stalled=False)
    elif s.round >= s.options["max_rounds"]:
        _finish(s, ev, stalled=True)  # spec §1.8: a stalled game is scored as at a normal end
    else:
        _start_round(s, ev)


# -- scoring (spec §1.9, §1.10) ------------------------------------------------------------------

def score_seat(s: State, seat: int) -> dict:
    city = s.cities[seat]
    districts = sum(SCORE[c] for c in city)
    colours = {COLOUR[c] for c in city if c != HAUNTED_CITY}
    has_haunted = HAUNTED_CITY in city
    if has_haunted:
        # spec §2.2: counts as any colour, unless it was built in the last round of the game
        if s.haunted_round[seat] != s.round:
            colours.add(next((c for c in range(5) if c not in colours), PURPLE))
        else:
            colours.add(PURPLE)
    all_colours = 3 if len(colours) == 5 else 0
    size = s.options["completion_size"]
    first = 4 if s.first_complete == seat else 0
    complete = 2 if not first and len(city) >= size else 0
    total = districts + all_colours + first + complete
    return {"seat": seat, "total": total, "districts": districts, "all_colours": all_colours,
            "first_complete": first, "complete": complete, "gold": s.gold[seat]}


def compute_result(s: State, stalled: bool = False) -> dict:
    scores = [score_seat(s, i) for i in range(s.n)]

    def key(sc: dict) -> tuple:
        return (sc["total"], sc["districts"], sc["gold"])

    order = sorted(range(s.n), key=lambda i: key(scores[i]), reverse=True)
    best = scores[order[0]]
    winners = [i for i in order if key(scores[i]) == key(best)]
    top_total = [i for i in order if scores[i]["total"] == best["total"]]
    if len(top_total) == 1:
        tie_break = "none"
    elif len([i for i in top_total if scores[i]["districts"] == best["districts"]]) == 1:
        tie_break = "districts"
    elif len(winners) == 1:
        tie_break = "gold"
    else:
        tie_break = "shared"
    ranks = [0] * s.n
    for pos, i in enumerate(order):
        ranks[i] = pos + 1 if pos == 0 or key(scores[i]) != key(scores[order[pos - 1]]) else ranks[order[pos - 1]]
    for i, sc in enumerate(scores):
        sc["rank"] = ranks[i]
    return {"scores": scores, "ranking": order, "winners": winners, "tie_break": tie_break,
            "rounds": s.round, "stalled": stalled}


def _finish(s: State, ev: list, stalled: bool) -> None:
    s.phase = "over"
    s.calling = 0
    s.result = compute_result(s, stalled)
    ev.append(Event("game_over", {"winners": s.result["winners"], "tie_break": s.result["tie_break"],
                                  "totals": [sc["total"] for sc in s.result["scores"]], "stalled": stalled}))


# -- cards moving --------------------------------------------------------------------------------

def _draw(s: State, k: int, ev: list) -> list[int]:
    """Up to k cards from the top; with a discard pile, an empty deck is refilled (spec §1.12)."""
    out = []
    deck = s.deck
    for _ in range(k):
        if not deck:
            if s.options["discard_mode"] == "discard_pile" and s.discard_pile:
                deck.extend(s.discard_pile)
                s.discard_pile.clear()
                s.rng.shuffle(deck)
                ev.append(Event("deck_reshuffled", {"size": len(deck)}))
            else:
                break
        out.append(deck.pop())
    return out


def _discard(s: State, cards: list[int]) -> None:
    if s.options["discard_mode"] == "deck_bottom":
        s.deck[0:0] = cards  # the bottom is index 0
    else:
        s.discard_pile.extend(cards)


def _names(cards: list[int]) -> list[str]:
    return [DISTRICT_IDS[c] for c in cards]


# -- what seats know of other hands (for views and determinisation) --------------------------------
# s.known[(observer, holder)] lists cards the observer knows to be in the holder's hand, e.g. the hand
# the Magician gave away. Public removals keep the rest of that knowledge; a secret removal drops it.

def _forget_hand(s: State, holder: int) -> None:
    for key in [k for k in s.known if k[1] == holder]:
        del s.known[key]


def _known_card_left(s: State, holder: int, card: int) -> None:
    for (_o, h), cards in list(s.known.items()):
        if h == holder and card in cards:
            cards.remove(card)
    for key in [k for k, v in s.known.items() if not v]:
        del s.known[key]


# -- queries -------------------------------------------------------------------------------------

def to_move(s: State) -> int | None:
    phase = s.phase
    if phase == "draft":
        return s.steps[0][0]
    if phase == "over":
        return None
    if phase == "graveyard":
        return s.graveyard[2]
    return s.owner[s.calling]


def income_amount(s: State, seat: int, rank: int) -> int:
    colour = INCOME[rank]
    if colour is None:
        return 0
    # spec §2.2 School of Magic: any colour for income, so it always pays the income character
    return sum(1 for c in s.cities[seat] if COLOUR[c] == colour or c == SCHOOL_OF_MAGIC)


def bishop_protects(s: State) -> int:
    """The seat protected by a living Bishop this round, or -1 (spec §1.6 Bishop, §3 #3)."""
    b = s.owner[BISHOP]
    return b if b >= 0 and s.killed != BISHOP else -1


def destroy_price(s: State, target: int, card: int) -> int:
    """spec §1.6 Warlord: cost minus 1; the Great Wall adds 1 for its owner's other districts."""
    price = COST[card] - 1
    if card != GREAT_WALL and GREAT_WALL in s.cities[target]:
        price += 1
    return price


def is_complete(s: State, seat: int) -> bool:
    return len(s.cities[seat]) >= s.options["completion_size"]


def can_build(s: State, seat: int, card: int) -> str | None:
    """None if `seat` may build `card` from hand now, else the reason code."""
    if not s.acted:
        return "build_before_action"
    if s.builds_left <= 0:
        return "no_builds_left"
    if card not in s.hands[seat]:
        return "card_not_in_hand"
    if card in s.cities[seat]:
        return "duplicate_district"
    if COST[card] > s.gold[seat]:
        return "cannot_afford"
    return None


def _destroy_targets(s: State, seat: int) -> list[tuple[int, int, int]]:
    out = []
    protected = bishop_protects(s)
    gold = s.gold[seat]
    for target in range(s.n):
        if target == protected or is_complete(s, target):
            continue
        seen = set()
        for card in s.cities[target]:
            if card == KEEP or card in seen:
                continue
            seen.add(card)
            price = destroy_price(s, target, card)
            if price <= gold:
                out.append((target, card, price))
    return out


def legal_actions(s: State) -> list[dict]:
    phase = s.phase
    if phase == "draft":
        kind = s.steps[0][1]
        atype = "pick" if kind == "pick" else "discard_character"
        roster = s.roster
        return [{"type": atype, "character": roster[r]} for r in s.pool]
    if phase == "turn":
        return _turn_actions(s)
    if phase == "keep":
        return [{"type": "keep", "card": DISTRICT_IDS[c]} for c in sorted(set(s.drawn))]
    if phase == "magician_discard":
        seat = s.owner[s.calling]
        acts = [{"type": "discard", "card": DISTRICT_IDS[c]} for c in sorted(set(s.hands[seat]))]
        acts.append({"type": "stop_discarding"})
        return acts
    if phase == "graveyard":
        return [{"type": "graveyard_take"}, {"type": "graveyard_decline"}]
    return []


def _turn_actions(s: State) -> list[dict]:
    rank = s.calling
    seat = s.owner[rank]
    acts: list[dict] = []
    acted = s.acted
    city = s.cities[seat]
    hand = s.hands[seat]
    gold = s.gold[seat]
    if not acted:
        acts.append({"type": "take_gold"})
        acts.append({"type": "draw_cards"})
    else:
        if s.builds_left > 0:
            for c in sorted(set(hand)):
                if COST[c] <= gold and c not in city:
                    acts.append({"type": "build", "card": DISTRICT_IDS[c]})
    if not s.income_taken and INCOME[rank] is not None and income_amount(s, seat, rank) > 0:
        acts.append({"type": "collect_income"})
    if not s.power_used:
        roster = s.roster
        if rank == ASSASSIN:
            acts.extend({"type": "assassinate", "character": roster[r]}
                        for r in range(2, len(roster)) if roster[r])
        elif rank == THIEF:
            acts.extend({"type": "steal", "character": roster[r]}
                        for r in range(3, len(roster)) if roster[r] and r != s.killed)
        elif rank == MAGICIAN:
            acts.extend({"type": "swap_hands", "target": t} for t in range(s.n) if t != seat)
            if hand:
                acts.append({"type": "discard_and_draw"})
        elif rank == WARLORD and (acted or s.options["warlord_timing"] == "any_time"):
            acts.extend({"type": "destroy", "target": t, "card": DISTRICT_IDS[c]}
                        for t, c, _ in _destroy_targets(s, seat))
    if LABORATORY in city and not s.laboratory_used:
        acts.extend({"type": "laboratory", "card": DISTRICT_IDS[c]} for c in sorted(set(hand)))
    if SMITHY in city and not s.smithy_used and gold >= 2:
        acts.append({"type": "smithy"})
    if acted:
        acts.append({"type": "end_turn"})
    return acts


# -- apply ---------------------------------------------------------------------------------------

def _field(action: dict, name: str, kind: type) -> object:
    value = action.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise _illegal("malformed_action", f"action {action.get('type')!r} needs a field {name!r} of type "
                       f"{kind.__name__}", field=name)
    return value


def _card_field(action: dict, name: str = "card") -> int:
    value = _field(action, name, str)
    card = DISTRICT_INDEX.get(value)
    if card is None:
        raise _illegal("malformed_action", f"{value!r} is not a district card", field=name)
    return card


def _character_field(s: State, action: dict) -> int:
    value = _field(action, "character", str)
    rank = RANK_OF.get(value)
    if rank is None or s.roster[rank] != value:
        raise _illegal("malformed_action", f"{value!r} is not a character of this game", field="character")
    return rank


def _seat_field(s: State, action: dict, name: str = "target") -> int:
    value = _field(action, name, int)
    if not 0 <= value < s.n:
        raise _illegal("malformed_action", f"{name} must be a seat from 0 to {s.n - 1}", field=name)
    return value


def apply(s: State, action: object, seat: int | None = None) -> list[Event]:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise _illegal("malformed_action", "an action must be an object with a string field 'type'")
    if s.phase == "over":
        raise _illegal("game_over", "the game is over")
    mover = to_move(s)
    if seat is not None and seat != mover:
        raise _illegal("not_your_turn", "it is not this seat's turn", seat=seat)
    handler = _HANDLERS.get(action["type"])
    if handler is None:
        raise _illegal("unknown_action", f"unknown action type {action['type']!r}")
    phase, allowed = handler[0], handler[1]
    if s.phase != phase:
        raise _illegal("wrong_phase", f"{action['type']!r} is not possible in the {s.phase} phase",
                       phase=s.phase)
    ev: list[Event] = []
    allowed(s, mover, action, ev)
    return ev


# each handler validates everything first, then mutates

def _do_pick(s: State, seat: int, action: dict, ev: list) -> None:
    if s.steps[0][1] != "pick":
        raise _illegal("wrong_step", "now you must place a character face down, not pick one")
    rank = _character_field(s, action)
    if rank not in s.pool:
        raise _illegal("character_unavailable", f"{action['character']!r} is not among the characters offered")
    s.pool.remove(rank)
    s.owner[rank] = seat
    s.log.append((seat, "pick", rank))
    ev.append(Event("character_chosen", {"seat": seat}, {"character": s.roster[rank]}, (seat,)))
    _after_draft_step(s, ev)


def _do_discard_character(s: State, seat: int, action: dict, ev: list) -> None:
    if s.steps[0][1] != "discard":
        raise _illegal("wrong_step", "now you must pick a character, not place one face down")
    rank = _character_field(s, action)
    if rank not in s.pool:
        raise _illegal("character_unavailable", f"{action['character']!r} is not among the characters offered")
    s.pool.remove(rank)
    s.face_down.append(rank)
    s.log.append((seat, "discard", rank))
    ev.append(Event("character_discarded", {"seat": seat}, {"character": s.roster[rank]}, (seat,)))
    _after_draft_step(s, ev)


def _after_draft_step(s: State, ev: list) -> None:
    s.steps.pop(0)
    if s.steps:
        _offer(s)
    else:
        _end_draft(s, ev)


def _need_unacted(s: State) -> None:
    if s.acted:
        raise _illegal("already_acted", "you have already taken your action this turn")


def _do_take_gold(s: State, seat: int, action: dict, ev: list) -> None:
    _need_unacted(s)
    amount = _take_from_bank(s, 2)
    s.gold[seat] += amount
    s.acted = True
    ev.append(Event("gold_taken", {"seat": seat, "amount": amount}))
    _after_action(s, seat, ev)


def _do_draw_cards(s: State, seat: int, action: dict, ev: list) -> None:
    _need_unacted(s)
    city = s.cities[seat]
    observatory = OBSERVATORY in city
    library = LIBRARY in city
    # spec §1.5 step 2 and §2.5 #19: Observatory draws 3; Library keeps all; both: draw 3, keep 2
    cards = _draw(s, 3 if observatory else 2, ev)
    keep = 2 if (observatory and library) else (len(cards) if library else 1)
    s.acted = True
    ev.append(Event("cards_drawn", {"seat": seat, "count": len(cards)}, {"cards": _names(cards)}, (seat,)))
    if len(cards) <= keep:
        s.hands[seat].extend(cards)
        ev.append(Event("cards_kept", {"seat": seat, "count": len(cards)}, {"cards": _names(cards)}, (seat,)))
        _after_action(s, seat, ev)
    else:
        s.drawn = cards
        s.keep = keep
        s.phase = "keep"


def _do_keep(s: State, seat: int, action: dict, ev: list) -> None:
    card = _card_field(action)
    if card not in s.drawn:
        raise _illegal("card_not_drawn", f"{action['card']!r} is not among the cards you drew")
    s.drawn.remove(card)
    s.hands[seat].append(card)
    s.keep -= 1
    ev.append(Event("cards_kept", {"seat": seat, "count": 1}, {"cards": [DISTRICT_IDS[card]]}, (seat,)))
    if s.keep == 0 or not s.drawn:
        rest = s.drawn
        if rest:
            _discard(s, rest)
            ev.append(Event("cards_returned", {"seat": seat, "count": len(rest),
                                               "to": s.options["discard_mode"]},
                            {"cards": _names(rest)}, (seat,)))
        s.drawn = []
        s.keep = 0
        s.phase = "turn"
        _after_action(s, seat, ev)


def _after_action(s: State, seat: int, ev: list) -> None:
    rank = s.calling
    if rank == MERCHANT:  # spec §1.6 Merchant: +1 gold after the action
        amount = _take_from_bank(s, 1)
        s.gold[seat] += amount
        ev.append(Event("bonus_gold", {"seat": seat, "amount": amount, "character": s.roster[rank]}))
    elif rank == ARCHITECT:  # spec §1.6 Architect: +2 cards after the action
        cards = _draw(s, 2, ev)
        s.hands[seat].extend(cards)
        ev.append(Event("bonus_cards", {"seat": seat, "count": len(cards), "character": s.roster[rank]},
                        {"cards": _names(cards)}, (seat,)))


def _do_collect_income(s: State, seat: int, action: dict, ev: list) -> None:
    rank = s.calling
    if INCOME[rank] is None:
        raise _illegal("no_income", f"the {s.roster[rank]} has no district income")
    if s.income_taken:
        raise _illegal("income_taken", "you have already collected your income this turn (all at once)")
    amount = income_amount(s, seat, rank)
    if amount == 0:
        raise _illegal("no_income", "your city has no district of this character's colour")
    paid = _take_from_bank(s, amount)
    s.gold[seat] += paid
    s.income_taken = True
    ev.append(Event("income", {"seat": seat, "amount": paid, "colour": COLOURS[INCOME[rank]],
                               "character": s.roster[rank]}))


def _do_build(s: State, seat: int, action: dict, ev: list) -> None:
    card = _card_field(action)
    reason = can_build(s, seat, card)
    if reason is not None:
        raise _illegal(reason, _BUILD_REASONS[reason].format(card=action["card"]), card=action["card"])
    _pay(s, seat, COST[card])
    s.hands[seat].remove(card)
    s.cities[seat].append(card)
    s.builds_left -= 1
    if s.known:
        _known_card_left(s, seat, card)
    if card == HAUNTED_CITY:
        s.haunted_round[seat] = s.round
    ev.append(Event("built", {"seat": seat, "card": DISTRICT_IDS[card], "cost": COST[card]}))
    _check_completion(s, seat, ev)


_BUILD_REASONS = {
    "build_before_action": "you must take gold or draw cards before you build",
    "no_builds_left": "you cannot build more districts this turn",
    "card_not_in_hand": "{card!r} is not in your hand",
    "duplicate_district": "your city already has a {card!r}; a city may not hold two districts of the same name",
    "cannot_afford": "you do not have enough gold to build {card!r}",
}


def _check_completion(s: State, seat: int, ev: list) -> None:
    size = s.options["completion_size"]
    if len(s.cities[seat]) == size:
        first = s.first_complete < 0
        if first:  # spec §1.8: record the first city to reach the completion size; the end is now fixed
            s.first_complete = seat
            s.end_triggered = True
        ev.append(Event("city_completed", {"seat": seat, "first": first}))


def _need_power(s: State, rank: int, name: str) -> None:
    if s.calling != rank:
        raise _illegal("not_your_power", f"only the {s.roster[rank]} can {name}")
    if s.power_used:
        raise _illegal("power_used", "you have already used your character's power this turn")


def _do_assassinate(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, ASSASSIN, "assassinate")
    target = _character_field(s, action)
    if target == ASSASSIN:
        raise _illegal("bad_target", "the Assassin cannot name himself")
    s.killed = target
    s.power_used = True
    ev.append(Event("assassinated", {"seat": seat, "character": s.roster[target]}))


def _do_steal(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, THIEF, "steal")
    target = _character_field(s, action)
    if target in (ASSASSIN, THIEF):
        raise _illegal("bad_target", "the Thief cannot rob the Assassin or himself")
    if target == s.killed:
        raise _illegal("bad_target", "the Thief cannot rob the assassinated character")
    s.robbed = target
    s.power_used = True
    ev.append(Event("thief_named", {"seat": seat, "character": s.roster[target]}))


def _do_swap_hands(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, MAGICIAN, "swap hands")
    target = _seat_field(s, action)
    if target == seat:
        raise _illegal("bad_target", "the Magician must swap with another player")
    mine, theirs = s.hands[seat], s.hands[target]
    s.hands[seat], s.hands[target] = theirs, mine
    s.power_used = True
    if s.known or mine or theirs:  # knowledge follows the hands; each now knows the hand it gave away
        swapped = {seat: target, target: seat}
        known = {(o, swapped.get(h, h)): cards for (o, h), cards in s.known.items()}
        known.pop((target, target), None)
        known.pop((seat, seat), None)
        if mine:
            known[(seat, target)] = mine[:]
        if theirs:
            known[(target, seat)] = theirs[:]
        s.known = known
    ev.append(Event("hands_swapped", {"seat": seat, "target": target, "gave": len(mine), "got": len(theirs)}))
    ev.append(Event("hand_received", {"seat": seat}, {"cards": _names(theirs)}, (seat,)))
    ev.append(Event("hand_received", {"seat": target}, {"cards": _names(mine)}, (target,)))


def _do_discard_and_draw(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, MAGICIAN, "exchange cards with the deck")
    if not s.hands[seat]:
        raise _illegal("empty_hand", "you have no cards to discard")
    s.power_used = True
    s.set_aside = []
    s.phase = "magician_discard"


def _do_discard(s: State, seat: int, action: dict, ev: list) -> None:
    card = _card_field(action)
    if card not in s.hands[seat]:
        raise _illegal("card_not_in_hand", f"{action['card']!r} is not in your hand")
    s.hands[seat].remove(card)
    s.set_aside.append(card)
    if s.known:
        _forget_hand(s, seat)


def _do_stop_discarding(s: State, seat: int, action: dict, ev: list) -> None:
    cards = s.set_aside
    # spec §1.6 Magician (b): the discards go first (deck bottom), then as many cards are drawn
    _discard(s, cards)
    drawn = _draw(s, len(cards), ev)
    s.hands[seat].extend(drawn)
    s.set_aside = []
    s.phase = "turn"
    ev.append(Event("cards_exchanged", {"seat": seat, "count": len(cards), "drawn": len(drawn)},
                    {"discarded": _names(cards), "cards": _names(drawn)}, (seat,)))


def _do_laboratory(s: State, seat: int, action: dict, ev: list) -> None:
    if LABORATORY not in s.cities[seat]:
        raise _illegal("no_district", "you have no Laboratory")
    if s.laboratory_used:
        raise _illegal("district_used", "the Laboratory works once per turn")
    card = _card_field(action)
    if card not in s.hands[seat]:
        raise _illegal("card_not_in_hand", f"{action['card']!r} is not in your hand")
    s.hands[seat].remove(card)
    if s.known:
        _forget_hand(s, seat)
    _discard(s, [card])
    amount = _take_from_bank(s, 1)
    s.gold[seat] += amount
    s.laboratory_used = True
    ev.append(Event("laboratory_used", {"seat": seat, "amount": amount}, {"card": DISTRICT_IDS[card]}, (seat,)))


def _do_smithy(s: State, seat: int, action: dict, ev: list) -> None:
    if SMITHY not in s.cities[seat]:
        raise _illegal("no_district", "you have no Smithy")
    if s.smithy_used:
        raise _illegal("district_used", "the Smithy works once per turn")
    if s.gold[seat] < 2:
        raise _illegal("cannot_afford", "the Smithy costs 2 gold")
    _pay(s, seat, 2)
    cards = _draw(s, 3, ev)
    s.hands[seat].extend(cards)
    s.smithy_used = True
    ev.append(Event("smithy_used", {"seat": seat, "paid": 2, "count": len(cards)}, {"cards": _names(cards)},
                    (seat,)))


def _do_destroy(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, WARLORD, "destroy a district")
    at_end = s.options["warlord_timing"] == "end_of_turn"
    if at_end and not s.acted:
        raise _illegal("destroy_before_action", "the Warlord destroys at the end of his turn, after his action")
    target = _seat_field(s, action)
    card = _card_field(action)
    if card not in s.cities[target]:
        raise _illegal("card_not_in_city", f"there is no {action['card']!r} in that city")
    if is_complete(s, target):
        raise _illegal("city_complete", "the Warlord cannot destroy a district in a completed city")
    if card == KEEP:
        raise _illegal("keep_immune", "the Keep cannot be destroyed by the Warlord")
    if target == bishop_protects(s):
        raise _illegal("bishop_protected", "the Bishop's districts are protected from the Warlord")
    price = destroy_price(s, target, card)
    if price > s.gold[seat]:
        raise _illegal("cannot_afford", f"destroying {action['card']!r} costs {price} gold", price=price)
    _pay(s, seat, price)
    s.cities[target].remove(card)
    if card == HAUNTED_CITY:
        s.haunted_round[target] = -1
    s.power_used = True
    ev.append(Event("destroyed", {"seat": seat, "target": target, "card": DISTRICT_IDS[card], "price": price}))
    # spec §2.2 Graveyard: another player with a Graveyard may pay 1 gold to take the card into hand
    for g in range(s.n):
        if g != seat and card != GRAVEYARD and GRAVEYARD in s.cities[g] and s.gold[g] >= 1:
            s.graveyard = (card, seat, g)
            s.phase = "graveyard"
            ev.append(Event("graveyard_offer", {"seat": g, "card": DISTRICT_IDS[card]}))
            return
    _discard(s, [card])
    if at_end:
        _end_turn(s, seat, ev)


def _graveyard_done(s: State, ev: list) -> None:
    warlord = s.graveyard[1]
    s.graveyard = None
    s.phase = "turn"
    if s.options["warlord_timing"] == "end_of_turn":
        _end_turn(s, warlord, ev)


def _do_graveyard_take(s: State, seat: int, action: dict, ev: list) -> None:
    card = s.graveyard[0]
    _pay(s, seat, 1)
    s.hands[seat].append(card)
    for o in range(s.n):  # the card was public
        if o != seat:
            s.known.setdefault((o, seat), []).append(card)
    ev.append(Event("graveyard_taken", {"seat": seat, "card": DISTRICT_IDS[card]}))
    _graveyard_done(s, ev)


def _do_graveyard_decline(s: State, seat: int, action: dict, ev: list) -> None:
    _discard(s, [s.graveyard[0]])
    ev.append(Event("graveyard_declined", {"seat": seat}))
    _graveyard_done(s, ev)


def _do_end_turn(s: State, seat: int, action: dict, ev: list) -> None:
    if not s.acted:
        raise _illegal("action_required", "take gold or draw cards before ending your turn")
    _end_turn(s, seat, ev)


def _end_turn(s: State, seat: int, ev: list) -> None:
    ev.append(Event("turn_ended", {"seat": seat, "character": s.roster[s.calling]}))
    _next_call(s, ev)


_HANDLERS = {
    "pick": ("draft", _do_pick),
    "discard_character": ("draft", _do_discard_character),
    "take_gold": ("turn", _do_take_gold),
    "draw_cards": ("turn", _do_draw_cards),
    "keep": ("keep", _do_keep),
    "collect_income": ("turn", _do_collect_income),
    "build": ("turn", _do_build),
    "assassinate": ("turn", _do_assassinate),
    "steal": ("turn", _do_steal),
    "swap_hands": ("turn", _do_swap_hands),
    "discard_and_draw": ("turn", _do_discard_and_draw),
    "discard": ("magician_discard", _do_discard),
    "stop_discarding": ("magician_discard", _do_stop_discarding),
    "laboratory": ("turn", _do_laboratory),
    "smithy": ("turn", _do_smithy),
    "destroy": ("turn", _do_destroy),
    "graveyard_take": ("graveyard", _do_graveyard_take),
    "graveyard_decline": ("graveyard", _do_graveyard_decline),
    "end_turn": ("turn", _do_end_turn),
}

ACTION_TYPES = tuple(_HANDLERS)
