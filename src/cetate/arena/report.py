"""The tournament report: `report.md`, `report.json` and PNG plots in one folder.

The report body is written in English (it is a document to keep and share); the command line's own
messages go through the catalogs. Plots are drawn with matplotlib's Agg canvas directly (no pyplot, no
window, no change to the caller's matplotlib backend).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cetate.arena.tournament import TournamentResult

HOW_TO_READ = (
    "How to read: every deal (game seed) is played once per seat rotation, so luck of the deal is shared "
    "by all bots. The rating is OpenSkill (Plackett-Luce): mu is the skill estimate, the bracket is "
    "mu ± 1.96 sigma, and bots are sorted by the cautious ordinal mu - 3 sigma. Win rates count a shared "
    "win as a fraction; the bracket after each is its Wilson 95% interval. Overlapping brackets mean the "
    "tournament has not told the bots apart yet: play more deals.")

PLOTS = {"win_rates": "win_rates.png", "ratings": "ratings.png", "scores": "scores.png"}


def _result(result: TournamentResult | dict) -> TournamentResult:
    return result if isinstance(result, TournamentResult) else TournamentResult.from_dict(result)


def ordered_bots(result: TournamentResult) -> list[dict[str, Any]]:
    """The bots' summary rows, best first: by rating ordinal when rated, else by win rate."""
    def key(entry: dict) -> tuple:
        rating = entry.get("rating")
        return (-(rating["ordinal"] if rating else 0.0), -(entry.get("win_rate") or 0.0), entry["bot"])

    return sorted(result.summary["bots"], key=key)


# -- Markdown --------------------------------------------------------------------------------------

def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _backend(s: dict) -> str:
    backend = s.get("backend", "-")
    if backend == "pool":
        jobs = s.get("jobs")
        return f"pool ({jobs} worker process{'' if jobs == 1 else 'es'})"
    if backend == "ray":
        return f"ray (cluster at {s['ray_address']})" if s.get("ray_address") else "ray"
    return str(backend)


def markdown(result: TournamentResult, plots: dict[str, str]) -> str:
    s = result.settings
    summary = result.summary
    lines = [f"# Tournament: {s.get('game_name', s['game'])}, {s['players']} players", "", HOW_TO_READ, "",
             "## Settings", "", "| setting | value |", "|---|---|"]
    options = {k: v for k, v in (s.get("options") or {}).items()}
    settings_rows = [
        ("game", f"{s['game']} (engine {s.get('engine_version', '?')})"),
        ("players", s["players"]),
        ("bots", ", ".join(s["bots"])),
        ("lineup (rotation 0, seat 0 first)", ", ".join(s["lineup"])),
        ("deals (--games)", s["deals"]),
        ("rotations per deal", s["rotations"]),
        ("games played", s["games"]),
        ("game seeds", f"{s['game_seeds'][0]} to {s['game_seeds'][1]} (deal k: seed {s['seed']} + k)"),
        ("bot seeds", "bot_seed(game seed, seat), the same in every rotation"),
        ("options", json.dumps(options, sort_keys=True)),
        ("backend", _backend(s)),
        ("started (UTC)", s.get("started", "-")),
        ("wall time", f"{_num(s.get('seconds'))} s"),
    ]
    lines += [f"| {name} | {value} |" for name, value in settings_rows]
    lines += ["", "## Bots", ""]
    if not summary.get("rated"):
        lines += ["No rating: no game had two different bots ranked against each other (a solo game, or "
                  "one bot on every seat).", ""]
    lines += ["| # | bot | rating mu [95%] | ordinal | win rate [Wilson 95%] | seat-games | "
              "score mean ± sd | score min / median / max | ms per decision |",
              "|---:|---|---:|---:|---:|---:|---:|---:|---:|"]
    for place, entry in enumerate(ordered_bots(result), start=1):
        r = entry.get("rating")
        rating = f"{r['mu']:.2f} [{r['low']:.2f}, {r['high']:.2f}]" if r else "-"
        ordinal = f"{r['ordinal']:.2f}" if r else "-"
        win = f"{_pct(entry['win_rate'])} [{_pct(entry['win_low'])}, {_pct(entry['win_high'])}]"
        sc = entry.get("scores")
        score = f"{sc['mean']:.2f} ± {sc['sd']:.2f}" if sc else "-"
        spread = f"{_num(sc['min'], 0)} / {_num(sc['median'])} / {_num(sc['max'], 0)}" if sc else "-"
        lines.append(f"| {place} | {entry['bot']} | {rating} | {ordinal} | {win} | {entry['seat_games']} | "
                     f"{score} | {spread} | {_num(entry.get('ms_per_decision'), 2)} |")
    players = s["players"]
    lines += ["", "## Win rate by seat", "",
              "Each cell: win rate [Wilson 95%] over the games the bot played in that seat.", "",
              "| bot | " + " | ".join(f"seat {i}" for i in range(players)) + " |",
              "|---|" + "---:|" * players]
    for entry in ordered_bots(result):
        cells = []
        for seat in entry["per_seat"]:
            if not seat["games"]:
                cells.append("-")
            else:
                cells.append(f"{_pct(seat['win_rate'])} [{_pct(seat['low'])}, {_pct(seat['high'])}] "
                             f"(n={seat['games']})")
        lines.append(f"| {entry['bot']} | " + " | ".join(cells) + " |")
    lines += ["", "## Games", "", f"- games played: {summary['games']}",
              f"- mean game length: {_num(summary.get('mean_actions'))} actions"]
    if summary.get("mean_rounds") is not None:
        lines.append(f"- mean rounds: {_num(summary['mean_rounds'], 2)}")
    lines.append("- every game, with its seats, seeds and result, is listed in report.json (`games`); "
                 "a game can be replayed alone with `cetate.bots.play_game(game, players, seed, options, seats)`")
    if plots:
        lines += ["", "## Plots", ""]
        titles = {"win_rates": "Win rates (Wilson 95%)", "ratings": "Ratings (mu ± 1.96 sigma)",
                  "scores": "Final scores"}
        for key, name in plots.items():
            lines += [f"![{titles[key]}]({name})", ""]
    return "\n".join(lines).rstrip() + "\n"


# -- plots -----------------------------------------------------------------------------------------

def _figure(width: float, height: float):
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(figure)
    return figure


def _save(figure, path: Path) -> None:
    figure.tight_layout()
    figure.savefig(path, format="png")


def plot_win_rates(result: TournamentResult, path: Path) -> None:
    bots = ordered_bots(result)
    figure = _figure(max(4.0, 1.2 * len(bots) + 2), 3.6)
    ax = figure.add_subplot()
    xs = range(len(bots))
    rates = [b["win_rate"] or 0.0 for b in bots]
    below = [max(0.0, r - b["win_low"]) for r, b in zip(rates, bots, strict=True)]
    above = [max(0.0, b["win_high"] - r) for r, b in zip(rates, bots, strict=True)]
    ax.bar(xs, rates, color="#4c72b0", alpha=0.8)
    ax.errorbar(xs, rates, yerr=[below, above], fmt="none", ecolor="black", capsize=5)
    players = result.settings["players"]
    if players > 1:
        ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label=f"1/{players}")
        ax.legend(loc="upper right")
    ax.set_xticks(list(xs), [b["bot"] for b in bots], rotation=20, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title("Win rate per seat-game, Wilson 95% interval")
    _save(figure, path)


def plot_ratings(result: TournamentResult, path: Path) -> None:
    bots = [b for b in ordered_bots(result) if b.get("rating")]
    figure = _figure(max(4.0, 1.2 * len(bots) + 2), 3.6)
    ax = figure.add_subplot()
    xs = range(len(bots))
    mus = [b["rating"]["mu"] for b in bots]
    half = [b["rating"]["high"] - b["rating"]["mu"] for b in bots]
    ax.errorbar(xs, mus, yerr=half, fmt="o", color="#dd8452", ecolor="black", capsize=5)
    ax.set_xticks(list(xs), [b["bot"] for b in bots], rotation=20, ha="right")
    ax.set_xlim(-0.5, len(bots) - 0.5)
    ax.set_ylabel("mu")
    ax.set_title("OpenSkill rating, mu ± 1.96 sigma")
    _save(figure, path)


def plot_scores(result: TournamentResult, path: Path) -> None:
    totals: dict[str, list[float]] = {b: [] for b in result.settings["bots"]}
    for row in result.rows:
        for bot, total in zip(row["seats"], row.get("totals") or [], strict=False):
            if total is not None:
                totals[bot].append(total)
    names = [b["bot"] for b in ordered_bots(result) if totals[b["bot"]]]
    figure = _figure(max(4.0, 1.2 * len(names) + 2), 3.6)
    ax = figure.add_subplot()
    ax.boxplot([totals[n] for n in names], showmeans=True)
    ax.set_xticks(range(1, len(names) + 1), names, rotation=20, ha="right")
    ax.set_ylabel("final score (total)")
    ax.set_title("Final scores per bot (triangle: mean)")
    _save(figure, path)


def write_plots(result: TournamentResult, folder: Path) -> dict[str, str]:
    """The PNG files drawn, as {kind: file name}: win rates always, ratings when there are any, scores
    when the game reports totals."""
    written = {}
    plot_win_rates(result, folder / PLOTS["win_rates"])
    written["win_rates"] = PLOTS["win_rates"]
    if result.summary.get("rated"):
        plot_ratings(result, folder / PLOTS["ratings"])
        written["ratings"] = PLOTS["ratings"]
    if any(entry.get("scores") for entry in result.summary["bots"]):
        plot_scores(result, folder / PLOTS["scores"])
        written["scores"] = PLOTS["scores"]
    return written


# -- the folder ------------------------------------------------------------------------------------

def write_report(result: TournamentResult | dict, out_dir: str | Path) -> Path:
    """Write report.json, the plots and report.md into `out_dir` (created if needed); return the folder.
    `result` is a `TournamentResult` or its `to_dict()` document (e.g. a report.json read back)."""
    result = _result(result)
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    doc = result.to_dict()
    (folder / "report.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    plots = write_plots(result, folder)
    (folder / "report.md").write_text(markdown(result, plots), encoding="utf-8")
    return folder
