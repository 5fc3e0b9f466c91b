"""What each legal Gates move would do, as data (the server sends it as `action_notes`; contract of issue 30).

Everything here is worked out from one seat's view, never from the whole state, so a note cannot tell what
the seat does not know (the opponent's hand, the reserves, the order of the main decks). The terminal screen
(`terminal.py`) and the heuristic bot (`bot.py`) call the same functions; the page shows the notes.

Notes by action type:
  attach   what attaching the card now would do in the duel in play, with the cards attached so far
           (`resolve.resolve`): `step`, `score`, `bonus` (the table bonus), `cancelled`, `totals` (per seat) and
           `effects` (the card's own effect: Barter's target and value, Treasure's addition, Torture's and the
           Prince's main value before and after, Fireball's main score before and after); the Battle only
           `{"battle": true}`; the Alliance adds `steals` (how many cards it would take), the Poet `graveyard`
           (how many cards it could take back), the Crowns `extra` (whether it opens the extra card)
  skip     `totals`: the duel's totals with the cards attached so far (none when a Battle decides it)
  siege    `odds`: the chance the siege succeeds (`siege_odds`)
  others   {}

Notes on the table (`table_notes`, carried by every view as `table_notes`), worked out from the view alone:
  no_action_cards   a seat holds no action card while duels remain: `seat`, `duels_left` (the duels still to be
                    fought, the one in play included) and `reserve` (its reserve's size). Nothing can refill
                    that hand (spec gates §3.2 step 4: only the Poet adds cards, and it must be attached from
                    the hand), so the seat skips every remaining action turn (R27); its main cards still fight,
                    its reserve still defends its gates in a siege (§3.7) and is drawn for a Battle (§3.5)
"""

from __future__ import annotations

from math import comb

from cetate.games.gates.data import cards
from cetate.games.gates.resolve import RoundResult, printed, resolve
from cetate.games.gates.rules import ALLIANCE_TAKES, DUELS, SIEGE_REVEAL, defends, may_follow_crowns, to_move

# what a card's own effect did, from the journal of `resolve` (kind -> the fields kept)
_EFFECTS = {"barter": ("target",), "barter_none": (), "torture": ("before", "after"),
            "prince": ("before", "after"), "fireball": ("before", "after")}


def unseen(view: dict, seat: int) -> list[str]:
    """The action cards `seat` has not seen, in card-list order: the opponent's hand (less the cards the
    Poet made known) and both reserves, in an order nobody knows. Seen: its own hand, the graveyard, the
    cards attached and stolen this duel, the cards known in either hand, and the Battle's cards waiting for
    the clean-up."""
    seen = set(view["hands"][seat]) if isinstance(view["hands"][seat], list) else set()
    seen.update(view["action_graveyard"])
    for p in (0, 1):
        seen.update(view["plays"][p])
        stolen = view["stolen"][p]
        if isinstance(stolen, list):
            seen.update(stolen)
        seen.update(view["known_hands"][p])
    if view.get("battle") is not None and view.get("history"):  # the Battle's cards wait for the clean-up
        for drawn in view["history"][-1].get("battle_cards") or []:
            seen.update(drawn)
    return [c for c in cards().action if c not in seen]


def siege_chance(pool: list[str], symbol: str, reserve: int) -> dict:
    """The chance that a siege on a gate with `symbol` succeeds, when the defender's reserve (`reserve`
    cards) is, for the attacker, any of the cards of `pool`: the defender turns over up to three of them
    (R25) and the gate holds when one shows the symbol. `hits`: the cards of the pool that would hold it;
    `shown`: how many the defender turns over; `chance`: 1.0 when none is turned over."""
    cs = cards()
    hits = sum(1 for c in pool if defends(cs, c, symbol))
    shown = min(SIEGE_REVEAL, reserve, len(pool))
    chance = comb(len(pool) - hits, shown) / comb(len(pool), shown) if shown else 1.0
    return {"symbol": symbol, "hits": hits, "unseen": len(pool), "shown": shown, "chance": chance}


def siege_odds(view: dict, seat: int, gate: int) -> dict:
    """`seat`'s chance to take `gate` by siege, from the cards it has not seen (`siege_chance`)."""
    symbol = view["gate_symbols"][gate]
    return siege_chance(unseen(view, seat), symbol, view["reserves"][1 - seat])


def _stolen(view: dict) -> tuple[list[str], list[str]]:
    stolen = view.get("stolen") or [[], []]
    return tuple(list(x) if isinstance(x, list) else [] for x in stolen)  # type: ignore[return-value]


def projection(view: dict, plays: tuple[list[str], list[str]] | None = None) -> RoundResult | None:
    """The duel in play worked out with the cards attached so far (or with `plays`), or None when there is
    no duel in play or a Battle decides it."""
    current = view.get("current")
    if not current or view.get("battle") is not None:
        return None
    if plays is None:
        plays = (list(view["plays"][0]), list(view["plays"][1]))
    return resolve(cards(), (current[0], current[1]), plays, _stolen(view), view["options"]["alliance_value"])


def attach_note(view: dict, seat: int, card: str) -> dict:
    """What attaching `card` now would do (see the module's doc)."""
    cs = cards()
    special = cs.action[card].special
    if special == "battle":
        return {"battle": True}
    plays = (list(view["plays"][0]), list(view["plays"][1]))
    plays[seat].append(card)
    r = projection(view, plays)
    if r is None:
        return {}
    note: dict = {}
    if special == "alliance":
        hand = view["hands"][1 - seat]
        note["steals"] = min(ALLIANCE_TAKES, hand if isinstance(hand, int) else len(hand))
    elif special == "poet":
        note["graveyard"] = len(dict.fromkeys(view["action_graveyard"]))
    elif special == "crowns" and view["phase"] == "action":
        note["extra"] = any(may_follow_crowns(cs, c) for c in view["hands"][seat] if c != card)
    effects = []
    for kind, data in r.log:  # what the card's own effect does now
        if data.get("card") != card:
            continue
        if kind in _EFFECTS:
            effects.append({"kind": kind, **{k: data[k] for k in _EFFECTS[kind]}})
            if kind == "barter":  # the printed value it takes
                effects[-1]["value"] = printed(cs, data["target"], view["options"]["alliance_value"])
        elif kind == "addition" and special == "treasure":
            effects.append({"kind": "treasure", "value": data["added"]})
    note["effects"] = effects
    step = len(plays[seat])
    info = r.steps[step - 1]
    note["step"] = step
    note["cancelled"] = card in r.cancelled
    note["score"] = info["scores"][seat]
    note["bonus"] = info["table_bonus"][seat]
    note["totals"] = list(r.totals)
    return note


def annotate(state, seat: int | None, legal: list[dict]) -> list[dict]:
    """One note per legal action (see the module's doc), from `seat`'s view of `state`; only the seat to move
    gets notes (a spectator, or a seat not to move, has no move to weigh)."""
    if (seat not in (0, 1) or seat != to_move(state)
            or not any(a.get("type") in ("attach", "skip", "siege") for a in legal)):
        return [{} for _ in legal]
    from cetate.games.gates.view import view as view_of  # the view carries `table_notes`: imported here

    v = view_of(state, seat)
    out: list[dict] = []
    totals = None
    for action in legal:
        kind = action.get("type")
        if kind == "attach":
            out.append(attach_note(v, seat, action["card"]))
        elif kind == "skip":
            if totals is None:
                r = projection(v)
                totals = {} if r is None else {"totals": list(r.totals)}
            out.append(dict(totals))
        elif kind == "siege":
            out.append({"odds": siege_odds(v, seat, action["gate"])})
        else:
            out.append({})
    return out


# the phases of a duel in play, before its outcome (its action turns are still to come or under way)
_IN_PLAY = ("action", "extra", "poet")


def table_notes(view: dict) -> list[dict]:
    """What the table should say plainly, from a view (see the module's doc): a `no_action_cards` note for
    each seat whose hand is empty while duels remain. Public facts only (hand and reserve sizes)."""
    phase = view["phase"]
    if phase not in _IN_PLAY and phase != "siege":
        return []
    # R1: six duels; the one in play counts until its outcome (in a siege choice it is decided)
    left = DUELS - view["round"] + (1 if phase in _IN_PLAY else 0)
    if left <= 0:
        return []
    out = []
    for p in (0, 1):
        hand = view["hands"][p]
        if (hand if isinstance(hand, int) else len(hand)) == 0:
            out.append({"kind": "no_action_cards", "seat": p, "duels_left": left, "reserve": view["reserves"][p]})
    return out
