"""The figures of a tournament, computed from its rows alone (so they are the same on every backend).

Win shares: a game's winners share one win, so each of two tied winners scores 1/2. A bot's win rate is
its shares over the seats it held (a bot that holds two seats of a game plays two "seat-games" there).

Wilson interval: see `wilson`. OpenSkill ratings: see `ratings`.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054  # the two-sided 95% quantile of the normal law


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a success rate `successes / n` (95% by default).

    Unlike the textbook "rate ± 1.96 standard errors", it never leaves [0, 1] and stays sensible at
    0 or n successes. `successes` may be fractional (shared wins): the formula is used as it stands with
    the fractional rate. A fraction carries less spread than a whole win or loss, so for shared wins the
    interval is, if anything, a little wider than needed. With `n == 0` nothing is known: (0, 1)."""
    if n <= 0:
        return 0.0, 1.0
    p = min(1.0, max(0.0, successes / n))
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    low = 0.0 if p == 0.0 else max(0.0, centre - half)  # exact ends: no rounding dust at 0 or n
    high = 1.0 if p == 1.0 else min(1.0, centre + half)
    return low, high


def win_shares(row: dict) -> list[float]:
    """Each seat's share of the win in one game."""
    players = len(row["seats"])
    winners = [w for w in row.get("winners") or [] if 0 <= w < players]
    shares = [0.0] * players
    for w in winners:
        shares[w] += 1 / len(winners)
    return shares


def ratings(rows: Sequence[dict], bots: Sequence[str]) -> dict[str, dict] | None:
    """OpenSkill (Plackett-Luce) ratings of `bots` from the games in the order given.

    Every seat of a game is a one-player team carrying its bot's rating before the game; the teams are
    ranked by the game's places (`row["ranks"]`, ties shared). A bot that held several seats of the game
    takes the mean of its seats' new mu and sigma, so one game moves each bot once. Games with fewer than
    two seats, with one bot on every seat, or without places teach nothing about the bots against each
    other and are skipped. None when no game could be rated (solo tournaments, for one).

    Each bot gets mu (the skill estimate), sigma (its uncertainty), the 95% interval mu ± 1.96 sigma, the
    ordinal mu - 3 sigma (a cautious skill: OpenSkill's default sort key) and the number of games rated."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    state = {b: (model.mu, model.sigma) for b in bots}
    rated = dict.fromkeys(bots, 0)
    any_rated = False
    for row in rows:
        seats, ranks = row["seats"], row.get("ranks")
        if len(seats) < 2 or not ranks or len(set(seats)) < 2:
            continue
        teams = [[model.rating(mu=state[b][0], sigma=state[b][1])] for b in seats]
        new = model.rate(teams, ranks=list(ranks))
        for bot in dict.fromkeys(seats):
            mine = [new[s][0] for s, b in enumerate(seats) if b == bot]
            state[bot] = (statistics.fmean(r.mu for r in mine), statistics.fmean(r.sigma for r in mine))
            rated[bot] += 1
        any_rated = True
    if not any_rated:
        return None
    out = {}
    for bot in bots:
        mu, sigma = state[bot]
        out[bot] = {"mu": mu, "sigma": sigma, "low": mu - Z95 * sigma, "high": mu + Z95 * sigma,
                    "ordinal": mu - 3 * sigma, "games": rated[bot]}
    return out


def describe(values: Sequence[float]) -> dict[str, Any] | None:
    """Mean, sample standard deviation, min, median and max (None for no values)."""
    if not values:
        return None
    return {"n": len(values), "mean": statistics.fmean(values),
            "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
            "min": min(values), "median": statistics.median(values), "max": max(values)}


def summarise(rows: Sequence[dict], bots: Sequence[str], players: int) -> dict[str, Any]:
    """Everything the report shows, from the rows (which must be in (deal, rotation) order)."""
    per_bot: dict[str, dict[str, Any]] = {
        b: {"seat_games": 0, "wins": 0.0, "seat_wins": [0.0] * players, "seat_count": [0] * players,
            "totals": [], "decisions": 0, "time_ms": 0.0}
        for b in bots}
    for row in rows:
        shares = win_shares(row)
        for s, bot in enumerate(row["seats"]):
            figures = per_bot[bot]
            figures["seat_games"] += 1
            figures["wins"] += shares[s]
            figures["seat_wins"][s] += shares[s]
            figures["seat_count"][s] += 1
            total = (row.get("totals") or [None] * players)[s]
            if total is not None:
                figures["totals"].append(total)
            figures["decisions"] += row["decisions"][s]
            figures["time_ms"] += row["time_ms"][s]
    rated = ratings(rows, bots)
    table = []
    for bot in bots:
        f = per_bot[bot]
        n = f["seat_games"]
        low, high = wilson(f["wins"], n)
        seats = []
        for s in range(players):
            count = f["seat_count"][s]
            s_low, s_high = wilson(f["seat_wins"][s], count)
            seats.append({"seat": s, "games": count, "wins": f["seat_wins"][s],
                          "win_rate": f["seat_wins"][s] / count if count else None, "low": s_low, "high": s_high})
        table.append({
            "bot": bot,
            "seat_games": n,
            "wins": f["wins"],
            "win_rate": f["wins"] / n if n else None,
            "win_low": low,
            "win_high": high,
            "per_seat": seats,
            "scores": describe(f["totals"]),
            "rating": rated.get(bot) if rated else None,
            "decisions": f["decisions"],
            "ms_per_decision": f["time_ms"] / f["decisions"] if f["decisions"] else None,
        })
    rounds = [row["rounds"] for row in rows if row.get("rounds") is not None]
    return {
        "games": len(rows),
        "mean_actions": statistics.fmean(row["actions"] for row in rows) if rows else None,
        "mean_rounds": statistics.fmean(rounds) if rounds else None,
        "rated": rated is not None,
        "bots": table,
    }
