"""The round calculation of Gates of the Citadel as pure functions (spec gates §3.3 step 2 and 5, §3.5).

`main_scores` computes the main step (explosions, floor 0) and `difference` keeps only the difference of two
main scores (R32). `resolve` computes a whole round from the two main cards, the action cards each player
attached (in step order) and the cards each stole with the Alliance; it returns every intermediate number and
a list of journal entries `(type, data)` that explain them, in the order of spec §3.3 step 5 (R11): Barter
cancellation, additions, Torture, Prince, explosion recompute, the difference of the main scores, Fireball,
steps with the circle comparison, table bonus, totals. `battle` is the Battle mini-duel (§3.5).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cetate.core.events import Event
from cetate.games.gates.data import CardSet, MainCard

WILD_SCORES = (2, 9)  # a wild card earns the +5 on any step score in this range (spec gates §3.3 step 5.5, R10)
TABLE_BONUS = 5  # the table bonus (spec gates §3.3 step 5.5)


def table_hit(cs: CardSet, symbol: str, score: int) -> bool:
    """Does a step score earn the +5 with this symbol (R10)? A fixed symbol on one of its table values, a
    wild one on any score from 2 to 9, `none` never."""
    if symbol == "wild":
        return WILD_SCORES[0] <= score <= WILD_SCORES[1]
    if symbol == "none":
        return False
    return score in cs.table_bonus[symbol]


def fires(card: MainCard, opposing_value: int) -> bool:
    """A main card explodes when its index equals the opposing main card's value (R31)."""
    return card.index == opposing_value


def fires_against(cs: CardSet, card: MainCard) -> list[str]:
    """The other main cards of the set that `card` explodes against at their printed values."""
    return [c.id for c in cs.main.values() if c.id != card.id and fires(card, c.value)]


def explosions(a: MainCard, b: MainCard, va: int, vb: int) -> tuple[list[int], list[bool]]:
    """Main scores from (possibly modified) card values va, vb: a fires when its index equals b's value and
    the other way round (R31); a positive explosion adds to its own score, a negative one takes from the
    opposing score; both scores are floored at 0 (R21)."""
    scores = [va, vb]
    fired = [fires(a, vb), fires(b, va)]
    for p, card in ((0, a), (1, b)):
        if fired[p]:
            if card.explosion > 0:
                scores[p] += card.explosion
            else:
                scores[1 - p] += card.explosion
    return [max(0, scores[0]), max(0, scores[1])], fired


def explosion_terms(a: MainCard, b: MainCard, va: int, vb: int) -> list[list[int]]:
    """How each main score of `explosions` is made, for people: `[value, own, taken]` per seat, the
    (possibly modified) value, what its own explosion adds and what the opposing explosion takes, before
    the floor at 0 (tests/games/gates/test_notes.py checks that they add up to `explosions`)."""
    fired = explosions(a, b, va, vb)[1]
    terms = [[va, 0, 0], [vb, 0, 0]]
    for p, card in ((0, a), (1, b)):
        if fired[p]:
            if card.explosion > 0:
                terms[p][1] = card.explosion
            else:
                terms[1 - p][2] = -card.explosion
    return terms


def explosion_log(a: MainCard, b: MainCard, va: int, vb: int, fired: list[bool],
                  again: bool = False) -> list[tuple[str, dict]]:
    """Journal entries for the two explosion checks: missed, own (+) or opponent (-)."""
    out = []
    for p, card, opposing in ((0, a, vb), (1, b, va)):
        data = {"seat": p, "card": card.id, "index": card.index, "opposing_value": opposing,
                "amount": abs(card.explosion), "again": again}
        if not fired[p]:
            out.append(("explosion_missed", data))
        else:
            out.append(("explosion_own" if card.explosion > 0 else "explosion_opponent", data))
    return out


def main_scores(a: MainCard, b: MainCard) -> tuple[list[int], list[bool]]:
    """The preliminary main scores (§3.3 step 2), after the explosions and before the difference."""
    return explosions(a, b, a.value, b.value)


def difference(scores: list[int]) -> list[int]:
    """Only the difference of two main scores is kept (spec gates §2.2, R32): the higher becomes the
    difference, the lower 0 (11 and 8 become 3 and 0; equal scores both become 0)."""
    gap = scores[0] - scores[1]
    return [max(0, gap), max(0, -gap)]


@dataclass(slots=True)
class RoundResult:
    prelim: list[int]  # the preliminary main scores (§3.3 step 2), before the difference
    prelim_fired: list[bool]
    main_values: list[int]  # the main card values after Torture and Prince
    fired: list[bool]
    raw: list[int]  # the main scores after the explosions (recomputed after Torture or Prince)
    differenced: list[int]  # `raw` with only the difference kept (R32), before Fireball
    main: list[int]  # the final main scores: `differenced` after Fireball
    cancelled: list[str]
    effective: dict[str, int]
    steps: list[dict]
    totals: list[int]
    log: list[tuple[str, dict]] = field(default_factory=list)
    events: list = field(default_factory=list)  # with `as_events`: the steps' entries as shared Events


def printed(cs: CardSet, card: str, alliance_value: int) -> int:
    """A card's printed value; the Alliance's is the option alliance_value (R12)."""
    c = cs.action[card]
    return alliance_value if c.special == "alliance" else c.value


def pair_scores(cs: CardSet, main0: str, main1: str) -> tuple[tuple[int, int], tuple[bool, bool]]:
    """`main_scores` of two main cards by id, computed once per card set and pair (tuples: share freely)."""
    key = (main0, main1)
    got = cs.memo.get(key)
    if got is None:
        scores, fired = main_scores(cs.main[main0], cs.main[main1])
        got = cs.memo[key] = (tuple(scores), tuple(fired))
    return got


def resolve(cs: CardSet, mains: tuple[str, str], plays: tuple[list[str], list[str]],
            stolen: tuple[list[str], list[str]], alliance_value: int, journal: bool = True,
            as_events: bool = False) -> RoundResult:
    """The round (see the module doc). `journal=False` leaves `log` empty (search and bots read the numbers
    only); every number is the same either way. With `as_events` (the rules' journal), the entries of the
    calculation steps, which always come last, go to `events` instead, as `Event` objects shared by every
    round with the same step (their data is never changed)."""
    a, b = cs.main[mains[0]], cs.main[mains[1]]
    got = cs.memo.get(mains) if type(mains) is tuple else None  # pair_scores' own memo entry
    prelim_t, prelim_fired_t = got if got is not None else pair_scores(cs, mains[0], mains[1])
    specials = cs.specials
    if not any([specials[c] for c in plays[0]]) and not any([specials[c] for c in plays[1]]):
        return _plain(cs, a.value, b.value, prelim_t, prelim_fired_t, plays[0], plays[1], journal, as_events)
    prelim, prelim_fired = list(prelim_t), list(prelim_fired_t)
    log: list[tuple[str, dict]] = []
    info = cs.action_info  # cid -> (value, circle, symbol, special)
    pl = (plays[0], plays[1])
    n = (len(pl[0]), len(pl[1]))
    cancelled: list[str] = []
    effective: dict[str, int] = {}
    values = [a.value, b.value]
    modified = False
    live = pl
    fireballs = False
    # a special card is attached (plain duels go through `_plain`)
    def printed_(cid: str) -> int:
        v = info[cid]
        return alliance_value if v[3] == "alliance" else v[0]

    def target(p: int, step: int) -> str | None:
        """The opponent's card in the same step, else their step-1 card (R14, R15)."""
        other = pl[1 - p]
        if step < len(other):
            return other[step]
        return other[0] if other else None

    # 1. cancellation: every Barter at once (R15; Barter against Barter cancels both)
    barter_target: dict[str, str | None] = {}
    for p in (0, 1):
        for step, cid in enumerate(pl[p]):
            if info[cid][3] == "barter":
                t = target(p, step)
                barter_target[cid] = t
                if t is not None and t not in cancelled:
                    cancelled.append(t)
                if journal:
                    log.append(("barter", {"seat": p, "card": cid, "target": t}) if t else
                               ("barter_none", {"seat": p, "card": cid}))
    if cancelled:
        live = ([c for c in pl[0] if c not in cancelled], [c for c in pl[1] if c not in cancelled])
    # 2. additions (cards not cancelled)
    for p in (0, 1):
        for step, cid in enumerate(pl[p]):
            if cid in cancelled:
                continue
            value = printed_(cid)
            kind = info[cid][3]
            if kind is None:
                effective[cid] = value
                continue
            if kind == "barter":
                t = barter_target[cid]
                extra = printed_(t) if t else 0
            elif kind == "treasure":  # copies the printed value even of a cancelled card (R14)
                t = target(p, step)
                extra = printed_(t) if t else 0
            elif kind == "alliance":
                extra = sum(printed_(x) for x in stolen[p])
            else:
                effective[cid] = value
                continue
            effective[cid] = value + extra
            if journal:
                log.append(("addition", {"seat": p, "card": cid, "printed": value, "added": extra,
                                         "value": value + extra}))
    # 3. main modifications: Torture, then Prince, then explosions again, the difference, Fireball
    # (R11, R16-R18)
    kinds = {info[c][3] for c in (*live[0], *live[1])}
    for kind in ("torture", "prince"):
        if kind not in kinds:
            continue
        for p in (0, 1):
            for cid in live[p]:
                if info[cid][3] == kind:
                    before = values[1 - p]
                    values[1 - p] = 3 if kind == "torture" else max(0, before - 7)
                    modified = True
                    if journal:
                        log.append((kind, {"seat": p, "card": cid, "target": 1 - p, "before": before,
                                           "after": values[1 - p]}))
    fireballs = "fireball" in kinds
    if modified:
        raw, fired = explosions(a, b, values[0], values[1])
        if journal:
            log.extend(explosion_log(a, b, values[0], values[1], fired, again=True))
            log.append(("main_again", {"value0": values[0], "value1": values[1], "main0": raw[0],
                                       "main1": raw[1], "a": 0, "b": 1}))
    else:
        raw, fired = list(prelim), list(prelim_fired)
    # spec gates §3.3 step 5.3.4, R32: only the difference of the main scores is kept, and taken again after
    # the recompute; Fireball then acts on the differenced score
    gap = raw[0] - raw[1]
    differenced = [gap if gap > 0 else 0, -gap if gap < 0 else 0]
    if modified and journal:  # the difference of the preliminary scores is already in the journal
        log.append(("main_difference", {"main0": differenced[0], "main1": differenced[1], "a": 0, "b": 1}))
    main = list(differenced)
    if fireballs:
        for p in (0, 1):
            for cid in live[p]:
                if info[cid][3] == "fireball":
                    before = main[1 - p]
                    main[1 - p] = max(0, before - 6)  # spec gates §3.3 step 5.3.5, R16, R32: differenced, floor 0
                    if journal:
                        log.append(("fireball", {"seat": p, "card": cid, "target": 1 - p, "before": before,
                                                 "after": main[1 - p]}))
    # 4. calculation steps with the circle comparison (R9), 5. table bonus (R10)
    steps = []
    events: list = []
    totals = list(main)
    memo = cs.memo
    if len(memo) > 100_000:  # the step outcomes below are few in practice; never let them grow without end
        memo.clear()
    for step in range(n[0] if n[0] > n[1] else n[1]):
        cards = [pl[0][step] if step < n[0] else None, pl[1][step] if step < n[1] else None]
        if cancelled:
            c0, c1 = alive = [c if c is not None and c not in cancelled else None for c in cards]
        else:
            c0, c1 = alive = cards
        e0 = None if c0 is None else effective[c0]
        e1 = None if c1 is None else effective[c1]
        key = (step, c0, c1, e0, e1)
        got = memo.get(key)
        if got is None:
            got = memo[key] = _step(cs, step, alive, e0, e1)
        if journal:
            if as_events:
                events += got[4]
            else:
                log += [(kind, data.copy()) for kind, data in got[0]]
        add = got[6]
        totals[0] += add[0]
        totals[1] += add[1]
        if cancelled:
            _, circle_bonus, scores, bonus = got[:4]
            steps.append({"step": step + 1, "cards": cards, "cancelled": [c in cancelled for c in cards],
                          "values": [e0, e1],  # before the circle bonus
                          "circle_bonus": list(circle_bonus), "scores": list(scores), "table_bonus": list(bonus)})
        else:  # the step's summary, the same for every round with this step (never changed in place)
            steps.append(got[5])
    return RoundResult(prelim, prelim_fired, values, fired, raw, differenced, main, cancelled, effective, steps,
                       totals, log, events)


def _plain(cs: CardSet, va: int, vb: int, prelim: tuple[int, int], fired: tuple[bool, bool], p0: list[str],
           p1: list[str], journal: bool, as_events: bool) -> RoundResult:
    """`resolve` when no special card is attached (no cancellation, addition or main modification: spec gates
    §3.3 step 5.1-5.3 do nothing): the difference of the preliminary main scores, then the steps."""
    info = cs.action_info
    effective = {c: info[c][0] for c in (*p0, *p1)}
    gap = prelim[0] - prelim[1]
    differenced = [gap if gap > 0 else 0, -gap if gap < 0 else 0]  # R32
    t0, t1 = differenced
    steps = []
    log: list = []
    events: list = []
    memo = cs.memo  # the plain steps' keys are few (at most 8 x 16 x 16); resolve bounds the memo
    n0, n1 = len(p0), len(p1)
    for step in range(n0 if n0 > n1 else n1):
        c0 = p0[step] if step < n0 else None
        c1 = p1[step] if step < n1 else None
        key = (step, c0, c1)  # a plain card's effective value is its printed one
        got = memo.get(key)
        if got is None:
            got = memo[key] = _step(cs, step, [c0, c1], None if c0 is None else effective[c0],
                                    None if c1 is None else effective[c1])
        if journal:
            if as_events:
                events += got[4]
            else:
                log += [(kind, data.copy()) for kind, data in got[0]]
        add = got[6]
        t0 += add[0]
        t1 += add[1]
        steps.append(got[5])
    return RoundResult(list(prelim), list(fired), [va, vb], list(fired), list(prelim), differenced,
                       list(differenced), [], effective, steps, [t0, t1], log, events)


def _step(cs: CardSet, step: int, alive: list[str | None], e0: int | None,
          e1: int | None) -> tuple:
    """One calculation step (spec gates §3.3 step 5.4-5.5): the circle comparison (R9) and each card's step
    score and table bonus (R10) from the cards still in play (None: no card, or a cancelled one) and their
    effective values; returns the journal entries, circle bonuses, scores, table bonuses, the entries as
    `Event`s, the step's summary when no card was cancelled (`cards` are then the cards in play) and what
    the step adds to each total. It depends on nothing else, so `resolve` keeps each outcome in the card
    set's memo (callers copy the entries' data, or share the events and the summary)."""
    info = cs.action_info
    table_bonus = cs.table_bonus
    c0, c1 = alive
    effective = (e0, e1)
    log: list[tuple[str, dict]] = []
    circle_bonus = [0, 0]
    if c0 is not None and c1 is not None:
        k0, k1 = info[c0][1], info[c1][1]
        diff = k0 - k1
        if diff > 0:
            circle_bonus[0] = diff
        elif diff < 0:
            circle_bonus[1] = -diff
        data = {"step": step + 1, "card0": c0, "card1": c1, "circle0": k0, "circle1": k1, "a": 0, "b": 1}
        if diff:
            log.append(("circles", {**data, "seat": 0 if diff > 0 else 1, "bonus": abs(diff)}))
        else:
            log.append(("circles_equal", data))
    scores: list[int | None] = [None, None]
    bonus = [0, 0]
    for p in (0, 1):
        cid = alive[p]
        if cid is None:
            continue
        eff = effective[p]
        score = eff + circle_bonus[p]
        scores[p] = score
        symbol = info[cid][2]
        hit = table_hit(cs, symbol, score)
        if hit:
            bonus[p] = TABLE_BONUS
        log.append(("step_score", {"seat": p, "step": step + 1, "card": cid, "value": eff,
                                   "circle_bonus": circle_bonus[p], "score": score}))
        check = {"seat": p, "card": cid, "score": score, "symbol": symbol}
        if symbol == "none":
            log.append(("table_none", check))
        elif symbol == "wild":
            log.append(("table_wild" if hit else "table_wild_miss", check))
        else:
            table = table_bonus[symbol]
            check.update({"first": table[0], "second": table[-1]})
            log.append(("table_bonus" if hit else "table_miss", check))
    summary = {"step": step + 1, "cards": [c0, c1], "cancelled": [False, False],
               "values": [e0, e1],  # before the circle bonus
               "circle_bonus": list(circle_bonus), "scores": list(scores), "table_bonus": list(bonus)}
    add = (0 if c0 is None else scores[0] + bonus[0], 0 if c1 is None else scores[1] + bonus[1])
    return (tuple(log), tuple(circle_bonus), tuple(scores), tuple(bonus),
            tuple(Event(kind, data) for kind, data in log), summary, add)


def battle(cs: CardSet, drawn: tuple[list[str], list[str]], prelim: list[int],
           alliance_value: int) -> tuple[list[int], int | None, int]:
    """The Battle mini-duel (§3.5, R13): the sums of the printed values drawn by each player, the duel
    winner (higher sum, then higher preliminary main score, else None for a tie) and the points won."""
    sums = [sum(printed(cs, c, alliance_value) for c in drawn[p]) for p in (0, 1)]
    if sums[0] != sums[1]:
        winner = 0 if sums[0] > sums[1] else 1
    elif prelim[0] != prelim[1]:
        winner = 0 if prelim[0] > prelim[1] else 1
    else:
        winner = None
    return sums, winner, abs(sums[0] - sums[1])
