"""Solo: the heuristic bot's take checked by short rollouts in worlds drawn from its information set.

Against the Illustrious Architect everything is known but the order of the stacks, and his picks follow a
fixed rule (§1.10), so a candidate take can be played on in a concrete world and judged by what actually
happens. At each take (but the last, whose greedy value is already the exact final score):

* the candidates are the bot's own choice (tile and placement, with its look-ahead) and, for every tile it
  can afford, that tile at its `rollout_per_tile` best placements;
* `rollout_worlds` worlds are drawn with `determinize` from the sample the driver hands the bot (a state
  of its information set: only the stacks' order differs from the truth, and the sample depends on the
  view alone); every candidate is played in the *same* worlds (common random numbers), so the noise of
  the stacks' order cancels out of the comparison;
* in each world the candidate is applied, then the game goes on for `rollout_horizon` more takes of the
  bot, a greedy copy of itself (no look-ahead, `rollout_top_k` placements valued in full per tile) against
  the Architect by his rule, and the position is judged by the solo margin forecast of
  `valuation.solo_margin` (his score and mine carried to the end at rates fitted on whole games), or by the
  final margin when the game ends first;
* after `rollout_stage1` worlds only the bot's choice and the `rollout_keep` best others go on;
* the bot leaves its own choice only for a candidate whose mean gain over its choice, world by world,
  exceeds `rollout_z` standard errors of those paired differences (so a noisy estimate never overrides
  the heuristic).

Without a sample (a driver that does not hand one, or a view alone), or with `rollout_worlds` = 0, the
bot plays as its heuristic. Measurements in docs/bots/akropolis-heuristic.md.
"""

from __future__ import annotations

from typing import Any

from cetate.core.rng import Rng
from cetate.games.akropolis import rules
from cetate.games.akropolis.city import City
from cetate.games.akropolis.data import CODES
from cetate.games.akropolis.state import State
from cetate.games.akropolis.valuation import _key, _Turn, solo_margin
from cetate.games.akropolis.view import determinize, light_view
from cetate.games.akropolis.view import view as full_view


def final_margin(w: State) -> float:
    res = w.result
    return float(res["scores"][0]["total"] - res["architect"]["total"])


def play_on(w: State, greedy: Any, takes: int, memo: dict | None = None, shared: dict | None = None) -> float:
    """Play `w` on with the greedy bot for `takes` of its takes (the Architect moves inside the engine), then
    the margin forecast; the exact final margin when the game ends first. Changes `w`.

    `memo` keeps the greedy takes of one decision: until the site is refilled, every world of a candidate
    reaches the same positions (only the stacks' order differs), and the greedy take is a function of the
    key (the stacks' contents, which it reads as a mix, follow from the rest). `shared` keeps the greedy
    player's valuation of each city across the worlds of the decision (see `_Turn.take`)."""
    done = 0
    while w.phase != "over":
        if w.phase == "take":
            if done >= takes:
                return solo_margin(w)
            done += 1
            key = None
            if memo is not None:
                key = (w.turn, tuple(w.site), w.stones[0], w.arch_stones, tuple(w.arch_tiles),
                       tuple(w.cities[0].log), tuple(w.completed[0]), tuple(w.arch_cards), tuple(w.arch_small),
                       tuple(map(tuple, w.under)))
            hit = None if key is None else memo.get(key)
            if hit is None:
                legal = rules.legal_actions(w)
                greedy._plan = None
                action = _Turn(greedy, light_view(w, 0), city=w.cities[0]).take(legal, shared) or legal[0]
                hit = (action, greedy._plan)
                if key is not None:
                    memo[key] = hit
            action, plan = hit
            rules.apply(w, action)
            placed = False
            if plan is not None:
                q, r, rot = plan[2]
                placed = w.cities[0].refusal(w.cities[0].cells_of(q, r, rot)) is None
            if placed:
                rules.apply(w, {"type": "place", "q": q, "r": r, "rot": rot})
            else:  # never expected: the plan is one of the city's legal placements
                rules.apply(w, greedy.act(full_view(w, 0), rules.legal_actions(w)))
        else:  # Athena's choices: rare, decided as in a real game
            rules.apply(w, greedy.act(full_view(w, 0), rules.legal_actions(w)))
    return final_margin(w)


def improve_take(bot: Any, view: dict, legal: list[dict], sample: State, turn: Any, choice: dict,
                 plan: tuple) -> tuple[dict, tuple] | None:
    """A better (take, placement) than the heuristic's `choice` (its `plan`), or None to keep it."""
    p = bot.params
    worlds_n = int(p["rollout_worlds"])
    if worlds_n <= 0 or view.get("turn", 0) >= view.get("turns", 0) - 1:
        return None
    site = view["site"]
    placements = turn._all_placements()  # `turn.take` has prepared its estimates
    cands = [(choice["site"], tuple(plan[2]))]
    for a in legal:
        i = a["site"]
        found = turn._best_placements(site[i]["id"], turn.stones, placements)
        for _, qrr, _, _ in found[:int(p["rollout_per_tile"])]:
            if (i, qrr) not in cands:
                cands.append((i, qrr))
    if len(cands) == 1:
        return None
    greedy = bot.rollout_bot()
    rng = Rng.from_seed(f"{bot.seed}/rollout/{view['turn']}")
    scores: list[list[float]] = [[] for _ in cands]
    alive = list(range(len(cands)))
    stage1, keep = int(p["rollout_stage1"]), int(p["rollout_keep"])
    takes = int(p["rollout_horizon"])
    memo: dict = {}
    shared: dict | None = {} if p["rollout_share"] else None
    for k in range(worlds_n):
        world = determinize(sample, 0, rng.fork())
        if k == stage1 and len(alive) > keep + 1:
            mean = {j: sum(scores[j]) / k for j in alive}
            alive = [0, *sorted(alive[1:], key=lambda j: -mean[j])[:keep]]
        for j in alive:
            i, (q, r, rot) = cands[j]
            w = world.clone()
            rules.apply(w, {"type": "take", "site": i})
            rules.apply(w, {"type": "place", "q": q, "r": r, "rot": rot})
            scores[j].append(play_on(w, greedy, takes, memo, shared))
    best, best_gain = 0, 0.0
    z = p["rollout_z"]
    for j in alive[1:]:
        diffs = [x - y for x, y in zip(scores[j], scores[0], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if mean > z * (var / n) ** 0.5 and mean > best_gain:
            best, best_gain = j, mean
    if best == 0:
        return None
    i, qrr = cands[best]
    tile = site[i]["id"]
    action = next(a for a in legal if a["site"] == i)
    return action, (("place", view["turn"], tile), _key(City.cells_of(*qrr), CODES[tile]), qrr)


__all__ = ["final_margin", "improve_take", "play_on"]
