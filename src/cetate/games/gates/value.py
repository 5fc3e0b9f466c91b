"""A learned value of Gates positions, for search bots (the protocol's `evaluate`, see docs/bots/ismcts.md).

The `ismcts` bot cuts its playouts short and asks the game who is likely to win. Gates answers with the
chance that each seat wins the match **from the start of a duel**: both main cards just revealed, no action
card attached yet. A state in the middle of a duel is first played on at random to the start of the next
duel (or to the end of the match), so that the value is always read at the same kind of moment.

The value is a logistic model per duel (1 to 6) over these features, each taken as "own minus the
opponent's", so that the two seats' chances add up to one:

* the heuristic bot's match model (`match_model`: gates held, score difference, and the chance of winning
  each remaining duel from the main cards still to come and the quality of both hands), as a log-odds;
* the duel just revealed: the main-card duel table's chance for this pair, the main-score lead, who acts
  first;
* which main cards each player still has to come (one feature per main card);
* which action cards each hand holds (one feature per action card) and the hand sizes;
* the score difference;
* the reserves: how many cards of each gate symbol (siege defence) and their printed values (the Battle).

The weights are fitted on `gates-heuristic` self-play with the default options and the shipped card list,
and stored in `value_model.json` next to this module; the file says how it was made. With another card
list or other options the model does not apply and `evaluate` falls back to the match model alone.
Re-fit with

    python -m cetate.games.gates.value --games 40000 --seed 500000 --jobs 2

which prints, per duel, the held-out log loss of the model against the match model alone.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cetate.games.gates import rules
from cetate.games.gates.data import cards
from cetate.games.gates.options import SCHEMA
from cetate.games.gates.state import State

FORMAT = "cetate-gates-value/1"
MODEL_FILE = Path(__file__).with_name("value_model.json")
SYMBOLS = ("chisel", "coin", "motor", "map")
HOLDOUT = 5  # matches whose seed is a multiple of this are held out to measure the fit


# -- features ----------------------------------------------------------------------------------------------

def match_model(s: State, me: int) -> float:
    """The `gates-heuristic` bot's match model for seat `me`: gates held, score difference and `pf`, the
    chance of winning each remaining duel (the mean of the duel table over the main cards both still have
    to come, moved by the quality of the cards in both hands)."""
    from cetate.games.gates.bot import HAND_WEIGHT, match_value, table

    t = table(cards(), s.options["alliance_value"])
    done = max(0, min(6, s.round - 1))
    left = 6 - done
    mine, theirs = s.mains[me], s.mains[1 - me]
    win = t.win
    pairs = [win[(a, b)] for a in mine for b in theirs]  # summed in this order (the same float every time)
    base = sum(pairs) / len(pairs) if pairs else 0.5
    q = t.quality
    hands = [sorted([q.get(c, 0.0) for c in s.hands[p]], reverse=True)[:left] for p in (me, 1 - me)]
    pf = min(0.97, max(0.03, base + HAND_WEIGHT * (sum(hands[0]) - sum(hands[1])) / max(1, left)))
    gates = s.gates
    return match_value(done, gates.count(me), gates.count(1 - me), gates.count("neutral"),
                       s.scores[me] - s.scores[1 - me], pf)


def feature_names() -> list[str]:
    """The features of the current card list, in the order of the model's weights."""
    cs = cards()
    return ["bias", "match_model", "duel_table", "main_lead", "acts_first",
            *(f"main:{c}" for c in sorted(cs.main)), *(f"hand:{c}" for c in sorted(cs.action)),
            "hand_size", "score", *(f"reserve:{sym}" for sym in SYMBOLS), "reserve_value"]


def _logit(p: float) -> float:
    p = min(0.995, max(0.005, p))
    return math.log(p / (1.0 - p))


def features(s: State, me: int) -> list[float]:
    """Seat `me`'s features at the start of a duel (`s.current` revealed), own minus the opponent's."""
    from cetate.games.gates.bot import table

    cs = cards()
    op = 1 - me
    t = table(cs, s.options["alliance_value"])
    current, prelim = s.current, s.prelim
    out = [1.0, _logit(match_model(s, me)), t.win[(current[me], current[op])] - 0.5,
           (prelim[me] - prelim[op]) / 10.0, 1.0 if s.order[0] == me else -1.0]
    mains = {c: 0.0 for c in sorted(cs.main)}
    for c in s.mains[me]:
        mains[c] += 1.0
    for c in s.mains[op]:
        mains[c] -= 1.0
    hands = {c: 0.0 for c in sorted(cs.action)}
    for c in s.hands[me]:
        hands[c] += 1.0
    for c in s.hands[op]:
        hands[c] -= 1.0
    out += mains.values()
    out += hands.values()
    out.append((len(s.hands[me]) - len(s.hands[op])) / 2.0)
    out.append((s.scores[me] - s.scores[op]) / 10.0)
    action = cs.action
    for sym in SYMBOLS:
        out.append(float(sum(1 for c in s.reserves[me] if action[c].symbol == sym)
                         - sum(1 for c in s.reserves[op] if action[c].symbol == sym)))
    out.append((sum(action[c].value for c in s.reserves[me]) - sum(action[c].value for c in s.reserves[op])) / 10.0)
    return out


def at_duel_start(s: State) -> bool:
    """True at the start of a duel: main cards revealed, no action card attached, the first mover still to
    act (or skipped for want of cards)."""
    return (s.phase == "action" and s.current is not None and not s.plays[0] and not s.plays[1]
            and (s.turn == 0 or not s.hands[s.order[0]]))


# -- the model ---------------------------------------------------------------------------------------------

def _options_key(options: dict) -> dict:
    return {k: v for k, v in options.items() if k != "first_chooser"}  # who drafts first does not matter


@dataclass(frozen=True)
class ValueModel:
    weights: dict[int, list[float]]  # duel (1-6) -> one weight per feature
    features: list[str]
    cards_digest: str
    options: dict
    training: dict

    def applies(self, s: State) -> bool:
        """Whether the model was fitted for this state's card list and options."""
        options = s.options
        seen = _APPLIES.get(id(self))
        # a state's options are validated once and shared by its clones, never changed: one answer per object
        if seen is not None and seen[0] is self and seen[1] is options and seen[2] is cards():
            return seen[3]
        ok = self.cards_digest == cards().digest and _options_key(self.options) == _options_key(options)
        if len(_APPLIES) > 64:
            _APPLIES.clear()
        _APPLIES[id(self)] = (self, options, cards(), ok)
        return ok

    def chance(self, s: State) -> float:
        """Seat 0's chance of winning the match from the start of a duel (`at_duel_start`): the logistic of
        the weights times `features(s, 0)`, summed in the same order but over the features that are not 0
        (the same number to the last bit, at a tenth of the cost: issue 31)."""
        w = self.weights[s.round]
        z = sum(_terms(s, w))
        z = max(-30.0, min(30.0, z))
        return 1.0 / (1.0 + math.exp(-z))


_APPLIES: dict[int, tuple] = {}


def _layout(cs) -> tuple:
    """Where each feature of `feature_names` sits, per card set: main cards, hand cards, then the rest."""
    got = cs.memo.get("value_layout")
    if got is None:
        mains = {c: 5 + i for i, c in enumerate(sorted(cs.main))}
        hands = {c: 5 + len(mains) + i for i, c in enumerate(sorted(cs.action))}
        rest = 5 + len(mains) + len(hands)
        symbol = {c: SYMBOLS.index(a.symbol) if a.symbol in SYMBOLS else -1 for c, a in cs.action.items()}
        got = cs.memo["value_layout"] = (mains, hands, rest, symbol, {c: a.value for c, a in cs.action.items()})
    return got


def _terms(s: State, w: list[float]) -> list[float]:
    """`w[i] * features(s, 0)[i]` for each feature that is not 0, in feature order (a 0 term adds nothing to
    the sum, whatever its sign)."""
    from cetate.games.gates.bot import table

    cs = cards()
    mains, hands, rest, symbol, value_of = _layout(cs)
    t = table(cs, s.options["alliance_value"])
    current, prelim = s.current, s.prelim
    out = [w[0] * 1.0, w[1] * _logit(match_model(s, 0)), w[2] * (t.win[(current[0], current[1])] - 0.5),
           w[3] * ((prelim[0] - prelim[1]) / 10.0), w[4] * (1.0 if s.order[0] == 0 else -1.0)]
    m0, m1 = s.mains
    cards_ = [(mains[c], 1.0) for c in m0]
    cards_ += [(mains[c], -1.0) for c in m1]
    h0, h1 = s.hands
    cards_ += [(hands[c], 1.0) for c in h0]
    cards_ += [(hands[c], -1.0) for c in h1]
    cards_.sort()
    out += [w[i] * f for i, f in cards_]
    out.append(w[rest] * ((len(h0) - len(h1)) / 2.0))
    out.append(w[rest + 1] * ((s.scores[0] - s.scores[1]) / 10.0))
    counts = [0, 0, 0, 0, 0]  # per symbol, own minus the opponent's (the last: wild and none)
    values = 0
    r0, r1 = s.reserves
    for c in r0:
        counts[symbol[c]] += 1
        values += value_of[c]
    for c in r1:
        counts[symbol[c]] -= 1
        values -= value_of[c]
    out += [w[rest + 2 + k] * float(counts[k]) for k in range(4)]
    out.append(w[rest + 6] * (values / 10.0))
    return out


class ValueModelError(ValueError):
    """The model file is missing, not JSON, or does not fit the card list (the search then falls back)."""


def parse(doc: Any) -> ValueModel:
    """A `ValueModel` from the JSON document of a model file; ValueModelError says what is wrong."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueModelError(f"not a {FORMAT} document")
    names = doc.get("features")
    if names != feature_names():
        raise ValueModelError("its features do not match the card list in use")
    weights = doc.get("weights")
    if not isinstance(weights, dict) or sorted(weights) != [str(k) for k in range(1, 7)]:
        raise ValueModelError("weights must be given for duels 1 to 6")
    out: dict[int, list[float]] = {}
    for k, w in weights.items():
        if (not isinstance(w, list) or len(w) != len(names)
                or not all(isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in w)):
            raise ValueModelError(f"duel {k}: one finite number per feature expected")
        out[int(k)] = [float(x) for x in w]
    options = doc.get("options")
    if not isinstance(options, dict):
        raise ValueModelError("options missing")
    return ValueModel(out, list(names), str(doc.get("cards_digest")), options, dict(doc.get("training") or {}))


_LOADED: dict[str, ValueModel | None] = {}


def model(path: Path | str | None = None) -> ValueModel | None:
    """The shipped model (cached), or None where it cannot be used (then `evaluate` uses the match model)."""
    if path is None and _SHIPPED and _SHIPPED[0] is cards():
        return _SHIPPED[1]
    key = f"{path or MODEL_FILE}|{cards().digest}"
    if key not in _LOADED:
        try:
            _LOADED[key] = parse(json.loads(Path(path or MODEL_FILE).read_text(encoding="utf-8")))
        except (OSError, ValueError):
            _LOADED[key] = None
    if path is None:
        _SHIPPED[:] = [cards(), _LOADED[key]]
    return _LOADED[key]


_SHIPPED: list = []  # [the card set in use, the shipped model for it]


# -- the protocol's evaluate -------------------------------------------------------------------------------

def _roll_to_duel_start(s: State) -> None:
    """Play `s` on with random actions (a siege always attacks when it can) until a duel starts or the match
    ends. The randomness comes from the state's own rng, so the same state always gives the same value."""
    rng = s.rng
    advance = rules.advance  # the engine's own actions: no journal (issue 31)
    while s.phase != "over" and not at_duel_start(s):
        if s.phase == "action":  # legal_actions: each card in hand, then skip
            hand = s.hands[s.order[s.turn]]
            i = rng.below(len(hand) + 1)
            advance(s, {"type": "attach", "card": hand[i]} if i < len(hand) else {"type": "skip"})
            continue
        legal = rules.legal_actions(s)
        if s.phase == "siege":
            attacks = [a for a in legal if a["type"] == "siege"]
            legal = attacks or legal
        advance(s, legal[rng.below(len(legal))])


def evaluate(s: State) -> list[float]:
    """Each seat's chance of winning the match (protocol `evaluate`), read at the start of the next duel
    reached by random play (`s` itself is not changed): the learned model's, or the match model's where the
    learned one does not apply (another card list, other options)."""
    if not at_duel_start(s):
        s = s.clone()
        _roll_to_duel_start(s)
    if s.phase == "over":
        winners = s.result["winners"] if s.result else rules.compute_result(s)["winners"]
        v = 0.5 if len(winners) == 2 else float(winners[0] == 0)
        return [v, 1.0 - v]
    m = model()
    v = m.chance(s) if m is not None and m.applies(s) else match_model(s, 0)
    return [v, 1.0 - v]


# -- fitting (a command; numpy is needed here only) -------------------------------------------------------

def _self_play(seed: int) -> dict:
    """One `gates-heuristic` self-play match with default options: each seat's features at every duel start
    and the result for seat 0 (1, 0.5 or 0)."""
    from cetate.games.gates import GAME
    from cetate.games.gates.bot import GatesHeuristicBot

    bots = [GatesHeuristicBot(GAME, p, f"{seed}/seat{p}") for p in (0, 1)]
    s = GAME.setup(2, seed, None)
    rows: list[tuple[int, list[float], list[float]]] = []
    seen = 0
    while (seat := GAME.to_move(s)) is not None:
        GAME.apply(s, bots[seat].act(GAME.view(s, seat), GAME.legal_actions(s)))
        if s.round != seen and at_duel_start(s):
            seen = s.round
            rows.append((s.round, features(s, 0), features(s, 1)))
    winners = s.result["winners"]
    y = 0.5 if len(winners) == 2 else float(winners[0] == 0)
    return {"seed": seed, "y": y, "rows": rows}


def _fit(x, y, ridge: float):
    """Logistic regression by Newton's method with a small ridge (not on the bias and the match model)."""
    import numpy as np

    n, d = x.shape
    w = np.zeros(d)
    w[1] = 1.0  # start from the match model itself
    penalty = ridge * n * np.eye(d)
    penalty[0, 0] = penalty[1, 1] = 0.0
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + penalty @ w
        hess = (x * (p * (1 - p))[:, None]).T @ x + penalty
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return w


def _log_loss(x, y, w) -> float:
    import numpy as np

    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def fit_model(matches: list[dict], ridge: float = 1e-4) -> dict:
    """The model document for `matches` (from `_self_play`): weights fitted on all of them, and per duel the
    held-out log loss (seeds that are multiples of HOLDOUT, fitted on the rest) against the match model."""
    import numpy as np

    by_duel: dict[int, tuple[list, list, list]] = {k: ([], [], []) for k in range(1, 7)}
    for m in matches:
        for k, f0, f1 in m["rows"]:
            xs, ys, held = by_duel[k]
            xs += [f0, f1]
            ys += [m["y"], 1.0 - m["y"]]
            held += [m["seed"] % HOLDOUT == 0] * 2
    weights, holdout = {}, {}
    for k, (xs, ys, held) in by_duel.items():
        if not xs:
            raise ValueModelError(f"no duel {k} was reached: play more matches")
        x, y, h = np.array(xs), np.array(ys), np.array(held)
        weights[str(k)] = [round(float(v), 6) for v in _fit(x, y, ridge)]
        if h.any() and (~h).any():
            base = _fit(x[~h][:, :2], y[~h], 0.0)
            full = _fit(x[~h], y[~h], ridge)
            holdout[str(k)] = {"positions": int(h.sum()), "match_model": round(_log_loss(x[h][:, :2], y[h], base), 4),
                               "learned": round(_log_loss(x[h], y[h], full), 4)}
    return {"format": FORMAT, "cards_digest": cards().digest, "options": SCHEMA.validate(None),
            "features": feature_names(), "weights": weights,
            "training": {"matches": len(matches), "seeds": [min(m["seed"] for m in matches),
                                                            max(m["seed"] for m in matches)],
                         "bot": "gates-heuristic", "ridge": ridge,
                         "holdout_log_loss": holdout}}


def collect(games: int, seed: int, jobs: int = 1) -> list[dict]:
    """`games` self-play matches, seeds `seed` .. `seed + games - 1`, in `jobs` processes."""
    seeds = range(seed, seed + games)
    if jobs > 1:
        from multiprocessing import get_context

        with get_context("spawn").Pool(jobs) as pool:
            return pool.map(_self_play, seeds, chunksize=max(1, min(200, games // (4 * jobs))))
    return [_self_play(s) for s in seeds]


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m cetate.games.gates.value",
                                     description="Fit the learned Gates value (for IS-MCTS) on gates-heuristic "
                                                 "self-play and write the model file.")
    parser.add_argument("--games", type=int, default=40000, help="self-play matches (default 40000)")
    parser.add_argument("--seed", type=int, default=500000, help="seed of the first match (default 500000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--ridge", type=float, default=1e-4, help="ridge penalty per position (default 1e-4)")
    parser.add_argument("--out", default=str(MODEL_FILE), help="where to write the model (default: the shipped file)")
    args = parser.parse_args(argv)
    if args.games < 10 or args.jobs < 1 or args.ridge < 0:
        parser.error("--games must be at least 10, --jobs at least 1 and --ridge not negative")
    if not Path(args.out).parent.is_dir():
        parser.error(f"cannot write {args.out}: no such folder")
    doc = fit_model(collect(args.games, args.seed, args.jobs), args.ridge)
    doc["training"]["command"] = (f"python -m cetate.games.gates.value --games {args.games} --seed {args.seed} "
                                  f"--ridge {args.ridge:g}")
    try:
        Path(args.out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        parser.error(f"cannot write {args.out}: {exc.strerror or exc}")
    print(f"wrote {args.out}: {args.games} matches; held-out log loss per duel (match model -> learned):")
    for k, h in doc["training"]["holdout_log_loss"].items():
        print(f"  duel {k}: {h['match_model']:.4f} -> {h['learned']:.4f} ({h['positions']} positions)")
    _LOADED.clear()
    _SHIPPED.clear()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["ValueModel", "ValueModelError", "at_duel_start", "evaluate", "feature_names", "features",
           "fit_model", "match_model", "model", "parse"]
