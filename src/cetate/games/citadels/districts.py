"""Purple district effects (spec citadels §2.2, §2.3, §2.5): a district entering or leaving a city, the
districts a player uses in a turn (Laboratory, Smithy, Museum, Armory) and the sub-phases that districts open
(the Graveyard's offer, the Lighthouse, the Bell Tower, the Ball Room). See common.py for the module layers
and the check/exec pairs."""

from __future__ import annotations

from cetate.games.citadels.common import (
    A_ANNOUNCE_BELL_TOWER,
    A_ARMORY,
    A_DECLINE_BELL_TOWER,
    A_GRAVEYARD_DECLINE,
    A_GRAVEYARD_TAKE,
    A_LABORATORY,
    A_LIGHTHOUSE_TAKE,
    A_MUSEUM,
    A_SMITHY,
    A_THANK,
    C_AFTER_REVEAL,
    C_RESUME,
    GRAVEYARD_PRICE,
    LABORATORY_GOLD,
    SMITHY_CARDS,
    SMITHY_PRICE,
    beautified_copy,
    card_field,
    check_card_in_hand,
    completion_size,
    discard,
    draw,
    forget_copy,
    gain,
    illegal,
    names,
    pay,
    seat_field,
    secret_card_from_hand,
    shuffle,
)
from cetate.games.citadels.data import (
    ARMORY,
    BELL_TOWER,
    DISTRICT_IDS,
    HAUNTED_CITY,
    LABORATORY,
    LIGHTHOUSE,
    MUSEUM,
    SMITHY,
)
from cetate.games.citadels.endgame import check_completion
from cetate.games.citadels.state import State

ACTIVE_DISTRICTS = frozenset((LABORATORY, SMITHY, MUSEUM, ARMORY))


# -- a district enters or leaves a city ------------------------------------------------------------

def on_built(s: State, seat: int, card: int, cost: int, ev: list) -> None:
    """A district enters `seat`'s city by building (hand, Wizard)."""
    s.cities[seat].append(card)
    s.spent_building += cost
    s.built_count += 1
    if card == HAUNTED_CITY:
        s.haunted_round[seat] = s.round
    check_completion(s, seat, ev)
    if card == LIGHTHOUSE and s.deck:  # spec §2.3 Lighthouse; §2.5 #20: also when the Wizard builds it
        s.resume = "turn"
        s.phase = "lighthouse"
    elif card == BELL_TOWER:  # spec §2.3 Bell Tower: the announcement is optional
        s.resume = "turn"
        s.phase = "bell_tower"


def remove_district(s: State, seat: int, card: int, ev: list) -> None:
    """A district leaves a city (destroyed): artist gold back to the bank, museum cards discarded,
    the Bell Tower's announcement lapses (spec §2.5 #10, #21, #24)."""
    if beautified_copy(s, seat, card):
        s.beautified[seat].remove(card)
        if s.bank is not None:
            s.bank += 1
    s.cities[seat].remove(card)
    forget_copy(s, seat, card)
    if card == HAUNTED_CITY:
        s.haunted_round[seat] = -1
    if card == MUSEUM and s.museum[seat]:
        discard(s, s.museum[seat])
        ev.append(("museum_lost", {"seat": seat, "count": len(s.museum[seat])}))
        s.museum[seat] = []
    if card == BELL_TOWER and s.bell_tower:
        s.bell_tower = False  # the end, if already triggered, stays triggered
        ev.append(("bell_tower_lapsed", {"seat": seat}))


# -- districts used during a turn ----------------------------------------------------------------------

def district_moves(s: State, seat: int, acts: list) -> None:
    """The moves of the active districts in `seat`'s city (Laboratory, Smithy, Museum, Armory)."""
    city = s.cities[seat]
    hand = s.hands[seat]
    if LABORATORY in city and not s.laboratory_used:
        acts.extend((A_LABORATORY, c) for c in sorted(set(hand)))
    if SMITHY in city and not s.smithy_used and s.gold[seat] >= SMITHY_PRICE:
        acts.append((A_SMITHY,))
    if MUSEUM in city and not s.museum_used:
        acts.extend((A_MUSEUM, c) for c in sorted(set(hand)))
    if ARMORY in city:
        for t in range(s.n):
            if t != seat:
                acts.extend((A_ARMORY, t, c) for c in sorted(set(s.cities[t])))


def _need_district(s: State, seat: int, card: int, name: str) -> None:
    # spec §2.3 Hospital: with the option, the assassinated player's action-only turn may use districts
    if s.mode == "action_only" and not (s.options["hospital_districts"] and s.killed == s.calling):
        raise illegal("action_only", "this turn allows only the action")
    if card not in s.cities[seat]:
        raise illegal("no_district", f"you have no {name}")


def check_laboratory(s: State, seat: int, action: dict) -> tuple:
    _need_district(s, seat, LABORATORY, "Laboratory")
    if s.laboratory_used:
        raise illegal("district_used", "the Laboratory works once per turn")
    return (A_LABORATORY, check_card_in_hand(s, seat, action))


def exec_laboratory(s: State, seat: int, move: tuple, ev: list) -> None:
    card = move[1]
    secret_card_from_hand(s, seat, card)
    discard(s, [card])
    amount = gain(s, seat, LABORATORY_GOLD)
    s.laboratory_used = True
    ev.append(("laboratory_used", {"seat": seat, "amount": amount}, {"card": DISTRICT_IDS[card]}, (seat,)))


def check_smithy(s: State, seat: int, action: dict) -> tuple:
    _need_district(s, seat, SMITHY, "Smithy")
    if s.smithy_used:
        raise illegal("district_used", "the Smithy works once per turn")
    if s.gold[seat] < SMITHY_PRICE:
        raise illegal("cannot_afford", "the Smithy costs 2 gold")
    return (A_SMITHY,)


def exec_smithy(s: State, seat: int, move: tuple, ev: list) -> None:
    pay(s, seat, SMITHY_PRICE)
    cards = draw(s, SMITHY_CARDS, ev)
    s.hands[seat].extend(cards)
    s.smithy_used = True
    ev.append(("smithy_used", {"seat": seat, "paid": SMITHY_PRICE, "count": len(cards)}, {"cards": names(cards)},
                    (seat,)))


def check_museum(s: State, seat: int, action: dict) -> tuple:
    _need_district(s, seat, MUSEUM, "Museum")
    if s.museum_used:
        raise illegal("district_used", "the Museum takes one card per turn")
    return (A_MUSEUM, check_card_in_hand(s, seat, action))


def exec_museum(s: State, seat: int, move: tuple, ev: list) -> None:
    card = move[1]
    secret_card_from_hand(s, seat, card)
    s.museum[seat].append(card)
    s.museum_used = True
    ev.append(("museum_stored", {"seat": seat, "count": len(s.museum[seat])}, {"card": DISTRICT_IDS[card]},
                    (seat,)))


def check_armory(s: State, seat: int, action: dict) -> tuple:
    _need_district(s, seat, ARMORY, "Armory")
    target = seat_field(s, action)
    card = card_field(action)
    if target == seat:
        raise illegal("bad_target", "the Armory destroys a district in another player's city")
    if card not in s.cities[target]:
        raise illegal("card_not_in_city", f"there is no {action['card']!r} in that city")
    return (A_ARMORY, target, card)


def exec_armory(s: State, seat: int, move: tuple, ev: list) -> None:
    _, target, card = move
    # spec §2.3 Armory, §2.5 #22: free, any city, even completed, the Keep, the Bishop's city
    remove_district(s, seat, ARMORY, ev)
    remove_district(s, target, card, ev)
    discard(s, [ARMORY, card])
    ev.append(("armory_used", {"seat": seat, "target": target, "card": DISTRICT_IDS[card]}))


# -- sub-phases opened by districts --------------------------------------------------------------------

def graveyard_moves(s: State) -> list:
    return [(A_GRAVEYARD_TAKE,), (A_GRAVEYARD_DECLINE,)]


def exec_graveyard_take(s: State, seat: int, move: tuple, ev: list) -> int:
    card = s.graveyard[0]  # spec §2.2 Graveyard: 1 gold to take the destroyed district into hand
    pay(s, seat, GRAVEYARD_PRICE)
    s.hands[seat].append(card)
    for o in range(s.n):  # the card was public
        if o != seat:
            s.known.setdefault((o, seat), []).append(card)
    ev.append(("graveyard_taken", {"seat": seat, "card": DISTRICT_IDS[card]}))
    s.graveyard = None
    return C_RESUME


def exec_graveyard_decline(s: State, seat: int, move: tuple, ev: list) -> int:
    discard(s, [s.graveyard[0]])
    ev.append(("graveyard_declined", {"seat": seat}))
    s.graveyard = None
    return C_RESUME


def lighthouse_moves(s: State) -> list:
    return [(A_LIGHTHOUSE_TAKE, c) for c in sorted(set(s.deck))]


def check_lighthouse_take(s: State, seat: int, action: dict) -> tuple:
    card = card_field(action)
    if card not in s.deck:
        raise illegal("card_not_in_deck", f"there is no {action['card']!r} in the deck")
    return (A_LIGHTHOUSE_TAKE, card)


def exec_lighthouse_take(s: State, seat: int, move: tuple, ev: list) -> int:
    card = move[1]
    s.deck.remove(card)
    s.hands[seat].append(card)
    shuffle(s.rng, s.deck)  # spec §2.3 Lighthouse: the deck is shuffled afterwards
    ev.append(("lighthouse_used", {"seat": seat}, {"card": DISTRICT_IDS[card]}, (seat,)))
    return C_RESUME


def bell_tower_moves(s: State) -> list:
    return [(A_ANNOUNCE_BELL_TOWER,), (A_DECLINE_BELL_TOWER,)]


def exec_announce_bell_tower(s: State, seat: int, move: tuple, ev: list) -> int:
    s.bell_tower = True
    size = completion_size(s)
    ev.append(("bell_tower_announced", {"seat": seat, "size": size}))
    if not s.end_triggered:
        complete = [i for i in range(s.n) if len(s.cities[i]) >= size]
        if complete:  # spec §2.5 #9, #11: the end is triggered now
            s.end_triggered = True
            # the option only decides for several cities completed at once; a single one is first
            if s.options["bell_tower_first"] == "all" or len(complete) == 1:
                s.first_complete = seat if seat in complete else complete[0]
                s.also_first = [i for i in complete if i != s.first_complete]
            else:
                s.first_complete = -1
            for i in complete:
                ev.append(("city_completed", {"seat": i, "first": s.first_complete >= 0}))
    return C_RESUME


def exec_decline_bell_tower(s: State, seat: int, move: tuple, ev: list) -> int:
    return C_RESUME


def ball_room_moves(s: State) -> list:
    return [(A_THANK,)]


def exec_thank(s: State, seat: int, move: tuple, ev: list) -> int:
    ev.append(("thanked", {"seat": seat, "crown": s.crown}))  # spec §2.3 Ball Room
    return C_AFTER_REVEAL
