"""Train sb3-contrib's MaskablePPO on one seat of a game against bots, through `cetate.rl` (docs/rl.md).

The environment is the registered Gymnasium one (`cetate/Gates-v0`, `cetate/Citadels-v0`,
`cetate/Akropolis-v0`) with a flat observation vector (`obs="box"`, so SB3's `MlpPolicy` takes it) and the
legal actions from `action_masks()`, which MaskablePPO asks for before every move. Citadels uses its
factored action space (742 tokens instead of 15,334 actions, docs/rl.md). The learner's seat goes round the
table with the seed. The script measures the win rate of the trained policy (greedy, masked) over
`--eval` fresh games before and after training, and the training speed in environment steps per second.

    pip install -e '.[rl,train]'      # torch (take a CPU build if you have no GPU) and sb3-contrib
    python examples/maskable_ppo.py --game gates --steps 100000
    python examples/maskable_ppo.py --game citadels --players 4 --steps 50000
"""

from __future__ import annotations

import argparse
import time

import gymnasium

import cetate.rl  # registers the environments with Gymnasium


def evaluate(model, env, games: int, seed: int) -> float:
    """The share of `games` games (seeds seed, seed+1, ...) the policy wins, playing greedily."""
    wins = 0
    for g in range(games):
        obs, _info = env.reset(seed=seed + g)
        while True:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _info = env.step(int(action))
            if terminated or truncated:
                wins += reward > 0
                break
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="gates", choices=sorted(cetate.rl.GYMNASIUM_IDS))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bots", default="random", help="the bot of the other seats (any cetate bot name)")
    parser.add_argument("--steps", type=int, default=100_000, help="environment steps of training")
    parser.add_argument("--eval", type=int, default=200, help="games played to measure the win rate")
    parser.add_argument("--actions", choices=("flat", "factored"), default=None,
                        help="the action space (default: the game's; Citadels: factored)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(args.threads)
    env_id = cetate.rl.GYMNASIUM_IDS[args.game]
    kwargs = {"players": args.players, "bots": args.bots, "obs": "box", "actions": args.actions}
    env = gymnasium.make(env_id, **kwargs)
    probe = gymnasium.make(env_id, **kwargs)  # for the evaluations, seeded apart from the training games
    print(f"{env_id} {kwargs}: observation {env.observation_space.shape[0]} numbers, "
          f"{env.action_space.n} actions", flush=True)

    model = MaskablePPO("MlpPolicy", env, seed=args.seed, n_steps=2048, batch_size=256, learning_rate=3e-4,
                        gamma=0.995, ent_coef=0.01, policy_kwargs={"net_arch": [256, 256]}, device="cpu")
    before = evaluate(model, probe, args.eval, 10**9)
    print(f"win rate before training over {args.eval} games: {before:.3f}", flush=True)

    class Progress(BaseCallback):
        def __init__(self) -> None:
            super().__init__()
            self.started = time.perf_counter()
            self.mark = 0

        def _on_step(self) -> bool:
            if self.num_timesteps - self.mark >= 20_000:
                self.mark = self.num_timesteps
                spent = time.perf_counter() - self.started
                print(f"steps {self.num_timesteps:7d}  {self.num_timesteps / spent:6.0f} steps/s", flush=True)
            return True

    started = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=Progress())
    spent = time.perf_counter() - started
    after = evaluate(model, probe, args.eval, 10**9)
    print(f"trained {args.steps} steps in {spent:.0f} s: {args.steps / spent:.0f} steps/s", flush=True)
    print(f"win rate after training over {args.eval} games: {after:.3f} (before: {before:.3f})", flush=True)


if __name__ == "__main__":
    main()
