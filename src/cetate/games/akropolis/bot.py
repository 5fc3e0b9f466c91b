"""The `akropolis-heuristic` bot: a greedy player of Akropolis (1-4 players, Athena, variants, solo).

It decides only from its seat's `view` and the list of legal actions, like every bot (see `cetate.bots`).
It rebuilds its own city from the view (`City.from_cells`) and judges moves with the engine's own functions
(`City.placements`, `City.refusal`, `rules.take_cost`, `rules.stones_gained`, `scoring.score_city` and its
conditions, `cards.satisfied`, `scoring.architect_score`, `rules.architect_pick`); its judgement lives in
valuation.py, below this module, the solo rollouts (rollout.py) and the search hooks (search.py).

How it plays, in short (details and measurements in docs/bots/akropolis-heuristic.md):

* **Value of a city.** Per colour, (scoring value + potential + expected future value) x (visible stars +
  expected future stars), plus the stones at their worth. The future terms grow with the turns left and
  follow the composition of the tiles still to come (`unseen` and the site): early on a plaza is worth a
  lot and a district of a colour without plaza still counts; in the last turns only the score matters.
  Potentials: a temple not yet surrounded, houses outside the scoring group. A visible quarry counts a
  little, more when a tile could be laid over it now (this is what makes the bot build upwards); each
  empty cell along the border costs a little (compact cities stack and surround better).
* **Take and place.** The legal placements are listed once; for each tile of the site they are ranked
  with a cheap local estimate (what each new hex adds, what each covered hex loses, the effect on the
  temples, barracks and markets around) and only the best few are valued in full. It takes the tile
  with the best value after placing minus the stones paid, and remembers the placement for the
  following `place` decision (re-checked against the legal actions).
* **Athena.** A satisfied card adds the worth of its best small tile and of the statue progress, a
  card in progress a share of that. Ready cards are completed with the small tile and spot that raise
  the value most; `done` only when nothing helps.
* **Solo.** The Architect's picks are deterministic and the site is known until the refill, so every
  take is followed by the rest of the round (his picks, the bot's best next pick, the stones paid to
  him); what he gains is valued with a similar future-aware formula for his collection (his future at
  rates fitted on whole games, `arch_districts` and `arch_stars`) and subtracted.
  Each tile's three best placements are also judged one tile further: the mean value of the city once a
  sample of the tiles still to come (ten distinct ones) is laid at its best placement, which keeps the
  city open to what may come (this raised the wins against Callicrates from about 20% to a third).
* **Solo rollouts.** When the driver hands it a sample of its information set (`uses_sample`), each take
  is checked by short rollouts in worlds drawn from it (`rollout.py`): its choice and each affordable
  tile's best placements are played on in the same worlds by a greedy copy of itself against the
  Architect, and it changes its mind only for a candidate clearly better world by world.

Whatever it does not understand falls back to a legal action: it never raises (unless `strict`) and
always returns an element of `legal_actions`.
"""

from __future__ import annotations

from typing import ClassVar

from cetate.core.rng import Rng
from cetate.games.akropolis import rollout
from cetate.games.akropolis.city import City
from cetate.games.akropolis.valuation import PARAMS, _key, _match, _Turn

NAME = "akropolis-heuristic"
city_from_view = City.from_cells  # a city rebuilt from the cells of a seat's view


class AkropolisHeuristicBot:
    """A greedy Akropolis bot. Same interface as `cetate.bots.Bot` (the game package may not import
    `cetate.bots`, so this class does not subclass it): `act(view, legal_actions) -> action`."""

    name: ClassVar[str] = NAME
    strict: ClassVar[bool] = False  # True: re-raise a decision error instead of falling back (for tests)
    # solo takes are checked by rollouts in worlds drawn from a sample of the information set (rollout.py)
    uses_sample: ClassVar[bool] = True

    def __init__(self, game: object, seat: int, seed: int | str = 0, params: dict | None = None) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.rng = Rng.from_seed(seed)
        self.params = {**PARAMS, **(params or {})}
        self._plan: tuple | None = None  # (turn, tile or small-tile id, (q, r, rot)) chosen ahead
        self._rollout_bot: AkropolisHeuristicBot | None = None
        self.errors: list[str] = []

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seat={self.seat}>"

    def act(self, view: dict, legal_actions: list[dict], sample: object = None) -> dict:
        """The bot's action. `sample`: a state drawn from the seat's information set (drivers hand one to
        bots that set `uses_sample`); in solo it lets the bot check its takes by rollouts."""
        if not legal_actions:
            raise ValueError("the akropolis-heuristic bot was asked to act with no legal action")
        if len(legal_actions) == 1:
            return legal_actions[0]
        try:
            choice = self._decide(view, legal_actions, sample)
        except Exception as exc:  # never let a surprise in a view crash a game
            self.errors.append(repr(exc))
            if self.strict:
                raise
            choice = None
        if choice is None or not any(choice is a for a in legal_actions):
            choice = _fallback(legal_actions, choice)
        return choice

    def plan(self) -> list[dict]:
        """The move it has already chosen to follow its last one: where the tile it just took goes, or
        the small tile of the card it just completed (used for hints; empty when nothing is planned)."""
        if self._plan is None:
            return []
        (kind, _turn, _id), _cells, (q, r, rot) = self._plan
        return [{"type": "place" if kind == "place" else "place_small", "q": int(q), "r": int(r), "rot": int(rot)}]

    def rollout_bot(self) -> AkropolisHeuristicBot:
        """The greedy copy of this bot that plays the solo rollouts (no look-ahead, fewer placements)."""
        if self._rollout_bot is None:
            params = {**self.params, "look_tiles": 0, "rollout_worlds": 0, "top_k": self.params["rollout_top_k"]}
            self._rollout_bot = AkropolisHeuristicBot(self.game, self.seat, f"{self.seed}/rollout", params)
        return self._rollout_bot

    def _decide(self, view: dict, legal: list[dict], sample: object = None) -> dict | None:
        if not isinstance(view, dict) or not all(isinstance(a, dict) for a in legal):
            return None
        kinds = {a.get("type") for a in legal}
        if kinds == {"take"}:
            turn = _Turn(self, view)
            choice = turn.take(legal)
            if choice is not None and sample is not None and turn.arch is not None and self._plan is not None:
                try:
                    better = rollout.improve_take(self, view, legal, sample, turn, choice, self._plan)
                except Exception as exc:  # a surprise in the sample: keep the heuristic's own choice
                    self.errors.append(repr(exc))
                    if self.strict:
                        raise
                    better = None
                if better is not None:
                    choice, self._plan = better
            return choice
        if kinds == {"place"}:
            return self._place(view, legal)
        if kinds <= {"athena", "done"}:
            return _Turn(self, view).complete_card(legal)
        if kinds == {"place_small"}:
            return self._place_small(view, legal)
        return None

    def _place(self, view: dict, legal: list[dict]) -> dict | None:
        held = view.get("held") or {}
        plan = self._plan
        if plan is not None and plan[0] == ("place", view.get("turn"), held.get("id")):
            found = _match(legal, plan[1], plan[2], held.get("hexes", ""))
            if found is not None:
                return found
        return _Turn(self, view).place(legal)

    def _place_small(self, view: dict, legal: list[dict]) -> dict | None:
        small = (view.get("athena") or {}).get("small_held") or {}
        plan = self._plan
        if plan is not None and plan[0] == ("small", view.get("turn"), small.get("id")):
            q, r, rot = plan[2]
            for a in legal:
                if a["q"] == q and a["r"] == r and a["rot"] == rot:
                    return a
        return _Turn(self, view).place_small(legal)


def _fallback(legal: list[dict], choice) -> dict:
    """`choice` if it equals a legal action, else `done` when offered, else the first legal action."""
    if isinstance(choice, dict):
        for a in legal:
            if a == choice:
                return a
    for a in legal:
        if isinstance(a, dict) and a.get("type") == "done":
            return a
    return legal[0]


__all__ = ["NAME", "PARAMS", "AkropolisHeuristicBot", "_Turn", "_fallback", "_key", "_match", "city_from_view"]
