"""Train a linear policy for Gates of the Citadel with REINFORCE, through `cetate.rl` (docs/rl.md).

The learner plays one seat of the PettingZoo environment, an opponent bot (`random` by default, or any
registered bot such as `gates-heuristic`) plays the other, and the seats alternate game by game. The policy
is a softmax over the legal actions of `W @ observation + b`; after each game the log-probabilities of the
learner's moves are pushed up or down by the game's reward minus a running baseline. Every `--every`
games it prints the win rate of the last block.

    .venv/bin/python examples/reinforce_gates.py --games 20000 --opponent random
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from cetate.bots import make_bot
from cetate.bots.base import choose
from cetate.rl import env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--every", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    e = env("gates")
    size, actions = e.encoder.observation_size, e.codec.size
    rng = np.random.default_rng(args.seed)
    w = np.zeros((actions, size))
    b = np.zeros(actions)
    baseline = 0.0
    wins = 0.0
    started = time.perf_counter()
    for game in range(args.games):
        me = game % 2
        learner = f"player_{me}"
        opponent = make_bot(args.opponent, e.game, 1 - me, f"{args.seed}/{game}")
        e.reset(seed=args.seed * 1_000_000 + game)
        trail = []  # (observation, mask, chosen index, probabilities)
        reward = 0.0
        for agent in e.agent_iter():
            obs, r, terminated, truncated, _info = e.last()
            if terminated or truncated:
                if agent == learner:
                    reward = r
                e.step(None)
                continue
            if agent != learner:  # the opponent bot decides from its own view, like anywhere else
                action = choose(opponent, e.game, e.state, 1 - me, game)
                e.step(e.codec.index(action))
                continue
            x, mask = obs["observation"], obs["action_mask"].astype(bool)
            logits = w @ x + b
            logits[~mask] = -np.inf
            p = np.exp(logits - logits[mask].max())
            p /= p.sum()
            i = int(rng.choice(actions, p=p))
            trail.append((x, i, p))
            e.step(i)
        wins += reward > 0
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for x, i, p in trail:  # gradient of log softmax: one-hot(i) - p
            g = -p
            g[i] += 1.0
            w += args.lr * advantage * np.outer(g, x)
            b += args.lr * advantage * g
        if (game + 1) % args.every == 0:
            rate = wins / args.every
            print(f"games {game + 1:6d}  win rate vs {args.opponent} over the last {args.every}: {rate:.3f}  "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
            wins = 0.0


if __name__ == "__main__":
    main()
