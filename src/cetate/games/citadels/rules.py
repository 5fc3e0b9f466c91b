"""Citadels rules: setup, whose move it is, legal actions and their effects (spec citadels §1-§3), for the
classic game and the Dark City expansion (2-8 players). This module is the rules' front door: `setup` (the
roster and the deck of a game) is here, and it re-exports what the other parts of the game (views, notes, the
bot, the tests) ask of the rules. The rules themselves are split by concern, in layers without a cycle:

    common.py     the rules' numbers, action kinds and moves, the bank, cards moving, shared queries
    endgame.py    the end trigger, scoring and tie-breaks (§1.8-§1.10)
    districts.py  purple district effects and the sub-phases they open (§2.2-§2.5)
    powers.py     character powers, one section per rank (§1.6, §3)
    draft.py      the start of a round and the character draft (§1.3, §1.4)
    turn.py       a turn: the action, income, building, its end; the menu of a turn (§1.5)
    flow.py       the phase machine: calling, reveal, end of turn, end of round (§1.5-§1.8)
    actions.py    legal moves, their dict form, `legal_actions`, `random_action`, `apply`
    search.py     `playout_action` and `evaluate` for search bots

Every public function takes a `State` and mutates it in place. `apply` validates an action completely
before it changes anything, so an `IllegalAction` leaves the state exactly as it was; an action object that
`legal_actions` or `random_action` handed out for the state as it is now is trusted (actions.py).

Characters are held by rank (`s.owner[rank]`); `s.codes[rank]` says which character has that rank in
this game (see data.py: base characters have code = rank, Dark City ones 11-20). The seat playing the
current turn is `s.actor` (the Witch plays her target's turn with her own city and purse).
"""

from __future__ import annotations

from cetate.core.errors import InvalidOptions
from cetate.core.events import Events
from cetate.core.rng import Rng
from cetate.games.citadels.actions import action_of, apply, legal_actions, legal_moves, random_action, to_move
from cetate.games.citadels.common import (
    ACTION_TYPES,
    BEAUTIFY_PER_TURN,
    BEAUTIFY_PRICE,
    DRAW,
    DRAW_DISTRICTS,
    GRAVEYARD_PRICE,
    INCOME,
    LABORATORY_GOLD,
    NAVIGATOR_CARDS,
    NAVIGATOR_GOLD,
    R_BISHOP,
    R_KING,
    R_QUEEN,
    R_THIEF,
    R_WARLORD,
    SMITHY_CARDS,
    SMITHY_PRICE,
    STARTING_GOLD,
    STARTING_HAND,
    TAKE_GOLD,
    announced_size,
    bank_pays,
    build_cost,
    build_price,
    completion_size,
    district_income,
    draw_terms,
    duplicates_allowed,
    income_amount,
    is_complete,
    shuffle,
    take_from_bank,
)
from cetate.games.citadels.data import (
    BASE_PURPLES,
    CHARACTER_BY_CODE,
    CHARACTER_INDEX,
    DARK_CITY_DISTRICTS,
    DIPLOMAT,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    GRAVEYARD,
)
from cetate.games.citadels.draft import (
    draft_steps,
    round_started_event,
    start_round,
    takes_initial,
    takes_initial_card,
)
from cetate.games.citadels.endgame import compute_result, score_seat
from cetate.games.citadels.flow import reset_turn
from cetate.games.citadels.powers import (
    abbot_payer,
    bishop_protects,
    can_beautify,
    character_target_problem,
    destroy_price,
    destroy_problem,
    exchange_cost,
    exchange_problem,
    wizard_build_problem,
)
from cetate.games.citadels.search import evaluate, playout_action
from cetate.games.citadels.state import State, deck_for
from cetate.games.citadels.turn import build_refusal, can_build

__all__ = [
    "ACTION_TYPES", "BEAUTIFY_PER_TURN", "BEAUTIFY_PRICE", "CLASSIC", "DIPLOMAT", "DISTRICT_IDS", "DRAW",
    "DRAW_DISTRICTS", "GRAVEYARD_PRICE", "INCOME", "LABORATORY_GOLD", "NAVIGATOR_CARDS", "NAVIGATOR_GOLD",
    "R_BISHOP", "R_KING", "R_QUEEN", "R_THIEF", "R_WARLORD", "SMITHY_CARDS", "SMITHY_PRICE", "STARTING_GOLD",
    "STARTING_HAND", "TAKE_GOLD", "State", "abbot_payer", "action_of", "announced_size", "apply", "bank_pays",
    "bishop_protects", "build_cost", "build_price", "build_refusal", "can_beautify", "can_build",
    "character_target_problem", "completion_size", "compute_result", "destroy_price", "destroy_problem",
    "district_income", "draft_steps", "draw_terms", "duplicates_allowed", "evaluate", "exchange_cost",
    "exchange_problem", "income_amount", "is_complete", "legal_actions", "legal_moves", "playout_action",
    "random_action", "result", "round_started_event", "score_seat", "setup", "takes_initial",
    "takes_initial_card", "to_move", "wizard_build_problem",
]

CLASSIC = ("assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord")
DARK_BY_RANK = {c.rank: c.id for c in CHARACTER_BY_CODE.values() if c.set == "dark_city" and c.rank <= 8}


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
        shuffle(rng, ranks)
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
    shuffle(rng, pool)
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
    s.memo = None
    s.n = n
    s.options = options
    s.rng = rng = Rng.from_seed(seed)
    roster = _choose_roster(options, n, rng)
    s.roster = roster
    s.codes = tuple(CHARACTER_INDEX[c].code if c else 0 for c in roster)
    deck = _choose_deck(options, roster, rng)
    s.composition = tuple(sorted(deck))
    shuffle(rng, deck)
    s.deck = deck
    s.discard_pile = []
    s.bank = options["bank_limit"]
    s.gold = [0] * n
    for i in range(n):
        s.gold[i] = take_from_bank(s, STARTING_GOLD)
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
    reset_turn(s, -1, "normal")
    start_round(s, Events())
    return s


def result(s: State) -> dict | None:
    """Final scores with their breakdown, ranks, winners and the tie-break; None while the game runs."""
    return s.result
