"""The `gates-heuristic` bot: hand-written rules that play Gates of the Citadel (spec gates §3).

It decides only from its seat's `view` and the list of legal actions, like every bot (see `cetate.bots`),
and keeps no memory between calls: every decision is a function of the view and the bot's seed. What it
cannot see (the opponent's hand, both reserves, the order of the main decks) it reasons about as the set
of action cards it has not seen, as the engine's notes count them (`notes.unseen`: all the action cards
less its own hand, the graveyard, the cards in play, the stolen cards and the cards known to be in either
hand, such as a card the opponent's Poet took back). It re-derives no rule: the round is `resolve.resolve`
and `resolve.battle`, a siege's chance is `notes.siege_chance`, and the choosers, the gate at stake, the
siege targets, the Crowns' extra card and the numbers of cards taken or drawn come from `rules`.

How it plays, in short (docs/bots/gates-heuristic.md has the long form):

* **A table of duels.** Once per card set it plays quick random rounds for every pair of main cards
  (random hands, random attachments) to get `win[a, b]`, the chance that main card a beats b, and, for
  every action card, its `quality`: how much attaching it (against skipping) raises the chance of
  winning a duel. The shipped card list's table (default Alliance value) is stored in `duel_table.json`,
  exactly as computed, so no process spends the second or two it takes (`--write-table` rewrites it).
* **Match value.** A small exact model turns a position (gates held, neutral gates, score difference,
  duels left) into a chance of winning the match: the future duels are won with probability `pf` (the
  mean `win` over the main cards both still hold, moved by the quality of the cards left in each hand),
  sieges succeed half the time, the winners' margins are about 8 points each, and the score decides
  only when the gates are level.
* **Draft.** A full minimax over the remaining pairs (64 leaves at most), each leaf valued by the summed
  `win` of its main pool against the opponent's (the main decks are shuffled, so every pairing is equally
  likely; with the "draft" deck order only the pairs themselves meet).
* **Action turn.** Every option (skip, each card, the Crowns with each second card) is resolved with
  `resolve.resolve` and valued by the match value after the duel, which charges the cards it spends
  through `pf`. As the second mover it answers the cards the leader attached. As the first mover it
  assumes the opponent answers with its best card: each card the opponent might hold is tried as the
  answer and the expected best answer is taken over the hands the opponent may hold (order statistics
  over the unseen cards, with the opponent's hand size). The Alliance and the Battle are valued over
  samples of the unseen cards.
* **Siege.** It attacks the gate that raises its match value most: the chance that the defender's
  reserve shows none of the gate's symbol (from the unseen cards) times the gain (an opponent's gate is
  worth more than a neutral one). **Poet:** the graveyard card of the highest quality.

Whatever it does not understand falls back to a harmless legal action: it never raises and always
returns an element of `legal_actions`.
"""

from __future__ import annotations

import json
import math
import time
from itertools import combinations
from pathlib import Path
from typing import ClassVar

from cetate.core.rng import Rng
from cetate.games.gates.data import CardSet, cards
from cetate.games.gates.notes import siege_chance, unseen
from cetate.games.gates.resolve import battle, resolve
from cetate.games.gates.rules import (
    ALLIANCE_TAKES,
    BATTLE_DRAW,
    DUELS,
    HAND,
    chooser_of,
    may_follow_crowns,
    shuffle,
    stake,
    targets_of,
)
from cetate.games.gates.state import NEUTRAL

NAME = "gates-heuristic"

MARGIN_MEAN = 8.0  # mean points of a won duel (spec §6: average round points 8.0)
MARGIN_SD = 6.0  # spread of a duel's points
SIEGE_SUCCESS = 0.5  # a future siege succeeds about half the time (spec §6: 48-58%)
HAND_WEIGHT = 1.0  # how much the cards left in hand move the chance of winning the future duels
PLAY_RATE = 0.8  # how often a player attaches a card in the simulated rounds of the duel table
TABLE_SAMPLES = 200  # simulated rounds per main-card pair and per action card
TABLE_SEED = 20240611  # the seed of those simulated rounds
ALLIANCE_SAMPLES = 8  # opponent hands sampled to value an Alliance
BATTLE_SAMPLES = 48  # reserve draws sampled to value a Battle


def _clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


# -- the duel table (computed once per card set) -----------------------------------------------------------

class Table:
    """`win[(a, b)]`: chance that main card a beats main card b in a duel with random attachments;
    `quality[c]`: how much attaching action card c raises the chance of winning a duel (against skipping)."""

    def __init__(self, cs: CardSet, alliance_value: int, seed: int = TABLE_SEED, samples: int = TABLE_SAMPLES):
        self.cs = cs
        self.alliance_value = alliance_value
        rng = Rng.from_seed(seed)
        mains = sorted(cs.main)
        actions = sorted(cs.action)
        self.win: dict[tuple[str, str], float] = {}
        for i, a in enumerate(mains):
            self.win[(a, a)] = 0.5
            for b in mains[i + 1:]:
                score = 0.0
                for _ in range(samples):
                    hands, rest = self._deal(rng, actions)
                    plays = [self._random_play(rng, hands[0]), self._random_play(rng, hands[1])]
                    score += self._outcome(rng, (a, b), plays, hands, rest)
                self.win[(a, b)] = score / samples
                self.win[(b, a)] = 1.0 - score / samples
        self.quality: dict[str, float] = {}
        for c in actions:
            gain = 0.0
            others = [x for x in actions if x != c]
            for _ in range(samples):
                pair = [mains[rng.below(len(mains))]]
                pair.append(mains[(mains.index(pair[0]) + 1 + rng.below(len(mains) - 1)) % len(mains)])
                hands, rest = self._deal(rng, others, first=c)
                opp_play = self._random_play(rng, hands[1])
                state = rng.copy()  # the same Alliance theft and Battle draw in both rounds
                played = self._outcome(rng, tuple(pair), [[c], opp_play], hands, rest)
                skipped = self._outcome(state, tuple(pair), [[], opp_play], hands, rest)
                gain += played - skipped
            self.quality[c] = gain / samples

    def _deal(self, rng: Rng, pool: list[str], first: str | None = None) -> tuple[list[list[str]], list[str]]:
        deck = list(pool)
        shuffle(rng, deck)
        if first is None:
            return [deck[:HAND], deck[HAND:2 * HAND]], deck[2 * HAND:]
        return [[first, *deck[:HAND - 1]], deck[HAND - 1:2 * HAND - 1]], deck[2 * HAND - 1:]

    def _random_play(self, rng: Rng, hand: list[str]) -> list[str]:
        cs = self.cs
        if not hand or rng.below(1000) >= 1000 * PLAY_RATE:
            return []
        card = hand[rng.below(len(hand))]
        play = [card]
        if cs.action[card].special == "crowns":
            rest = [x for x in hand if x != card and may_follow_crowns(cs, x)]
            if rest and rng.below(2):
                play.append(rest[rng.below(len(rest))])
        return play

    def _outcome(self, rng: Rng, mains: tuple[str, str], plays: list[list[str]], hands: list[list[str]],
                 rest: list[str]) -> float:
        """1 if seat 0 wins the round, 0.5 on a tie, else 0."""
        cs, av = self.cs, self.alliance_value
        if any(cs.action[c].special == "battle" for p in plays for c in p):
            prelim = resolve(cs, mains, ([], []), ([], []), av, journal=False).prelim
            _, winner, _ = battle(cs, (rest[:BATTLE_DRAW], rest[BATTLE_DRAW:2 * BATTLE_DRAW]), prelim, av)
            return 0.5 if winner is None else float(winner == 0)
        stolen: list[list[str]] = [[], []]
        for p in (0, 1):
            if any(cs.action[c].special == "alliance" for c in plays[p]):
                victim = [x for x in hands[1 - p] if x not in plays[1 - p]]
                for _ in range(min(ALLIANCE_TAKES, len(victim))):
                    stolen[p].append(victim.pop(rng.below(len(victim))))
        totals = resolve(cs, mains, (plays[0], plays[1]), (stolen[0], stolen[1]), av, journal=False).totals
        return 1.0 if totals[0] > totals[1] else 0.5 if totals[0] == totals[1] else 0.0


_TABLES: dict[tuple[str, int], Table] = {}
TABLE_FILE = Path(__file__).with_name("duel_table.json")
TABLE_FORMAT = "cetate-gates-duel-table/1"


def table(cs: CardSet, alliance_value: int) -> Table:
    """The duel table of a card set and Alliance value: the stored one (`duel_table.json`, the shipped card
    list at the default value, exactly what `Table` computes: a search's or a bot's first decision no longer
    waits the second or two of simulation it takes), else computed once per process."""
    key = (cs.digest, alliance_value)
    got = _TABLES.get(key)
    if got is None:
        got = _TABLES[key] = stored_table(cs, alliance_value) or Table(cs, alliance_value)
    return got


def table_document(t: Table) -> dict:
    """The JSON form of a table (`duel_table.json`); floats keep every bit through JSON."""
    return {"cards_digest": t.cs.digest, "alliance_value": t.alliance_value, "seed": TABLE_SEED,
            "samples": TABLE_SAMPLES, "win": [[a, b, p] for (a, b), p in t.win.items()],
            "quality": [[c, q] for c, q in t.quality.items()]}


def stored_table(cs: CardSet, alliance_value: int, path: Path | None = None) -> Table | None:
    """The table stored for this card set and Alliance value, or None (no file, another card list or
    value, or anything in the file that does not fit: then the table is computed)."""
    try:
        doc = json.loads((path or TABLE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(doc, dict) or doc.get("format") != TABLE_FORMAT or not isinstance(doc.get("tables"), list):
        return None
    for entry in doc["tables"]:
        if (isinstance(entry, dict) and entry.get("cards_digest") == cs.digest
                and entry.get("alliance_value") == alliance_value and entry.get("seed") == TABLE_SEED
                and entry.get("samples") == TABLE_SAMPLES):
            try:
                win = {(a, b): float(p) for a, b, p in entry["win"]}
                quality = {c: float(q) for c, q in entry["quality"]}
            except (KeyError, TypeError, ValueError):
                return None
            if (set(win) != {(a, b) for a in cs.main for b in cs.main} or set(quality) != set(cs.action)
                    or not all(math.isfinite(x) for x in (*win.values(), *quality.values()))):
                return None
            t = Table.__new__(Table)
            t.cs, t.alliance_value, t.win, t.quality = cs, alliance_value, win, quality
            return t
    return None


def write_table(path: Path | None = None) -> Path:
    """Compute the table of the card list in use at the default Alliance value and store it (run
    `python -m cetate.games.gates.bot --write-table` after changing the card list, the simulation or its constants)."""
    from cetate.games.gates.options import SCHEMA

    cs = cards()
    t = Table(cs, SCHEMA.validate(None)["alliance_value"])
    doc = {"format": TABLE_FORMAT,
           "_comment": "the gates-heuristic duel table (bot.Table) of the shipped card list, stored so that no "
                       "process computes it again; python -m cetate.games.gates.bot --write-table rewrites this file",
           "tables": [table_document(t)]}
    out = path or TABLE_FILE
    out.write_text(json.dumps(doc, indent=0) + "\n", encoding="utf-8")
    return out


# -- the match value ---------------------------------------------------------------------------------------

_FUTURE: dict[tuple, list[tuple[int, int, float]]] = {}


def _future(done: int, mine: int, theirs: int, neutral: int, pf: float) -> list[tuple[int, int, float]]:
    """Distribution of (final gate difference, future wins - losses) when the remaining duels after duel
    `done` are won with probability pf each; a siege winner attacks an opponent's gate if there is one,
    else a neutral one, and succeeds with probability SIEGE_SUCCESS."""
    key = (done, mine, theirs, neutral, pf)
    got = _FUTURE.get(key)
    if got is not None:
        return got
    states = {(mine, theirs, neutral, 0): 1.0}
    s = SIEGE_SUCCESS
    for k in range(done + 1, DUELS + 1):
        new: dict[tuple[int, int, int, int], float] = {}
        get = new.get
        # each outcome adds `pr` into new[state] (written out: this runs on every new search position)
        for (m, o, n, wl), pr in states.items():
            if stake(k) is not None:  # a gate duel
                st = (m + 1, o, n, wl + 1)
                new[st] = get(st, 0.0) + pr * pf
                st = (m, o + 1, n, wl - 1)
                new[st] = get(st, 0.0) + pr * (1 - pf)
                continue
            win, lose = pr * pf, pr * (1 - pf)
            if o:
                st = (m + 1, o - 1, n, wl + 1)
                new[st] = get(st, 0.0) + win * s
                st = (m, o, n, wl + 1)
                new[st] = get(st, 0.0) + win * (1 - s)
            elif n:
                st = (m + 1, o, n - 1, wl + 1)
                new[st] = get(st, 0.0) + win * s
                st = (m, o, n, wl + 1)
                new[st] = get(st, 0.0) + win * (1 - s)
            else:
                st = (m, o, n, wl + 1)
                new[st] = get(st, 0.0) + win
            if m:
                st = (m - 1, o + 1, n, wl - 1)
                new[st] = get(st, 0.0) + lose * s
                st = (m, o, n, wl - 1)
                new[st] = get(st, 0.0) + lose * (1 - s)
            elif n:
                st = (m, o + 1, n - 1, wl - 1)
                new[st] = get(st, 0.0) + lose * s
                st = (m, o, n, wl - 1)
                new[st] = get(st, 0.0) + lose * (1 - s)
            else:
                st = (m, o, n, wl - 1)
                new[st] = get(st, 0.0) + lose
        states = new
    out: dict[tuple[int, int], float] = {}
    for (m, o, _, wl), pr in states.items():
        out[(m - o, wl)] = out.get((m - o, wl), 0.0) + pr
    got = [(g, wl, pr) for (g, wl), pr in out.items()]
    _FUTURE[key] = got
    return got


_VALUE: dict[tuple, float] = {}


def match_value(done: int, mine: int, theirs: int, neutral: int, diff: int, pf: float) -> float:
    """Chance of winning the match (a draw counts half) after duel `done` (1-6) with `mine`/`theirs`
    gates, `neutral` neutral gates, score difference `diff` (own minus opponent's), when every future duel
    is won with probability pf."""
    pf = round(pf, 2)
    key = (done, mine, theirs, neutral, diff, pf)
    got = _VALUE.get(key)
    if got is not None:
        return got
    left = DUELS - done
    total = 0.0
    for g, wl, pr in _future(done, mine, theirs, neutral, pf):
        if g > 0:
            total += pr
        elif g == 0:
            if left:
                total += pr * _phi((diff + MARGIN_MEAN * wl) / (MARGIN_SD * math.sqrt(left)))
            else:
                total += pr * (1.0 if diff > 0 else 0.5 if diff == 0 else 0.0)
    if len(_VALUE) > 200_000:
        _VALUE.clear()
    _VALUE[key] = total
    return total


def fallback(legal_actions: list[dict]) -> dict:
    """A harmless legal action: skip, else the first one."""
    for a in legal_actions:
        if a.get("type") == "skip":
            return a
    return legal_actions[0]


# -- the bot -----------------------------------------------------------------------------------------------

class GatesHeuristicBot:
    """A rule-based Gates of the Citadel bot. Same interface as `cetate.bots.Bot` (the game package may not
    import `cetate.bots`, so this class does not subclass it): `act(view, legal_actions) -> action`."""

    name: ClassVar[str] = NAME
    strict: ClassVar[bool] = False  # True: re-raise a decision error instead of falling back (for tests)
    hand_weight: ClassVar[float] = HAND_WEIGHT

    def __init__(self, game: object, seat: int, seed: int | str = 0) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.rng = Rng.from_seed(seed)
        self.errors: list[str] = []  # exceptions met (and survived) while deciding; tests expect none

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seat={self.seat}>"

    def act(self, view: dict, legal_actions: list[dict]) -> dict:
        if not legal_actions:
            raise ValueError("the gates-heuristic bot was asked to act with no legal action")
        if len(legal_actions) == 1:
            return legal_actions[0]
        try:
            choice = _Decision(self, view, legal_actions).decide()
        except Exception as exc:  # never let a surprise in a view crash a game
            if self.strict:
                raise
            self.errors.append(repr(exc))
            choice = None
        if choice is None or not any(choice is a for a in legal_actions):
            return fallback(legal_actions)
        return choice


class _Decision:
    """One decision: what the seat knows, and the evaluation of each legal action."""

    def __init__(self, bot: GatesHeuristicBot, view: dict, legal: list[dict]) -> None:
        self.view = view
        self.legal = legal
        self.hand_weight = bot.hand_weight
        self.cs = cs = cards()
        self.me = me = view["seat"]
        self.opp = 1 - me
        self.av = view["options"].get("alliance_value", -4)
        self.table = table(cs, self.av)
        self.rng = Rng.from_seed(f"{bot.seed}|{view['round']}|{view['phase']}|{view['pair_index']}|"
                                 f"{len(view['plays'][0])}|{len(view['plays'][1])}")

    def decide(self) -> dict | None:
        phase = self.view["phase"]
        if phase == "draft":
            return self.draft()
        if phase in ("action", "extra"):
            self.know()
            return self.attach()
        if phase == "poet":
            self.know()
            return max(self.legal, key=lambda a: self.q(a["card"]))
        if phase == "siege":
            self.know()
            return self.siege()
        return None

    # -- the draft ---------------------------------------------------------------------------------------

    def draft(self) -> dict:
        v = self.view
        me, pairs, p0 = self.me, v["pairs"], v["first_chooser"]
        win = self.table.win
        in_order = v["options"].get("main_deck_order") == "draft"

        def leaf(mine: tuple, theirs: tuple) -> float:
            if in_order:  # pair k meets in duel k
                return sum(win[(a, b)] for a, b in zip(mine, theirs, strict=True))
            return sum(win[(a, b)] for a in mine for b in theirs) / 6

        def search(k: int, mine: tuple, theirs: tuple) -> float:
            if k == len(pairs):
                return leaf(mine, theirs)
            a, b = pairs[k]
            chooser = chooser_of(p0, k)
            if chooser == me:
                return max(search(k + 1, (*mine, a), (*theirs, b)), search(k + 1, (*mine, b), (*theirs, a)))
            return min(search(k + 1, (*mine, b), (*theirs, a)), search(k + 1, (*mine, a), (*theirs, b)))

        k = v["pair_index"]
        mine, theirs = tuple(v["drafted"][me]), tuple(v["drafted"][self.opp])
        best, best_value = None, -1.0
        for action in self.legal:
            card = action["card"]
            other = pairs[k][1] if pairs[k][0] == card else pairs[k][0]
            value = search(k + 1, (*mine, card), (*theirs, other))
            if value > best_value + 1e-12:
                best, best_value = action, value
        return best

    # -- what the seat knows -----------------------------------------------------------------------------

    def know(self) -> None:
        v, me, opp = self.view, self.me, self.opp
        self.hand = list(v["hands"][me])
        self.opp_count = v["hands"][opp] if isinstance(v["hands"][opp], int) else len(v["hands"][opp])
        self.plays = [list(v["plays"][0]), list(v["plays"][1])]
        self.stolen = [list(x) if isinstance(x, list) else [] for x in v["stolen"]]
        self.grave = list(v["action_graveyard"])
        # the cards the opponent's Poet took back from the graveyard: both players know them (the view says)
        self.opp_known = list(v["known_hands"][opp])
        # the cards it has not seen, as the engine's notes count them (the siege odds use the same)
        self.pool = sorted(unseen(v, me))
        q = self.table.quality
        self.pool_q = sum(q[c] for c in self.pool) / len(self.pool) if self.pool else 0.0
        # the future duels: the mean chance of winning with the main cards both still hold
        win = self.table.win
        if v["options"].get("main_deck_order") == "draft":
            r = v["round"]
            pairs = list(zip(v["drafted"][me][r:], v["drafted"][opp][r:], strict=True))
        else:
            pairs = [(a, b) for a in v["main_deck"][me]["cards"] for b in v["main_deck"][opp]["cards"]]
        self.base = sum(win[p] for p in pairs) / len(pairs) if pairs else 0.5
        gates = v["gates"]
        self.gates = list(gates)
        self.score_diff = v["scores"][me] - v["scores"][opp]
        self.neutral_gates = v["options"]["neutral_gates"]

    def q(self, card: str) -> float:
        return self.table.quality[card]

    def pf(self, my_hand: list[float], opp_count: int, opp_known: list[float]) -> float:
        """The chance of winning each future duel, from the main cards left and the hands after this duel."""
        left = DUELS - self.view["round"]
        if left <= 0:
            return 0.5
        mine = sum(sorted(my_hand, reverse=True)[:left])
        theirs_q = sorted(opp_known, reverse=True)
        theirs_q += [self.pool_q] * max(0, opp_count - len(theirs_q))
        theirs = sum(sorted(theirs_q, reverse=True)[:left])
        return _clamp(self.base + self.hand_weight * (mine - theirs) / left, 0.03, 0.97)

    def counts(self, gates: list) -> tuple[int, int, int]:
        me, opp = self.me, self.opp
        return (sum(1 for g in gates if g == me), sum(1 for g in gates if g == opp),
                sum(1 for g in gates if g == NEUTRAL))

    def siege_success(self, defender: int, gate: int) -> float:
        """Chance that the defender's next reserve cards show none of the gate's symbol (the engine's odds,
        over the cards this seat has not seen)."""
        return siege_chance(self.pool, self.cs.gate_symbols[gate], self.view["reserves"][defender])["chance"]

    def targets(self, attacker: int, gates: list) -> list[int]:
        return targets_of(gates, attacker, self.neutral_gates)

    def after_siege(self, attacker: int, gates: list, diff: int, pf: float) -> float:
        """The match value after a siege duel won by `attacker`, who attacks its best target."""
        done = self.view["round"]
        base = match_value(done, *self.counts(gates), diff, pf)
        values = [base]
        for g in self.targets(attacker, gates):
            p = self.siege_success(1 - attacker, g)
            taken = list(gates)
            taken[g] = attacker
            values.append(p * match_value(done, *self.counts(taken), diff, pf) + (1 - p) * base)
        return max(values) if attacker == self.me else min(values)

    def after(self, diff: int, pf: float) -> float:
        """The match value after this duel, won by `diff` points (negative: lost)."""
        r = self.view["round"]
        score = self.score_diff + diff
        gates = self.gates
        gate = stake(r)
        if gate is not None:
            g = list(gates)
            g[gate] = self.me if diff > 0 else self.opp if diff < 0 else NEUTRAL  # a tie leaves it neutral (R23)
            return match_value(r, *self.counts(g), score, pf)
        if diff == 0:
            return match_value(r, *self.counts(gates), score, pf)
        return self.after_siege(self.me if diff > 0 else self.opp, gates, score, pf)

    # -- evaluating a round --------------------------------------------------------------------------------

    def outcome(self, plays: list[list[str]], stolen: list[list[str]]) -> int:
        """Own total minus the opponent's for these attachments (no Battle)."""
        v = self.view
        totals = resolve(self.cs, tuple(v["current"]), (plays[0], plays[1]), (stolen[0], stolen[1]), self.av,
                         journal=False).totals
        return totals[self.me] - totals[self.opp]

    def battle_value(self, pf: float) -> float:
        """The match value when a Battle decides the duel: both players draw 2 reserve cards and the higher
        printed sum wins by the difference (equal sums: the preliminary leader wins with 0 points)."""
        v, me, opp = self.view, self.me, self.opp
        if not hasattr(self, "_battle_draws"):
            draws = []
            for _ in range(BATTLE_SAMPLES):
                deck = list(self.pool)
                shuffle(self.rng, deck)
                k_me = min(BATTLE_DRAW, v["reserves"][me])
                k_opp = min(BATTLE_DRAW, v["reserves"][opp])
                mine, theirs = deck[:k_me], deck[k_me:k_me + k_opp]
                drawn = (mine, theirs) if me == 0 else (theirs, mine)
                _, winner, points = battle(self.cs, drawn, list(v["prelim"]), self.av)
                draws.append((winner, points))
            self._battle_draws = draws
        total = 0.0
        for winner, points in self._battle_draws:
            if winner is None:
                total += self.after(0, pf)
            elif points:
                total += self.after(points if winner == me else -points, pf)
            else:
                total += self.after_zero(winner, pf)
        return total / len(self._battle_draws)

    def after_zero(self, winner: int, pf: float) -> float:
        """The match value after a duel won by `winner` with 0 points (a Battle with equal sums)."""
        r = self.view["round"]
        gate = stake(r)
        if gate is not None:
            g = list(self.gates)
            g[gate] = winner
            return match_value(r, *self.counts(g), self.score_diff, pf)
        return self.after_siege(winner, self.gates, self.score_diff, pf)

    def seat_lists(self, mine: list[str], theirs: list[str]) -> list[list[str]]:
        return [mine, theirs] if self.me == 0 else [theirs, mine]

    def steals(self, hand: list[str], count: int) -> list[list[str]]:
        """The possible Alliance thefts from a known hand (all pairs, or fewer cards)."""
        k = min(ALLIANCE_TAKES, len(hand))
        if k == 0:
            return [[]]
        return [list(c) for c in combinations(hand, k)]

    def sample_opp_hand(self, rng: Rng) -> list[str]:
        need = max(0, self.opp_count - len(self.opp_known))
        deck = list(self.pool)
        shuffle(rng, deck)
        return list(self.opp_known) + deck[:need]

    def poet_gain(self, hand: list[str]) -> list[float]:
        """Qualities of a hand after the Poet takes the best graveyard card."""
        qs = [self.q(c) for c in hand]
        if self.grave:
            qs.append(max(self.q(c) for c in self.grave))
        return qs

    def my_value(self, added: list[str]) -> float:
        """The match value of attaching `added` (after the cards already attached this round)."""
        cs, me, opp = self.cs, self.me, self.opp
        mine = self.plays[me] + added
        hand_after = [c for c in self.hand if c not in added]
        specials = [cs.action[c].special for c in added]
        my_q = self.poet_gain(hand_after) if "poet" in specials else [self.q(c) for c in hand_after]
        first = self.view["order"][0] == me
        if "battle" in specials:
            count = self.opp_count
            return self.battle_value(self.pf(my_q, count, [self.q(c) for c in self.opp_known]))
        if not first:  # the answer to what the leader attached
            theirs = self.plays[opp]
            if "alliance" in specials and self.opp_count:
                total = 0.0
                for _ in range(ALLIANCE_SAMPLES):
                    hand = self.sample_opp_hand(self.rng)
                    taken = [hand.pop(self.rng.below(len(hand))) for _ in range(min(ALLIANCE_TAKES, len(hand)))]
                    known = [self.q(c) for c in self.opp_known if c not in taken]
                    pf = self.pf(my_q, len(hand), known)
                    stolen = self.seat_lists(self.stolen[me] + taken, self.stolen[opp])
                    total += self.after(self.outcome(self.seat_lists(mine, theirs), stolen), pf)
                return total / ALLIANCE_SAMPLES
            pf = self.pf(my_q, self.opp_count, [self.q(c) for c in self.opp_known])
            stolen = self.seat_lists(self.stolen[me], self.stolen[opp])
            return self.after(self.outcome(self.seat_lists(mine, theirs), stolen), pf)
        if "alliance" in specials and self.opp_count:
            total = 0.0
            for _ in range(ALLIANCE_SAMPLES):
                hand = self.sample_opp_hand(self.rng)
                taken = [hand.pop(self.rng.below(len(hand))) for _ in range(min(ALLIANCE_TAKES, len(hand)))]
                stolen_me = self.stolen[me] + taken
                answers = [self.answer_value(mine, stolen_me, hand_after, my_q, c, len(hand)) for c in hand]
                answers.append(self.answer_value(mine, stolen_me, hand_after, my_q, None, len(hand)))
                total += min(answers)
            return total / ALLIANCE_SAMPLES
        # the opponent answers with its best card: expectation over the hands it may hold
        none = self.answer_value(mine, self.stolen[me], hand_after, my_q, None, self.opp_count)
        if self.opp_count == 0:
            return none
        base = none
        for c in self.opp_known:
            base = min(base, self.answer_value(mine, self.stolen[me], hand_after, my_q, c, self.opp_count))
        need = self.opp_count - len(self.opp_known)
        pool = self.pool
        if need <= 0 or not pool:
            return base
        need = min(need, len(pool))
        values = sorted(self.answer_value(mine, self.stolen[me], hand_after, my_q, c, self.opp_count)
                        for c in pool)
        n = len(pool)
        total_hands = math.comb(n, need)
        expected = 0.0
        for i, value in enumerate(values):
            p = math.comb(n - 1 - i, need - 1) / total_hands
            if p == 0.0:
                break
            expected += p * min(base, value)
        return expected

    def answer_value(self, mine: list[str], stolen_me: list[str], hand_after: list[str], my_q: list[float],
                     card: str | None, opp_count: int) -> float:
        """My match value when the opponent (holding opp_count cards) answers with `card` (None: skip)."""
        cs = self.cs
        known_q = [self.q(c) for c in self.opp_known if c != card]
        if card is None:
            pf = self.pf(my_q, opp_count, known_q)
            return self.after(self.outcome(self.seat_lists(mine, []), self.seat_lists(stolen_me, [])), pf)
        special = cs.action[card].special
        count = opp_count - 1
        if special == "poet" and self.grave:
            known_q = [*known_q, max(self.q(c) for c in self.grave)]
            count += 1
        if special == "battle":
            return self.battle_value(self.pf(my_q, count, known_q))
        if special == "alliance":
            total = 0.0
            options = self.steals(hand_after, 2)
            for taken in options:
                rest_q = list(my_q)
                for c in taken:
                    if self.q(c) in rest_q:
                        rest_q.remove(self.q(c))
                pf = self.pf(rest_q, count, known_q)
                diff = self.outcome(self.seat_lists(mine, [card]), self.seat_lists(stolen_me, taken))
                total += self.after(diff, pf)
            return total / len(options)
        pf = self.pf(my_q, count, known_q)
        return self.after(self.outcome(self.seat_lists(mine, [card]), self.seat_lists(stolen_me, [])), pf)

    def attach(self) -> dict:
        cs = self.cs
        extra_phase = self.view["phase"] == "extra"
        best, best_value = None, -1.0
        for action in self.legal:
            if action["type"] == "skip":
                value = self.my_value([])
            else:
                card = action["card"]
                value = self.my_value([card])
                if cs.action[card].special == "crowns" and not extra_phase:
                    seconds = [c for c in self.hand if c != card and may_follow_crowns(cs, c)]
                    for second in seconds:
                        value = max(value, self.my_value([card, second]))
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best

    # -- the siege --------------------------------------------------------------------------------------

    def siege(self) -> dict:
        me = self.me
        done = self.view["round"]
        pf = self.pf([self.q(c) for c in self.hand], self.opp_count, [self.q(c) for c in self.opp_known])
        base = match_value(done, *self.counts(self.gates), self.score_diff, pf)
        best, best_value = None, -1.0
        for action in self.legal:
            if action["type"] == "no_siege":
                value = base - 1e-6  # attacking never hurts
            else:
                g = action["gate"]
                p = self.siege_success(self.opp, g)
                taken = list(self.gates)
                taken[g] = me
                value = p * match_value(done, *self.counts(taken), self.score_diff, pf) + (1 - p) * base
                value += 1e-4 * p  # between equal values, the likelier success
            if value > best_value:
                best, best_value = action, value
        return best


# -- a study: self-play figures like spec §6 ------------------------------------------------------------------

def _play(args: tuple) -> dict:
    """One match between two bots (`gates-heuristic` or `random`) with seat order as given."""
    from cetate.games.gates import GAME

    seed, kinds = args
    bots = []
    for seat, kind in enumerate(kinds):
        bot_seed = f"{seed}/seat{seat}"  # as cetate.bots.bot_seed
        bots.append(GatesHeuristicBot(GAME, seat, bot_seed) if kind == NAME else _Random(bot_seed))
    state = GAME.setup(2, seed, None)
    spent = [0.0, 0.0]
    calls = [0, 0]
    while (seat := GAME.to_move(state)) is not None:
        legal = GAME.legal_actions(state)
        started = time.perf_counter()
        action = bots[seat].act(GAME.view(state, seat), legal)
        spent[seat] += time.perf_counter() - started
        calls[seat] += 1
        GAME.apply(state, action)
    result = GAME.result(state)
    return {"winners": result["winners"], "first_chooser": result["first_chooser"], "stats": result["stats"],
            "tie_break": result["tie_break"], "seconds": spent, "calls": calls, "kinds": kinds}


class _Random:
    """The `random` bot's policy (a uniform legal action from an Rng seeded like cetate.bots' random bot)."""

    def __init__(self, seed: str) -> None:
        self.rng = Rng.from_seed(seed)

    def act(self, view: dict, legal: list[dict]) -> dict:
        return legal[self.rng.below(len(legal))]


def study(games: int, opponent: str = NAME, seed: int = 0, jobs: int = 1) -> dict:
    """Play `games` matches of gates-heuristic against `opponent` (seats rotated: match k puts the bot in
    seat k % 2) and sum the figures."""
    tasks = [(seed + k, (NAME, opponent) if k % 2 == 0 else (opponent, NAME)) for k in range(games)]
    if jobs > 1:
        from multiprocessing import Pool

        with Pool(jobs) as pool:
            results = pool.map(_play, tasks, chunksize=50)
    else:
        results = [_play(t) for t in tasks]
    out = {"games": games, "opponent": opponent, "bot_wins": 0.0, "first_chooser_wins": 0, "second_chooser_wins": 0,
           "draws": 0, "stats": {}, "bot_seconds": 0.0, "bot_calls": 0}
    for k, r in enumerate(results):
        bot_seat = k % 2
        winners = r["winners"]
        if len(winners) == 2:
            out["draws"] += 1
            out["bot_wins"] += 0.5
        else:
            out["bot_wins"] += winners[0] == bot_seat
            if winners[0] == r["first_chooser"]:
                out["first_chooser_wins"] += 1
            else:
                out["second_chooser_wins"] += 1
        for key, value in r["stats"].items():
            out["stats"][key] = out["stats"].get(key, 0) + value
        for seat, kind in enumerate(r["kinds"]):
            if kind == NAME:
                out["bot_seconds"] += r["seconds"][seat]
                out["bot_calls"] += r["calls"][seat]
    st = out["stats"]
    out["rates"] = {
        "bot_win_rate": out["bot_wins"] / games,
        "first_chooser_win_rate": out["first_chooser_wins"] / games,
        "first_chooser_score": (out["first_chooser_wins"] + 0.5 * out["draws"]) / games,
        "draw_rate": out["draws"] / games,
        "explosion_rate": st["explosion_duels"] / st["duels"],
        "double_explosion_rate": st["double_explosion_duels"] / st["duels"],
        "table_bonus_share": st["table_bonuses"] / max(1, st["bonus_eligible_cards"]),
        "tied_duel_rate": st["tied_duels"] / st["duels"],
        "sieges_per_game": st["sieges"] / games,
        "siege_success": st["sieges_won"] / max(1, st["sieges"]),
        "battles_per_game": st["battles"] / games,
        "cards_attached_per_game": st["cards_attached"] / games,
        "neutral_gates_per_game": st["neutral_gates"] / games,
        "ms_per_decision": 1000 * out["bot_seconds"] / max(1, out["bot_calls"]),
    }
    return out


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(prog="python -m cetate.games.gates.bot",
                                     description="Self-play figures of the gates-heuristic bot (spec §6 style).")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--opponent", default=NAME, choices=(NAME, "random"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--write-table", action="store_true",
                        help="only compute the duel table and store it in duel_table.json (after a card change)")
    args = parser.parse_args(argv)
    if args.write_table:
        print(write_table())
        return
    out = study(args.games, args.opponent, args.seed, args.jobs)
    print(json.dumps({k: out[k] for k in ("games", "opponent", "bot_wins", "first_chooser_wins",
                                          "second_chooser_wins", "draws", "stats", "rates")}, indent=1))


if __name__ == "__main__":
    main()
