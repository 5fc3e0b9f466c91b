"""Measure a bot against an opponent with seat rotation, through `play_game` only (any registered game).

    from cetate.bots.evaluate import rotation_match
    rotation_match("citadels", 4, "citadels-heuristic", "random", games=1000)

Game k uses seed `seed + k` and puts the measured bot in seat `k % players` (the other seats hold the
opponent), so the bot plays every seat equally often when `games` is a multiple of `players`. A shared
win counts as a fraction (1/number of winners). As a script it prints a Markdown table, one row per
player count:

    python -m cetate.bots.evaluate citadels --bot citadels-heuristic --players 2-8 --games 400 \\
        --player-option 8:rank9=artist
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from cetate.bots.base import Bot, bot_seed, make_bot, play_game


class _Timed:
    """Wraps a bot and adds up the time spent in its `act`."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seed = bot.seed
        self.uses_sample = getattr(bot, "uses_sample", False)
        self.seconds = 0.0
        self.calls = 0

    def act(self, view: dict, legal_actions: list[dict], **sample) -> dict:
        started = time.perf_counter()
        try:
            return self.bot.act(view, legal_actions, **sample)
        finally:
            self.seconds += time.perf_counter() - started
            self.calls += 1


def rotation_match(game: Any, players: int, bot: str, opponent: str = "random", games: int = 100, seed: int = 0,
                   options: dict | None = None) -> dict:
    """Play `games` games of `bot` against `players - 1` copies of `opponent`, rotating the bot's seat.

    Returns {"players", "games", "wins", "win_rate", "per_seat" (win rate by the bot's seat), "rounds"
    (mean, when the game reports them), "seconds_per_game", "bot_seconds_per_game", "bot_ms_per_decision"}.
    """
    wins = 0.0
    seat_wins = [0.0] * players
    seat_games = [0] * players
    rounds = 0.0
    rounds_n = 0
    bot_seconds = 0.0
    bot_calls = 0
    started = time.perf_counter()
    for k in range(games):
        game_seed = seed + k
        mine = k % players
        timed = _Timed(make_bot(bot, game, mine, bot_seed(game_seed, mine)))
        seated: list[Any] = [timed if i == mine else opponent for i in range(players)]
        _, record = play_game(game, players, game_seed, options, seated)
        result = record.result or {}
        winners = result.get("winners") or []
        seat_games[mine] += 1
        if mine in winners:
            wins += 1 / len(winners)
            seat_wins[mine] += 1 / len(winners)
        if isinstance(result.get("rounds"), int | float):
            rounds += result["rounds"]
            rounds_n += 1
        bot_seconds += timed.seconds
        bot_calls += timed.calls
    elapsed = time.perf_counter() - started
    return {
        "players": players,
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "per_seat": [seat_wins[i] / seat_games[i] if seat_games[i] else None for i in range(players)],
        "rounds": rounds / rounds_n if rounds_n else None,
        "seconds_per_game": elapsed / games if games else 0.0,
        "bot_seconds_per_game": bot_seconds / games if games else 0.0,
        "bot_ms_per_decision": 1000 * bot_seconds / bot_calls if bot_calls else 0.0,
    }


def _counts(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, sep, hi = part.partition("-")
        out.extend(range(int(lo), int(hi) + 1) if sep else [int(lo)])
    return out


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cetate.bots.evaluate", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--bot", required=True)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--players", default="4", help="player counts: 4, 2-8 or 2,4,6")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="name=value (JSON value), every game")
    parser.add_argument("--player-option", action="append", default=[],
                        help="N:name=value, only for N players (e.g. 8:rank9=artist)")
    args = parser.parse_args(argv)
    base = {}
    for item in args.option:
        name, _, value = item.partition("=")
        base[name] = _value(value)
    per_count: dict[int, dict] = {}
    for item in args.player_option:
        count, _, rest = item.partition(":")
        name, _, value = rest.partition("=")
        per_count.setdefault(int(count), {})[name] = _value(value)
    print(f"| players | games | {args.bot} wins | win rate | random share | mean rounds | ms per game (bot) |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in _counts(args.players):
        options = {**base, **per_count.get(n, {})} or None
        r = rotation_match(args.game, n, args.bot, args.opponent, args.games, args.seed, options)
        rounds = f"{r['rounds']:.1f}" if r["rounds"] is not None else "-"
        print(f"| {n} | {r['games']} | {r['wins']:.1f} | {r['win_rate']:.1%} | {1 / n:.1%} | {rounds} "
              f"| {1000 * r['bot_seconds_per_game']:.1f} |", flush=True)


if __name__ == "__main__":
    main()
