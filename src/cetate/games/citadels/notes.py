"""What Citadels actions cost and do, and what a seat may not do, as data: the one source for the browser,
the terminal and the bots (issue 30; see docs/formats.md). Every number comes from the rules' own
functions (`rules.build_cost`, `rules.destroy_price`, `rules.exchange_cost`, ...).

**Action notes** (`annotate`, one dict per legal action of the seat to move, sent as `action_notes`):

    build, wizard_build     {"price": p, "printed": c}   what building costs now (after the Factory,
                                                          spec §2.3) and the card's printed cost
    destroy                 {"price": p}                 the Warlord's price (Great Wall, beautified)
    exchange                {"price": p}                 what the Diplomat pays the other player
    armory                  {"price": 0}
    take_gold               {"gold": g}                  what the bank pays (a capped bank may pay less)
    collect_income          {"gold": g}
    draw_cards              {"draw": d, "keep": k,       the cards drawn and kept, and the districts
                             "by": [ids]}                 that change them (Observatory, Library, §2.5 #19)
    navigator_gold          {"gold": g}
    navigator_cards         {"cards": 4}
    smithy                  {"price": 2, "cards": 3}
    laboratory              {"gold": g}
    graveyard_take          {"price": 1}
    beautify                {"price": 1, "left": n}      n: districts he may still beautify this turn
    tribute_gold            {"gold": 1}
    abbot_collect           {"gold": 1, "from": seat}
    swap_hands              {"gives": m, "gets": n}      hand sizes, which are public
    wizard                  {"cards": n}                 the size of the hand he looks at
    announce_bell_tower     {"size": s, "current": c}    the completion size after and before
    assassinate, steal,     {"void": "face_up"}          when the character named is set aside face up this
    bewitch                                              round: legal, but it wastes the power (spec §1.6
                                                         Thief), so a page offers it disabled, with the
                                                         message `void.face_up`; {} for any other character
    anything else           {}

**Refusals** (`refusals`, in the view of the seat to move, `[]` for everyone else): what that seat might
try now and may not, each `{"code": ..., "target": <the refused action>, **numbers}`:

- for every card of its own hand it may not build in its turn: `action_only`, `build_before_action`,
  `no_builds_left`, `navigator_no_build`, `witch_no_build`, `duplicate_district`, `quarry_used`,
  `cannot_afford` (with `cost` and `gold`);
- when a power that names a character is open: the characters it may not name (`self`, `rank_one`,
  `killed`, `bewitched`);
- when the Warlord may destroy: the districts he may not (`city_complete`, `keep_immune`,
  `bishop_protected`, `cannot_afford` with `cost` and `gold`);
- when the Diplomat may exchange: the exchanges he may not make (those codes, `same_district`,
  `exchange_duplicate`);
- when the Artist may beautify: the districts already beautified (`already_beautified`);
- when the Wizard looks at a hand: the cards he may not build at once (`build_before_action`,
  `no_builds_left`, `cannot_afford`).

Every code has its message `refusal.<code>` in the catalogs, taking those numbers as parameters.
"""

from __future__ import annotations

from cetate.games.citadels import rules
from cetate.games.citadels.data import COST, DISTRICT_IDS, DISTRICT_INDEX
from cetate.games.citadels.state import State

# every code of an action note's `void` (a legal move that does nothing; each has a message `void.<code>`)
VOID_CODES = ("face_up",)

# every code a view may hold (each has a message `refusal.<code>` in all five catalogs)
REFUSAL_CODES = ("action_only", "build_before_action", "no_builds_left", "navigator_no_build", "witch_no_build",
                 "duplicate_district", "quarry_used", "cannot_afford", "self", "rank_one", "killed", "bewitched",
                 "city_complete", "keep_immune", "bishop_protected", "same_district", "exchange_duplicate",
                 "already_beautified")


def annotate(s: State, seat: int | None, legal: list[dict]) -> list[dict]:
    """One note per legal action of the seat to move (see the module doc); runs only when asked."""
    mover = rules.to_move(s)
    if mover is None or (seat is not None and seat != mover):
        return [{} for _ in legal]
    return [_note(s, mover, a) for a in legal]


def _card(a: dict, name: str = "card") -> int:
    return DISTRICT_INDEX[a[name]]


def _note(s: State, seat: int, a: dict) -> dict:
    kind = a.get("type")
    if kind in ("build", "wizard_build"):
        card = _card(a)
        return {"price": rules.build_cost(s, seat, card), "printed": COST[card]}
    if kind == "destroy":
        return {"price": rules.destroy_price(s, a["target"], _card(a))}
    if kind == "exchange":
        return {"price": rules.exchange_cost(s, seat, _card(a, "give"), a["target"], _card(a, "take"))}
    if kind == "armory":
        return {"price": 0}  # spec §2.3 Armory: free (the Armory itself is given up)
    if kind == "take_gold":
        return {"gold": rules.bank_pays(s, rules.TAKE_GOLD)}
    if kind == "collect_income":
        return {"gold": rules.bank_pays(s, rules.income_amount(s, seat, s.calling))}
    if kind == "draw_cards":
        city = s.cities[seat]
        draw, keep = rules.draw_terms(city)
        return {"draw": draw, "keep": keep, "by": [DISTRICT_IDS[c] for c in rules.DRAW_DISTRICTS if c in city]}
    if kind == "navigator_gold":
        return {"gold": rules.bank_pays(s, rules.NAVIGATOR_GOLD)}
    if kind == "navigator_cards":
        return {"cards": rules.NAVIGATOR_CARDS}
    if kind == "smithy":
        return {"price": rules.SMITHY_PRICE, "cards": rules.SMITHY_CARDS}
    if kind == "laboratory":
        return {"gold": rules.bank_pays(s, rules.LABORATORY_GOLD)}
    if kind == "graveyard_take":
        return {"price": rules.GRAVEYARD_PRICE}
    if kind == "beautify":
        return {"price": rules.BEAUTIFY_PRICE, "left": rules.BEAUTIFY_PER_TURN - s.beautify_count}
    if kind == "tribute_gold":
        return {"gold": 1}  # spec §1.6 Emperor: 1 gold or 1 card
    if kind == "abbot_collect":
        return {"gold": 1, "from": rules.abbot_payer(s, seat)}
    if kind == "swap_hands":
        return {"gives": len(s.hands[seat]), "gets": len(s.hands[a["target"]])}
    if kind == "wizard":
        return {"cards": len(s.hands[a["target"]])}
    if kind in ("assassinate", "steal", "bewitch"):
        # spec §1.6: naming a character that is not in play wastes the power; those set aside face up are
        # known (public) to be out of this round. Face-down ones are never told apart (hidden information).
        roster = s.roster
        return {"void": "face_up"} if any(roster[r] == a["character"] for r in s.face_up) else {}
    if kind == "announce_bell_tower":
        return {"size": rules.announced_size(s), "current": rules.completion_size(s)}
    return {}


# -- refusals -------------------------------------------------------------------------------------

def refusals(s: State, seat: int | None, legal: list[dict] | None = None) -> list[dict]:
    """What `seat` might try now and may not (see the module doc): only the seat to move has any, and
    only about its own hand and the targets of its own open powers. `legal` is the state's legal actions
    when the caller has them already."""
    if seat is None or rules.to_move(s) != seat or s.phase not in ("turn", "wizard"):
        return []
    if legal is None:
        legal = rules.legal_actions(s)
    open_types = {a["type"] for a in legal}
    out: list[dict] = []
    if s.phase == "turn" and s.actor == seat:
        for card in sorted(set(s.hands[seat])):
            refusal = rules.build_refusal(s, seat, card)
            if refusal is not None:
                out.append(_refusal(refusal, {"type": "build", "card": DISTRICT_IDS[card]}))
    for power in ("assassinate", "steal", "bewitch"):
        if power in open_types:
            roster = s.roster
            for rank in range(1, len(roster)):
                code = rules.character_target_problem(s, power, rank)
                if code is not None:
                    out.append({"code": code, "target": {"type": power, "character": roster[rank]}})
    if "destroy" in open_types:
        out.extend(_destroy_refusals(s, seat))
    if "exchange" in open_types:
        out.extend(_exchange_refusals(s, seat))
    if "beautify" in open_types:
        for card in sorted(set(s.cities[seat])):
            if not rules.can_beautify(s, seat, card):
                out.append({"code": "already_beautified", "target": {"type": "beautify", "card": DISTRICT_IDS[card]}})
    if s.phase == "wizard":
        for card in sorted(set(s.hands[s.target])):
            code = rules.wizard_build_problem(s, seat, card)
            if code is None:
                continue
            refusal = {"code": code, "target": {"type": "wizard_build", "card": DISTRICT_IDS[card]}}
            if code == "cannot_afford":
                refusal.update(cost=rules.build_cost(s, seat, card), gold=s.gold[seat])
            out.append(refusal)
    return out


def _refusal(reason: dict, target: dict) -> dict:
    return {"code": reason["code"], "target": target, **{k: v for k, v in reason.items() if k != "code"}}


def _destroy_refusals(s: State, seat: int) -> list[dict]:
    out = []
    for target in range(s.n):
        for card in sorted(set(s.cities[target])):
            code = rules.destroy_problem(s, seat, target, card)
            if code is None:
                continue
            refusal = {"code": code, "target": {"type": "destroy", "target": target, "card": DISTRICT_IDS[card]}}
            if code == "cannot_afford":
                refusal.update(cost=rules.destroy_price(s, target, card), gold=s.gold[seat])
            out.append(refusal)
    return out


def _exchange_refusals(s: State, seat: int) -> list[dict]:
    out = []
    gives = sorted(set(s.cities[seat]))
    for target in range(s.n):
        if target == seat:
            continue
        for take in sorted(set(s.cities[target])):
            for give in gives:
                code = rules.exchange_problem(s, seat, give, target, take)
                if code is None:
                    continue
                if code == "duplicate_district":
                    code = "exchange_duplicate"  # either city would hold it twice (not the builder's own city)
                refusal = {"code": code, "target": {"type": "exchange", "give": DISTRICT_IDS[give], "target": target,
                                                    "take": DISTRICT_IDS[take]}}
                if code == "cannot_afford":
                    refusal.update(cost=rules.exchange_cost(s, seat, give, target, take), gold=s.gold[seat])
                out.append(refusal)
    return out
