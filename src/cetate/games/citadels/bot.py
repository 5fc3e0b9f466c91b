"""The `citadels-heuristic` bot: hand-written rules that play Citadels (classic and Dark City, 2-8 players).

It decides only from its seat's `view` and the list of legal actions, like every bot (see
`cetate.bots`). It keeps one small memory between calls: the crown holder at the time of each draft, so
that it can place what it saw during the draft into the drafting order after the King or the Emperor
has moved the crown.

How it plays, in short:

* **Draft.** Each character is valued in gold-equivalents for its own position (district income,
  gold when poor, the Architect when rich with buildable cards, the Assassin or the Witch when a rival
  threatens, the King for the crown, the Navigator's 4 gold or cards, the Artist's spare gold...),
  minus the expected loss from the Assassin, the Witch and the Thief, from a belief about who may hold
  them. With 2 players the face-down discard denies the opponent the character it would value most.
* **Beliefs.** The pools seen in the draft (`you.draft_seen`), the face-up and known face-down
  characters and the characters revealed so far place every character in a stretch of the draft
  order; within a stretch, a small Sinkhorn balance spreads it over the drafters (weighted by how much
  each would want it) and the face-down slots.
* **Targets.** The Assassin and the Witch name the character the strongest rival most likely holds
  (the Witch also weighs what that character's powers would give her); the Thief names the character
  most likely held by a rich player; the Warlord and the Armory hit the most valuable district of a
  leader close to completing; the Diplomat trades a cheap district for a dearer one it can pay for.
* **Turns.** Income first (after a build of the income colour when that pays one more), gold or cards
  (cards when nothing in hand is buildable soon), the best card of a draw, the most valuable affordable
  builds (new colours for the five-colour bonus, useful purples), then the district powers, the
  destruction or exchange, and the end of the turn.

Whatever it does not understand falls back to a harmless legal action: it never raises and always
returns an element of `legal_actions`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import ClassVar

from cetate.core.rng import Rng
from cetate.games.citadels import rules
from cetate.games.citadels.data import CHARACTERS, COLOURS, DISTRICT_INDEX, DISTRICTS

NAME = "citadels-heuristic"

# the colour whose districts pay each character (data.py's table), and the colours' numbers
INCOME_COLOUR = {c.id: COLOURS[c.income] for c in CHARACTERS if c.income is not None}
COLOUR_INDEX = {name: i for i, name in enumerate(COLOURS)}
ALL_COLOURS = ("yellow", "blue", "green", "red", "purple")

# Extra worth of a purple district's effect (in points), early in the game; it fades as the game ends.
PURPLE_UTILITY = {
    "haunted_city": 0.8, "keep": 0.6, "laboratory": 1.5, "smithy": 1.5, "observatory": 1.2, "graveyard": 0.6,
    "dragon_gate": 0.0, "university": 0.0, "library": 2.2, "great_wall": 0.8, "school_of_magic": 1.2,
    "lighthouse": 1.5, "armory": 1.2, "museum": 1.5, "imperial_treasury": 0.8, "map_room": 0.8,
    "wishing_well": 0.5, "quarry": 0.3, "poor_house": 0.8, "bell_tower": 0.6, "factory": 0.5, "park": 1.0,
    "hospital": 0.8, "throne_room": 1.0, "ball_room": 0.6,
}

# How attractive a character is as a target for an opponent's Assassin, Witch or Thief.
TARGET_WEIGHT = {"architect": 1.6, "merchant": 1.3, "king": 1.3, "emperor": 1.2, "warlord": 1.2, "thief": 1.0,
                 "magician": 0.9, "bishop": 0.8, "navigator": 1.3, "alchemist": 1.1, "diplomat": 1.0,
                 "tax_collector": 1.0, "wizard": 1.0, "abbot": 0.9, "artist": 0.8, "queen": 0.9}

# the order in which turn actions are considered when no rule picks one (last resort)
SAFE_TYPES = ("end_turn", "stop_discarding", "decline_bell_tower", "graveyard_decline", "thank", "take_gold",
              "navigator_gold", "tribute_gold")


def _clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


class CitadelsHeuristicBot:
    """A rule-based Citadels bot. Same interface as `cetate.bots.Bot` (the game package may not import
    `cetate.bots`, so this class does not subclass it): `act(view, legal_actions) -> action`."""

    name: ClassVar[str] = NAME
    strict: ClassVar[bool] = False  # True: re-raise a decision error instead of falling back (for tests)

    def __init__(self, game: object, seat: int, seed: int | str = 0) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.rng = Rng.from_seed(seed)
        self._draft_crown: dict[int, int] = {}  # round -> crown holder during that round's draft
        self.errors: list[str] = []  # exceptions met (and survived) while deciding; tests expect none

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seat={self.seat}>"

    # -- entry point ---------------------------------------------------------------------------

    def act(self, view: dict, legal_actions: list[dict]) -> dict:
        if not legal_actions:
            raise ValueError("the citadels-heuristic bot was asked to act with no legal action")
        if len(legal_actions) == 1:
            self._remember(view)
            return legal_actions[0]
        try:
            self._remember(view)
            choice = _Turn(self, view, legal_actions).decide()
        except Exception as exc:  # never let a surprise in a view crash a game: fall back to a safe choice
            self.errors.append(repr(exc))
            if self.strict:
                raise
            choice = None
        if choice is None or not any(choice is a for a in legal_actions):
            choice = fallback(legal_actions)
        return choice

    def _remember(self, view: dict) -> None:
        if isinstance(view, dict) and view.get("phase") == "draft" and isinstance(view.get("round"), int):
            crown = view.get("crown")
            if isinstance(crown, int):
                self._draft_crown[view["round"]] = crown
                for r in [r for r in self._draft_crown if r < view["round"] - 1]:
                    del self._draft_crown[r]


def fallback(legal_actions: list[dict]) -> dict:
    """A harmless legal action: end, stop or decline when possible, else the first one."""
    for kind in SAFE_TYPES:
        for a in legal_actions:
            if isinstance(a, dict) and a.get("type") == kind:
                return a
    return legal_actions[0]


class _Turn:
    """Everything the bot derives from one view, and the decision for one call."""

    def __init__(self, bot: CitadelsHeuristicBot, view: dict, legal: list[dict]) -> None:
        self.bot = bot
        self.view = view
        self.legal = legal
        you = view["you"]
        self.you = you
        self.me = you["seat"]
        self.players = view["players"]
        self.n = len(self.players)
        mine = self.players[self.me]
        self.turn = view.get("turn") or {}
        self.gold = mine["gold"]
        self.hand: list[dict] = list(you.get("hand") or [])
        self.city: list[dict] = list(mine["city"])
        self.city_ids = [c["id"] for c in self.city]
        self.city_idx = [DISTRICT_INDEX[c] for c in self.city_ids]  # the rules' card numbers
        # duplicates this city may take now (spec §2.3 Quarry; the Wizard's allowance in its own turn)
        allowance = bool(self.turn.get("wizard_allowance")) and self.turn.get("seat") == self.me
        self.dups_ok = rules.duplicates_allowed(self.city_idx, mine.get("wizard_copies", 0), allowance)
        self.size = view.get("completion_size") or 8
        self.chars = view["characters"]
        self.roster: list[str] = list(self.chars["roster"])
        self.end = bool(view.get("end_triggered"))
        self.max_city = max(len(p["city"]) for p in self.players)
        # how far the game has gone: 0 at the start, 1 when a city is (nearly) complete
        self.stage = _clamp(self.max_city / max(1, self.size - 1), 0.0, 1.0)
        self.by_type: dict[str, list[dict]] = {}
        for a in legal:
            self.by_type.setdefault(a.get("type"), []).append(a)
        self.threat = [self._threat(j) for j in range(self.n)]
        others = [j for j in range(self.n) if j != self.me]
        self.leader = max(others, key=lambda j: self.threat[j]) if others else self.me
        self._beliefs: dict | None = None

    # -- small helpers ---------------------------------------------------------------------------

    def has(self, t: str) -> bool:
        return t in self.by_type

    def colours(self, city: Iterable[dict]) -> tuple[set[str], bool]:
        cols = {c["colour"] for c in city if c["id"] != "haunted_city"}
        haunted = any(c["id"] == "haunted_city" for c in city)
        return cols, haunted

    def score_now(self, j: int) -> float:
        """What seat `j` would score if the game ended now (the engine's count, in the view)."""
        return self.players[j]["score"]

    def _threat(self, j: int) -> float:
        p = self.players[j]
        left = self.size - len(p["city"])
        near = 3.0 if left <= 0 else 4.0 if left == 1 else 2.0 if left == 2 else 0.0
        return (self.score_now(j) + 0.5 * p["gold"] + 0.6 * min(p["hand_size"], 5) + 1.0 * len(p["city"])
                + near)

    def harm(self, j: int) -> float:
        """How much weakening seat `j` is worth to this bot (its rivals count more, itself negatively)."""
        if j == self.me:
            return -1.5
        w = _clamp(1.0 + (self.threat[j] - self.threat[self.me]) / 8.0, 0.25, 2.5)
        if j == self.leader:
            w *= 1.3
        return w

    def pressure(self) -> float:
        """How much a rival threatens: the Assassin, the Witch and the Warlord are worth more."""
        lead = self.threat[self.leader] - self.threat[self.me]
        left = self.size - len(self.players[self.leader]["city"])
        return _clamp(lead / 6.0 + (0.8 if left <= 2 else 0.3 if left <= 3 else 0.0), 0.0, 2.0)

    # cards ----------------------------------------------------------------------------------------

    def build_cost(self, card: dict) -> int:
        """What this seat pays to build `card` (the rules' price: the Factory)."""
        return rules.build_price(DISTRICT_INDEX[card["id"]], self.city_idx)

    def is_dup(self, card_id: str) -> bool:
        return card_id in self.city_ids and not self.dups_ok

    def income_estimate(self) -> float:
        """Rough gold a turn brings besides the action (for 'soon affordable')."""
        best = 0
        for cid, colour in INCOME_COLOUR.items():
            if cid in self.roster:
                best = max(best, self.income_count(self.city, colour))
        return 1.0 + 0.5 * best

    def colour_bonus(self, colour: str, city_ids_extra: Iterable[str] = ()) -> float:
        cols, haunted = self.colours(self.city)
        have = len(cols) + (1 if haunted else 0)
        if have >= 5 or colour in cols:
            return 0.0
        return 0.4 + 0.55 * have  # a fifth colour is worth most (+3 at the end)

    def purple_utility(self, card_id: str) -> float:
        u = PURPLE_UTILITY.get(card_id, 0.0)
        if card_id == "wishing_well":
            u += 0.8 * sum(1 for c in self.city if c["colour"] == "purple")
        elif card_id == "factory":
            u += 0.5 * sum(1 for c in self.hand if c["colour"] == "purple" and c["id"] != "factory")
        elif card_id == "imperial_treasury":
            return 0.8 + 0.3 * self.gold * self.stage
        elif card_id == "map_room":
            return 0.5 + 0.4 * len(self.hand) * self.stage
        elif card_id == "bell_tower":
            return 0.6 + (1.5 if self.threat[self.me] >= self.threat[self.leader] else -0.3) * self.stage
        return u * (1.15 - self.stage)

    def card_value(self, card: dict, extra_gold: float = 0.0, others: Iterable[dict] = ()) -> float:
        """What a card in hand is worth to this bot (for keeping, drawing, discarding, giving away)."""
        cid = card["id"]
        if self.is_dup(cid):
            return 0.2
        v = float(card["score"])
        v += self.colour_bonus(card["colour"])
        if card["colour"] == "purple":
            v += self.purple_utility(cid)
        # gold it will take to build: the further out of reach, the less it is worth (more so late)
        reach = self.gold + extra_gold + 2 + self.income_estimate()
        gap = self.build_cost(card) - reach
        if gap > 0:
            v -= (0.35 + 0.9 * self.stage) * gap
        if any(o["id"] == cid for o in others):
            v *= 0.35  # a second copy in hand: only one can be built
        return v

    def build_value(self, card: dict) -> float:
        v = float(card["score"]) + self.colour_bonus(card["colour"])
        if card["colour"] == "purple":
            v += self.purple_utility(card["id"])
        return v + 0.05 * card["cost"]

    def candidates(self, cards: Iterable[dict] | None = None) -> list[dict]:
        """Cards in hand that could be built (not duplicates of the city)."""
        return [c for c in (self.hand if cards is None else cards) if not self.is_dup(c["id"])]

    def best_plan(self, cards: list[dict], gold: int, builds: int) -> tuple[float, list[dict]]:
        """The set of at most `builds` cards (distinct names) affordable with `gold` worth the most."""
        seen: dict[str, dict] = {}
        for c in cards:
            if not self.is_dup(c["id"]) and self.build_cost(c) <= gold:
                seen.setdefault(c["id"], c)
        uniq = sorted(seen.values(), key=lambda c: -self.build_value(c))[:10]
        best: tuple[float, list[dict]] = (0.0, [])
        for k in range(1, min(builds, len(uniq)) + 1):
            for combo in combinations(uniq, k):
                if sum(self.build_cost(c) for c in combo) <= gold:
                    v = sum(self.build_value(c) for c in combo)
                    if v > best[0] + 1e-9:
                        best = (v, list(combo))
        return best

    # -- beliefs about the characters ------------------------------------------------------------

    def draft_crown(self) -> int:
        rnd = self.view.get("round")
        crown = self.bot._draft_crown.get(rnd) if isinstance(rnd, int) else None
        if crown is not None:
            return crown
        if self.view.get("phase") == "draft" or len(self.roster) < 4 or self.roster[3] not in self.chars["revealed"]:
            return self.view["crown"]
        pools = self.you.get("draft_seen") or []
        if pools:  # the first pool's size tells how many drafted before this seat
            available = len(self.roster) - len(self.chars["face_up"]) - 1
            pos = available - len(pools[0])
            slots = rules.draft_steps(self.n, 0)
            if 0 <= pos < len(slots):
                return (self.me - slots[pos][0]) % self.n
        return self.view["crown"]

    def affinity(self, j: int, cid: str) -> float:
        return 1.0 + 0.2 * _clamp(self.other_char_value(cid, j), 0.0, 5.0)

    def beliefs(self) -> dict[str, dict[int, float]]:
        """For every character of the roster: {seat: probability it holds it, -1: not held by anyone}."""
        if self._beliefs is None:
            self._beliefs = self._compute_beliefs()
        return self._beliefs

    def _compute_beliefs(self) -> dict[str, dict[int, float]]:
        roster = self.roster
        face_up = set(self.chars["face_up"])
        known_fd = set(self.you.get("known_face_down") or [])
        mine = set(self.you.get("characters") or [])
        revealed: dict[str, int] = dict(self.chars["revealed"])
        absent = set(self.chars["absent"])
        pools = [set(p) for p in (self.you.get("draft_seen") or [])]
        n = self.n
        out: dict[str, dict[int, float]] = {}
        for c in roster:
            if c in mine:
                out[c] = {self.me: 1.0}
            elif c in revealed:
                out[c] = {revealed[c]: 1.0}
            elif c in face_up or c in known_fd or c in absent:
                out[c] = {-1: 1.0}
        rest = [c for c in roster if c not in out]
        if not rest:
            return out
        slots = rules.draft_steps(n, self.draft_crown())
        mine_idx = [i for i, (w, _) in enumerate(slots) if w == self.me]
        if not pools or len(pools) > len(mine_idx):
            # nothing usable from the draft: spread evenly over the other seats and one face-down pile
            for c in rest:
                ws = {j: self.affinity(j, c) for j in range(n) if j != self.me}
                ws[-1] = 1.0
                tot = sum(ws.values())
                out[c] = {k: v / tot for k, v in ws.items()}
            return out
        k_seen = len(pools)
        takes_initial = rules.takes_initial_card(n, len(roster))
        total = len(roster) - len(face_up)
        leftover = max(0, total - 1 - len(slots) + (1 if takes_initial else 0))
        # stretches of the draft between this seat's own slots: (first slot, last slot) and extra columns
        bounds = [-1, *mine_idx[:k_seen]]
        intervals: list[list[str]] = [[] for _ in range(k_seen + 1)]
        for c in roster:
            if c in face_up or c in mine:
                continue
            if c not in pools[0]:
                k = 0
            else:
                # the first of its own pools without it (still on offer now: the later drafters decide)
                k = next((i for i in range(1, k_seen) if c not in pools[i]), k_seen)
            intervals[k].append(c)
        fixed_rows = {c: revealed[c] for c in revealed if c not in mine}
        for k, chars in enumerate(intervals):
            rows = [c for c in chars]
            if not any(c in rest for c in rows):
                continue
            lo = bounds[k] + 1
            hi = bounds[k + 1] if k + 1 < len(bounds) else len(slots)
            cols: list[tuple[str, int]] = []  # ("seat", j), ("fd", -1) or ("init", last_seat)
            for i in range(lo, hi):
                w, kind = slots[i]
                if w == self.me:
                    continue
                cols.append(("seat", w) if kind == "pick" else ("fd", -1))
            if k == 0:
                cols.append(("init", slots[-1][0]) if takes_initial else ("fd", -1))
            if k == k_seen:
                cols.extend([("fd", -1)] * leftover)
            if not cols:
                for c in rows:
                    if c in rest:
                        out[c] = {-1: 1.0}
                continue
            matrix = []
            used_cols: set[int] = set()
            for c in rows:
                row = []
                for kind, j in cols:
                    if c in fixed_rows:
                        ok = (kind == "seat" and j == fixed_rows[c]) or (kind == "init" and j == fixed_rows[c])
                        w = 1.0 if ok else 0.0
                    elif c in known_fd or c in absent:
                        w = 1.0 if kind in ("fd", "init") else 0.0
                    else:
                        w = self.affinity(j, c) if kind == "seat" else 1.0
                    row.append(w)
                matrix.append(row)
            # a seat that revealed a character in this stretch does not hold another from it (one slot)
            for ri, c in enumerate(rows):
                if c in fixed_rows:
                    for ci, (kind, j) in enumerate(cols):
                        if kind == "seat" and j == fixed_rows[c] and ci not in used_cols:
                            used_cols.add(ci)
                            for rj in range(len(rows)):
                                if rj != ri:
                                    matrix[rj][ci] = 0.0
                            matrix[ri] = [1.0 if x == ci else 0.0 for x in range(len(cols))]
                            break
            _sinkhorn(matrix)
            for ri, c in enumerate(rows):
                if c not in rest:
                    continue
                dist: dict[int, float] = {}
                for ci, (kind, j) in enumerate(cols):
                    p = matrix[ri][ci]
                    if p <= 0:
                        continue
                    if kind == "seat":
                        dist[j] = dist.get(j, 0.0) + p
                    elif kind == "init":
                        dist[j] = dist.get(j, 0.0) + p / 2
                        dist[-1] = dist.get(-1, 0.0) + p / 2
                    else:
                        dist[-1] = dist.get(-1, 0.0) + p
                dist.pop(self.me, None)
                tot = sum(dist.values())
                out[c] = {key: v / tot for key, v in dist.items()} if tot > 0 else {-1: 1.0}
        for c in rest:
            out.setdefault(c, {-1: 1.0})
        return out

    def p_other(self, cid: str) -> float:
        """Probability that another seat holds `cid` this round."""
        return sum(p for j, p in self.beliefs().get(cid, {}).items() if j not in (-1, self.me))

    # -- valuing characters ----------------------------------------------------------------------

    def income_count(self, city: list[dict], colour: str) -> int:
        """The district income of `city` for a character of `colour` (the rules' count)."""
        return rules.district_income([DISTRICT_INDEX[c["id"]] for c in city], COLOUR_INDEX[colour])

    def other_char_value(self, cid: str, j: int) -> float:
        """A rough value of a character for another seat, from public information only."""
        p = self.players[j]
        city = p["city"]
        v = 0.0
        if cid in INCOME_COLOUR:
            v += self.income_count(city, INCOME_COLOUR[cid])
        if cid == "merchant":
            v += 1.0
        elif cid == "architect":
            v += 0.4 * min(p["hand_size"], 3) + p["gold"] / 4.0
        elif cid in ("king", "emperor"):
            v += 0.8
        elif cid == "thief":
            v += 0.15 * max((q["gold"] for i, q in enumerate(self.players) if i != j), default=0)
        elif cid == "magician":
            v += 1.2 if p["hand_size"] <= 1 else 0.3
        elif cid == "navigator":
            v += 2.0
        elif cid in ("assassin", "witch"):
            v += 1.0
        elif cid == "warlord":
            v += 0.5
        return v

    def turn_value(self) -> float:
        """What one whole turn is worth to this bot now (the action and a build)."""
        value, _ = self.best_plan(self.hand, self.gold + 2, 1)
        return 2.0 + 0.8 * value

    def my_char_value(self, cid: str) -> float:
        """The value of playing `cid` this round, in gold-equivalents, before the risks."""
        g = self.gold
        hand = self.hand
        cands = self.candidates()
        v = 0.0
        if cid in INCOME_COLOUR:
            colour = INCOME_COLOUR[cid]
            v += self.income_count(self.city, colour)
            if any(c["colour"] == colour and self.build_cost(c) <= g + 2 for c in cands):
                v += 0.5
        press = self.pressure()
        others = [j for j in range(self.n) if j != self.me]
        if cid == "assassin":
            v += 1.0 + 1.3 * press
        elif cid == "witch":
            v += 1.4 + 1.3 * press
        elif cid == "thief":
            golds = sorted((self.players[j]["gold"] for j in others), reverse=True)
            v += 0.3 + 0.3 * (golds[0] if golds else 0) + 0.15 * (golds[1] if len(golds) > 1 else 0)
        elif cid == "magician":
            big = max((self.players[j]["hand_size"] for j in others), default=0)
            soon = [c for c in cands if self.build_cost(c) <= g + 4]
            if not soon:
                v += 0.5 + 0.6 * max(0, big - len(hand))
            else:
                v += 0.3
        elif cid in ("king", "emperor"):
            v += self.CROWN_VALUE[0] if self.view.get("crown") == self.me else self.CROWN_VALUE[1]
            if cid == "emperor":
                v += 0.9
            if self.n <= 3:
                v -= 0.3
        elif cid == "bishop":
            threat_on = any(w in self.roster and w not in self.chars["face_up"] for w in ("warlord", "diplomat"))
            if threat_on:
                v += min(2.0, 0.1 * sum(c["cost"] for c in self.city if c["id"] != "keep") + 0.3 * press)
        elif cid == "merchant":
            v += 1.0
        elif cid == "architect":
            v += 1.6 if len(cands) <= 1 else 0.8
            one, _ = self.best_plan(cands, g + 2, 1)
            three, _ = self.best_plan(cands, g + 2, 3)
            v += self.ARCHITECT_WEIGHT * (three - one)
        elif cid == "warlord":
            v += 0.4 + 0.8 * press
        elif cid == "tax_collector":
            v += 0.35 * (self.n - 1)
        elif cid == "wizard":
            big = max((self.players[j]["hand_size"] for j in others), default=0)
            v += 0.6 + 0.15 * min(6, big)
        elif cid == "abbot":
            most = max(p["gold"] for p in self.players)
            richest = [j for j in range(self.n) if self.players[j]["gold"] == most]
            if most > 0 and len(richest) == 1 and richest[0] != self.me:
                v += 1.0
        elif cid == "alchemist":
            _, plan = self.best_plan(cands, g + 2, 1)
            v += 0.8 * sum(self.build_cost(c) for c in plan)
        elif cid == "navigator":
            now, _ = self.best_plan(cands, g + 2, 1)
            v += (3.0 if not cands else 3.4) - 0.6 * now
        elif cid == "diplomat":
            v += 0.4 + 0.4 * press
        elif cid == "artist":
            _, plan = self.best_plan(cands, g + 2, 1)
            spare = g + 2 - sum(self.build_cost(c) for c in plan)
            v += 0.9 * min(2, max(0, spare), len(self.city))
        elif cid == "queen":
            rank4 = self.roster[3] if len(self.roster) > 3 else None
            if rank4 is not None:
                b = self.beliefs().get(rank4, {})
                adj = sum(p for j, p in b.items() if j >= 0 and (j - self.me) % self.n in (1, self.n - 1))
                v += 3.0 * adj
        return v

    def risk(self, cid: str, value: float) -> float:
        """Expected loss from the Assassin, the Witch and the Thief if this bot plays `cid`.

        A sensible killer names the character that looks most valuable from the public information (the
        cities, the gold), so the share of `cid` among the possible targets is weighted by how valuable it
        visibly is to this seat against how valuable the others are to the seat most likely to want them;
        a leader is aimed at more often. The Thief aims at the rich."""
        roster = self.roster
        if not roster:
            return 0.0
        face_up = set(self.chars["face_up"])
        rank1 = roster[0]
        rank2 = roster[1] if len(roster) > 1 else None
        ahead = _clamp((self.threat[self.me] - self.threat[self.leader]) / 5.0, 0.0, 1.0)
        loss = 0.0
        if cid != rank1:
            targets = [c for c in roster[1:] if c not in face_up]
            share = self.target_share(cid, targets) * (1.0 + 0.5 * ahead)
            p = min(1.0, self.p_other(rank1) * share * self.RISK_SCALE)
            if rank1 == "witch":
                loss += p * (value + 0.8 * (self.turn_value() - 2.0))
            else:
                loss += p * (value + self.turn_value())
        if rank2 == "thief" and cid not in (rank1, rank2):
            targets = [c for c in roster[2:] if c not in face_up]
            golds = [p["gold"] + 0.5 for p in self.players]
            wealth = _clamp(golds[self.me] * self.n / sum(golds), 0.2, 3.0)  # 1 for an average purse
            share = min(1.0, self.target_share(cid, targets) * wealth)
            loss += min(1.0, self.p_other(rank2) * share * self.RISK_SCALE) * 0.8 * (self.gold + 1.0)
        return loss

    DESTROY_MIN = 0.9  # the least gain (in points) that makes the Warlord destroy
    CROWN_VALUE = (0.5, 1.1)  # the crown's worth for the King or Emperor: keeping it, taking it
    ARCHITECT_WEIGHT = 0.85  # share of the Architect's extra builds counted in the draft
    RISK_SCALE = 3.0  # self-play: sensible killers hit about three times as often as an even spread

    def target_share(self, cid: str, targets: list[str]) -> float:
        """The share of `cid` among the `targets` a sensible Assassin or Thief would choose from."""
        others = [j for j in range(self.n) if j != self.me]

        def appeal(c: str, seats: list[int]) -> float:
            best = max((self.other_char_value(c, j) for j in seats), default=0.0)
            return TARGET_WEIGHT.get(c, 1.0) * (2.5 + max(0.0, best))

        mine = appeal(cid, [self.me])
        rest = sum(appeal(c, others) for c in targets if c != cid)
        return mine / (mine + rest) if mine + rest > 0 else 0.0

    # -- the decision ----------------------------------------------------------------------------

    def decide(self) -> dict | None:
        phase = self.view.get("phase")
        handler = {
            "draft": self.on_draft,
            "turn": self.on_turn,
            "keep": self.on_keep,
            "magician_discard": self.on_magician_discard,
            "graveyard": self.on_graveyard,
            "navigator": self.on_navigator,
            "wizard": self.on_wizard,
            "emperor_crown": self.on_crown,
            "emperor_heir": self.on_crown,
            "emperor_tribute": self.on_tribute,
            "lighthouse": self.on_lighthouse,
            "bell_tower": self.on_bell_tower,
        }.get(phase)
        return handler() if handler else None

    # draft ----------------------------------------------------------------------------------------

    def on_draft(self) -> dict | None:
        if self.has("pick"):
            def score(a: dict) -> float:
                cid = a["character"]
                v = self.my_char_value(cid)
                return v - self.risk(cid, v)
            return max(self.by_type["pick"], key=score)
        if self.has("discard_character"):
            # 2 players: put face down what the opponent would value most (and this bot least)
            opp = [j for j in range(self.n) if j != self.me]
            def deny(a: dict) -> float:
                cid = a["character"]
                return max(self.other_char_value(cid, j) for j in opp) + TARGET_WEIGHT.get(cid, 1.0) \
                    - 0.3 * self.my_char_value(cid)
            return max(self.by_type["discard_character"], key=deny)
        return None

    # turn -----------------------------------------------------------------------------------------

    def on_turn(self) -> dict | None:
        t = self.turn
        cid = t.get("character")
        acted = bool(t.get("acted"))
        if t.get("mode") == "action_only":
            return self.choose_action(cid) if not acted else None
        # powers that are best used at once
        for kind, chooser in (("assassinate", self.choose_assassinate), ("steal", self.choose_steal)):
            if self.has(kind):
                choice = chooser()
                if choice is not None:
                    return choice
        if self.has("abbot_collect"):
            return self.by_type["abbot_collect"][0]
        if not acted and self.has("swap_hands"):
            choice = self.choose_swap()
            if choice is not None:
                return choice
        if self.has("collect_income") and not self.income_after_build(cid):
            return self.by_type["collect_income"][0]
        if not acted and (self.has("take_gold") or self.has("draw_cards")):
            return self.choose_action(cid)
        if self.has("wizard"):
            choice = self.choose_wizard()
            if choice is not None:
                return choice
        if self.has("build"):
            choice = self.choose_build()
            if choice is not None:
                return choice
        if self.has("collect_income"):
            return self.by_type["collect_income"][0]
        for kind, chooser in (("beautify", self.choose_beautify), ("museum", self.choose_museum),
                              ("laboratory", self.choose_laboratory), ("smithy", self.choose_smithy),
                              ("discard_and_draw", self.choose_redraw), ("armory", self.choose_armory)):
            if self.has(kind):
                choice = chooser()
                if choice is not None:
                    return choice
        if self.has("bewitch"):
            return self.choose_bewitch()
        if self.has("destroy"):
            choice = self.choose_destroy()
            if choice is not None:
                return choice
        if self.has("exchange"):
            choice = self.choose_exchange()
            if choice is not None:
                return choice
        if self.has("end_turn"):
            return self.by_type["end_turn"][0]
        return None

    def income_after_build(self, cid: str | None) -> bool:
        """Whether to build first: the best build adds to this character's income and is affordable now."""
        if not self.turn.get("acted") or cid not in INCOME_COLOUR or not self.has("build"):
            return False
        colour = INCOME_COLOUR[cid]
        builds = self.turn.get("builds_left", 1)
        hand = [c for c in self.hand if any(a["card"] == c["id"] for a in self.by_type["build"])]
        _, plan_without = self.best_plan(hand, self.gold, builds)
        income = self.turn.get("income_available", 0)
        _, plan_with = self.best_plan(hand, self.gold + income, builds)
        gain = any(self.income_count([c], colour) for c in plan_without)
        same = sorted(c["id"] for c in plan_without) == sorted(c["id"] for c in plan_with)
        return gain and same

    def choose_action(self, cid: str | None) -> dict | None:
        """Gold, unless the hand holds nothing that can be built (or a single card already paid for):
        in self-play, saving gold for the cards in hand beats drawing for cheaper ones."""
        take = self.by_type.get("take_gold", [None])[0]
        draw = self.by_type.get("draw_cards", [None])[0]
        if take is None or draw is None:
            return take or draw
        if self.view.get("deck_size", 1) <= 0 and self.view.get("discard_pile_size", 0) <= 0:
            return take
        cands = self.candidates()
        if not cands:
            return draw
        if cid == "architect" or self.end:
            return take  # the Architect draws 2 anyway; in the last round only gold can still help
        income = 0 if self.turn.get("income_taken") else self.turn.get("income_available", 0)
        g = self.gold + income + (1 if cid == "merchant" else 0)
        if len(cands) == 1 and g >= self.build_cost(cands[0]) + 2:
            return draw  # the one card is paid for: top the hand up
        return take

    def choose_build(self) -> dict | None:
        builds = self.by_type["build"]
        by_id = {a["card"]: a for a in builds}
        hand = [c for c in self.hand if c["id"] in by_id]
        left = max(1, int(self.turn.get("builds_left", 1) or 1))
        _, plan = self.best_plan(hand, self.gold, left)
        if not plan:
            return None
        # with several builds, build the dearest of the plan first (gold checks stay true)
        plan.sort(key=lambda c: -self.build_cost(c))
        return by_id.get(plan[0]["id"])

    def choose_assassinate(self) -> dict | None:
        beliefs = self.beliefs()
        mine = set(self.you.get("characters") or [])

        def score(a: dict) -> float:
            c = a["character"]
            if c in mine:
                return -99.0
            s = 0.0
            for j, p in beliefs.get(c, {}).items():
                if j >= 0 and j != self.me:
                    s += p * self.harm(j) * (2.5 + self.other_char_value(c, j))
            return s + 0.01 * TARGET_WEIGHT.get(c, 1.0)
        return max(self.by_type["assassinate"], key=score)

    def choose_bewitch(self) -> dict:
        beliefs = self.beliefs()
        mine = set(self.you.get("characters") or [])

        def score(a: dict) -> float:
            c = a["character"]
            if c in mine:
                return -99.0
            held = 0.0
            s = 0.0
            for j, p in beliefs.get(c, {}).items():
                if j >= 0 and j != self.me:
                    held += p
                    s += p * self.harm(j) * (1.5 + self.other_char_value(c, j))
            # she plays that character's turn herself (builds, income, powers) when it is in play
            return s + held * (2.0 + self.my_char_value(c)) + 0.01 * TARGET_WEIGHT.get(c, 1.0)
        return max(self.by_type["bewitch"], key=score)

    def choose_steal(self) -> dict | None:
        beliefs = self.beliefs()
        mine = set(self.you.get("characters") or [])

        def score(a: dict) -> float:
            c = a["character"]
            if c in mine:
                return -99.0
            s = 0.0
            for j, p in beliefs.get(c, {}).items():
                if j >= 0 and j != self.me:
                    gold = self.players[j]["gold"]
                    s += p * (gold + 0.5) * (1.0 + 0.15 * self.harm(j))
            return s + 0.01 * TARGET_WEIGHT.get(c, 1.0)
        return max(self.by_type["steal"], key=score)

    def hand_worth(self, cards: list[dict]) -> float:
        vals = sorted((self.card_value(c) for c in cards), reverse=True)
        return sum(v for v in vals[:4] if v > 0)

    def choose_swap(self) -> dict | None:
        known = self.you.get("known_hands") or {}
        mine_worth = self.hand_worth(self.hand)
        best, best_gain = None, 1.0
        for a in self.by_type["swap_hands"]:
            j = a["target"]
            size = self.players[j]["hand_size"]
            if str(j) in known and len(known[str(j)]) == size:
                worth = self.hand_worth([_card_from_id(x) for x in known[str(j)]])
            else:
                worth = 2.2 * min(size, 4)
            gain = worth - mine_worth + 0.3 * self.harm(j) * (size - len(self.hand))
            if size >= len(self.hand) + 2 or not self.candidates():
                gain += 0.5
            else:
                gain -= 1.0
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def bad_cards(self) -> list[dict]:
        """Cards worth replacing: duplicates and cards far out of reach."""
        bad = []
        seen: set[str] = set()
        for c in sorted(self.hand, key=lambda c: self.card_value(c)):
            cid = c["id"]
            if self.is_dup(cid) or cid in seen or (self.build_cost(c) > self.gold + 4 + 6 * (1.0 - self.stage) and c["score"] < 8):
                bad.append(c)
            seen.add(cid)
        return bad

    def choose_redraw(self) -> dict | None:
        if self.view.get("deck_size", 0) <= 0 or self.end:
            return None
        return self.by_type["discard_and_draw"][0] if self.bad_cards() else None

    def on_magician_discard(self) -> dict | None:
        bad = self.bad_cards()
        discards = {a["card"]: a for a in self.by_type.get("discard", [])}
        for c in bad:
            if c["id"] in discards:
                return discards[c["id"]]
        return self.by_type.get("stop_discarding", [None])[0]

    def choose_wizard(self) -> dict | None:
        best, best_score = None, 0.0
        for a in self.by_type["wizard"]:
            j = a["target"]
            size = self.players[j]["hand_size"]
            s = min(size, 6) + 0.3 * self.harm(j)
            if s > best_score:
                best, best_score = a, s
        return best

    def on_wizard(self) -> dict | None:
        cards = {c["id"]: c for c in self.you.get("wizard_hand") or []}
        builds = {a["card"]: a for a in self.by_type.get("wizard_build", [])}
        takes = {a["card"]: a for a in self.by_type.get("wizard_take", [])}
        # build at once (outside the build limit) the best affordable card when the gold left still
        # pays for the best build from hand, or when it is better than anything in hand
        best_build = None
        if builds:
            options = [cards[cid] for cid in builds if cid in cards]
            if options:
                pick = max(options, key=lambda c: self.build_value(c))
                rest = self.gold - self.build_cost(pick)
                hand_best, _ = self.best_plan(self.hand, rest, 1)
                alone, _ = self.best_plan(self.hand, self.gold, 1)
                if hand_best + self.build_value(pick) > alone:
                    best_build = builds[pick["id"]]
        if best_build is not None:
            return best_build
        if takes:
            options = [cards[cid] for cid in takes if cid in cards]
            if options:
                pick = max(options, key=lambda c: self.card_value(c, others=self.hand))
                return takes[pick["id"]]
            return next(iter(takes.values()))
        return None

    def choose_beautify(self) -> dict | None:
        builds_pending = self.has("build")
        if builds_pending:
            return None
        cands = self.candidates()
        need = 0
        if not self.end:
            nxt = [self.build_cost(c) for c in cands]
            if nxt:
                need = max(0, min(max(nxt), self.gold + 4) - (2 + self.income_estimate()))
        spare = self.gold - need
        if spare < 1:
            return None
        city = {c["id"]: c for c in self.city}
        def key(a: dict) -> float:
            c = city.get(a["card"], {"cost": 0})
            return (5 if a["card"] == "keep" else 0) + c.get("cost", 0)
        return max(self.by_type["beautify"], key=key)

    def choose_museum(self) -> dict | None:
        if not self.hand:
            return None
        acts = {a["card"]: a for a in self.by_type["museum"]}
        worst = min((c for c in self.hand if c["id"] in acts), key=lambda c: self.card_value(c, others=[
            o for o in self.hand if o is not c]), default=None)
        if worst is None:
            return None
        val = self.card_value(worst, others=[o for o in self.hand if o is not worst])
        if self.end or len(self.hand) >= 4 or val < 2.0:
            return acts[worst["id"]]
        return None

    def choose_laboratory(self) -> dict | None:
        if not self.hand:
            return None
        acts = {a["card"]: a for a in self.by_type["laboratory"]}
        worst = min((c for c in self.hand if c["id"] in acts), key=lambda c: self.card_value(c, others=[
            o for o in self.hand if o is not c]), default=None)
        if worst is None:
            return None
        val = self.card_value(worst, others=[o for o in self.hand if o is not worst])
        map_room = "map_room" in self.city_ids
        if (self.end and not map_room) or val < 1.2 or (len(self.hand) >= 5 and val < 3.0):
            return acts[worst["id"]]
        return None

    def choose_smithy(self) -> dict | None:
        if self.end or self.view.get("deck_size", 0) <= 0 or self.has("build"):
            return None
        cands = self.candidates()
        useful = [c for c in cands if self.build_cost(c) <= self.gold - 2 + 2 + self.income_estimate() + 2]
        if len(useful) <= 1 and self.gold >= rules.SMITHY_PRICE:
            return self.by_type["smithy"][0]
        return None

    def choose_armory(self) -> dict | None:
        armory = next((c for c in self.city if c["id"] == "armory"), None)
        own_loss = (armory["score"] if armory else 3) + self.purple_utility("armory") * 0.5
        best, best_gain = None, 1.5
        for a in self.by_type["armory"]:
            j = a["target"]
            card = next((c for c in self.players[j]["city"] if c["id"] == a["card"]), None)
            if card is None:
                continue
            gain = self.harm(j) * self.district_loss(j, card) - own_loss
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def district_loss(self, j: int, card: dict) -> float:
        """How much losing `card` hurts seat `j`: its points, the five-colour bonus, completion."""
        city = self.players[j]["city"]
        loss = float(card["score"])
        cols, haunted = self.colours(city)
        if (len(cols) + (1 if haunted else 0) >= 5 and card["colour"] != "purple"
                and sum(1 for c in city if c["colour"] == card["colour"]) == 1):
            loss += 3.0
        left = self.size - len(city)
        if not self.end:
            loss += 3.0 if left == 1 else 1.5 if left == 2 else 0.3 if left == 3 else 0.0
        if card["colour"] == "purple":
            loss += 0.5 * PURPLE_UTILITY.get(card["id"], 0.0)
        return loss

    def choose_destroy(self) -> dict | None:
        prices = {(p["target"], p["card"]): p["price"] for p in self.you.get("destroy_prices") or []}
        cands = self.candidates()
        gold_worth = 1.0 if cands else 0.6
        best, best_gain = None, self.DESTROY_MIN
        for a in self.by_type["destroy"]:
            j = a["target"]
            if j == self.me:
                continue
            card = next((c for c in self.players[j]["city"] if c["id"] == a["card"]), None)
            if card is None:
                continue
            price = prices.get((j, a["card"]))
            if price is None:
                continue
            gain = self.harm(j) * self.district_loss(j, card) - gold_worth * price
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def choose_exchange(self) -> dict | None:
        mine = {}
        for c in self.city:
            mine.setdefault(c["id"], c)
        prices = {(p["give"], p["target"], p["take"]): p["price"] for p in self.you.get("exchange_prices") or []}
        best, best_gain = None, 1.0
        for a in self.by_type["exchange"]:
            give = mine.get(a["give"])
            j = a["target"]
            take = next((c for c in self.players[j]["city"] if c["id"] == a["take"]), None)
            cost = prices.get((a["give"], j, a["take"]))
            if give is None or take is None or cost is None:
                continue
            after = [c for c in self.city if c is not give] + [take]
            cols_before, h1 = self.colours(self.city)
            cols_after, h2 = self.colours(after)
            bonus = 0.0
            if len(cols_before) + h1 < 5 <= len(cols_after) + h2:
                bonus = 3.0
            elif len(cols_before) + h1 >= 5 > len(cols_after) + h2:
                bonus = -3.0
            util = 0.0
            if take["colour"] == "purple":
                util += PURPLE_UTILITY.get(take["id"], 0.0) * (1.0 - self.stage)
            if give["colour"] == "purple":
                util -= PURPLE_UTILITY.get(give["id"], 0.0) * (1.0 - self.stage)
            delta = take["score"] - give["score"]
            gain = delta + bonus + util - 0.8 * cost + 0.3 * self.harm(j) * (delta - cost)
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    # sub-phases -------------------------------------------------------------------------------------

    def on_keep(self) -> dict | None:
        drawn = {c["id"]: c for c in self.you.get("drawn") or []}
        keeps = self.by_type.get("keep", [])
        options = [(a, drawn.get(a["card"])) for a in keeps]
        options = [(a, c) for a, c in options if c is not None]
        if not options:
            return None
        return max(options, key=lambda ac: self.card_value(ac[1], others=self.hand))[0]

    def on_graveyard(self) -> dict | None:
        take = self.by_type.get("graveyard_take", [None])[0]
        decline = self.by_type.get("graveyard_decline", [None])[0]
        info = self.view.get("graveyard") or {}
        cid = info.get("card")
        if take is None or cid is None:
            return decline
        card = _card_from_id(cid)
        value = self.card_value(card, extra_gold=-rules.GRAVEYARD_PRICE, others=self.hand)
        return take if value >= 2.5 and self.gold >= rules.GRAVEYARD_PRICE and not self.end else decline

    def on_navigator(self) -> dict | None:
        """4 cards (more choice for the next builds; measured better than 4 gold in self-play), except in
        the last round, where only an Imperial Treasury (gold) or a Map Room (cards) still scores."""
        gold = self.by_type.get("navigator_gold", [None])[0]
        cards = self.by_type.get("navigator_cards", [None])[0]
        if gold is None or cards is None:
            return gold or cards
        if self.end:
            return cards if "map_room" in self.city_ids and "imperial_treasury" not in self.city_ids else gold
        if self.view.get("deck_size", 0) <= 0 and self.view.get("discard_pile_size", 0) <= 0:
            return gold
        return cards

    def on_crown(self) -> dict | None:
        crowns = self.by_type.get("crown", [])
        if not crowns:
            return None
        tribute = self.view.get("phase") == "emperor_crown"

        def key(a: dict) -> float:
            j = a["target"]
            p = self.players[j]
            pays = 0.5 if tribute and (p["gold"] > 0 or p["hand_size"] > 0) else 0.0
            return -self.threat[j] + pays
        return max(crowns, key=key)

    def on_tribute(self) -> dict | None:
        gold = self.by_type.get("tribute_gold", [None])[0]
        cards = {a["card"]: a for a in self.by_type.get("tribute_card", [])}
        worst = None
        if cards:
            options = [c for c in self.hand if c["id"] in cards]
            if options:
                worst = min(options, key=lambda c: self.card_value(c, others=[o for o in self.hand if o is not c]))
        if worst is None:
            return gold
        val = self.card_value(worst, others=[o for o in self.hand if o is not worst])
        gold_value = 1.2 if self.candidates() else 0.6
        if gold is None or val < gold_value:
            return cards[worst["id"]]
        return gold

    def on_lighthouse(self) -> dict | None:
        takes = {a["card"]: a for a in self.by_type.get("lighthouse_take", [])}
        deck = {c["id"]: c for c in self.you.get("deck_cards") or []}
        options = [deck[cid] if cid in deck else _card_from_id(cid) for cid in takes]
        if not options:
            return None
        best = max(options, key=lambda c: self.card_value(c, others=self.hand))
        return takes[best["id"]]

    def on_bell_tower(self) -> dict | None:
        announce = self.by_type.get("announce_bell_tower", [None])[0]
        decline = self.by_type.get("decline_bell_tower", [None])[0]
        if announce is None or decline is None:
            return announce or decline
        mine = self.score_now(self.me)
        others = [j for j in range(self.n) if j != self.me]
        best_other = max((self.score_now(j) for j in others), default=0)
        my_len = len(self.city)
        their_len = max((len(self.players[j]["city"]) for j in others), default=0)
        ahead = mine >= best_other and my_len >= their_len - 1
        return announce if ahead else decline


def _card_from_id(cid: str) -> dict:
    """A card as views show it (for cards named by id only: the graveyard, known hands)."""
    d = DISTRICTS[DISTRICT_INDEX[cid]]
    return {"id": d.id, "colour": COLOURS[d.colour], "cost": d.cost, "score": d.score}


def _sinkhorn(matrix: list[list[float]], rounds: int = 25) -> None:
    """Balance a non-negative matrix in place: rows sum to 1 and (as far as possible) columns to 1."""
    if not matrix or not matrix[0]:
        return
    cols = len(matrix[0])
    for _ in range(rounds):
        for col in range(cols):
            s = sum(row[col] for row in matrix)
            if s > 0:
                for row in matrix:
                    row[col] /= s
        for row in matrix:
            s = sum(row)
            if s > 0:
                for i in range(cols):
                    row[i] /= s
