"""The end of a Citadels game: the end trigger (a completed city), scoring and tie-breaks (spec citadels
§1.8-§1.10)."""

from __future__ import annotations

from cetate.games.citadels.common import completion_size
from cetate.games.citadels.data import (
    COLOUR,
    HAUNTED_CITY,
    IMPERIAL_TREASURY,
    MAP_ROOM,
    MUSEUM,
    PURPLE,
    SCORE,
    WISHING_WELL,
)
from cetate.games.citadels.state import State


def check_completion(s: State, seat: int, ev: list) -> None:
    size = completion_size(s)
    length = len(s.cities[seat])
    if length >= size and not s.end_triggered:
        # spec §1.8: record the first city to reach the completion size; the end is now fixed (a city
        # completed after the Bell Tower's announcement triggered the end is not first, §2.5 #11)
        s.first_complete = seat
        s.end_triggered = True
        ev.append(("city_completed", {"seat": seat, "first": True}))
    elif length == size:
        ev.append(("city_completed", {"seat": seat, "first": False}))


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


def finish(s: State, ev: list, stalled: bool) -> None:
    s.phase = "over"
    s.calling = 0
    s.actor = -1
    s.result = compute_result(s, stalled)
    ev.append(("game_over", {"winners": s.result["winners"], "tie_break": s.result["tie_break"],
                                  "totals": [sc["total"] for sc in s.result["scores"]], "stalled": stalled}))
