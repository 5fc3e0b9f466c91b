"""The bottom layer of the Citadels rules: the rules' numbers, the action kinds, the bank, cards moving, what
seats know of other hands, reading an action's fields, and the queries that several phases ask (spec
citadels §1-§3). It imports no other module of the rules.

The modules above it, each importing only modules to its left (rules.py lists what each holds):

    common  <-  endgame  <-  districts  <-  powers  <-  turn
    common  <-  draft
    draft, endgame, powers  <-  flow  <-  actions (with turn)  <-  search  <-  rules

Actions travel inside the engine as *moves*: tuples `(kind, *arguments)` with integer arguments (a rank, a
district index, a seat); `ACTION_TYPES[kind]` is the type on the wire. A module that handles an action offers
`check_<type>(s, seat, action) -> move` (all validation, no change) and `exec_<type>(s, seat, move, ev)` (the
effect, no validation), which returns what the phase machine does next (`C_...`, see flow.py) or None.
"""

from __future__ import annotations

from cetate.core.errors import IllegalAction
from cetate.core.rng import Rng
from cetate.games.citadels.data import (
    CHARACTER_BY_CODE,
    COLOUR,
    COST,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    FACTORY,
    LIBRARY,
    OBSERVATORY,
    PURPLE,
    QUARRY,
    SCHOOL_OF_MAGIC,
    TAX_COLLECTOR,
    WITCH,
)
from cetate.games.citadels.state import State

STARTING_HAND = 4
STARTING_GOLD = 2
TAKE_GOLD = 2  # spec §1.5 step 2: the action's gold
DRAW = 2  # spec §1.5 step 2: the action's cards (keep 1)
NAVIGATOR_GOLD = NAVIGATOR_CARDS = 4  # spec §1.6 Navigator
SMITHY_PRICE, SMITHY_CARDS = 2, 3  # spec §2.2 Smithy
LABORATORY_GOLD = 1  # spec §2.2 Laboratory
GRAVEYARD_PRICE = 1  # spec §2.2 Graveyard
BEAUTIFY_PRICE, BEAUTIFY_PER_TURN = 1, 2  # spec §1.6 Artist, §3 #19
INCOME = {c.code: c.income for c in CHARACTER_BY_CODE.values()}

# ranks of the characters whose position in the calling order matters to the rules
R_THIEF, R_KING, R_BISHOP, R_WARLORD, R_QUEEN = 2, 4, 5, 8, 9

# -- action kinds (the first item of a move) ---------------------------------------------------------------

ACTION_TYPES = (
    "pick", "discard_character", "take_gold", "draw_cards", "keep", "collect_income", "build", "assassinate",
    "steal", "swap_hands", "discard_and_draw", "discard", "stop_discarding", "laboratory", "smithy", "destroy",
    "graveyard_take", "graveyard_decline", "end_turn",
    # Dark City
    "bewitch", "wizard", "wizard_take", "wizard_build", "crown", "tribute_gold", "tribute_card", "abbot_collect",
    "navigator_gold", "navigator_cards", "exchange", "beautify", "museum", "armory", "lighthouse_take",
    "announce_bell_tower", "decline_bell_tower", "thank",
)
(A_PICK, A_DISCARD_CHARACTER, A_TAKE_GOLD, A_DRAW_CARDS, A_KEEP, A_COLLECT_INCOME, A_BUILD, A_ASSASSINATE,
 A_STEAL, A_SWAP_HANDS, A_DISCARD_AND_DRAW, A_DISCARD, A_STOP_DISCARDING, A_LABORATORY, A_SMITHY, A_DESTROY,
 A_GRAVEYARD_TAKE, A_GRAVEYARD_DECLINE, A_END_TURN,
 A_BEWITCH, A_WIZARD, A_WIZARD_TAKE, A_WIZARD_BUILD, A_CROWN, A_TRIBUTE_GOLD, A_TRIBUTE_CARD, A_ABBOT_COLLECT,
 A_NAVIGATOR_GOLD, A_NAVIGATOR_CARDS, A_EXCHANGE, A_BEAUTIFY, A_MUSEUM, A_ARMORY, A_LIGHTHOUSE_TAKE,
 A_ANNOUNCE_BELL_TOWER, A_DECLINE_BELL_TOWER, A_THANK) = range(len(ACTION_TYPES))

# what the phase machine does after an action (flow.CONTINUE)
C_AFTER_ACTION, C_END_TURN, C_RESUME, C_NEXT_CALL, C_AFTER_REVEAL, C_FINISH_ROUND = range(1, 7)

BUILD_REASONS = {
    "build_before_action": "you must take gold or draw cards before you build",
    "no_builds_left": "you cannot build more districts this turn",
    "card_not_in_hand": "{card!r} is not in your hand",
    "duplicate_district": "your city already has a {card!r}; a city may not hold two districts of the same name",
    "cannot_afford": "you do not have enough gold to build {card!r}",
}


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def shuffle(rng: Rng, items: list) -> None:
    """`rng.shuffle(items)` exactly (the same order, the same generator state after; tested against it in
    tests/games/citadels/test_properties.py), with SplitMix64's step written out in the loop instead of one
    `Rng.below` call per card: the deck at setup, each round's characters and each determinisation."""
    state = rng.state
    for i in range(len(items) - 1, 0, -1):
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    rng.state = state


def illegal(code: str, message: str, **params) -> IllegalAction:
    return IllegalAction(code, message, **params)


# -- an action's fields (outside input: every check, clear refusals) ----------------------------------------

def field(action: dict, name: str, kind: type) -> object:
    value = action.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise illegal("malformed_action", f"action {action.get('type')!r} needs a field {name!r} of type "
                      f"{kind.__name__}", field=name)
    return value


def card_field(action: dict, name: str = "card") -> int:
    value = field(action, name, str)
    card = DISTRICT_INDEX.get(value)
    if card is None:
        raise illegal("malformed_action", f"{value!r} is not a district card", field=name)
    return card


def character_field(s: State, action: dict) -> int:
    value = field(action, "character", str)
    roster = s.roster
    for rank in range(1, len(roster)):
        if roster[rank] == value:
            return rank
    raise illegal("malformed_action", f"{value!r} is not a character of this game", field="character")


def seat_field(s: State, action: dict, name: str = "target") -> int:
    value = field(action, name, int)
    if not 0 <= value < s.n:
        raise illegal("malformed_action", f"{name} must be a seat from 0 to {s.n - 1}", field=name)
    return value


# -- the bank ------------------------------------------------------------------------------------------

def bank_pays(s: State, amount: int) -> int:
    """How much of `amount` the bank can pay now (all of it unless the bank is capped, spec §1.1 #2)."""
    return amount if s.bank is None else min(amount, s.bank)


def take_from_bank(s: State, amount: int) -> int:
    """Gold that the bank can pay (all of it unless the bank is capped)."""
    if s.bank is None:
        return amount
    paid = bank_pays(s, amount)
    s.bank -= paid
    return paid


def gain(s: State, seat: int, amount: int) -> int:
    if s.bank is None:
        s.gold[seat] += amount
        return amount
    paid = take_from_bank(s, amount)
    s.gold[seat] += paid
    return paid


def pay(s: State, seat: int, amount: int) -> None:
    s.gold[seat] -= amount
    if s.bank is not None:
        s.bank += amount


def transfer(s: State, payer: int, receiver: int, amount: int) -> None:
    s.gold[payer] -= amount
    s.gold[receiver] += amount


# -- cards moving --------------------------------------------------------------------------------------

def draw(s: State, k: int, ev: list) -> list[int]:
    """Up to k cards from the top; with a discard pile, an empty deck is refilled (spec §1.12)."""
    deck = s.deck
    if len(deck) >= k:  # the usual case: no refill
        if k == 0:
            return []
        out = deck[-k:]
        out.reverse()
        del deck[-k:]
        return out
    out = []
    for _ in range(k):
        if not deck:
            if s.options["discard_mode"] == "discard_pile" and s.discard_pile:
                deck.extend(s.discard_pile)
                s.discard_pile.clear()
                shuffle(s.rng, deck)
                ev.append(("deck_reshuffled", {"size": len(deck)}))
            else:
                break
        out.append(deck.pop())
    return out


def discard(s: State, cards: list[int]) -> None:
    if s.options["discard_mode"] == "deck_bottom":
        s.deck[0:0] = cards  # the bottom is index 0
    else:
        s.discard_pile.extend(cards)


def names(cards: list[int]) -> list[str]:
    return [*map(DISTRICT_IDS.__getitem__, cards)]


# -- what seats know of other hands (for views and determinisation) --------------------------------
# s.known[(observer, holder)] lists cards the observer knows to be in the holder's hand, e.g. the hand
# the Magician gave away. Public removals keep the rest of that knowledge; a secret removal drops it.

def forget_hand(s: State, holder: int, keep: int = -1) -> None:
    for key in [k for k in s.known if k[1] == holder and k[0] != keep]:
        del s.known[key]


def known_card_left(s: State, holder: int, card: int) -> None:
    for (_o, h), cards in list(s.known.items()):
        if h == holder and card in cards:
            cards.remove(card)
    for key in [k for k, v in s.known.items() if not v]:
        del s.known[key]


def learn(s: State, observer: int, holder: int, cards: list[int]) -> None:
    if observer != holder and cards:
        s.known.setdefault((observer, holder), []).extend(cards)


# -- queries -------------------------------------------------------------------------------------

def witch_seat(s: State) -> int:
    return s.owner[1] if s.codes[1] == WITCH else -1


def completion_size(s: State) -> int:
    """spec §1.8: the game's size, or one less (or 7) after the Bell Tower's announcement."""
    return announced_size(s) if s.bell_tower else s.options["completion_size"]


def announced_size(s: State) -> int:
    """spec §2.5 #9, #12: the completion size once the Bell Tower is announced."""
    return s.options["completion_size"] - 1 if s.options["bell_tower_size"] == "minus_one" else 7


def is_complete(s: State, seat: int) -> bool:
    return len(s.cities[seat]) >= completion_size(s)


def income_amount(s: State, seat: int, rank: int) -> int:
    colour = INCOME[s.codes[rank]]
    if colour is None:
        return 0
    return district_income(s.cities[seat], colour)


def district_income(city: list[int], colour: int) -> int:
    """spec §1.6: 1 gold per district of the character's colour; spec §2.2 School of Magic: any colour
    for income, so it always pays the income character."""
    return sum(1 for c in city if COLOUR[c] == colour or c == SCHOOL_OF_MAGIC)


def tax_receiver(s: State) -> int:
    """Who is paid the Tax Collector's tax now, or -1 (spec §1.6 Tax Collector, §3 #9, §3 #11)."""
    if s.codes[R_THIEF] != TAX_COLLECTOR:
        return -1
    tc = s.owner[R_THIEF]
    if tc < 0 or (s.killed == R_THIEF and not s.options["tax_when_assassinated"]):
        return -1
    if s.bewitched == R_THIEF and witch_seat(s) >= 0:
        return witch_seat(s) if s.options["witch_passive_powers"] else -1
    return tc


def crown_targets(s: State, seat: int) -> list[int]:
    # spec §3 #14: never himself, never the current holder
    return [t for t in range(s.n) if t != seat and t != s.crown]


DRAW_DISTRICTS = (OBSERVATORY, LIBRARY)  # the districts that change the action's draw (`draw_terms`)


def draw_terms(city: list[int]) -> tuple[int, int]:
    """How many cards the action draws and how many of them it keeps (spec §1.5 step 2 and §2.5 #19:
    Observatory draws 3; Library keeps all; both: draw 3, keep 2)."""
    observatory = OBSERVATORY in city
    library = LIBRARY in city
    count = DRAW + 1 if observatory else DRAW
    return count, (2 if observatory and library else count if library else 1)


def beautified_copy(s: State, seat: int, card: int) -> bool:
    """Whether removing `card` from this city removes a beautified copy (plain copies go first)."""
    b = s.beautified[seat]
    return card in b and s.cities[seat].count(card) <= b.count(card)


def build_cost(s: State, seat: int, card: int) -> int:
    """What `seat` pays to build `card` (from hand or with the Wizard)."""
    return build_price(card, s.cities[seat])


def build_price(card: int, city: list[int]) -> int:
    """spec §2.3 Factory: the owner's other purple districts cost 1 less to build."""
    if COLOUR[card] == PURPLE and card != FACTORY and FACTORY in city:
        return COST[card] - 1
    return COST[card]


def may_duplicate(s: State, seat: int) -> bool:
    return s.wizard_dups or duplicates_allowed(s.cities[seat], len(s.wizard_copies[seat]))


def duplicates_allowed(city: list[int], wizard_copies: int, wizard_allowance: bool = False) -> bool:
    """Whether a city may take a district it already has: spec §2.3 Quarry (one duplicate at a time;
    §2.5 #18: the `wizard_copies` duplicates built with the Wizard's allowance do not count) and the
    Wizard's 'any build' ruling (§6 #10: `wizard_allowance`, the turn's allowance)."""
    if wizard_allowance:
        return True
    return QUARRY in city and len(city) - len(set(city)) - wizard_copies < 1


def forget_copy(s: State, seat: int, card: int) -> None:
    """A copy of `card` left this city: a Wizard-built duplicate of it is gone if no duplicate is left."""
    w = s.wizard_copies[seat]
    if card in w and w.count(card) >= s.cities[seat].count(card):
        w.remove(card)



def check_card_in_hand(s: State, seat: int, action: dict) -> int:
    """The action's card, which must be in `seat`'s hand (Magician, Laboratory, Museum, Emperor's tribute)."""
    card = card_field(action)
    if card not in s.hands[seat]:
        raise illegal("card_not_in_hand", f"{action['card']!r} is not in your hand")
    return card


def secret_card_from_hand(s: State, seat: int, card: int) -> None:
    """`card` leaves `seat`'s hand face down (Magician, Laboratory, Museum): the others' knowledge of
    that hand no longer holds."""
    s.hands[seat].remove(card)
    if s.known:
        forget_hand(s, seat)
