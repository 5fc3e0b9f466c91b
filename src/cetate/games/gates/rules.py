"""Gates of the Citadel rules (spec gates §3): the shuffle and pair draft, six duels with explosions and
action cards, gates, sieges, the end.

Actions:
  {"type": "shuffle"}                 lay the 12 main cards out as six face-up pairs (the first chooser)
  {"type": "choose", "card": id}      take one card of the current pair; the other goes to the opponent
  {"type": "start"}                   deal the decks and start duel 1 (the first chooser)
  {"type": "attach", "card": id}      attach an action card from hand (also the extra card after the Crowns)
  {"type": "skip"}                    attach nothing (or no extra card)
  {"type": "poet", "card": id}        the Poet: take that card from the action graveyard into hand
  {"type": "siege", "gate": g}        the siege winner attacks gate g (0-3)
  {"type": "no_siege"}                the siege winner attacks nothing
"""

from __future__ import annotations

from random import Random as _Random

from cetate.core.errors import IllegalAction
from cetate.core.events import Event
from cetate.core.rng import Rng
from cetate.games.gates.data import CardSet, cards
from cetate.games.gates.resolve import battle, difference, explosion_log, pair_scores, resolve
from cetate.games.gates.state import NEUTRAL, State

HAND = 4  # each player's opening hand (spec gates §3.2 step 4)
DUELS = 6  # R1: six duels, the first four for Gates I-IV, the last two siege duels
GATE_DUELS = 4
ALLIANCE_TAKES = 2  # R12: the Alliance takes two cards from the opponent's hand (fewer if short)
BATTLE_DRAW = 2  # R13: each player draws two reserve cards for the Battle
SIEGE_REVEAL = 3  # R25: the defender turns over three reserve cards (fewer if short)


def _illegal(code: str, message: str, **params) -> IllegalAction:
    return IllegalAction(code, message, **params)


_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def shuffle(rng: Rng, items: list) -> None:
    """`rng.shuffle(items)`, the same Fisher-Yates over the same SplitMix64 draws (so the same order and the
    same generator state after), with the generator's steps written out here instead of a method call per
    card: the deal and every determinisation of a search shuffle (issue 31; tests/games/gates/test_speed.py
    checks it against `Rng.shuffle`)."""
    st = rng.state
    mask, golden = _MASK, _GOLDEN
    for i in range(len(items) - 1, 0, -1):
        st = (st + golden) & mask
        z = ((st ^ (st >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    rng.state = st


# -- setup (§3.2) ------------------------------------------------------------------------------------------

def setup(seed: int | str, options: dict) -> State:
    s = State.__new__(State)
    s.options = options
    s.rng = rng = Rng.from_seed(seed)
    s.phase = "shuffle"
    s.p0 = options["first_chooser"] if options["first_chooser"] is not None else rng.below(2)
    s.pairs = []
    s.pair_index = 0
    s.drafted = [[], []]
    s.mains = [[], []]
    s.hands = [[], []]
    s.reserves = [[], []]
    s.main_grave = []
    s.action_grave = []
    s.gates = [None] * 4
    s.scores = [0, 0]
    s.round = 0
    s.current = None
    s.prelim = None
    s.order = None
    s.turn = 0
    s.last_second = None
    s.plays = [[], []]
    s.stolen = [[], []]
    s.battle = None
    s.pile = []
    s.attacker = None
    s.history = []
    s.known = [[], []]  # hand cards both players know (taken from the public graveyard with the Poet)
    s.result = None
    return s


def start_events(s: State) -> list[Event]:
    return [Event("match_started", {"first_chooser": s.p0})]


def chooser_of(p0: int, pair_index: int) -> int:
    """Who chooses from pair `pair_index` (0-5): P0 on pairs 1, 3, 5 and P1 on pairs 2, 4, 6 (R2)."""
    return p0 if pair_index % 2 == 0 else 1 - p0


def chooser(s: State) -> int:
    """Who chooses from the current pair."""
    return chooser_of(s.p0, s.pair_index)


def stake(round_: int) -> int | None:
    """The gate duel `round_` (1-6) is fought for: Gates I-IV in duels 1-4, none in the siege duels (§3.6)."""
    return round_ - 1 if 1 <= round_ <= GATE_DUELS else None


def to_move(s: State) -> int | None:
    phase = s.phase
    if phase == "action" or phase == "extra" or phase == "poet":
        return s.order[s.turn]
    if phase == "draft":
        return s.p0 if s.pair_index % 2 == 0 else 1 - s.p0  # chooser(s)
    if phase == "shuffle" or phase == "start":
        return s.p0
    if phase == "siege":
        return s.attacker
    return None


def targets_of(gates: list, attacker: int, neutral_gates: str) -> list[int]:
    """Gates a siege winner may attack: the opponent's, and neutral ones unless the option `neutral_gates`
    makes them void (R23, R24)."""
    claimable = neutral_gates == "siege_claimable"
    return [g for g, holder in enumerate(gates)
            if holder == 1 - attacker or (holder == NEUTRAL and claimable)]


def siege_targets(s: State, attacker: int) -> list[int]:
    """Gates the siege winner may attack now."""
    return targets_of(s.gates, attacker, s.options["neutral_gates"])


def not_a_target(gates: list, attacker: int, neutral_gates: str, gate: int) -> str | None:
    """Why `attacker` may not besiege `gate` (a refusal code), or None when it may: its own gate, a neutral
    gate that the option makes void, or a gate nobody holds yet (R23, R24)."""
    if gate in targets_of(gates, attacker, neutral_gates):
        return None
    holder = gates[gate]
    return "own_gate" if holder == attacker else "neutral_void" if holder == NEUTRAL else "gate_open"


def may_follow_crowns(cs: CardSet, card: str) -> bool:
    """May `card` be the extra card the Crowns allow? Any card but another Crowns (R20)."""
    return cs.action[card].special != "crowns"


def defends(cs: CardSet, card: str, symbol: str) -> bool:
    """Does a card the defender turns over hold the gate? Only a printed fixed symbol equal to the gate's;
    wild and none never defend (R25)."""
    return cs.action[card].symbol == symbol


def refusals(s: State, seat: int | None) -> list[dict]:
    """What `seat` might try now and may not (the view's `refusals`, one code per reason): in the Crowns'
    extra turn each Crowns in hand; in a siege each gate it may not attack. Only the seat's own options."""
    if seat is None or seat != to_move(s):
        return []
    if s.phase == "extra":
        cs = cards()
        return [{"code": "crowns_twice", "target": {"card": c}} for c in s.hands[seat]
                if not may_follow_crowns(cs, c)]
    if s.phase == "siege":
        out = []
        for g in range(len(s.gates)):
            code = not_a_target(s.gates, seat, s.options["neutral_gates"], g)
            if code is not None:
                out.append({"code": code, "target": {"gate": g}})
        return out
    return []


def legal_actions(s: State) -> list[dict]:
    phase = s.phase
    if phase == "action":
        out = [{"type": "attach", "card": c} for c in s.hands[s.order[s.turn]]]
        out.append({"type": "skip"})
        return out
    if phase == "draft":
        return [{"type": "choose", "card": c} for c in s.pairs[s.pair_index]]
    if phase == "shuffle":
        return [{"type": "shuffle"}]
    if phase == "start":
        return [{"type": "start"}]
    if phase == "extra":
        specials = cards().specials
        out = [{"type": "attach", "card": c} for c in s.hands[s.order[s.turn]] if specials[c] != "crowns"]
        out.append({"type": "skip"})  # R20: any card but another Crowns (may_follow_crowns)
        return out
    if phase == "poet":
        return [{"type": "poet", "card": c} for c in dict.fromkeys(s.action_grave)]
    if phase == "siege":
        return [*({"type": "siege", "gate": g} for g in siege_targets(s, s.attacker)), {"type": "no_siege"}]
    return []


def random_action(s: State, rnd) -> dict:
    """The protocol's uniform `random_action` (`legal[rnd.randrange(len(legal))]`, the same draw and so the
    same action), without listing every action first where the count is known. For a `random.Random`,
    `randrange(n)` is `_randbelow(n)` (n > 0), called here directly: the same draw."""
    below = rnd._randbelow if type(rnd) is _Random else rnd.randrange
    phase = s.phase
    if phase == "action":
        hand = s.hands[s.order[s.turn]]
        i = below(len(hand) + 1)
        return {"type": "attach", "card": hand[i]} if i < len(hand) else {"type": "skip"}
    if phase == "draft":
        pair = s.pairs[s.pair_index]
        return {"type": "choose", "card": pair[below(len(pair))]}
    legal = legal_actions(s)
    return legal[below(len(legal))]


# -- apply -----------------------------------------------------------------------------------------------

def apply(s: State, action: dict, seat: int | None = None) -> list[Event]:
    if type(action) is dict:  # the usual case first: a handler for this phase and type
        try:
            handler = _BY_PHASE[s.phase][action["type"]]
        except (KeyError, TypeError):  # over, no type, another type, an unhashable one: the checks below
            handler = None
        if handler is not None and (seat is None or seat == to_move(s)):
            ev: list[Event] = []
            handler(s, action, ev)
            return ev
    if not isinstance(action, dict):
        raise _illegal("malformed_action", "an action must be an object", detail="not an object")
    phase = s.phase
    if phase == "over":
        raise _illegal("game_over", "the match is over")
    if seat is not None and seat != to_move(s):
        raise _illegal("not_your_turn", "it is not your turn", seat=seat)
    kind = action.get("type")
    handler = _BY_PHASE[phase].get(kind) if isinstance(kind, str) else None  # a list is unhashable
    if handler is None:
        expected = {"shuffle": "shuffle", "draft": "choose", "start": "start", "action": "attach or skip",
                    "extra": "attach or skip", "poet": "poet", "siege": "siege or no_siege"}[s.phase]
        raise _illegal("wrong_action", f"the action {kind!r} is not possible now; expected {expected}",
                       action=str(kind), expected=expected)
    ev = []
    handler(s, action, ev)
    return ev


# -- shared journal entries (issue 31) ---------------------------------------------------------------------
# An event's data is never changed once made (`Event.view` copies it), so the entries that repeat - whose turn
# it is, the order, a card attached, the explosions of a pair of main cards, a calculation step - are made
# once and the same object goes into every journal that needs it. Each table is bounded.

_SHARED: dict[tuple, Event] = {}


def _keep(key: tuple, event: Event) -> Event:
    """Keep `event` as the one for `key` (which names everything its data holds); callers look `key` up in
    `_SHARED` first and make the event only when it is missing."""
    if len(_SHARED) > 200_000:
        _SHARED.clear()
    _SHARED[key] = event
    return event


_ACTION_TURN = (Event("action_turn", {"seat": 0}), Event("action_turn", {"seat": 1}))
_AUTO_SKIPPED = (Event("auto_skipped", {"seat": 0}), Event("auto_skipped", {"seat": 1}))
_SKIPPED = tuple((Event("skipped", {"seat": p, "extra": False}), Event("skipped", {"seat": p, "extra": True}))
                 for p in (0, 1))
_GATE_EVENTS = tuple({0: Event("gate_taken", {"gate": g, "seat": 0}), 1: Event("gate_taken", {"gate": g, "seat": 1}),
                      NEUTRAL: Event("gate_neutral", {"gate": g})} for g in range(4))
_ORDERS = ((0, 1), (1, 0))  # the action order by who acts first (tuples: shared freely)
_ACTION_ORDER = (Event("action_order", {"first": 0, "second": 1}), Event("action_order", {"first": 1, "second": 0}))


class Quiet(list):
    """The event list of `advance`: the rules skip the costly journal entries (the round's calculation, the
    explosions) when they write into one; what the state becomes is the same."""

    __slots__ = ()


def advance(s: State, action: dict) -> None:
    """Apply one of the engine's own legal actions (from `legal_actions`, never outside input: the phase and
    the seat are not checked) without building the journal: for play-outs inside the engine
    (`value.evaluate`)."""
    _BY_PHASE[s.phase][action["type"]](s, action, Quiet())


def _shuffle(s: State, action: dict, ev: list) -> None:
    main = list(cards().main_ids)
    shuffle(s.rng, main)
    s.pairs = [[main[2 * i], main[2 * i + 1]] for i in range(6)]
    s.phase = "draft"
    ev.append(Event("pairs_dealt", {"pairs": [list(p) for p in s.pairs], "first_chooser": s.p0}))


def _choose(s: State, action: dict, ev: list) -> None:
    pair = s.pairs[s.pair_index]
    card = action.get("card")
    if card not in pair:
        raise _illegal("not_in_pair", f"{card!r} is not in pair {s.pair_index + 1}", card=str(card),
                       pair=s.pair_index + 1)
    p = s.p0 if s.pair_index % 2 == 0 else 1 - s.p0  # chooser(s)
    other = pair[1] if pair[0] == card else pair[0]
    s.drafted[p].append(card)
    s.drafted[1 - p].append(other)
    key = ("pair_chosen", p, s.pair_index, card, other)
    e = _SHARED.get(key)
    if e is None:
        e = _keep(key, Event("pair_chosen", {"seat": p, "pair": s.pair_index + 1, "card": card, "other": other}))
    ev.append(e)
    s.pair_index += 1
    if s.pair_index == len(s.pairs):
        s.phase = "start"
        ev.append(Event("draft_over", {"drafted": [list(d) for d in s.drafted]}))


def _start(s: State, action: dict, ev: list) -> None:
    rng = s.rng
    s.mains = [list(s.drafted[0]), list(s.drafted[1])]
    if s.options["main_deck_order"] == "shuffled":  # R3
        for deck in s.mains:
            shuffle(rng, deck)
    pool = list(cards().action_ids)
    shuffle(rng, pool)  # R4: one pool of 24, dealt 12 and 12
    for p in (0, 1):
        deck = pool[12 * p:12 * (p + 1)]
        s.hands[p] = deck[:HAND]
        s.reserves[p] = deck[HAND:]  # R5: the reserve, face down, order unknown to both
        ev.append(Event("hand_dealt", {"seat": p, "size": HAND, "reserve": len(s.reserves[p])},
                        {"cards": list(s.hands[p])}, (p,)))
    s.plays, s.stolen, s.battle, s.pile = [[], []], [[], []], None, []  # _end_duel clears them after each duel
    _begin_duel(s, ev)


def _duel_start(cs: CardSet, main0: str, main1: str) -> tuple:
    """What revealing these two main cards says, computed once per card set and pair: the preliminary scores
    and the journal entries (explosions, then the main scores or the lead), shared by every journal."""
    key = ("start", main0, main1)
    got = cs.memo.get(key)
    if got is None:
        a, b = cs.main[main0], cs.main[main1]
        prelim, fired = pair_scores(cs, main0, main1)
        log = explosion_log(a, b, a.value, b.value, list(fired))
        leader = None if prelim[0] == prelim[1] else int(prelim[1] > prelim[0])
        # spec gates §3.3 step 2, R32: the leader keeps the difference of the main scores, the other player 0
        data = {"main0": prelim[0], "main1": prelim[1], "a": 0, "b": 1, "difference": max(difference(list(prelim)))}
        log.append(("main_scores", data) if leader is None else ("main_lead", {**data, "seat": leader}))
        got = cs.memo[key] = (prelim, tuple(Event(kind, data) for kind, data in log))  # shared entries
    return got


def _begin_duel(s: State, ev: list) -> None:
    s.round = r = s.round + 1
    current = s.current = (s.mains[0].pop(0), s.mains[1].pop(0))
    cs = cards()
    got = cs.memo.get(("start", *current))
    prelim_t, log = got if got is not None else _duel_start(cs, current[0], current[1])
    s.prelim = prelim = list(prelim_t)
    if ev.__class__ is not Quiet:
        key = ("duel_started", r, current)
        e = _SHARED.get(key)
        if e is None:
            gate = r - 1 if 1 <= r <= GATE_DUELS else None  # stake(r)
            e = _keep(key, Event("duel_started" if gate is not None else "siege_duel_started",
                                 {"round": r, "gate": gate, "a": 0, "b": 1, "main0": current[0],
                                  "main1": current[1]}))
        ev.append(e)
        ev += log
    first = _first(s, prelim)
    s.order = _ORDERS[first]
    ev.append(_ACTION_ORDER[first])
    s.turn = 0  # plays, stolen cards, the Battle and the pile are empty (_start, _end_duel)
    _next_turn(s, ev)


def _first(s: State, prelim: list[int]) -> int:
    """Who acts first (R7): the main-step leader (or the trailer, or alternating, by option); on a tie,
    whoever acted second in the previous round; in round 1 P1."""
    rule = s.options["action_order"]
    if rule == "alternate":
        return (1 - s.p0) if s.round % 2 == 1 else s.p0
    if prelim[0] == prelim[1]:
        return (1 - s.p0) if s.last_second is None else s.last_second
    leader = 0 if prelim[0] > prelim[1] else 1
    return leader if rule == "leader_first" else 1 - leader


def _action_order(s: State, prelim: list[int]) -> tuple[int, int]:
    """R7: the action order of the duel (see `_first`)."""
    return _ORDERS[_first(s, prelim)]


def _next_turn(s: State, ev: list) -> None:
    turn, order, hands = s.turn, s.order, s.hands
    while turn < 2:
        p = order[turn]
        if hands[p]:
            s.turn = turn
            s.phase = "action"
            ev.append(_ACTION_TURN[p])
            return
        ev.append(_AUTO_SKIPPED[p])  # R27: an empty hand skips
        turn += 1
    s.turn = turn
    _resolve_duel(s, ev)


def _attach(s: State, action: dict, ev: list) -> None:
    p = s.order[s.turn]
    card = action.get("card")
    hand = s.hands[p]
    if card not in hand:
        raise _illegal("not_in_hand", f"{card!r} is not in your hand", card=str(card))
    special = cards().specials[card]
    was_extra = s.phase == "extra"
    if was_extra and special == "crowns":  # R20 (may_follow_crowns)
        raise _illegal("crowns_twice", "the extra card of the Crowns cannot be another Crowns", card=card)
    hand.remove(card)
    known = s.known[p]
    if known and card in known:
        known.remove(card)
    plays = s.plays[p]
    plays.append(card)
    key = ("attached", p, card, len(plays))
    e = _SHARED.get(key)
    if e is None:
        e = _keep(key, Event("attached", {"seat": p, "card": card, "step": len(plays)}))
    ev.append(e)
    if special is None:
        s.turn += 1
        _next_turn(s, ev)
        return
    if special == "alliance":  # R12: two cards at random from the opponent's hand, blind
        victim = s.hands[1 - p]
        taken = []
        for _ in range(min(ALLIANCE_TAKES, len(victim))):
            taken.append(victim.pop(s.rng.below(len(victim))))
            if taken[-1] in s.known[1 - p]:
                s.known[1 - p].remove(taken[-1])
        s.stolen[p].extend(taken)
        ev.append(Event("alliance", {"seat": p, "count": len(taken)}, {"cards": taken}, (0, 1)))
    elif special == "battle":  # R13: the action phase ends at once
        s.battle = p
        ev.append(Event("battle_called", {"seat": p}))
        _resolve_duel(s, ev)
        return
    elif special == "poet":  # R19: a card from the graveyard of earlier rounds
        if s.action_grave:
            s.phase = "poet"
            return
        ev.append(Event("poet_empty", {"seat": p}))
    elif (special == "crowns" and not was_extra  # R20: one more card, not another Crowns
          and any(may_follow_crowns(cards(), c) for c in s.hands[p])):
        s.phase = "extra"
        ev.append(Event("extra_turn", {"seat": p}))
        return
    s.turn += 1
    _next_turn(s, ev)


def _skip(s: State, action: dict, ev: list) -> None:
    p = s.order[s.turn]
    ev.append(_SKIPPED[p][s.phase == "extra"])
    s.turn += 1
    _next_turn(s, ev)


def _poet(s: State, action: dict, ev: list) -> None:
    p = s.order[s.turn]
    card = action.get("card")
    if card not in s.action_grave:
        raise _illegal("not_in_graveyard", f"{card!r} is not in the action graveyard", card=str(card))
    s.action_grave.remove(card)
    s.hands[p].append(card)
    s.known[p].append(card)
    ev.append(Event("poet_took", {"seat": p, "card": card}))
    s.turn += 1
    _next_turn(s, ev)


# -- the end of a duel (§3.3 steps 5-8, §3.5-§3.7) --------------------------------------------------------

def _resolve_duel(s: State, ev: list) -> None:
    cs = cards()
    quiet = ev.__class__ is Quiet
    alliance = s.options["alliance_value"]
    current, plays, stolen = s.current, s.plays, s.stolen
    if s.battle is not None:
        fired = list(pair_scores(cs, current[0], current[1])[1])
        drawn = ([], [])
        for p in (0, 1):
            drawn[p].extend(s.reserves[p][:BATTLE_DRAW])
            del s.reserves[p][:BATTLE_DRAW]
            s.pile.extend(drawn[p])
        sums, winner, points = battle(cs, drawn, s.prelim, alliance)
        if not quiet:
            for p in (0, 1):
                ev.append(Event("battle_drawn", {"seat": p, "cards": list(drawn[p]), "sum": sums[p]}))
        totals = sums
        summary = {"round": s.round, "mains": list(current), "prelim": list(s.prelim), "fired": fired,
                   "plays": [list(plays[0]), list(plays[1])], "stolen": [list(stolen[0]), list(stolen[1])],
                   "battle": s.battle, "battle_cards": [list(drawn[0]), list(drawn[1])], "totals": sums,
                   "winner": winner, "points": points}
    else:
        r = resolve(cs, current, plays, stolen, alliance, not quiet, True)
        totals = r.totals
        main = r.main
        if not quiet:
            if r.log:
                ev.extend([Event(kind, data) for kind, data in r.log])
            ev += r.events  # the calculation steps' entries, shared (resolve)
            key = ("totals", main[0], main[1], totals[0], totals[1])
            e = _SHARED.get(key)
            if e is None:
                e = _keep(key, Event("totals", {"a": 0, "b": 1, "main0": main[0], "main1": main[1],
                                                "total0": totals[0], "total1": totals[1]}))
            ev.append(e)
        t0, t1 = totals
        winner = None if t0 == t1 else int(t1 > t0)
        points = t0 - t1 if t0 > t1 else t1 - t0
        # the duel's own lists: resolve's are made fresh for this duel; the plays, the stolen cards and the
        # preliminary scores are never changed again (_end_duel replaces them; State.clone copies them)
        summary = {"round": s.round, "mains": list(current), "prelim": s.prelim, "fired": r.prelim_fired,
                   "plays": [plays[0], plays[1]], "stolen": [stolen[0], stolen[1]],
                   "differenced": r.differenced, "main": main, "totals": totals, "steps": r.steps,
                   "cancelled": r.cancelled, "winner": winner, "points": points}
    if winner is None:
        if not quiet:
            ev.append(Event("duel_tied", {"round": s.round, "total": totals[0]}))  # R22
    else:
        s.scores[winner] += points
        if not quiet:
            score = s.scores[winner]
            key = ("duel_won", winner, s.round, totals[0], totals[1], score)
            e = _SHARED.get(key)
            if e is None:
                e = _keep(key, Event("duel_won", {"seat": winner, "round": s.round, "won": totals[winner],
                                                  "lost": totals[1 - winner], "points": points, "score": score}))
            ev.append(e)
    s.history.append(summary)
    if s.round <= GATE_DUELS:  # §3.6: duels 1-4 are fought for a gate (stake)
        g = s.round - 1
        holder = s.gates[g] = NEUTRAL if winner is None else winner
        ev.append(_GATE_EVENTS[g][holder])
        summary["gate"] = {"gate": g, "holder": holder}
        _end_duel(s, ev)
        return
    if winner is None:  # §3.7: a tied siege duel has no siege
        ev.append(Event("no_siege", {"round": s.round}))
        _end_duel(s, ev)
        return
    if not siege_targets(s, winner):
        ev.append(Event("siege_no_target", {"round": s.round, "seat": winner}))
        _end_duel(s, ev)
        return
    s.attacker = winner
    s.phase = "siege"
    ev.append(Event("siege_choice", {"seat": winner, "targets": siege_targets(s, winner)}))


def _siege(s: State, action: dict, ev: list) -> None:
    cs = cards()
    gate = action.get("gate")
    attacker = s.attacker
    if not isinstance(gate, int) or isinstance(gate, bool) or gate not in siege_targets(s, attacker):
        raise _illegal("bad_target", f"gate {gate!r} cannot be attacked; choose one held by your opponent"
                       + (" or a neutral one" if s.options["neutral_gates"] == "siege_claimable" else ""),
                       gate=str(gate))
    defender = 1 - attacker
    symbol = cs.gate_symbols[gate]
    revealed = s.reserves[defender][:SIEGE_REVEAL]  # R25: fewer if short; none means the attack succeeds
    del s.reserves[defender][:SIEGE_REVEAL]
    s.pile.extend(revealed)
    hits = [defends(cs, c, symbol) for c in revealed]
    held = any(hits)
    before = s.gates[gate]
    ev.append(Event("siege_target", {"seat": attacker, "gate": gate, "symbol": symbol}))
    ev.append(Event("siege_reveal", {"seat": defender, "gate": gate, "symbol": symbol, "cards": revealed}))
    if not held:
        s.gates[gate] = attacker
    ev.append(Event("siege_won" if not held else "siege_failed",
                    {"seat": attacker, "defender": defender, "gate": gate, "symbol": symbol,
                     "was_neutral": before == NEUTRAL}))
    # a new summary, never an in-place write: clones share the summaries (State.clone copies the list only)
    s.history[-1] = {**s.history[-1], "siege": {"attacker": attacker, "gate": gate, "cards": revealed,
                                                "hits": hits, "defended": held}}
    s.attacker = None
    _end_duel(s, ev)


def _no_siege(s: State, action: dict, ev: list) -> None:
    ev.append(Event("siege_declined", {"round": s.round, "seat": s.attacker}))
    s.attacker = None
    _end_duel(s, ev)


def _end_duel(s: State, ev: list) -> None:
    """§3.3 step 8 (R29): attached, stolen, drawn and revealed cards to the action graveyard, mains to theirs."""
    plays, stolen = s.plays, s.stolen
    moved = [*plays[0], *plays[1], *stolen[0], *stolen[1], *s.pile]
    s.action_grave.extend(moved)
    s.main_grave.extend(s.current)
    if ev.__class__ is not Quiet:
        ev.append(Event("cleanup", {"actions": moved, "mains": list(s.current), "count": len(moved)}))
    s.plays = [[], []]
    s.stolen = [[], []]
    s.pile = []
    s.battle = None
    s.last_second = s.order[1]
    s.current = None
    s.prelim = None
    if s.round == DUELS:
        _finish(s, ev)
        return
    _begin_duel(s, ev)


def compute_result(s: State) -> dict:
    """§3.8 (R28): more gates, then the higher accumulated score, else a draw; neutral gates count for nobody."""
    g0, g1 = s.gates.count(0), s.gates.count(1)
    s0, s1 = s.scores
    if g0 != g1:
        winners, tie_break = [int(g1 > g0)], "none"
    elif s0 != s1:
        winners, tie_break = [int(s1 > s0)], "score"
    else:
        winners, tie_break = [0, 1], "draw"
    scores = [{"gates": g0, "score": s0, "total": g0, "rank": 1 if 0 in winners else 2},
              {"gates": g1, "score": s1, "total": g1, "rank": 1 if 1 in winners else 2}]
    # sorted((0, 1), key=(gates, score), reverse=True): seat 1 first only when strictly ahead (a stable sort)
    ranking = [1, 0] if (g1, s1) > (g0, s0) else [0, 1]
    return {"scores": scores, "winners": winners, "tie_break": tie_break, "rounds": s.round,
            "ranking": ranking, "first_chooser": s.p0, "stats": match_stats(s)}


def _symbols(cs: CardSet) -> dict[str, bool]:
    """Each action card: does it have a symbol (not `none`)? Kept in the card set's memo."""
    got = cs.memo.get("has_symbol")
    if got is None:
        got = cs.memo["has_symbol"] = {cid: v[2] != "none" for cid, v in cs.action_info.items()}
    return got


def match_stats(s: State) -> dict:
    """Counts over the match for studies like spec §6: explosions, table bonuses, ties, sieges, battles."""
    symbols = _symbols(cards())
    explosion = double = tied = battles = attached = eligible = bonuses = sieges = won = 0
    for h in s.history:
        fired = sum(h.get("fired", ()))
        explosion += fired > 0
        double += fired == 2
        tied += h["winner"] is None
        battles += "battle" in h
        plays = h["plays"]
        attached += len(plays[0]) + len(plays[1])
        for step in h.get("steps", ()):
            c0, c1 = step["cards"]
            k0, k1 = step["cancelled"]
            if c0 is not None and not k0 and symbols[c0]:  # a card with a symbol may earn the table bonus
                eligible += 1
                bonuses += step["table_bonus"][0] > 0
            if c1 is not None and not k1 and symbols[c1]:
                eligible += 1
                bonuses += step["table_bonus"][1] > 0
        if "siege" in h:
            sieges += 1
            won += not h["siege"]["defended"]
    return {"duels": len(s.history), "explosion_duels": explosion, "double_explosion_duels": double,
            "tied_duels": tied, "battles": battles, "cards_attached": attached, "bonus_eligible_cards": eligible,
            "table_bonuses": bonuses, "sieges": sieges, "sieges_won": won,
            "neutral_gates": s.gates.count(NEUTRAL)}


def _finish(s: State, ev: list) -> None:
    s.phase = "over"
    s.order = None
    s.result = compute_result(s)
    gates = [sc["gates"] for sc in s.result["scores"]]
    ev.append(Event("match_over" if s.result["tie_break"] != "draw" else "match_drawn",
                    {"winners": s.result["winners"], "tie_break": s.result["tie_break"], "a": 0, "b": 1,
                     "gates0": gates[0], "gates1": gates[1], "score0": s.scores[0], "score1": s.scores[1]}))


_HANDLERS = {
    ("shuffle", "shuffle"): _shuffle,
    ("draft", "choose"): _choose,
    ("start", "start"): _start,
    ("action", "attach"): _attach,
    ("action", "skip"): _skip,
    ("extra", "attach"): _attach,
    ("extra", "skip"): _skip,
    ("poet", "poet"): _poet,
    ("siege", "siege"): _siege,
    ("siege", "no_siege"): _no_siege,
}
_BY_PHASE: dict[str, dict] = {phase: {} for phase in ("shuffle", "draft", "start", "action", "extra", "poet", "siege")}
for (_phase, _kind), _handler in _HANDLERS.items():
    _BY_PHASE[_phase][_kind] = _handler


def study(results: list[dict]) -> list[dict]:
    """Rates over many match results (see `match_stats`), as spec §6 reports them."""
    results = [r for r in results if isinstance(r, dict) and isinstance(r.get("stats"), dict)]
    if not results:
        return []
    n = len(results)
    first = sum(1 for r in results if r["winners"] == [r["first_chooser"]])
    second = sum(1 for r in results if r["winners"] == [1 - r["first_chooser"]])
    draws = n - first - second
    total: dict[str, int] = {}
    for r in results:
        for k, v in r["stats"].items():
            total[k] = total.get(k, 0) + v
    duels = total.get("duels", 0) or 1
    return [
        {"key": "study.first_chooser", "first": first / n, "second": second / n, "draws": draws / n, "games": n},
        {"key": "study.explosions", "rate": total["explosion_duels"] / duels,
         "both": total["double_explosion_duels"] / duels},
        {"key": "study.table_bonus", "share": total["table_bonuses"] / max(1, total["bonus_eligible_cards"]),
         "per_match": total["table_bonuses"] / n},
        {"key": "study.duels", "ties": total["tied_duels"] / duels, "battles": total["battles"] / duels,
         "cards": total["cards_attached"] / n},
        {"key": "study.sieges", "per_match": total["sieges"] / n,
         "success": total["sieges_won"] / max(1, total["sieges"]), "neutral": total["neutral_gates"] / n},
    ]
