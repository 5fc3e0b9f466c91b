"""The arena: tournaments between bots with seat rotation and duplicate deals, OpenSkill ratings, Wilson
intervals and a report folder (Markdown, JSON, PNG plots). See docs/arena.md.

    from cetate.arena import run_tournament, write_report
    result = run_tournament("gates", 2, "random,gates-heuristic", games=20, backend="inprocess")
    write_report(result, "reports/gates")

Modules: `runner` (seatings, `play_batch`, the in-process, process-pool and Ray backends), `stats` (win
shares, Wilson intervals, OpenSkill ratings), `tournament` (`run_tournament`), `report` (`write_report`),
`console` (the `cetate tournament` command's progress bar and summary). Heavy libraries (matplotlib,
openskill, ray) are imported only when used, so the worker processes start quickly.
"""

from cetate.arena.report import write_report
from cetate.arena.runner import TournamentError, play_batch, rotations, seating, without_timing
from cetate.arena.stats import ratings, wilson
from cetate.arena.tournament import TournamentResult, plan, run_tournament

__all__ = ["TournamentError", "TournamentResult", "plan", "play_batch", "ratings", "rotations", "run_tournament",
           "seating", "wilson", "without_timing", "write_report"]
