"""Citadels rules: setup, whose move it is, legal actions and their effects (spec citadels §1-§3),
for the classic game and the Dark City expansion (2-8 players).

Every public function takes a `State` and mutates it in place. `apply` validates an action completely
before it changes anything, so an `IllegalAction` leaves the state exactly as it was.

Characters are held by rank (`s.owner[rank]`); `s.codes[rank]` says which character has that rank in
this game (see data.py: base characters have code = rank, Dark City ones 11-20). The seat playing the
current turn is `s.actor` (the Witch plays her target's turn with her own city and purse).
"""

from __future__ import annotations

from cetate.core.errors import IllegalAction, InvalidOptions
from cetate.core.events import Event
from cetate.core.rng import Rng
from cetate.core.search import win_shares
from cetate.games.citadels.data import (
    ABBOT,
    ALCHEMIST,
    ARCHITECT,
    ARMORY,
    ARTIST,
    ASSASSIN,
    BALL_ROOM,
    BASE_PURPLES,
    BELL_TOWER,
    BISHOP,
    CHARACTER_BY_CODE,
    CHARACTER_INDEX,
    COLOUR,
    COLOURS,
    COST,
    DARK_CITY_DISTRICTS,
    DIPLOMAT,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    EMPEROR,
    FACE_UP_REMOVALS,
    FACE_UP_REMOVALS_RANK9,
    FACTORY,
    GRAVEYARD,
    GREAT_WALL,
    HAUNTED_CITY,
    HOSPITAL,
    IMPERIAL_TREASURY,
    KEEP,
    KING,
    LABORATORY,
    LIBRARY,
    LIGHTHOUSE,
    MAGICIAN,
    MAP_ROOM,
    MERCHANT,
    MUSEUM,
    NAVIGATOR,
    OBSERVATORY,
    PARK,
    POOR_HOUSE,
    PURPLE,
    QUARRY,
    QUEEN,
    SCHOOL_OF_MAGIC,
    SCORE,
    SMITHY,
    TAX_COLLECTOR,
    THIEF,
    THRONE_ROOM,
    WARLORD,
    WISHING_WELL,
    WITCH,
    WIZARD,
)
from cetate.games.citadels.state import State, deck_for

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
CLASSIC = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
DARK_BY_RANK = {c.rank: c.id for c in CHARACTER_BY_CODE.values() if c.set == "dark_city" and c.rank <= 8}

# ranks of the characters whose position in the calling order matters to the rules
R_THIEF, R_KING, R_BISHOP, R_WARLORD, R_QUEEN = 2, 4, 5, 8, 9


def _illegal(code: str, message: str, **params) -> IllegalAction:
    return IllegalAction(code, message, **params)


# -- setup ---------------------------------------------------------------------------------------

def _choose_roster(options: dict, n: int, rng: Rng) -> tuple[str | None, ...]:
    """spec §1.1 #4, §1.11: the characters of this game, one per rank."""
    if options["characters"] is not None:
        chosen = {CHARACTER_INDEX[c].rank: c for c in options["characters"]}
    else:
        chosen = dict(enumerate(CLASSIC, start=1))
        preset = options["character_preset"]
        count = {"classic": 0, "replace_one": 1, "replace_two": 2}.get(preset)
        if count is None:  # replace_one_or_two
            count = 1 + rng.below(2)
        ranks = list(range(1, 9))
        rng.shuffle(ranks)
        for rank in ranks[:count]:
            chosen[rank] = DARK_BY_RANK[rank]
        rank9 = options["rank9"]
        if rank9 == "random":
            rank9 = "queen" if n >= 5 and rng.below(2) else "artist"
        if rank9 != "none":
            chosen[9] = rank9
    top = 9 if 9 in chosen else 8
    return (None, *(chosen[r] for r in range(1, top + 1)))


def _choose_deck(options: dict, roster: tuple, rng: Rng) -> list[int]:
    """spec §1.11: the classic deck, Graveyard out with the Diplomat, Dark City purples added (each one
    beyond 3 replaces a random base purple)."""
    deck = deck_for(options)
    if "diplomat" in roster and GRAVEYARD in deck:
        deck.remove(GRAVEYARD)
    added = [DISTRICT_INDEX[d] for d in options["dark_city_districts"]]
    pool = [DISTRICT_INDEX[d] for d in DARK_CITY_DISTRICTS
            if DISTRICT_INDEX[d] not in added and (d != "ball_room" or options["ball_room"])]
    want = options["random_dark_city_districts"]
    if want > len(pool):
        raise InvalidOptions("bad_districts", f"only {len(pool)} more Dark City districts can be drawn at random",
                             option="random_dark_city_districts")
    rng.shuffle(pool)
    added.extend(pool[:want])
    base_purples = sum(1 for c in deck if c in BASE_PURPLES)
    if len(added) - 3 > base_purples:
        raise InvalidOptions("bad_districts", f"{len(added)} Dark City districts would replace {len(added) - 3} "
                             f"base purple districts, but this deck has only {base_purples}",
                             option="random_dark_city_districts" if want else "dark_city_districts")
    for _ in range(max(0, len(added) - 3)):
        purples = sorted(c for c in deck if c in BASE_PURPLES)
        deck.remove(purples[rng.below(len(purples))])
    return deck + added


def setup(n: int, seed: int | str, options: dict) -> State:
    s = State.__new__(State)
    s.n = n
    s.options = options
    s.rng = rng = Rng.from_seed(seed)
    roster = _choose_roster(options, n, rng)
    s.roster = roster
    s.codes = tuple(CHARACTER_INDEX[c].code if c else 0 for c in roster)
    deck = _choose_deck(options, roster, rng)
    s.composition = tuple(sorted(deck))
    rng.shuffle(deck)
    s.deck = deck
    s.discard_pile = []
    s.bank = options["bank_limit"]
    s.gold = [0] * n
    for i in range(n):
        s.gold[i] = _take_from_bank(s, STARTING_GOLD)
    s.hands = [[deck.pop() for _ in range(STARTING_HAND)] for _ in range(n)]
    s.cities = [[] for _ in range(n)]
    s.haunted_round = [-1] * n
    s.beautified = [[] for _ in range(n)]
    s.museum = [[] for _ in range(n)]
    s.wizard_copies = [[] for _ in range(n)]
    start = options["starting_seat"]
    s.crown = rng.below(n) if start is None else start
    s.round = 0
    s.first_complete = -1
    s.also_first = []
    s.end_triggered = False
    s.bell_tower = False
    s.result = None
    s.graveyard = None
    s.known = {}
    s.tax_pending = []
    s.bewitched = 0
    s.target = -1
    s.resume = "turn"
    s.calling = 0
    _reset_turn(s, -1, "normal")
    _start_round(s, [])
    return s


def bank_pays(s: State, amount: int) -> int:
    """How much of `amount` the bank can pay now (all of it unless the bank is capped, spec §1.1 #2)."""
    return amount if s.bank is None else min(amount, s.bank)


def _take_from_bank(s: State, amount: int) -> int:
    """Gold that the bank can pay (all of it unless the bank is capped)."""
    if s.bank is None:
        return amount
    paid = bank_pays(s, amount)
    s.bank -= paid
    return paid


def _gain(s: State, seat: int, amount: int) -> int:
    paid = _take_from_bank(s, amount)
    s.gold[seat] += paid
    return paid


def _pay(s: State, seat: int, amount: int) -> None:
    s.gold[seat] -= amount
    if s.bank is not None:
        s.bank += amount


def _transfer(s: State, payer: int, receiver: int, amount: int) -> None:
    s.gold[payer] -= amount
    s.gold[receiver] += amount


def _reset_turn(s: State, actor: int, mode: str) -> None:
    code = s.codes[s.calling] if s.calling else 0
    s.actor = actor
    s.mode = mode
    s.acted = False
    # spec §1.5 4a: 1 build; Architect 3; Navigator none; the Witch builds only in her target's turn
    if mode == "action_only" or code in (NAVIGATOR, WITCH):
        s.builds_left = 0
    else:
        s.builds_left = 3 if code == ARCHITECT else 1
    s.power_used = False
    s.income_taken = False
    s.laboratory_used = False
    s.smithy_used = False
    s.museum_used = False
    s.drawn = []
    s.keep = 0
    s.set_aside = []
    s.spent_building = 0
    s.built_count = 0
    s.beautify_count = 0
    # spec §6 #10, PY2 reading ("this turn you may build duplicates"): the whole Wizard turn
    s.wizard_dups = (code == WIZARD and mode != "action_only"
                     and s.options["wizard_duplicates"] == "any_build")
    s.target = -1
    s.resume = "turn"


# -- rounds and the draft ------------------------------------------------------------------------

def takes_initial_card(n: int, characters: int) -> bool:
    """spec §1.4: with 7 players and 8 characters, or 8 players, the last drafter is also handed the
    initial face-down card."""
    return n == 8 or (n == 7 and characters == 8)


def takes_initial(s: State) -> bool:
    return takes_initial_card(s.n, len(s.roster) - 1)  # roster[0] is None: ranks start at 1


def draft_steps(n: int, crown: int) -> list[tuple[int, str]]:
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
    s.bewitched = 0
    s.calling = 0
    s.tax_pending = []
    s.log = []
    s.seen = [[] for _ in range(s.n)]
    ranks = list(range(1, len(s.roster)))
    rng.shuffle(ranks)
    # spec §1.3: one card face down at random, then N face up; rank 4 (King or Emperor) never face up
    first = ranks.pop()
    s.initial_face_down = first
    s.face_down = [first]
    s.log.append((-1, "initial_face_down", first))
    candidates = [r for r in ranks if r != R_KING]
    rng.shuffle(candidates)
    table = FACE_UP_REMOVALS_RANK9 if len(s.roster) == 10 else FACE_UP_REMOVALS
    s.face_up = sorted(candidates[:table[s.n]])
    s.pool = sorted(r for r in ranks if r not in s.face_up)
    s.steps = draft_steps(s.n, s.crown)
    s.phase = "draft"
    s.actor = -1
    ev.append(round_started_event(s))
    _offer(s)


def round_started_event(s: State) -> Event:
    return Event("round_started", {"round": s.round, "crown": s.crown, "face_up": [s.roster[r] for r in s.face_up]})


def _offer(s: State) -> None:
    """Hand the pool to the next drafter and remember what they saw (spec §1.4)."""
    seat, _kind = s.steps[0]
    if len(s.steps) == 1 and takes_initial(s) and s.initial_face_down in s.face_down:
        # spec §1.4, 7 players (8 with a rank-9 character): the last drafter also takes the initial card
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


# -- calling the characters ----------------------------------------------------------------------

def _witch_seat(s: State) -> int:
    return s.owner[1] if s.codes[1] == WITCH else -1


def _next_call(s: State, ev: list) -> None:
    """spec §1.5: call the characters in rank order; skip absent and assassinated ones."""
    roster = s.roster
    for rank in range(s.calling + 1, len(roster)):
        s.calling = rank
        cid = roster[rank]
        seat = s.owner[rank]
        if rank == s.killed:
            if seat >= 0 and HOSPITAL in s.cities[seat]:
                # spec §2.3 Hospital: the assassinated player still takes the action, nothing else
                s.revealed.append(rank)
                ev.append(Event("character_revealed", {"character": cid, "seat": seat, "hospital": True}))
                if rank == R_THIEF:
                    _settle_pending_tax(s, ev)
                _reset_turn(s, seat, "action_only")
                s.phase = "turn"
                return
            ev.append(Event("character_silent", {"character": cid}))  # the victim stays silent
            if rank == R_THIEF:
                _settle_pending_tax(s, ev)
            continue
        if seat < 0:
            s.absent.append(rank)
            ev.append(Event("character_absent", {"character": cid}))
            if rank == R_THIEF:
                _settle_pending_tax(s, ev)
            if rank == s.bewitched:  # spec §3 #8: the Witch's turn was only her action
                ev.append(Event("bewitch_failed", {"seat": _witch_seat(s), "character": cid}))
            continue
        s.revealed.append(rank)
        ev.append(Event("character_revealed", {"character": cid, "seat": seat}))
        if s.crown != seat and BALL_ROOM in s.cities[s.crown]:
            s.actor = seat  # spec §2.3 Ball Room: thank the crown holder first
            s.phase = "ball_room"
            return
        _after_reveal(s, ev)
        return
    _end_round(s, ev)


def _after_reveal(s: State, ev: list) -> None:
    rank = s.calling
    seat = s.owner[rank]
    code = s.codes[rank]
    cid = s.roster[rank]
    if rank == s.robbed:  # spec §1.6 Thief: all the victim's gold (not gold on districts), at the reveal
        thief = s.owner[R_THIEF]
        if s.bewitched == R_THIEF and _witch_seat(s) >= 0:
            thief = _witch_seat(s)  # spec §1.6 Witch: she played the Thief, so the gold is hers
        amount = s.gold[seat] if thief != seat else 0
        if amount:
            _transfer(s, seat, thief, amount)
        ev.append(Event("robbed", {"seat": seat, "thief": thief, "amount": amount, "character": cid}))
    if rank == R_THIEF:
        _settle_pending_tax(s, ev)
    if code == KING:  # spec §1.6 King; §3 #7: a bewitched King's player still takes the crown
        _move_crown(s, seat, ev, "king")
    bewitched = rank == s.bewitched and _witch_seat(s) >= 0
    _reset_turn(s, seat, "action_only" if bewitched else "normal")
    s.phase = "turn"
    if bewitched:
        ev.append(Event("bewitched_turn", {"seat": seat, "character": cid}))
        return
    _turn_start_powers(s, seat, ev)


def _turn_start_powers(s: State, seat: int, ev: list) -> None:
    """Powers that act at the start of a character's turn (for its player or for the Witch)."""
    code = s.codes[s.calling]
    if code == QUEEN:
        _queen_pay(s, seat, ev)
    elif code == EMPEROR:  # spec §1.6 Emperor: he must move the crown now
        if _crown_targets(s, seat):
            s.phase = "emperor_crown"
        else:
            ev.append(Event("crown_stays", {"seat": seat}))


def _crown_targets(s: State, seat: int) -> list[int]:
    # spec §3 #14: never himself, never the current holder
    return [t for t in range(s.n) if t != seat and t != s.crown]


def _queen_pay(s: State, seat: int, ev: list) -> None:
    """spec §1.6 Queen: 3 gold when seated next to the rank-4 character's player (§3 #16)."""
    if s.killed == R_KING or R_KING not in s.revealed:
        return  # unknown now (assassinated: settled at the end of the round) or not in play
    other = s.crown if (s.codes[R_KING] == EMPEROR and s.options["queen_neighbour"] == "crown_receiver") \
        else s.owner[R_KING]
    if other >= 0 and (seat - other) % s.n in (1, s.n - 1):
        amount = _gain(s, seat, 3)
        ev.append(Event("queen_paid", {"seat": seat, "amount": amount, "neighbour": other}))


def _move_crown(s: State, seat: int, ev: list, reason: str) -> None:
    if s.crown == seat:  # spec §1.7: only a real change of holder moves the crown
        return
    ev.append(Event("crown_moved", {"seat": seat, "previous": s.crown, "reason": reason}))
    s.crown = seat
    for owner in range(s.n):  # spec §2.5 #15 Throne Room: +1 gold on every real change
        if THRONE_ROOM in s.cities[owner]:
            amount = _gain(s, owner, 1)
            ev.append(Event("throne_room", {"seat": owner, "amount": amount}))


def _end_round(s: State, ev: list) -> None:
    s.calling = 0
    s.actor = -1
    heir = s.owner[R_KING] if s.killed == R_KING else -1
    if heir >= 0:
        ev.append(Event("king_heir", {"seat": heir, "character": s.roster[R_KING]}))
        if R_KING not in s.revealed:
            s.revealed.append(R_KING)  # the heir shows the card: from now on everybody knows who held it
        if s.codes[R_KING] == KING:
            # spec §3 #5: the assassinated King's player reveals at the end of the round and takes the crown
            _move_crown(s, heir, ev, "heir")
        elif s.options["emperor_assassinated"] == "crown_passes" and _crown_targets(s, heir):
            # spec §3 #15: the assassinated Emperor still passes the crown, without payment
            s.actor = heir
            s.phase = "emperor_heir"
            return
    _finish_round(s, ev)


def _finish_round(s: State, ev: list) -> None:
    s.actor = -1
    if s.killed == R_KING and s.owner[R_KING] >= 0 and len(s.roster) == 10 and s.codes[R_QUEEN] == QUEEN:
        queen = _witch_seat(s) if s.bewitched == R_QUEEN else s.owner[R_QUEEN]
        if queen >= 0 and R_QUEEN in s.revealed:
            # spec §1.6 Queen: paid at the end of the round when the rank-4 character was assassinated
            other = s.crown if (s.codes[R_KING] == EMPEROR and s.options["queen_neighbour"] == "crown_receiver") \
                else s.owner[R_KING]
            if (queen - other) % s.n in (1, s.n - 1):
                amount = _gain(s, queen, 3)
                ev.append(Event("queen_paid", {"seat": queen, "amount": amount, "neighbour": other}))
    ev.append(Event("round_ended", {"round": s.round}))
    if s.end_triggered:
        _finish(s, ev, stalled=False)
    elif s.round >= s.options["max_rounds"]:
        _finish(s, ev, stalled=True)  # spec §1.8: a stalled game is scored as at a normal end
    else:
        _start_round(s, ev)


# -- scoring (spec §1.9, §1.10) ------------------------------------------------------------------

def completion_size(s: State) -> int:
    """spec §1.8: the game's size, or one less (or 7) after the Bell Tower's announcement."""
    return announced_size(s) if s.bell_tower else s.options["completion_size"]


def announced_size(s: State) -> int:
    """spec §2.5 #9, #12: the completion size once the Bell Tower is announced."""
    return s.options["completion_size"] - 1 if s.options["bell_tower_size"] == "minus_one" else 7


def score_seat(s: State, seat: int) -> dict:
    city = s.cities[seat]
    districts = sum(SCORE[c] for c in city) + len(s.beautified[seat])  # spec §1.6 Artist: +1 each
    colours = {COLOUR[c] for c in city if c != HAUNTED_CITY}
    if HAUNTED_CITY in city:
        # spec §2.2: counts as any colour, unless it was built in the last round of the game
        if s.haunted_round[seat] != s.round:
            colours.add(next((c for c in range(5) if c not in colours), PURPLE))
        else:
            colours.add(PURPLE)
    all_colours = 3 if len(colours) == 5 else 0
    complete_now = len(city) >= completion_size(s)
    is_first = s.first_complete == seat or seat in s.also_first
    if is_first and s.options["first_bonus_requires_complete"] and not complete_now:
        is_first = False
    first = 4 if is_first else 0
    complete = 2 if not first and complete_now else 0
    extras = {}
    if IMPERIAL_TREASURY in city:
        extras["imperial_treasury"] = s.gold[seat]
    if MAP_ROOM in city:
        extras["map_room"] = len(s.hands[seat])
    if WISHING_WELL in city:
        extras["wishing_well"] = sum(1 for c in city if COLOUR[c] == PURPLE) - 1
    if MUSEUM in city:
        extras["museum"] = len(s.museum[seat])
    total = districts + all_colours + first + complete + sum(extras.values())
    return {"seat": seat, "total": total, "districts": districts, "all_colours": all_colours,
            "first_complete": first, "complete": complete, "extras": extras, "gold": s.gold[seat]}


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
    s.actor = -1
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

def _forget_hand(s: State, holder: int, keep: int = -1) -> None:
    for key in [k for k in s.known if k[1] == holder and k[0] != keep]:
        del s.known[key]


def _known_card_left(s: State, holder: int, card: int) -> None:
    for (_o, h), cards in list(s.known.items()):
        if h == holder and card in cards:
            cards.remove(card)
    for key in [k for k, v in s.known.items() if not v]:
        del s.known[key]


def _learn(s: State, observer: int, holder: int, cards: list[int]) -> None:
    if observer != holder and cards:
        s.known.setdefault((observer, holder), []).extend(cards)


# -- queries -------------------------------------------------------------------------------------

def to_move(s: State) -> int | None:
    phase = s.phase
    if phase == "draft":
        return s.steps[0][0]
    if phase == "over":
        return None
    if phase == "graveyard":
        return s.graveyard[2]
    if phase == "emperor_tribute":
        return s.target
    return s.actor


def income_amount(s: State, seat: int, rank: int) -> int:
    colour = INCOME[s.codes[rank]]
    if colour is None:
        return 0
    return district_income(s.cities[seat], colour)


def district_income(city: list[int], colour: int) -> int:
    """spec §1.6: 1 gold per district of the character's colour; spec §2.2 School of Magic: any colour
    for income, so it always pays the income character."""
    return sum(1 for c in city if COLOUR[c] == colour or c == SCHOOL_OF_MAGIC)


def bishop_protects(s: State) -> int:
    """The seat protected by a living Bishop this round, or -1 (spec §1.6 Bishop, §3 #3, §3 #9)."""
    if s.codes[R_BISHOP] != BISHOP:
        return -1
    b = s.owner[R_BISHOP]
    if b < 0 or s.killed == R_BISHOP:
        return -1
    if s.bewitched == R_BISHOP and R_BISHOP in s.revealed and _witch_seat(s) >= 0:
        return _witch_seat(s) if s.options["witch_passive_powers"] else -1
    return b


def _beautified_copy(s: State, seat: int, card: int) -> bool:
    """Whether removing `card` from this city removes a beautified copy (plain copies go first)."""
    b = s.beautified[seat]
    return card in b and s.cities[seat].count(card) <= b.count(card)


def destroy_price(s: State, target: int, card: int) -> int:
    """spec §1.6 Warlord: cost minus 1; +1 for the owner's Great Wall on other districts (§2.5 #1);
    +1 for a beautified district (§3 #19)."""
    price = COST[card] - 1
    if card != GREAT_WALL and GREAT_WALL in s.cities[target]:
        price += 1
    if _beautified_copy(s, target, card):
        price += 1
    return price


def is_complete(s: State, seat: int) -> bool:
    return len(s.cities[seat]) >= completion_size(s)


def build_cost(s: State, seat: int, card: int) -> int:
    """What `seat` pays to build `card` (from hand or with the Wizard)."""
    return build_price(card, s.cities[seat])


def build_price(card: int, city: list[int]) -> int:
    """spec §2.3 Factory: the owner's other purple districts cost 1 less to build."""
    if COLOUR[card] == PURPLE and card != FACTORY and FACTORY in city:
        return COST[card] - 1
    return COST[card]


def _may_duplicate(s: State, seat: int) -> bool:
    return s.wizard_dups or duplicates_allowed(s.cities[seat], len(s.wizard_copies[seat]))


def duplicates_allowed(city: list[int], wizard_copies: int, wizard_allowance: bool = False) -> bool:
    """Whether a city may take a district it already has: spec §2.3 Quarry (one duplicate at a time;
    §2.5 #18: the `wizard_copies` duplicates built with the Wizard's allowance do not count) and the
    Wizard's 'any build' ruling (§6 #10: `wizard_allowance`, the turn's allowance)."""
    if wizard_allowance:
        return True
    return QUARRY in city and len(city) - len(set(city)) - wizard_copies < 1


def _forget_copy(s: State, seat: int, card: int) -> None:
    """A copy of `card` left this city: a Wizard-built duplicate of it is gone if no duplicate is left."""
    w = s.wizard_copies[seat]
    if card in w and w.count(card) >= s.cities[seat].count(card):
        w.remove(card)


def can_build(s: State, seat: int, card: int) -> str | None:
    """None if `seat` may build `card` from hand now, else the reason code."""
    if not s.acted:
        return "build_before_action"
    if s.builds_left <= 0:
        return "no_builds_left"
    if card not in s.hands[seat]:
        return "card_not_in_hand"
    if card in s.cities[seat] and not _may_duplicate(s, seat):
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


def _destroy_targets(s: State, seat: int) -> list[tuple[int, int, int]]:
    out = []
    protected = bishop_protects(s)
    gold = s.gold[seat]
    for target in range(s.n):
        if target == protected or is_complete(s, target):
            continue
        for card in sorted(set(s.cities[target])):
            if card == KEEP:
                continue
            price = destroy_price(s, target, card)
            if price <= gold:
                out.append((target, card, price))
    return out


def exchange_cost(s: State, seat: int, give: int, target: int, take: int) -> int:
    """spec §1.6 Diplomat, §2.5 #2, §3 #20: what the Diplomat pays for taking `take` from `target`."""
    taken = COST[take] + (1 if _beautified_copy(s, target, take) else 0)
    if (s.options["diplomat_great_wall"] == "taken_plus_one" and take != GREAT_WALL
            and GREAT_WALL in s.cities[target]):
        taken += 1
    given = COST[give] + (1 if _beautified_copy(s, seat, give) else 0)
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


def _tax_receiver(s: State) -> int:
    """Who is paid the Tax Collector's tax now, or -1 (spec §1.6 Tax Collector, §3 #9, §3 #11)."""
    if s.codes[R_THIEF] != TAX_COLLECTOR:
        return -1
    tc = s.owner[R_THIEF]
    if tc < 0 or (s.killed == R_THIEF and not s.options["tax_when_assassinated"]):
        return -1
    if s.bewitched == R_THIEF and _witch_seat(s) >= 0:
        return _witch_seat(s) if s.options["witch_passive_powers"] else -1
    return tc


def legal_actions(s: State) -> list[dict]:
    phase = s.phase
    if phase == "turn":
        return _turn_actions(s)
    if phase == "draft":
        atype = "pick" if s.steps[0][1] == "pick" else "discard_character"
        roster = s.roster
        return [{"type": atype, "character": roster[r]} for r in s.pool]
    if phase == "keep":
        return [{"type": "keep", "card": DISTRICT_IDS[c]} for c in sorted(set(s.drawn))]
    if phase == "magician_discard":
        acts = [{"type": "discard", "card": DISTRICT_IDS[c]} for c in sorted(set(s.hands[s.actor]))]
        acts.append({"type": "stop_discarding"})
        return acts
    if phase == "graveyard":
        return [{"type": "graveyard_take"}, {"type": "graveyard_decline"}]
    if phase == "navigator":
        return [{"type": "navigator_gold"}, {"type": "navigator_cards"}]
    if phase == "wizard":
        seat, hand = s.actor, s.hands[s.target]
        acts = [{"type": "wizard_take", "card": DISTRICT_IDS[c]} for c in sorted(set(hand))]
        if s.acted and s.codes[s.calling] != NAVIGATOR:
            acts.extend({"type": "wizard_build", "card": DISTRICT_IDS[c]} for c in sorted(set(hand))
                        if build_cost(s, seat, c) <= s.gold[seat])
        return acts
    if phase in ("emperor_crown", "emperor_heir"):
        return [{"type": "crown", "target": t} for t in _crown_targets(s, s.actor)]
    if phase == "emperor_tribute":
        acts = [{"type": "tribute_gold"}] if s.gold[s.target] > 0 else []
        acts.extend({"type": "tribute_card", "card": DISTRICT_IDS[c]} for c in sorted(set(s.hands[s.target])))
        return acts
    if phase == "lighthouse":
        return [{"type": "lighthouse_take", "card": DISTRICT_IDS[c]} for c in sorted(set(s.deck))]
    if phase == "bell_tower":
        return [{"type": "announce_bell_tower"}, {"type": "decline_bell_tower"}]
    if phase == "ball_room":
        return [{"type": "thank"}]
    return []


def _turn_actions(s: State) -> list[dict]:
    rank = s.calling
    code = s.codes[rank]
    seat = s.actor
    acts: list[dict] = []
    acted = s.acted
    if s.mode == "action_only":
        if not acted:
            acts.append({"type": "take_gold"})
            acts.append({"type": "draw_cards"})
            if s.options["hospital_districts"] and s.killed == rank:
                _district_actions(s, seat, acts)
        return acts
    city = s.cities[seat]
    hand = s.hands[seat]
    gold = s.gold[seat]
    if not acted:
        acts.append({"type": "take_gold"})
        acts.append({"type": "draw_cards"})
    elif s.builds_left > 0:
        dup_ok = _may_duplicate(s, seat)
        for c in sorted(set(hand)):
            if build_cost(s, seat, c) <= gold and (dup_ok or c not in city):
                acts.append({"type": "build", "card": DISTRICT_IDS[c]})
    if not s.income_taken and INCOME[code] is not None and income_amount(s, seat, rank) > 0:
        acts.append({"type": "collect_income"})
    end_ok = acted
    if not s.power_used:
        roster = s.roster
        top = len(roster)
        if code == ASSASSIN:
            acts.extend({"type": "assassinate", "character": roster[r]} for r in range(2, top))
        elif code == THIEF:
            acts.extend({"type": "steal", "character": roster[r]}
                        for r in range(3, top) if r != s.killed and r != s.bewitched)
        elif code == MAGICIAN:
            acts.extend({"type": "swap_hands", "target": t} for t in range(s.n) if t != seat)
            if hand:
                acts.append({"type": "discard_and_draw"})
        elif code == WARLORD:
            if acted or s.options["warlord_timing"] == "any_time":
                acts.extend({"type": "destroy", "target": t, "card": DISTRICT_IDS[c]}
                            for t, c, _ in _destroy_targets(s, seat))
        elif code == WITCH:
            end_ok = False  # spec §1.6 Witch: after her action she must name her target; that ends her turn
            if acted:
                acts.extend({"type": "bewitch", "character": roster[r]} for r in range(2, top))
        elif code == WIZARD:
            acts.extend({"type": "wizard", "target": t} for t in range(s.n) if t != seat and s.hands[t])
        elif code == ABBOT:
            if abbot_payer(s, seat) >= 0:
                acts.append({"type": "abbot_collect"})
        elif code == DIPLOMAT and (acted or s.options["warlord_timing"] == "any_time"):
            _exchange_actions(s, seat, acts)
    if code == ARTIST and s.beautify_count < BEAUTIFY_PER_TURN and gold >= BEAUTIFY_PRICE:
        b = s.beautified[seat]
        acts.extend({"type": "beautify", "card": DISTRICT_IDS[c]} for c in sorted(set(city))
                    if city.count(c) > b.count(c))
    if not _ACTIVE_DISTRICTS.isdisjoint(city):
        _district_actions(s, seat, acts)
    if end_ok:
        acts.append({"type": "end_turn"})
    return acts


_ACTIVE_DISTRICTS = frozenset((LABORATORY, SMITHY, MUSEUM, ARMORY))


def _district_actions(s: State, seat: int, acts: list) -> None:
    city = s.cities[seat]
    hand = s.hands[seat]
    if LABORATORY in city and not s.laboratory_used:
        acts.extend({"type": "laboratory", "card": DISTRICT_IDS[c]} for c in sorted(set(hand)))
    if SMITHY in city and not s.smithy_used and s.gold[seat] >= SMITHY_PRICE:
        acts.append({"type": "smithy"})
    if MUSEUM in city and not s.museum_used:
        acts.extend({"type": "museum", "card": DISTRICT_IDS[c]} for c in sorted(set(hand)))
    if ARMORY in city:
        for t in range(s.n):
            if t != seat:
                acts.extend({"type": "armory", "target": t, "card": DISTRICT_IDS[c]}
                            for c in sorted(set(s.cities[t])))


def _exchange_actions(s: State, seat: int, acts: list) -> None:
    """Every legal Diplomat exchange (the same checks as `exchange_problem`, hoisted out of the loops)."""
    opts = s.options
    mine = s.cities[seat]
    gold = s.gold[seat]
    protected = bishop_protects(s)
    wall_rule = opts["diplomat_great_wall"] == "taken_plus_one"
    dup_ok = opts["diplomat_duplicates"]
    gives = [(g, COST[g] + (1 if _beautified_copy(s, seat, g) else 0)) for g in sorted(set(mine))
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
            value = COST[take] + (1 if _beautified_copy(s, t, take) else 0) + (1 if wall and take != GREAT_WALL else 0)
            take_id = DISTRICT_IDS[take]
            for give, given in gives:
                if value - given > gold or give == take:
                    continue
                if not dup_ok and give != take and (take in mine or give in theirs):
                    continue
                acts.append({"type": "exchange", "give": DISTRICT_IDS[give], "target": t, "take": take_id})


def abbot_payer(s: State, seat: int) -> int:
    """spec §1.6 Abbot: the single richest player pays 1 gold, unless it is the Abbot himself."""
    most = max(s.gold)
    richest = [i for i in range(s.n) if s.gold[i] == most]
    if most <= 0 or len(richest) != 1 or richest[0] == seat:
        return -1
    return richest[0]


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
    roster = s.roster
    for rank in range(1, len(roster)):
        if roster[rank] == value:
            return rank
    raise _illegal("malformed_action", f"{value!r} is not a character of this game", field="character")


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
    phases, do = handler
    if s.phase not in phases:
        raise _illegal("wrong_phase", f"{action['type']!r} is not possible in the {s.phase} phase",
                       phase=s.phase)
    ev: list[Event] = []
    do(s, mover, action, ev)
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
    amount = _gain(s, seat, TAKE_GOLD)
    s.acted = True
    ev.append(Event("gold_taken", {"seat": seat, "amount": amount}))
    _after_action(s, seat, ev)


def _do_draw_cards(s: State, seat: int, action: dict, ev: list) -> None:
    _need_unacted(s)
    count, keep = draw_terms(s.cities[seat])
    cards = _draw(s, count, ev)
    s.acted = True
    ev.append(Event("cards_drawn", {"seat": seat, "count": len(cards)}, {"cards": _names(cards)}, (seat,)))
    if len(cards) <= keep:
        s.hands[seat].extend(cards)
        if cards:
            ev.append(Event("cards_kept", {"seat": seat, "count": len(cards)}, {"cards": _names(cards)}, (seat,)))
        _after_action(s, seat, ev)
    else:
        s.drawn = cards
        s.keep = keep
        s.phase = "keep"


DRAW_DISTRICTS = (OBSERVATORY, LIBRARY)  # the districts that change the action's draw (`draw_terms`)


def draw_terms(city: list[int]) -> tuple[int, int]:
    """How many cards the action draws and how many of them it keeps (spec §1.5 step 2 and §2.5 #19:
    Observatory draws 3; Library keeps all; both: draw 3, keep 2)."""
    observatory = OBSERVATORY in city
    library = LIBRARY in city
    count = DRAW + 1 if observatory else DRAW
    return count, (2 if observatory and library else count if library else 1)


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
    if s.mode == "action_only":  # a bewitched or assassinated (Hospital) player: the action is all
        _end_turn(s, ev)
        return
    code = s.codes[s.calling]
    cid = s.roster[s.calling]
    if code == MERCHANT:  # spec §1.6 Merchant: +1 gold after the action
        amount = _gain(s, seat, 1)
        ev.append(Event("bonus_gold", {"seat": seat, "amount": amount, "character": cid}))
    elif code == ARCHITECT:  # spec §1.6 Architect: +2 cards after the action
        cards = _draw(s, 2, ev)
        s.hands[seat].extend(cards)
        ev.append(Event("bonus_cards", {"seat": seat, "count": len(cards), "character": cid},
                        {"cards": _names(cards)}, (seat,)))
    elif code == NAVIGATOR:  # spec §1.6 Navigator: +4 gold or +4 cards after the action
        s.phase = "navigator"


def _do_navigator(s: State, seat: int, action: dict, ev: list) -> None:
    if action["type"] == "navigator_gold":
        amount = _gain(s, seat, NAVIGATOR_GOLD)
        ev.append(Event("bonus_gold", {"seat": seat, "amount": amount, "character": s.roster[s.calling]}))
    else:
        cards = _draw(s, NAVIGATOR_CARDS, ev)
        s.hands[seat].extend(cards)
        ev.append(Event("bonus_cards", {"seat": seat, "count": len(cards), "character": s.roster[s.calling]},
                        {"cards": _names(cards)}, (seat,)))
    s.phase = "turn"


def _do_collect_income(s: State, seat: int, action: dict, ev: list) -> None:
    rank = s.calling
    if s.mode == "action_only":
        raise _illegal("action_only", "this turn allows only the action")
    if INCOME[s.codes[rank]] is None:
        raise _illegal("no_income", f"the {s.roster[rank]} has no district income")
    if s.income_taken:
        raise _illegal("income_taken", "you have already collected your income this turn (all at once)")
    amount = income_amount(s, seat, rank)
    if amount == 0:
        raise _illegal("no_income", "your city has no district of this character's colour")
    paid = _gain(s, seat, amount)
    s.income_taken = True
    ev.append(Event("income", {"seat": seat, "amount": paid, "colour": COLOURS[INCOME[s.codes[rank]]],
                               "character": s.roster[rank]}))


def _do_build(s: State, seat: int, action: dict, ev: list) -> None:
    card = _card_field(action)
    reason = can_build(s, seat, card)
    if reason is not None:
        raise _illegal(reason, _BUILD_REASONS[reason].format(card=action["card"]), card=action["card"])
    cost = build_cost(s, seat, card)
    _pay(s, seat, cost)
    s.hands[seat].remove(card)
    s.builds_left -= 1
    if s.wizard_dups and card in s.cities[seat]:
        s.wizard_copies[seat].append(card)  # a duplicate of the Wizard's 'any build' allowance
    if s.known:
        _known_card_left(s, seat, card)
    ev.append(Event("built", {"seat": seat, "card": DISTRICT_IDS[card], "cost": cost}))
    _on_built(s, seat, card, cost, ev)


def _on_built(s: State, seat: int, card: int, cost: int, ev: list) -> None:
    """A district enters `seat`'s city by building (hand, Wizard)."""
    s.cities[seat].append(card)
    s.spent_building += cost
    s.built_count += 1
    if card == HAUNTED_CITY:
        s.haunted_round[seat] = s.round
    _check_completion(s, seat, ev)
    if card == LIGHTHOUSE and s.deck:  # spec §2.3 Lighthouse; §2.5 #20: also when the Wizard builds it
        s.resume = "turn"
        s.phase = "lighthouse"
    elif card == BELL_TOWER:  # spec §2.3 Bell Tower: the announcement is optional
        s.resume = "turn"
        s.phase = "bell_tower"


_BUILD_REASONS = {
    "build_before_action": "you must take gold or draw cards before you build",
    "no_builds_left": "you cannot build more districts this turn",
    "card_not_in_hand": "{card!r} is not in your hand",
    "duplicate_district": "your city already has a {card!r}; a city may not hold two districts of the same name",
    "cannot_afford": "you do not have enough gold to build {card!r}",
}


def _check_completion(s: State, seat: int, ev: list) -> None:
    size = completion_size(s)
    length = len(s.cities[seat])
    if length >= size and not s.end_triggered:
        # spec §1.8: record the first city to reach the completion size; the end is now fixed (a city
        # completed after the Bell Tower's announcement triggered the end is not first, §2.5 #11)
        s.first_complete = seat
        s.end_triggered = True
        ev.append(Event("city_completed", {"seat": seat, "first": True}))
    elif length == size:
        ev.append(Event("city_completed", {"seat": seat, "first": False}))


def _need_power(s: State, code: int, name: str) -> None:
    if s.mode == "action_only":
        raise _illegal("action_only", "this turn allows only the action")
    if s.codes[s.calling] != code:
        raise _illegal("not_your_power", f"only the {CHARACTER_BY_CODE[code].id} can {name}")
    if s.power_used:
        raise _illegal("power_used", "you have already used your character's power this turn")


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
    rank = _character_field(s, action)
    problem = character_target_problem(s, power, rank)
    if problem is not None:
        raise _illegal("bad_target", _TARGET_REASONS[power, problem])
    return rank


def _do_assassinate(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, ASSASSIN, "assassinate")
    target = _character_target(s, "assassinate", action)
    s.killed = target
    s.power_used = True
    ev.append(Event("assassinated", {"seat": seat, "character": s.roster[target]}))


def _do_steal(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, THIEF, "steal")
    target = _character_target(s, "steal", action)
    s.robbed = target
    s.power_used = True
    ev.append(Event("thief_named", {"seat": seat, "character": s.roster[target]}))


def _do_bewitch(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, WITCH, "bewitch")
    if not s.acted:
        raise _illegal("action_required", "the Witch names her target after her action")
    target = _character_target(s, "bewitch", action)
    s.bewitched = target
    s.power_used = True
    ev.append(Event("bewitched", {"seat": seat, "character": s.roster[target]}))
    _end_turn(s, ev)  # spec §1.6 Witch: her turn ends at once


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


def _secret_card_from_hand(s: State, seat: int, action: dict) -> int:
    """The action's card leaves `seat`'s hand face down (Magician, Laboratory, Museum): the others'
    knowledge of that hand no longer holds. Validates before it changes anything."""
    card = _card_field(action)
    if card not in s.hands[seat]:
        raise _illegal("card_not_in_hand", f"{action['card']!r} is not in your hand")
    s.hands[seat].remove(card)
    if s.known:
        _forget_hand(s, seat)
    return card


def _do_discard(s: State, seat: int, action: dict, ev: list) -> None:
    s.set_aside.append(_secret_card_from_hand(s, seat, action))


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


def _do_wizard(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, WIZARD, "look at a hand")
    target = _seat_field(s, action)
    if target == seat:
        raise _illegal("bad_target", "the Wizard looks at another player's hand")
    if not s.hands[target]:
        raise _illegal("empty_hand", "that player has no cards")
    s.power_used = True
    s.target = target
    s.phase = "wizard"
    ev.append(Event("wizard_looks", {"seat": seat, "target": target},
                    {"cards": _names(sorted(s.hands[target]))}, (seat,)))


def _wizard_take_card(s: State, seat: int, card: int) -> None:
    target = s.target
    s.hands[target].remove(card)
    _forget_hand(s, target, keep=seat)
    s.known[(seat, target)] = s.hands[target][:]  # he has seen the whole hand
    if not s.known[(seat, target)]:
        del s.known[(seat, target)]


def _do_wizard_take(s: State, seat: int, action: dict, ev: list) -> None:
    card = _card_field(action)
    if card not in s.hands[s.target]:
        raise _illegal("card_not_in_hand", f"{action['card']!r} is not in that player's hand")
    target = s.target
    _wizard_take_card(s, seat, card)
    s.hands[seat].append(card)
    _learn(s, target, seat, [card])
    if s.options["wizard_duplicates"] == "any_build":
        s.wizard_dups = True  # spec §6 #10, PY2 reading: duplicates allowed for the rest of the turn
    s.target = -1
    s.phase = "turn"
    ev.append(Event("wizard_took", {"seat": seat, "target": target}, {"card": DISTRICT_IDS[card]},
                    (seat, target)))


def _do_wizard_build(s: State, seat: int, action: dict, ev: list) -> None:
    card = _card_field(action)
    if card not in s.hands[s.target]:
        raise _illegal("card_not_in_hand", f"{action['card']!r} is not in that player's hand")
    problem = wizard_build_problem(s, seat, card)
    if problem is not None:
        raise _illegal(problem, "the Navigator may not build" if problem == "no_builds_left"
                       else _BUILD_REASONS[problem].format(card=action["card"]))
    cost = build_cost(s, seat, card)
    target = s.target
    _wizard_take_card(s, seat, card)
    if s.options["wizard_duplicates"] == "any_build":
        s.wizard_dups = True
    if card in s.cities[seat]:
        s.wizard_copies[seat].append(card)  # spec §2.5 #18: not one of the Quarry's duplicates
    s.target = -1
    s.phase = "turn"
    _pay(s, seat, cost)
    # spec §1.6 Wizard: built at once, outside the build limit, even as a duplicate
    ev.append(Event("built", {"seat": seat, "card": DISTRICT_IDS[card], "cost": cost, "from": target}))
    _on_built(s, seat, card, cost, ev)


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


def _do_crown(s: State, seat: int, action: dict, ev: list) -> None:
    target = _seat_field(s, action)
    if target not in _crown_targets(s, seat):
        raise _illegal("bad_target", "the crown must go to another player who does not hold it now")
    _move_crown(s, target, ev, "emperor")
    if s.phase == "emperor_heir":  # spec §3 #15: no payment from an assassinated Emperor's move
        _finish_round(s, ev)
        return
    if s.gold[target] > 0 or s.hands[target]:
        s.target = target
        s.phase = "emperor_tribute"
    else:
        ev.append(Event("tribute_none", {"seat": target}))
        s.phase = "turn"


def _do_tribute_gold(s: State, seat: int, action: dict, ev: list) -> None:
    if s.gold[seat] <= 0:
        raise _illegal("cannot_afford", "you have no gold to give")
    _transfer(s, seat, s.actor, 1)
    ev.append(Event("tribute_paid", {"seat": seat, "to": s.actor, "gold": 1}))
    s.target = -1
    s.phase = "turn"


def _do_tribute_card(s: State, seat: int, action: dict, ev: list) -> None:
    card = _card_field(action)
    if card not in s.hands[seat]:
        raise _illegal("card_not_in_hand", f"{action['card']!r} is not in your hand")
    emperor = s.actor
    s.hands[seat].remove(card)
    _forget_hand(s, seat, keep=emperor)
    _known_card_left(s, seat, card)
    s.hands[emperor].append(card)
    _learn(s, seat, emperor, [card])
    ev.append(Event("tribute_paid", {"seat": seat, "to": emperor, "cards": 1}, {"card": DISTRICT_IDS[card]},
                    (seat, emperor)))
    s.target = -1
    s.phase = "turn"


def _do_abbot_collect(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, ABBOT, "collect from the richest player")
    payer = abbot_payer(s, seat)
    if payer < 0:
        raise _illegal("no_payer", "nobody is richer than everyone else (and richer than the Abbot)")
    _transfer(s, payer, seat, 1)
    s.power_used = True
    ev.append(Event("abbot_paid", {"seat": seat, "payer": payer, "amount": 1}))


def _do_beautify(s: State, seat: int, action: dict, ev: list) -> None:
    if s.mode == "action_only" or s.codes[s.calling] != ARTIST:
        raise _illegal("not_your_power", "only the Artist can beautify districts")
    if s.beautify_count >= BEAUTIFY_PER_TURN:
        raise _illegal("power_used", "the Artist beautifies at most two districts per turn")
    card = _card_field(action)
    if not can_beautify(s, seat, card):
        raise _illegal("card_not_in_city", f"your city has no {action['card']!r} that is not yet beautified")
    if s.gold[seat] < BEAUTIFY_PRICE:
        raise _illegal("cannot_afford", "beautifying costs 1 gold")
    s.gold[seat] -= BEAUTIFY_PRICE  # the gold stays on the district, outside the purse (spec §2.5 #23)
    s.beautified[seat].append(card)
    s.beautify_count += 1
    ev.append(Event("beautified", {"seat": seat, "card": DISTRICT_IDS[card]}))


def can_beautify(s: State, seat: int, card: int) -> bool:
    """spec §3 #19: a district of this city that is not yet beautified (each copy once, for good)."""
    return s.cities[seat].count(card) > s.beautified[seat].count(card)


def _need_district(s: State, seat: int, card: int, name: str) -> None:
    if s.mode == "action_only" and not (s.options["hospital_districts"] and s.killed == s.calling):
        raise _illegal("action_only", "this turn allows only the action")
    if card not in s.cities[seat]:
        raise _illegal("no_district", f"you have no {name}")


def _do_laboratory(s: State, seat: int, action: dict, ev: list) -> None:
    _need_district(s, seat, LABORATORY, "Laboratory")
    if s.laboratory_used:
        raise _illegal("district_used", "the Laboratory works once per turn")
    card = _secret_card_from_hand(s, seat, action)
    _discard(s, [card])
    amount = _gain(s, seat, LABORATORY_GOLD)
    s.laboratory_used = True
    ev.append(Event("laboratory_used", {"seat": seat, "amount": amount}, {"card": DISTRICT_IDS[card]}, (seat,)))


def _do_smithy(s: State, seat: int, action: dict, ev: list) -> None:
    _need_district(s, seat, SMITHY, "Smithy")
    if s.smithy_used:
        raise _illegal("district_used", "the Smithy works once per turn")
    if s.gold[seat] < SMITHY_PRICE:
        raise _illegal("cannot_afford", "the Smithy costs 2 gold")
    _pay(s, seat, SMITHY_PRICE)
    cards = _draw(s, SMITHY_CARDS, ev)
    s.hands[seat].extend(cards)
    s.smithy_used = True
    ev.append(Event("smithy_used", {"seat": seat, "paid": SMITHY_PRICE, "count": len(cards)}, {"cards": _names(cards)},
                    (seat,)))


def _do_museum(s: State, seat: int, action: dict, ev: list) -> None:
    _need_district(s, seat, MUSEUM, "Museum")
    if s.museum_used:
        raise _illegal("district_used", "the Museum takes one card per turn")
    card = _secret_card_from_hand(s, seat, action)
    s.museum[seat].append(card)
    s.museum_used = True
    ev.append(Event("museum_stored", {"seat": seat, "count": len(s.museum[seat])}, {"card": DISTRICT_IDS[card]},
                    (seat,)))


def _remove_district(s: State, seat: int, card: int, ev: list) -> None:
    """A district leaves a city (destroyed): artist gold back to the bank, museum cards discarded,
    the Bell Tower's announcement lapses (spec §2.5 #10, #21, #24)."""
    if _beautified_copy(s, seat, card):
        s.beautified[seat].remove(card)
        if s.bank is not None:
            s.bank += 1
    s.cities[seat].remove(card)
    _forget_copy(s, seat, card)
    if card == HAUNTED_CITY:
        s.haunted_round[seat] = -1
    if card == MUSEUM and s.museum[seat]:
        _discard(s, s.museum[seat])
        ev.append(Event("museum_lost", {"seat": seat, "count": len(s.museum[seat])}))
        s.museum[seat] = []
    if card == BELL_TOWER and s.bell_tower:
        s.bell_tower = False  # the end, if already triggered, stays triggered
        ev.append(Event("bell_tower_lapsed", {"seat": seat}))


def _do_armory(s: State, seat: int, action: dict, ev: list) -> None:
    _need_district(s, seat, ARMORY, "Armory")
    target = _seat_field(s, action)
    card = _card_field(action)
    if target == seat:
        raise _illegal("bad_target", "the Armory destroys a district in another player's city")
    if card not in s.cities[target]:
        raise _illegal("card_not_in_city", f"there is no {action['card']!r} in that city")
    # spec §2.3 Armory, §2.5 #22: free, any city, even completed, the Keep, the Bishop's city
    _remove_district(s, seat, ARMORY, ev)
    _remove_district(s, target, card, ev)
    _discard(s, [ARMORY, card])
    ev.append(Event("armory_used", {"seat": seat, "target": target, "card": DISTRICT_IDS[card]}))


def _do_destroy(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, WARLORD, "destroy a district")
    at_end = s.options["warlord_timing"] == "end_of_turn"
    if at_end and not s.acted:
        raise _illegal("destroy_before_action", "the Warlord destroys at the end of his turn, after his action")
    target = _seat_field(s, action)
    card = _card_field(action)
    if card not in s.cities[target]:
        raise _illegal("card_not_in_city", f"there is no {action['card']!r} in that city")
    price = destroy_price(s, target, card)
    problem = destroy_problem(s, seat, target, card)
    if problem == "cannot_afford":
        raise _illegal("cannot_afford", f"destroying {action['card']!r} costs {price} gold", price=price)
    if problem is not None:
        raise _illegal(problem, _DESTROY_REASONS[problem])
    _pay(s, seat, price)
    _remove_district(s, target, card, ev)
    s.power_used = True
    ev.append(Event("destroyed", {"seat": seat, "target": target, "card": DISTRICT_IDS[card], "price": price}))
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
            ev.append(Event("graveyard_offer", {"seat": g, "card": DISTRICT_IDS[card]}))
            return
    _discard(s, [card])
    _resume(s, ev)


_DESTROY_REASONS = {
    "city_complete": "the Warlord cannot destroy a district in a completed city",
    "keep_immune": "the Keep cannot be destroyed by the Warlord",
    "bishop_protected": "the Bishop's districts are protected from the Warlord",
}


def _resume(s: State, ev: list) -> None:
    s.phase = "turn"
    if s.resume == "end_turn":
        s.resume = "turn"
        _end_turn(s, ev)


def _do_graveyard_take(s: State, seat: int, action: dict, ev: list) -> None:
    card = s.graveyard[0]
    _pay(s, seat, GRAVEYARD_PRICE)
    s.hands[seat].append(card)
    for o in range(s.n):  # the card was public
        if o != seat:
            s.known.setdefault((o, seat), []).append(card)
    ev.append(Event("graveyard_taken", {"seat": seat, "card": DISTRICT_IDS[card]}))
    s.graveyard = None
    _resume(s, ev)


def _do_graveyard_decline(s: State, seat: int, action: dict, ev: list) -> None:
    _discard(s, [s.graveyard[0]])
    ev.append(Event("graveyard_declined", {"seat": seat}))
    s.graveyard = None
    _resume(s, ev)


def _do_exchange(s: State, seat: int, action: dict, ev: list) -> None:
    _need_power(s, DIPLOMAT, "exchange districts")
    at_end = s.options["warlord_timing"] == "end_of_turn"
    if at_end and not s.acted:
        raise _illegal("exchange_before_action", "the Diplomat exchanges at the end of his turn, after his action")
    give = _card_field(action, "give")
    target = _seat_field(s, action)
    take = _card_field(action, "take")
    problem = exchange_problem(s, seat, give, target, take)
    if problem is not None:
        raise _illegal(problem, _EXCHANGE_REASONS[problem])
    cost = exchange_cost(s, seat, give, target, take)
    give_b = _beautified_copy(s, seat, give)
    take_b = _beautified_copy(s, target, take)
    if cost:
        _transfer(s, seat, target, cost)
    s.cities[seat].remove(give)
    s.cities[target].remove(take)
    _forget_copy(s, seat, give)
    _forget_copy(s, target, take)
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
    ev.append(Event("exchanged", {"seat": seat, "target": target, "give": DISTRICT_IDS[give],
                                  "take": DISTRICT_IDS[take], "paid": cost}))
    if take == LIGHTHOUSE and s.options["lighthouse_on_exchange"] and s.deck:
        s.resume = "end_turn" if at_end else "turn"
        s.phase = "lighthouse"
        return
    if at_end:
        _end_turn(s, ev)


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


def _do_lighthouse_take(s: State, seat: int, action: dict, ev: list) -> None:
    card = _card_field(action)
    if card not in s.deck:
        raise _illegal("card_not_in_deck", f"there is no {action['card']!r} in the deck")
    s.deck.remove(card)
    s.hands[seat].append(card)
    s.rng.shuffle(s.deck)  # spec §2.3 Lighthouse: the deck is shuffled afterwards
    ev.append(Event("lighthouse_used", {"seat": seat}, {"card": DISTRICT_IDS[card]}, (seat,)))
    _resume(s, ev)


def _do_announce_bell_tower(s: State, seat: int, action: dict, ev: list) -> None:
    s.bell_tower = True
    size = completion_size(s)
    ev.append(Event("bell_tower_announced", {"seat": seat, "size": size}))
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
                ev.append(Event("city_completed", {"seat": i, "first": s.first_complete >= 0}))
    _resume(s, ev)


def _do_decline_bell_tower(s: State, seat: int, action: dict, ev: list) -> None:
    _resume(s, ev)


def _do_thank(s: State, seat: int, action: dict, ev: list) -> None:
    ev.append(Event("thanked", {"seat": seat, "crown": s.crown}))
    _after_reveal(s, ev)


def _do_end_turn(s: State, seat: int, action: dict, ev: list) -> None:
    if not s.acted:
        raise _illegal("action_required", "take gold or draw cards before ending your turn")
    if s.codes[s.calling] == WITCH and s.mode == "normal":
        raise _illegal("action_required", "the Witch must name the character she bewitches")
    _end_turn(s, ev)


# -- end of turn ---------------------------------------------------------------------------------

def _settle_pending_tax(s: State, ev: list) -> None:
    """spec §1.6 Tax Collector: a rank-1 player who built before the Tax Collector was called pays on
    its reveal; nothing is owed if it is not in play (or assassinated, §3 #11)."""
    pending = s.tax_pending
    s.tax_pending = []
    receiver = _tax_receiver(s) if s.owner[R_THIEF] >= 0 else -1
    for payer in pending:
        if receiver >= 0 and payer != receiver and s.gold[payer] > 0:
            _transfer(s, payer, receiver, 1)
            ev.append(Event("tax_paid", {"seat": payer, "to": receiver, "amount": 1}))


def _tax(s: State, seat: int, ev: list) -> None:
    if s.built_count == 0 or s.codes[R_THIEF] != TAX_COLLECTOR:
        return
    if s.calling < R_THIEF:
        s.tax_pending.append(seat)  # settled when the Tax Collector is called
        return
    if R_THIEF not in s.revealed and not (s.killed == R_THIEF and s.options["tax_when_assassinated"]):
        return
    receiver = _tax_receiver(s)
    if receiver >= 0 and receiver != seat and s.gold[seat] > 0:
        _transfer(s, seat, receiver, 1)
        ev.append(Event("tax_paid", {"seat": seat, "to": receiver, "amount": 1}))


def _end_turn(s: State, ev: list) -> None:
    seat = s.actor
    code = s.codes[s.calling]
    districts_on = s.mode != "action_only" or (s.options["hospital_districts"] and s.killed == s.calling)
    city = s.cities[seat] if seat >= 0 else ()
    busy = code == ALCHEMIST or s.built_count or POOR_HOUSE in city or PARK in city
    for effect in s.options["end_of_turn_order"] if busy else ():  # spec §1.5 step 5: the order is an option
        if effect == "alchemist":
            if code == ALCHEMIST and s.mode != "action_only" and s.spent_building:
                # spec §1.6 Alchemist, §3 #13: building costs only, never the tax
                amount = _gain(s, seat, s.spent_building)
                ev.append(Event("alchemist_refund", {"seat": seat, "amount": amount}))
        elif effect == "tax_collector":
            _tax(s, seat, ev)
        elif effect == "poor_house":
            if districts_on and POOR_HOUSE in s.cities[seat] and s.gold[seat] == 0:
                amount = _gain(s, seat, 1)
                ev.append(Event("poor_house", {"seat": seat, "amount": amount}))
        elif effect == "park" and districts_on and PARK in s.cities[seat] and not s.hands[seat]:
            cards = _draw(s, 2, ev)
            s.hands[seat].extend(cards)
            ev.append(Event("park", {"seat": seat, "count": len(cards)}, {"cards": _names(cards)}, (seat,)))
    ev.append(Event("turn_ended", {"seat": seat, "character": s.roster[s.calling]}))
    if s.calling == s.bewitched and s.mode == "action_only" and s.killed != s.calling:
        witch = _witch_seat(s)
        if witch >= 0:  # spec §1.6 Witch: she now plays the rest of this turn with her own city and purse
            _reset_turn(s, witch, "witch")
            s.acted = True
            ev.append(Event("witch_resumes", {"seat": witch, "character": s.roster[s.calling]}))
            s.phase = "turn"
            _turn_start_powers(s, witch, ev)
            if s.phase == "turn":
                _after_action(s, witch, ev)
            return
    _next_call(s, ev)


_HANDLERS = {
    "pick": (("draft",), _do_pick),
    "discard_character": (("draft",), _do_discard_character),
    "take_gold": (("turn",), _do_take_gold),
    "draw_cards": (("turn",), _do_draw_cards),
    "keep": (("keep",), _do_keep),
    "collect_income": (("turn",), _do_collect_income),
    "build": (("turn",), _do_build),
    "assassinate": (("turn",), _do_assassinate),
    "steal": (("turn",), _do_steal),
    "swap_hands": (("turn",), _do_swap_hands),
    "discard_and_draw": (("turn",), _do_discard_and_draw),
    "discard": (("magician_discard",), _do_discard),
    "stop_discarding": (("magician_discard",), _do_stop_discarding),
    "laboratory": (("turn",), _do_laboratory),
    "smithy": (("turn",), _do_smithy),
    "destroy": (("turn",), _do_destroy),
    "graveyard_take": (("graveyard",), _do_graveyard_take),
    "graveyard_decline": (("graveyard",), _do_graveyard_decline),
    "end_turn": (("turn",), _do_end_turn),
    # Dark City
    "bewitch": (("turn",), _do_bewitch),
    "wizard": (("turn",), _do_wizard),
    "wizard_take": (("wizard",), _do_wizard_take),
    "wizard_build": (("wizard",), _do_wizard_build),
    "crown": (("emperor_crown", "emperor_heir"), _do_crown),
    "tribute_gold": (("emperor_tribute",), _do_tribute_gold),
    "tribute_card": (("emperor_tribute",), _do_tribute_card),
    "abbot_collect": (("turn",), _do_abbot_collect),
    "navigator_gold": (("navigator",), _do_navigator),
    "navigator_cards": (("navigator",), _do_navigator),
    "exchange": (("turn",), _do_exchange),
    "beautify": (("turn",), _do_beautify),
    "museum": (("turn",), _do_museum),
    "armory": (("turn",), _do_armory),
    "lighthouse_take": (("lighthouse",), _do_lighthouse_take),
    "announce_bell_tower": (("bell_tower",), _do_announce_bell_tower),
    "decline_bell_tower": (("bell_tower",), _do_decline_bell_tower),
    "thank": (("ball_room",), _do_thank),
}

ACTION_TYPES = tuple(_HANDLERS)


# -- evaluation for search bots ------------------------------------------------------------------------

def evaluate(s: State) -> list[float]:
    """Each seat's expected share of the win at a state that is not over (protocol `evaluate`, for search
    bots with a cut-off): its score so far plus what its gold and hand may still build, with a bonus for
    the seats close to completing their city (whoever ends the game gets the first-complete bonus)."""
    need = completion_size(s)
    values = []
    for i in range(s.n):
        city = len(s.cities[i])
        v = score_seat(s, i)["total"] + 0.5 * min(s.gold[i], 8) + 0.4 * min(len(s.hands[i]), 5)
        v += 1.5 * max(0, city - need + 3)  # the last few districts bring the end (and its bonuses) nearer
        values.append(v)
    return win_shares(values, 3.0)


def playout_action(s: State, rnd) -> dict:
    """A cheap, sensible move for search playouts (protocol `playout_action`): build the dearest district
    it can, collect income, take gold when the hand already holds something to build (else draw), keep the
    dearest drawn card, and end the turn only when nothing else is left; other choices (the draft, powers,
    targets) are uniform. Much stronger than uniform play, and far cheaper than a bot reading a view."""
    legal = legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    by_type: dict[str, list[dict]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    builds = by_type.get("build")
    if builds:
        return max(builds, key=lambda a: (COST[DISTRICT_INDEX[a["card"]]], a["card"]))
    if "collect_income" in by_type:
        return by_type["collect_income"][0]
    if "take_gold" in by_type and "draw_cards" in by_type:
        seat = to_move(s)
        hand = s.hands[seat] if seat is not None else []
        return by_type["take_gold"][0] if len(hand) >= 2 else by_type["draw_cards"][0]
    keeps = by_type.get("keep")
    if keeps:
        return max(keeps, key=lambda a: (COST[DISTRICT_INDEX[a["card"]]], a["card"]))
    others = [a for a in legal if a["type"] != "end_turn"] or legal
    return others[rnd.randrange(len(others))]
