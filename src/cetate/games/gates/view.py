"""What a seat may see of a Gates match (spec gates §3.1 visibility, R6), and determinisation for search.

Public: the pairs and the draft (so each player knows the other's six main cards, not their order), the main
cards in play, every attached card, both graveyards, gates, scores, hand and reserve sizes. Hidden: the
opponent's hand, every reserve (even its owner never saw it) and the order of both main decks. The cards an
Alliance stole are known to both players (one holds them, the other lost them) but not to spectators.
"""

from __future__ import annotations

from cetate.core.rng import Rng
from cetate.games.gates.data import CardSet, cards
from cetate.games.gates.notes import table_notes
from cetate.games.gates.resolve import difference, explosion_terms, fires, fires_against, printed
from cetate.games.gates.rules import chooser, chooser_of, refusals, shuffle, siege_targets, stake, to_move
from cetate.games.gates.state import State


def view(s: State, seat: int | None) -> dict:
    cs = cards()
    player = seat in (0, 1)
    mains = None if s.current is None else (cs.main[s.current[0]], cs.main[s.current[1]])
    doc = {
        "game": "gates",
        "players": 2,
        "seat": seat,
        "to_move": to_move(s),
        "phase": s.phase,
        "round": s.round,
        "first_chooser": s.p0,
        "pairs": [list(p) for p in s.pairs],
        "pair_index": s.pair_index,
        "chooser": chooser(s) if s.phase == "draft" else None,
        "choosers": [chooser_of(s.p0, k) for k in range(len(s.pairs))],  # who chooses from each pair (R2)
        "drafted": [list(d) for d in s.drafted],
        "main_deck": [{"count": len(m), "cards": sorted(m)} for m in s.mains],
        "current": None if s.current is None else list(s.current),
        "prelim": None if s.prelim is None else list(s.prelim),
        # the main cards' explosions at their printed values (R31): which fired, and how each score is made
        # ([value, own explosion, opposing explosion taken], before the floor at 0)
        "prelim_fired": None if mains is None else [fires(mains[0], mains[1].value),
                                                    fires(mains[1], mains[0].value)],
        "prelim_terms": None if mains is None else explosion_terms(*mains, mains[0].value, mains[1].value),
        # what the preliminary main scores are worth: only their difference (spec gates R32)
        "prelim_differenced": None if s.prelim is None else difference(s.prelim),
        "order": None if s.order is None else list(s.order),
        "actor": s.order[s.turn] if s.phase in ("action", "extra", "poet") else None,
        "plays": [list(p) for p in s.plays],
        "stolen": [list(x) if player else len(x) for x in s.stolen],
        "battle": s.battle,
        "hands": [list(s.hands[p]) if p == seat else len(s.hands[p]) for p in (0, 1)],
        "reserves": [len(r) for r in s.reserves],
        "known_hands": [list(k) for k in s.known],
        "main_graveyard": list(s.main_grave),
        "action_graveyard": list(s.action_grave),
        "gates": list(s.gates),
        "gates_held": [sum(1 for g in s.gates if g == p) for p in (0, 1)],
        "stake": stake(s.round) if s.phase != "over" else None,  # the gate the duel in play is fought for
        "gate_symbols": list(cs.gate_symbols),
        "table_bonus": {k: list(v) for k, v in cs.table_bonus.items()},
        "scores": list(s.scores),
        "attacker": s.attacker,
        "targets": siege_targets(s, s.attacker) if s.phase == "siege" else [],
        "history": list(s.history) if player else [_public(h) for h in s.history],  # a copy: the state goes on
        "options": dict(s.options),
        "result": s.result,
        "cards_digest": cs.digest,
        "card_set": card_set(cs, s.options["alliance_value"]),
        "refusals": refusals(s, seat) if player else [],  # what this seat may not do now, and why
    }
    doc["table_notes"] = table_notes(doc)  # what the table says plainly (an empty hand: notes.py)
    return doc


_CARD_SETS: dict[tuple[str, int], dict] = {}


def card_set(cs: CardSet, alliance_value: int) -> dict:
    """The card list in play with its numbers (public: it is the game's data), so clients draw cards from the
    loaded file: main cards with the cards each explodes against, action cards with their printed values
    (the Alliance's is the option alliance_value, R12). A fresh copy each time (views are snapshots)."""
    key = (cs.digest, alliance_value)
    got = _CARD_SETS.get(key)
    if got is None:
        got = _CARD_SETS[key] = {
            "main": {c.id: {"id": c.id, "index": c.index, "value": c.value, "explosion": c.explosion,
                            "fires_against": fires_against(cs, c)} for c in cs.main.values()},
            "action": {c.id: {"id": c.id, "value": printed(cs, c.id, alliance_value), "circle": c.circle,
                              "symbol": c.symbol, "special": c.special} for c in cs.action.values()}}
    return {"main": {k: {**c, "fires_against": list(c["fires_against"])} for k, c in got["main"].items()},
            "action": {k: dict(c) for k, c in got["action"].items()}}


def determinize(s: State, seat: int, rng: Rng) -> State:
    """A full state consistent with what `seat` knows: the opponent's hand (but the cards it took from the
    graveyard with the Poet) and both reserves are redealt from the cards `seat` cannot see (sizes kept), and
    both main decks are reshuffled (when they were shuffled). Every pool is sorted before it is shuffled, so
    the result depends only on what `seat` knows and on `rng` (tests/bots/test_no_peeking.py)."""
    out = s.clone()
    opp = 1 - seat
    known = out.known[opp]  # cards the opponent took from the public graveyard stay in their hand
    hand = out.hands[opp]
    # sorted first, so the result depends only on what `seat` knows, not on the true hidden order
    pool = [c for c in hand if c not in known] if known else hand
    pool = pool + out.reserves[0] + out.reserves[1]
    pool.sort()
    shuffle(rng, pool)  # rng.shuffle, written out (rules.shuffle)
    k = len(hand) - len(known)
    out.hands[opp] = [*known, *pool[:k]]
    r0 = len(out.reserves[0])
    out.reserves[0] = pool[k:k + r0]
    out.reserves[1] = pool[k + r0:]
    if s.options["main_deck_order"] == "shuffled":  # in draft order, both players know the order (R3)
        for deck in out.mains:
            deck.sort()
            shuffle(rng, deck)
    out.rng = rng.fork()
    return out


def _public(summary: dict) -> dict:
    """A duel summary for spectators: how many cards each Alliance took, not which."""
    if "stolen" not in summary:
        return summary
    return {**summary, "stolen": [len(x) for x in summary["stolen"]]}
