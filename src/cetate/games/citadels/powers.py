"""Character powers (spec citadels §1.6, Dark City §1.6 and the rulings of §3), one section per character in
rank order: its moves, the checks and effects of its actions, and the queries that explain a refusal (notes.py
and view.py read them). Powers that act at a reveal or at the end of a turn (King, Emperor, Queen, Tax
Collector) are helpers that the phase machine (flow.py) calls. See common.py for the module layers and the
check/exec pairs."""

from __future__ import annotations

from cetate.games.citadels.common import (
    A_ABBOT_COLLECT,
    A_ASSASSINATE,
    A_BEAUTIFY,
    A_BEWITCH,
    A_CROWN,
    A_DESTROY,
    A_DISCARD,
    A_DISCARD_AND_DRAW,
    A_EXCHANGE,
    A_NAVIGATOR_CARDS,
    A_NAVIGATOR_GOLD,
    A_STEAL,
    A_STOP_DISCARDING,
    A_SWAP_HANDS,
    A_TRIBUTE_CARD,
    A_TRIBUTE_GOLD,
    A_WIZARD,
    A_WIZARD_BUILD,
    A_WIZARD_TAKE,
    BEAUTIFY_PER_TURN,
    BEAUTIFY_PRICE,
    BUILD_REASONS,
    C_END_TURN,
    C_FINISH_ROUND,
    C_RESUME,
    GRAVEYARD_PRICE,
    NAVIGATOR_CARDS,
    NAVIGATOR_GOLD,
    R_BISHOP,
    R_KING,
    R_THIEF,
    R_WARLORD,
    beautified_copy,
    build_cost,
    card_field,
    character_field,
    check_card_in_hand,
    completion_size,
    crown_targets,
    discard,
    draw,
    forget_copy,
    forget_hand,
    gain,
    illegal,
    is_complete,
    known_card_left,
    learn,
    names,
    pay,
    seat_field,
    secret_card_from_hand,
    tax_receiver,
    transfer,
    witch_seat,
)
from cetate.games.citadels.data import (
    ABBOT,
    ARTIST,
    ASSASSIN,
    BISHOP,
    CHARACTER_BY_CODE,
    COST,
    DIPLOMAT,
    DISTRICT_IDS,
    EMPEROR,
    GRAVEYARD,
    GREAT_WALL,
    HAUNTED_CITY,
    KEEP,
    LIGHTHOUSE,
    MAGICIAN,
    MUSEUM,
    NAVIGATOR,
    QUEEN,
    TAX_COLLECTOR,
    THIEF,
    THRONE_ROOM,
    WARLORD,
    WITCH,
    WIZARD,
)
from cetate.games.citadels.districts import on_built, remove_district
from cetate.games.citadels.state import State


def need_power(s: State, code: int, name: str) -> None:
    if s.mode == "action_only":
        raise illegal("action_only", "this turn allows only the action")
    if s.codes[s.calling] != code:
        raise illegal("not_your_power", f"only the {CHARACTER_BY_CODE[code].id} can {name}")
    if s.power_used:
        raise illegal("power_used", "you have already used your character's power this turn")


POWER_CODES = (ASSASSIN, THIEF, MAGICIAN, WARLORD, WITCH, WIZARD, ABBOT, DIPLOMAT)  # the powers power_moves lists
# the moves naming a character or a seat, made once, by the roster's length (10 with a rank-9 character) or the
# number of players
_ASSASSINATE = {top: tuple((A_ASSASSINATE, r) for r in range(2, top)) for top in (9, 10)}
_BEWITCH = {top: tuple((A_BEWITCH, r) for r in range(2, top)) for top in (9, 10)}
_STEAL = {top: tuple((A_STEAL, r) for r in range(3, top)) for top in (9, 10)}
_SWAP_HANDS = {n: tuple((A_SWAP_HANDS, t) for t in range(n)) for n in range(2, 9)}


def power_moves(s: State, code: int, seat: int, acted: bool, acts: list) -> bool:
    """The moves of the power of the character `code` now (its power not used yet); False when the turn
    may not end yet (the Witch, spec §1.6: after her action she must name her target; that ends her turn)."""
    roster = s.roster
    top = len(roster)
    if code == ASSASSIN:
        acts += _ASSASSINATE[top]
    elif code == THIEF:
        killed, bewitched = s.killed, s.bewitched
        acts += [m for m in _STEAL[top] if m[1] != killed and m[1] != bewitched]
    elif code == MAGICIAN:
        acts += [m for m in _SWAP_HANDS[s.n] if m[1] != seat]
        if s.hands[seat]:
            acts.append((A_DISCARD_AND_DRAW,))
    elif code == WARLORD:
        if acted or s.options["warlord_timing"] == "any_time":
            acts += [(A_DESTROY, t, c) for t, c, _ in destroy_targets(s, seat)]
    elif code == WITCH:
        if acted:
            acts += _BEWITCH[top]
        return False
    elif code == WIZARD:
        hands = s.hands
        acts += [(A_WIZARD, t) for t in range(s.n) if t != seat and hands[t]]
    elif code == ABBOT:
        if abbot_payer(s, seat) >= 0:
            acts.append((A_ABBOT_COLLECT,))
    elif code == DIPLOMAT and (acted or s.options["warlord_timing"] == "any_time"):
        exchange_moves(s, seat, acts)
    return True


# -- characters named by a power (Assassin, Thief, Witch) -----------------------------------------------

def character_target_problem(s: State, power: str, rank: int) -> str | None:
    """Why the power `power` ("assassinate", "steal" or "bewitch") may not name the rank-`rank`
    character, or None (spec §1.6 Assassin, Thief, Witch; §3 #9)."""
    if power == "steal":
        if rank == R_THIEF:
            return "self"
        if rank == 1:
            return "rank_one"
        if rank == s.killed:
            return "killed"
        if rank == s.bewitched:
            return "bewitched"
        return None
    return "self" if rank == 1 else None


_TARGET_REASONS = {
    ("assassinate", "self"): "the Assassin cannot name himself",
    ("bewitch", "self"): "the Witch cannot bewitch herself",
    ("steal", "self"): "the Thief cannot rob the rank-1 character or himself",
    ("steal", "rank_one"): "the Thief cannot rob the rank-1 character or himself",
    ("steal", "killed"): "the Thief cannot rob the assassinated character",
    ("steal", "bewitched"): "the Thief cannot rob the bewitched character",
}


def _character_target(s: State, power: str, action: dict) -> int:
    rank = character_field(s, action)
    problem = character_target_problem(s, power, rank)
    if problem is not None:
        raise illegal("bad_target", _TARGET_REASONS[power, problem])
    return rank


# -- rank 1: Assassin, Witch ------------------------------------------------------------------------

def check_assassinate(s: State, seat: int, action: dict) -> tuple:
    need_power(s, ASSASSIN, "assassinate")
    return (A_ASSASSINATE, _character_target(s, "assassinate", action))


def exec_assassinate(s: State, seat: int, move: tuple, ev: list) -> None:
    target = move[1]
    s.killed = target
    s.power_used = True
    ev.append(("assassinated", {"seat": seat, "character": s.roster[target]}))


def check_bewitch(s: State, seat: int, action: dict) -> tuple:
    need_power(s, WITCH, "bewitch")
    if not s.acted:
        raise illegal("action_required", "the Witch names her target after her action")
    return (A_BEWITCH, _character_target(s, "bewitch", action))


def exec_bewitch(s: State, seat: int, move: tuple, ev: list) -> int:
    target = move[1]
    s.bewitched = target
    s.power_used = True
    ev.append(("bewitched", {"seat": seat, "character": s.roster[target]}))
    return C_END_TURN  # spec §1.6 Witch: her turn ends at once


# -- rank 2: Thief, Tax Collector -------------------------------------------------------------------

def check_steal(s: State, seat: int, action: dict) -> tuple:
    need_power(s, THIEF, "steal")
    return (A_STEAL, _character_target(s, "steal", action))


def exec_steal(s: State, seat: int, move: tuple, ev: list) -> None:
    target = move[1]
    s.robbed = target
    s.power_used = True
    ev.append(("thief_named", {"seat": seat, "character": s.roster[target]}))


def rob(s: State, seat: int, ev: list) -> None:
    """spec §1.6 Thief: the robbed character's player gives all their gold (not gold on districts) at the
    reveal."""
    thief = s.owner[R_THIEF]
    if s.bewitched == R_THIEF and witch_seat(s) >= 0:
        thief = witch_seat(s)  # spec §1.6 Witch: she played the Thief, so the gold is hers
    amount = s.gold[seat] if thief != seat else 0
    if amount:
        transfer(s, seat, thief, amount)
    ev.append(("robbed", {"seat": seat, "thief": thief, "amount": amount, "character": s.roster[s.calling]}))


def settle_pending_tax(s: State, ev: list) -> None:
    """spec §1.6 Tax Collector: a rank-1 player who built before the Tax Collector was called pays on
    its reveal; nothing is owed if it is not in play (or assassinated, §3 #11)."""
    pending = s.tax_pending
    s.tax_pending = []
    receiver = tax_receiver(s) if s.owner[R_THIEF] >= 0 else -1
    for payer in pending:
        if receiver >= 0 and payer != receiver and s.gold[payer] > 0:
            transfer(s, payer, receiver, 1)
            ev.append(("tax_paid", {"seat": payer, "to": receiver, "amount": 1}))


def tax(s: State, seat: int, ev: list) -> None:
    """spec §1.6 Tax Collector: a player who built this turn pays 1 gold (end of turn)."""
    if s.built_count == 0 or s.codes[R_THIEF] != TAX_COLLECTOR:
        return
    if s.calling < R_THIEF:
        s.tax_pending.append(seat)  # settled when the Tax Collector is called
        return
    if R_THIEF not in s.revealed and not (s.killed == R_THIEF and s.options["tax_when_assassinated"]):
        return
    receiver = tax_receiver(s)
    if receiver >= 0 and receiver != seat and s.gold[seat] > 0:
        transfer(s, seat, receiver, 1)
        ev.append(("tax_paid", {"seat": seat, "to": receiver, "amount": 1}))


# -- rank 3: Magician, Wizard -----------------------------------------------------------------------

def check_swap_hands(s: State, seat: int, action: dict) -> tuple:
    need_power(s, MAGICIAN, "swap hands")
    target = seat_field(s, action)
    if target == seat:
        raise illegal("bad_target", "the Magician must swap with another player")
    return (A_SWAP_HANDS, target)


def exec_swap_hands(s: State, seat: int, move: tuple, ev: list) -> None:
    target = move[1]
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
    ev.append(("hands_swapped", {"seat": seat, "target": target, "gave": len(mine), "got": len(theirs)}))
    ev.append(("hand_received", {"seat": seat}, {"cards": names(theirs)}, (seat,)))
    ev.append(("hand_received", {"seat": target}, {"cards": names(mine)}, (target,)))


def check_discard_and_draw(s: State, seat: int, action: dict) -> tuple:
    need_power(s, MAGICIAN, "exchange cards with the deck")
    if not s.hands[seat]:
        raise illegal("empty_hand", "you have no cards to discard")
    return (A_DISCARD_AND_DRAW,)


def exec_discard_and_draw(s: State, seat: int, move: tuple, ev: list) -> None:
    s.power_used = True
    s.set_aside = []
    s.phase = "magician_discard"


def magician_discard_moves(s: State) -> list:
    acts = [(A_DISCARD, c) for c in sorted(set(s.hands[s.actor]))]
    acts.append((A_STOP_DISCARDING,))
    return acts


def check_discard(s: State, seat: int, action: dict) -> tuple:
    return (A_DISCARD, check_card_in_hand(s, seat, action))


def exec_discard(s: State, seat: int, move: tuple, ev: list) -> None:
    secret_card_from_hand(s, seat, move[1])
    s.set_aside.append(move[1])


def exec_stop_discarding(s: State, seat: int, move: tuple, ev: list) -> None:
    cards = s.set_aside
    # spec §1.6 Magician (b): the discards go first (deck bottom), then as many cards are drawn
    discard(s, cards)
    drawn = draw(s, len(cards), ev)
    s.hands[seat].extend(drawn)
    s.set_aside = []
    s.phase = "turn"
    ev.append(("cards_exchanged", {"seat": seat, "count": len(cards), "drawn": len(drawn)},
                    {"discarded": names(cards), "cards": names(drawn)}, (seat,)))


def check_wizard(s: State, seat: int, action: dict) -> tuple:
    need_power(s, WIZARD, "look at a hand")
    target = seat_field(s, action)
    if target == seat:
        raise illegal("bad_target", "the Wizard looks at another player's hand")
    if not s.hands[target]:
        raise illegal("empty_hand", "that player has no cards")
    return (A_WIZARD, target)


def exec_wizard(s: State, seat: int, move: tuple, ev: list) -> None:
    target = move[1]
    s.power_used = True
    s.target = target
    s.phase = "wizard"
    ev.append(("wizard_looks", {"seat": seat, "target": target},
                    {"cards": names(sorted(s.hands[target]))}, (seat,)))


def wizard_moves(s: State) -> list:
    seat, hand = s.actor, s.hands[s.target]
    cards = sorted(set(hand))
    acts = [(A_WIZARD_TAKE, c) for c in cards]
    if s.acted and s.codes[s.calling] != NAVIGATOR:
        gold = s.gold[seat]
        acts.extend((A_WIZARD_BUILD, c) for c in cards if build_cost(s, seat, c) <= gold)
    return acts


def _wizard_card(s: State, action: dict) -> int:
    card = card_field(action)
    if card not in s.hands[s.target]:
        raise illegal("card_not_in_hand", f"{action['card']!r} is not in that player's hand")
    return card


def _wizard_take_card(s: State, seat: int, card: int) -> None:
    target = s.target
    s.hands[target].remove(card)
    forget_hand(s, target, keep=seat)
    s.known[(seat, target)] = s.hands[target][:]  # he has seen the whole hand
    if not s.known[(seat, target)]:
        del s.known[(seat, target)]


def check_wizard_take(s: State, seat: int, action: dict) -> tuple:
    return (A_WIZARD_TAKE, _wizard_card(s, action))


def exec_wizard_take(s: State, seat: int, move: tuple, ev: list) -> None:
    card = move[1]
    target = s.target
    _wizard_take_card(s, seat, card)
    s.hands[seat].append(card)
    learn(s, target, seat, [card])
    if s.options["wizard_duplicates"] == "any_build":
        s.wizard_dups = True  # spec §6 #10, PY2 reading: duplicates allowed for the rest of the turn
    s.target = -1
    s.phase = "turn"
    ev.append(("wizard_took", {"seat": seat, "target": target}, {"card": DISTRICT_IDS[card]},
                    (seat, target)))


def wizard_build_problem(s: State, seat: int, card: int) -> str | None:
    """Why the Wizard may not build `card` of the hand he looks at, or None (spec §1.6 Wizard: at once,
    outside the build limit, even as a duplicate; after the action, and never as the Navigator)."""
    if not s.acted:
        return "build_before_action"
    if s.codes[s.calling] == NAVIGATOR:
        return "no_builds_left"
    if build_cost(s, seat, card) > s.gold[seat]:
        return "cannot_afford"
    return None


def check_wizard_build(s: State, seat: int, action: dict) -> tuple:
    card = _wizard_card(s, action)
    problem = wizard_build_problem(s, seat, card)
    if problem is not None:
        raise illegal(problem, "the Navigator may not build" if problem == "no_builds_left"
                      else BUILD_REASONS[problem].format(card=action["card"]))
    return (A_WIZARD_BUILD, card)


def exec_wizard_build(s: State, seat: int, move: tuple, ev: list) -> None:
    card = move[1]
    cost = build_cost(s, seat, card)
    target = s.target
    _wizard_take_card(s, seat, card)
    if s.options["wizard_duplicates"] == "any_build":
        s.wizard_dups = True
    if card in s.cities[seat]:
        s.wizard_copies[seat].append(card)  # spec §2.5 #18: not one of the Quarry's duplicates
    s.target = -1
    s.phase = "turn"
    pay(s, seat, cost)
    # spec §1.6 Wizard: built at once, outside the build limit, even as a duplicate
    ev.append(("built", {"seat": seat, "card": DISTRICT_IDS[card], "cost": cost, "from": target}))
    on_built(s, seat, card, cost, ev)


# -- rank 4: King, Emperor --------------------------------------------------------------------------

def move_crown(s: State, seat: int, ev: list, reason: str) -> None:
    if s.crown == seat:  # spec §1.7: only a real change of holder moves the crown
        return
    ev.append(("crown_moved", {"seat": seat, "previous": s.crown, "reason": reason}))
    s.crown = seat
    for owner in range(s.n):  # spec §2.5 #15 Throne Room: +1 gold on every real change
        if THRONE_ROOM in s.cities[owner]:
            amount = gain(s, owner, 1)
            ev.append(("throne_room", {"seat": owner, "amount": amount}))


def crown_moves(s: State) -> list:
    return [(A_CROWN, t) for t in crown_targets(s, s.actor)]


def check_crown(s: State, seat: int, action: dict) -> tuple:
    target = seat_field(s, action)
    if target not in crown_targets(s, seat):
        raise illegal("bad_target", "the crown must go to another player who does not hold it now")
    return (A_CROWN, target)


def exec_crown(s: State, seat: int, move: tuple, ev: list) -> int | None:
    target = move[1]
    move_crown(s, target, ev, "emperor")
    if s.phase == "emperor_heir":  # spec §3 #15: no payment from an assassinated Emperor's move
        return C_FINISH_ROUND
    if s.gold[target] > 0 or s.hands[target]:
        s.target = target
        s.phase = "emperor_tribute"
    else:
        ev.append(("tribute_none", {"seat": target}))
        s.phase = "turn"
    return None


def tribute_moves(s: State) -> list:
    acts = [(A_TRIBUTE_GOLD,)] if s.gold[s.target] > 0 else []
    acts.extend((A_TRIBUTE_CARD, c) for c in sorted(set(s.hands[s.target])))
    return acts


def check_tribute_gold(s: State, seat: int, action: dict) -> tuple:
    if s.gold[seat] <= 0:
        raise illegal("cannot_afford", "you have no gold to give")
    return (A_TRIBUTE_GOLD,)


def exec_tribute_gold(s: State, seat: int, move: tuple, ev: list) -> None:
    transfer(s, seat, s.actor, 1)
    ev.append(("tribute_paid", {"seat": seat, "to": s.actor, "gold": 1}))
    s.target = -1
    s.phase = "turn"


def check_tribute_card(s: State, seat: int, action: dict) -> tuple:
    return (A_TRIBUTE_CARD, check_card_in_hand(s, seat, action))


def exec_tribute_card(s: State, seat: int, move: tuple, ev: list) -> None:
    card = move[1]
    emperor = s.actor
    s.hands[seat].remove(card)
    forget_hand(s, seat, keep=emperor)
    known_card_left(s, seat, card)
    s.hands[emperor].append(card)
    learn(s, seat, emperor, [card])
    ev.append(("tribute_paid", {"seat": seat, "to": emperor, "cards": 1}, {"card": DISTRICT_IDS[card]},
                    (seat, emperor)))
    s.target = -1
    s.phase = "turn"


def turn_start_powers(s: State, seat: int, ev: list) -> None:
    """Powers that act at the start of a character's turn (for its player or for the Witch)."""
    code = s.codes[s.calling]
    if code == QUEEN:
        queen_pay(s, seat, ev)
    elif code == EMPEROR:  # spec §1.6 Emperor: he must move the crown now
        if crown_targets(s, seat):
            s.phase = "emperor_crown"
        else:
            ev.append(("crown_stays", {"seat": seat}))


# -- rank 5: Bishop, Abbot --------------------------------------------------------------------------

def bishop_protects(s: State) -> int:
    """The seat protected by a living Bishop this round, or -1 (spec §1.6 Bishop, §3 #3, §3 #9)."""
    if s.codes[R_BISHOP] != BISHOP:
        return -1
    b = s.owner[R_BISHOP]
    if b < 0 or s.killed == R_BISHOP:
        return -1
    if s.bewitched == R_BISHOP and R_BISHOP in s.revealed and witch_seat(s) >= 0:
        return witch_seat(s) if s.options["witch_passive_powers"] else -1
    return b


def abbot_payer(s: State, seat: int) -> int:
    """spec §1.6 Abbot: the single richest player pays 1 gold, unless it is the Abbot himself."""
    most = max(s.gold)
    richest = [i for i in range(s.n) if s.gold[i] == most]
    if most <= 0 or len(richest) != 1 or richest[0] == seat:
        return -1
    return richest[0]


def check_abbot_collect(s: State, seat: int, action: dict) -> tuple:
    need_power(s, ABBOT, "collect from the richest player")
    if abbot_payer(s, seat) < 0:
        raise illegal("no_payer", "nobody is richer than everyone else (and richer than the Abbot)")
    return (A_ABBOT_COLLECT,)


def exec_abbot_collect(s: State, seat: int, move: tuple, ev: list) -> None:
    payer = abbot_payer(s, seat)
    transfer(s, payer, seat, 1)
    s.power_used = True
    ev.append(("abbot_paid", {"seat": seat, "payer": payer, "amount": 1}))


# -- rank 7: Navigator (the Architect's +2 cards and the Merchant's +1 gold are in flow.after_action) ------

def navigator_moves(s: State) -> list:
    return [(A_NAVIGATOR_GOLD,), (A_NAVIGATOR_CARDS,)]


def exec_navigator(s: State, seat: int, move: tuple, ev: list) -> None:
    if move[0] == A_NAVIGATOR_GOLD:
        amount = gain(s, seat, NAVIGATOR_GOLD)
        ev.append(("bonus_gold", {"seat": seat, "amount": amount, "character": s.roster[s.calling]}))
    else:
        cards = draw(s, NAVIGATOR_CARDS, ev)
        s.hands[seat].extend(cards)
        ev.append(("bonus_cards", {"seat": seat, "count": len(cards), "character": s.roster[s.calling]},
                        {"cards": names(cards)}, (seat,)))
    s.phase = "turn"


# -- rank 8: Warlord, Diplomat ----------------------------------------------------------------------

def destroy_price(s: State, target: int, card: int) -> int:
    """spec §1.6 Warlord: cost minus 1; +1 for the owner's Great Wall on other districts (§2.5 #1);
    +1 for a beautified district (§3 #19)."""
    price = COST[card] - 1
    if card != GREAT_WALL and GREAT_WALL in s.cities[target]:
        price += 1
    if beautified_copy(s, target, card):
        price += 1
    return price


def destroy_problem(s: State, seat: int, target: int, card: int) -> str | None:
    """Why the Warlord may not destroy `card` of `target`'s city (a card that is there), or None
    (spec §1.6 Warlord, §2.2 Keep, §3 #2)."""
    if is_complete(s, target):
        return "city_complete"
    if card == KEEP:
        return "keep_immune"
    if target == bishop_protects(s):
        return "bishop_protected"
    if destroy_price(s, target, card) > s.gold[seat]:
        return "cannot_afford"
    return None


def destroy_targets(s: State, seat: int) -> list[tuple[int, int, int]]:
    """Every (target, card, price) the Warlord may destroy now (destroy_problem's checks, hoisted)."""
    out = []
    protected = bishop_protects(s)
    gold = s.gold[seat]
    size = completion_size(s)
    for target in range(s.n):
        city = s.cities[target]
        if target == protected or len(city) >= size or not city:
            continue
        wall = GREAT_WALL in city
        beautified = s.beautified[target]
        for card in sorted(set(city)):
            if card == KEEP:
                continue
            # destroy_price, inlined
            price = COST[card] - (0 if wall and card != GREAT_WALL else 1)
            if beautified and beautified_copy(s, target, card):
                price += 1
            if price <= gold:
                out.append((target, card, price))
    return out


_DESTROY_REASONS = {
    "city_complete": "the Warlord cannot destroy a district in a completed city",
    "keep_immune": "the Keep cannot be destroyed by the Warlord",
    "bishop_protected": "the Bishop's districts are protected from the Warlord",
}


def check_destroy(s: State, seat: int, action: dict) -> tuple:
    need_power(s, WARLORD, "destroy a district")
    if s.options["warlord_timing"] == "end_of_turn" and not s.acted:
        raise illegal("destroy_before_action", "the Warlord destroys at the end of his turn, after his action")
    target = seat_field(s, action)
    card = card_field(action)
    if card not in s.cities[target]:
        raise illegal("card_not_in_city", f"there is no {action['card']!r} in that city")
    problem = destroy_problem(s, seat, target, card)
    if problem == "cannot_afford":
        price = destroy_price(s, target, card)
        raise illegal("cannot_afford", f"destroying {action['card']!r} costs {price} gold", price=price)
    if problem is not None:
        raise illegal(problem, _DESTROY_REASONS[problem])
    return (A_DESTROY, target, card)


def exec_destroy(s: State, seat: int, move: tuple, ev: list) -> int | None:
    _, target, card = move
    at_end = s.options["warlord_timing"] == "end_of_turn"
    price = destroy_price(s, target, card)
    pay(s, seat, price)
    remove_district(s, target, card, ev)
    s.power_used = True
    ev.append(("destroyed", {"seat": seat, "target": target, "card": DISTRICT_IDS[card], "price": price}))
    s.resume = "end_turn" if at_end else "turn"
    # spec §2.2 Graveyard: another player with a Graveyard may pay 1 gold to take the card into hand
    saves_itself = s.options["graveyard_saves_itself"]
    for g in range(s.n):
        # spec §2.5 #7: not the Warlord's player this round (nor the Witch playing the Warlord)
        if g in (seat, s.owner[R_WARLORD]) or s.gold[g] < GRAVEYARD_PRICE:
            continue
        if GRAVEYARD in s.cities[g] or (saves_itself and card == GRAVEYARD and g == target):
            s.graveyard = (card, seat, g)
            s.phase = "graveyard"
            ev.append(("graveyard_offer", {"seat": g, "card": DISTRICT_IDS[card]}))
            return None
    discard(s, [card])
    return C_RESUME


def exchange_cost(s: State, seat: int, give: int, target: int, take: int) -> int:
    """spec §1.6 Diplomat, §2.5 #2, §3 #20: what the Diplomat pays for taking `take` from `target`."""
    taken = COST[take] + (1 if beautified_copy(s, target, take) else 0)
    if (s.options["diplomat_great_wall"] == "taken_plus_one" and take != GREAT_WALL
            and GREAT_WALL in s.cities[target]):
        taken += 1
    given = COST[give] + (1 if beautified_copy(s, seat, give) else 0)
    return max(0, taken - given)


def exchange_problem(s: State, seat: int, give: int, target: int, take: int) -> str | None:
    """Why the Diplomat may not give `give` for `target`'s `take`, or None (spec §1.6 Diplomat, §3 #20)."""
    mine, theirs = s.cities[seat], s.cities[target]
    opts = s.options
    if give not in mine:
        return "card_not_in_city"
    if target == seat:
        return "bad_target"
    if take not in theirs:
        return "card_not_in_city"
    if take == give:
        return "same_district"
    if take == KEEP:
        return "keep_immune"
    if give == KEEP and not opts["diplomat_gives_keep"]:
        return "keep_immune"
    if target == bishop_protects(s):
        return "bishop_protected"
    if not opts["diplomat_completed_cities"] and is_complete(s, target):
        return "city_complete"
    if not opts["diplomat_duplicates"] and give != take and (take in mine or give in theirs):
        return "duplicate_district"
    if exchange_cost(s, seat, give, target, take) > s.gold[seat]:
        return "cannot_afford"
    return None


def exchange_moves(s: State, seat: int, acts: list) -> None:
    """Every legal Diplomat exchange (the same checks as `exchange_problem`, hoisted out of the loops)."""
    opts = s.options
    mine = s.cities[seat]
    gold = s.gold[seat]
    protected = bishop_protects(s)
    wall_rule = opts["diplomat_great_wall"] == "taken_plus_one"
    dup_ok = opts["diplomat_duplicates"]
    gives = [(g, COST[g] + (1 if beautified_copy(s, seat, g) else 0)) for g in sorted(set(mine))
             if g != KEEP or opts["diplomat_gives_keep"]]
    for t in range(s.n):
        if t in (seat, protected):
            continue
        theirs = s.cities[t]
        if not theirs or (not opts["diplomat_completed_cities"] and is_complete(s, t)):
            continue
        wall = wall_rule and GREAT_WALL in theirs
        for take in sorted(set(theirs)):
            if take == KEEP:
                continue
            value = COST[take] + (1 if beautified_copy(s, t, take) else 0) + (1 if wall and take != GREAT_WALL else 0)
            for give, given in gives:
                if value - given > gold or give == take:
                    continue
                if not dup_ok and give != take and (take in mine or give in theirs):
                    continue
                acts.append((A_EXCHANGE, give, t, take))


_EXCHANGE_REASONS = {
    "card_not_in_city": "one of the two districts is not in its city",
    "bad_target": "the Diplomat exchanges with another player",
    "same_district": "exchanging two districts of the same name changes nothing",
    "keep_immune": "the Keep cannot be exchanged",
    "bishop_protected": "the Bishop's districts are protected from the Diplomat",
    "city_complete": "the Diplomat cannot exchange with a completed city",
    "duplicate_district": "the exchange would put two districts of the same name in one city",
    "cannot_afford": "you cannot pay the difference in cost",
}


def check_exchange(s: State, seat: int, action: dict) -> tuple:
    need_power(s, DIPLOMAT, "exchange districts")
    if s.options["warlord_timing"] == "end_of_turn" and not s.acted:
        raise illegal("exchange_before_action", "the Diplomat exchanges at the end of his turn, after his action")
    give = card_field(action, "give")
    target = seat_field(s, action)
    take = card_field(action, "take")
    problem = exchange_problem(s, seat, give, target, take)
    if problem is not None:
        raise illegal(problem, _EXCHANGE_REASONS[problem])
    return (A_EXCHANGE, give, target, take)


def exec_exchange(s: State, seat: int, move: tuple, ev: list) -> int | None:
    _, give, target, take = move
    at_end = s.options["warlord_timing"] == "end_of_turn"
    cost = exchange_cost(s, seat, give, target, take)
    give_b = beautified_copy(s, seat, give)
    take_b = beautified_copy(s, target, take)
    if cost:
        transfer(s, seat, target, cost)
    s.cities[seat].remove(give)
    s.cities[target].remove(take)
    forget_copy(s, seat, give)
    forget_copy(s, target, take)
    s.cities[seat].append(take)
    s.cities[target].append(give)
    # what travels with a district: the Artist's gold (§2.5 #25), the Museum's cards, the Haunted City's date
    if give_b:
        s.beautified[seat].remove(give)
        s.beautified[target].append(give)
    if take_b:
        s.beautified[target].remove(take)
        s.beautified[seat].append(take)
    if MUSEUM in (give, take):
        holder_before = seat if give == MUSEUM else target
        other = target if give == MUSEUM else seat
        s.museum[other], s.museum[holder_before] = s.museum[holder_before], []
    if HAUNTED_CITY in (give, take):
        if give == HAUNTED_CITY:
            s.haunted_round[target], s.haunted_round[seat] = s.haunted_round[seat], -1
        else:
            s.haunted_round[seat], s.haunted_round[target] = s.haunted_round[target], -1
    s.power_used = True
    ev.append(("exchanged", {"seat": seat, "target": target, "give": DISTRICT_IDS[give],
                                  "take": DISTRICT_IDS[take], "paid": cost}))
    if take == LIGHTHOUSE and s.options["lighthouse_on_exchange"] and s.deck:
        s.resume = "end_turn" if at_end else "turn"
        s.phase = "lighthouse"
        return None
    return C_END_TURN if at_end else None


# -- rank 9: Queen (flow calls queen_pay), Artist -----------------------------------------------------

def queen_pay(s: State, seat: int, ev: list) -> None:
    """spec §1.6 Queen: 3 gold when seated next to the rank-4 character's player (§3 #16)."""
    if s.killed == R_KING or R_KING not in s.revealed:
        return  # unknown now (assassinated: settled at the end of the round) or not in play
    other = s.crown if (s.codes[R_KING] == EMPEROR and s.options["queen_neighbour"] == "crown_receiver") \
        else s.owner[R_KING]
    if other >= 0 and (seat - other) % s.n in (1, s.n - 1):
        amount = gain(s, seat, 3)
        ev.append(("queen_paid", {"seat": seat, "amount": amount, "neighbour": other}))


def can_beautify(s: State, seat: int, card: int) -> bool:
    """spec §3 #19: a district of this city that is not yet beautified (each copy once, for good)."""
    return s.cities[seat].count(card) > s.beautified[seat].count(card)


def beautify_moves(s: State, seat: int, acts: list) -> None:
    city = s.cities[seat]
    b = s.beautified[seat]
    acts.extend((A_BEAUTIFY, c) for c in sorted(set(city)) if city.count(c) > b.count(c))


def check_beautify(s: State, seat: int, action: dict) -> tuple:
    if s.mode == "action_only" or s.codes[s.calling] != ARTIST:
        raise illegal("not_your_power", "only the Artist can beautify districts")
    if s.beautify_count >= BEAUTIFY_PER_TURN:
        raise illegal("power_used", "the Artist beautifies at most two districts per turn")
    card = card_field(action)
    if not can_beautify(s, seat, card):
        raise illegal("card_not_in_city", f"your city has no {action['card']!r} that is not yet beautified")
    if s.gold[seat] < BEAUTIFY_PRICE:
        raise illegal("cannot_afford", "beautifying costs 1 gold")
    return (A_BEAUTIFY, card)


def exec_beautify(s: State, seat: int, move: tuple, ev: list) -> None:
    card = move[1]
    s.gold[seat] -= BEAUTIFY_PRICE  # the gold stays on the district, outside the purse (spec §2.5 #23)
    s.beautified[seat].append(card)
    s.beautify_count += 1
    ev.append(("beautified", {"seat": seat, "card": DISTRICT_IDS[card]}))
