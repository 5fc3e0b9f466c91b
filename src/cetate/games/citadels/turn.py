"""A character's turn (spec citadels §1.5): the action (gold or cards, and keeping a card), district income,
building, ending the turn, and the menu of moves a turn offers (with the powers and the districts). See
common.py for the module layers and the check/exec pairs."""

from __future__ import annotations

from cetate.games.citadels.common import (
    A_BUILD,
    A_COLLECT_INCOME,
    A_DRAW_CARDS,
    A_END_TURN,
    A_KEEP,
    A_TAKE_GOLD,
    BEAUTIFY_PER_TURN,
    BEAUTIFY_PRICE,
    BUILD_REASONS,
    C_AFTER_ACTION,
    C_END_TURN,
    INCOME,
    TAKE_GOLD,
    build_cost,
    card_field,
    discard,
    draw,
    draw_terms,
    gain,
    illegal,
    income_amount,
    known_card_left,
    may_duplicate,
    names,
    pay,
)
from cetate.games.citadels.data import (
    ARTIST,
    COLOUR,
    COLOURS,
    COST,
    DISTRICT_IDS,
    FACTORY,
    NAVIGATOR,
    PURPLE,
    QUARRY,
    SCHOOL_OF_MAGIC,
    WITCH,
)
from cetate.games.citadels.districts import ACTIVE_DISTRICTS, district_moves, on_built
from cetate.games.citadels.powers import POWER_CODES, beautify_moves, power_moves
from cetate.games.citadels.state import State

_ACTION_MOVES = ((A_TAKE_GOLD,), (A_DRAW_CARDS,))
_COLLECT_INCOME = (A_COLLECT_INCOME,)
_END_TURN = (A_END_TURN,)
_POWERS = frozenset(POWER_CODES)
# income_amount > 0, as a set test: the districts that pay a colour's income (spec §1.6; §2.2 School of Magic)
_PAYING = tuple(frozenset(c for c in range(len(COST)) if COLOUR[c] == colour or c == SCHOOL_OF_MAGIC)
                for colour in range(len(COLOURS)))
_BUILD = tuple((A_BUILD, c) for c in range(len(COST)))  # the build moves, made once
# what a district costs its builder with a Factory in the city (spec §2.3: other purple districts cost 1 less)
_FACTORY_PRICE = tuple(COST[c] - 1 if COLOUR[c] == PURPLE and c != FACTORY else COST[c] for c in range(len(COST)))


def turn_moves(s: State) -> list:
    """Every move of the turn phase, in the order legal_actions lists them."""
    rank = s.calling
    code = s.codes[rank]
    seat = s.actor
    acted = s.acted
    if s.mode == "action_only":
        if acted:
            return []
        acts = list(_ACTION_MOVES)
        if s.options["hospital_districts"] and s.killed == rank:
            district_moves(s, seat, acts)
        return acts
    city = s.cities[seat]
    if not acted:
        acts = list(_ACTION_MOVES)
    else:
        acts = []
        if s.builds_left > 0:
            hand = s.hands[seat]
            if hand:
                gold = s.gold[seat]
                if FACTORY in city:  # build_cost, inlined: spec §2.3 Factory
                    price = _FACTORY_PRICE
                else:
                    price = COST
                if s.wizard_dups or (QUARRY in city and may_duplicate(s, seat)):
                    acts += [_BUILD[c] for c in sorted(set(hand)) if price[c] <= gold]
                else:
                    acts += [_BUILD[c] for c in sorted(set(hand)) if price[c] <= gold and c not in city]
    if not s.income_taken:
        colour = INCOME[code]
        if colour is not None and not _PAYING[colour].isdisjoint(city):  # income_amount > 0
            acts.append(_COLLECT_INCOME)
    end_ok = acted
    if not s.power_used and code in _POWERS and not power_moves(s, code, seat, acted, acts):
        end_ok = False
    if code == ARTIST and s.beautify_count < BEAUTIFY_PER_TURN and s.gold[seat] >= BEAUTIFY_PRICE:
        beautify_moves(s, seat, acts)
    if not ACTIVE_DISTRICTS.isdisjoint(city):
        district_moves(s, seat, acts)
    if end_ok:
        acts.append(_END_TURN)
    return acts


# -- the action: gold or cards ----------------------------------------------------------------------

def _need_unacted(s: State) -> None:
    if s.acted:
        raise illegal("already_acted", "you have already taken your action this turn")


def check_take_gold(s: State, seat: int, action: dict) -> tuple:
    _need_unacted(s)
    return (A_TAKE_GOLD,)


def exec_take_gold(s: State, seat: int, move: tuple, ev: list) -> int:
    amount = gain(s, seat, TAKE_GOLD)
    s.acted = True
    ev.append(("gold_taken", {"seat": seat, "amount": amount}))
    return C_AFTER_ACTION


def check_draw_cards(s: State, seat: int, action: dict) -> tuple:
    _need_unacted(s)
    return (A_DRAW_CARDS,)


def exec_draw_cards(s: State, seat: int, move: tuple, ev: list) -> int | None:
    count, keep = draw_terms(s.cities[seat])
    cards = draw(s, count, ev)
    s.acted = True
    ev.append(("cards_drawn", {"seat": seat, "count": len(cards)}, {"cards": names(cards)}, (seat,)))
    if len(cards) <= keep:
        s.hands[seat].extend(cards)
        if cards:
            ev.append(("cards_kept", {"seat": seat, "count": len(cards)}, {"cards": names(cards)}, (seat,)))
        return C_AFTER_ACTION
    s.drawn = cards
    s.keep = keep
    s.phase = "keep"
    return None


def keep_moves(s: State) -> list:
    return [(A_KEEP, c) for c in sorted(set(s.drawn))]


def check_keep(s: State, seat: int, action: dict) -> tuple:
    card = card_field(action)
    if card not in s.drawn:
        raise illegal("card_not_drawn", f"{action['card']!r} is not among the cards you drew")
    return (A_KEEP, card)


def exec_keep(s: State, seat: int, move: tuple, ev: list) -> int | None:
    card = move[1]
    s.drawn.remove(card)
    s.hands[seat].append(card)
    s.keep -= 1
    ev.append(("cards_kept", {"seat": seat, "count": 1}, {"cards": [DISTRICT_IDS[card]]}, (seat,)))
    if s.keep == 0 or not s.drawn:
        rest = s.drawn
        if rest:
            discard(s, rest)
            ev.append(("cards_returned", {"seat": seat, "count": len(rest),
                                               "to": s.options["discard_mode"]},
                            {"cards": names(rest)}, (seat,)))
        s.drawn = []
        s.keep = 0
        s.phase = "turn"
        return C_AFTER_ACTION
    return None


# -- income -----------------------------------------------------------------------------------------

def check_collect_income(s: State, seat: int, action: dict) -> tuple:
    rank = s.calling
    if s.mode == "action_only":
        raise illegal("action_only", "this turn allows only the action")
    if INCOME[s.codes[rank]] is None:
        raise illegal("no_income", f"the {s.roster[rank]} has no district income")
    if s.income_taken:
        raise illegal("income_taken", "you have already collected your income this turn (all at once)")
    if income_amount(s, seat, rank) == 0:
        raise illegal("no_income", "your city has no district of this character's colour")
    return (A_COLLECT_INCOME,)


def exec_collect_income(s: State, seat: int, move: tuple, ev: list) -> None:
    rank = s.calling
    paid = gain(s, seat, income_amount(s, seat, rank))
    s.income_taken = True
    ev.append(("income", {"seat": seat, "amount": paid, "colour": COLOURS[INCOME[s.codes[rank]]],
                               "character": s.roster[rank]}))


# -- building ---------------------------------------------------------------------------------------

def can_build(s: State, seat: int, card: int) -> str | None:
    """None if `seat` may build `card` from hand now, else the reason code."""
    if not s.acted:
        return "build_before_action"
    if s.builds_left <= 0:
        return "no_builds_left"
    if card not in s.hands[seat]:
        return "card_not_in_hand"
    if card in s.cities[seat] and not may_duplicate(s, seat):
        return "duplicate_district"
    if build_cost(s, seat, card) > s.gold[seat]:
        return "cannot_afford"
    return None


def build_refusal(s: State, seat: int, card: int) -> dict | None:
    """Why the acting `seat` may not build `card` from its hand now, with the numbers a person needs
    (`{"code": ..., **numbers}`), or None when it may. The codes are `can_build`'s, told more finely:
    an action-only turn, the Navigator's and the Witch's own turns, the Quarry's one duplicate."""
    reason = can_build(s, seat, card)
    if reason is None:
        return None
    if reason == "no_builds_left" or reason == "build_before_action":
        if s.mode == "action_only":
            return {"code": "action_only"}
        if s.builds_left <= 0 and s.built_count == 0:  # this character builds nothing this turn
            code = s.codes[s.calling] if s.calling else 0
            if code == NAVIGATOR:  # spec §3 #17
                return {"code": "navigator_no_build"}
            if code == WITCH:  # spec §1.6 Witch: she builds in the turn she takes over
                return {"code": "witch_no_build"}
    if reason == "duplicate_district" and QUARRY in s.cities[seat]:
        return {"code": "quarry_used"}
    if reason == "cannot_afford":
        return {"code": reason, "cost": build_cost(s, seat, card), "gold": s.gold[seat]}
    return {"code": reason}


def check_build(s: State, seat: int, action: dict) -> tuple:
    card = card_field(action)
    reason = can_build(s, seat, card)
    if reason is not None:
        raise illegal(reason, BUILD_REASONS[reason].format(card=action["card"]), card=action["card"])
    return (A_BUILD, card)


def exec_build(s: State, seat: int, move: tuple, ev: list) -> None:
    card = move[1]
    cost = build_cost(s, seat, card)
    pay(s, seat, cost)
    s.hands[seat].remove(card)
    s.builds_left -= 1
    if s.wizard_dups and card in s.cities[seat]:
        s.wizard_copies[seat].append(card)  # a duplicate of the Wizard's 'any build' allowance
    if s.known:
        known_card_left(s, seat, card)
    ev.append(("built", {"seat": seat, "card": DISTRICT_IDS[card], "cost": cost}))
    on_built(s, seat, card, cost, ev)


# -- the end of the turn ----------------------------------------------------------------------------

def check_end_turn(s: State, seat: int, action: dict) -> tuple:
    if not s.acted:
        raise illegal("action_required", "take gold or draw cards before ending your turn")
    if s.codes[s.calling] == WITCH and s.mode == "normal":
        raise illegal("action_required", "the Witch must name the character she bewitches")
    return (A_END_TURN,)


def exec_end_turn(s: State, seat: int, move: tuple, ev: list) -> int:
    return C_END_TURN
