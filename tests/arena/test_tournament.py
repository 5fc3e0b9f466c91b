"""A tiny tournament end to end: seatings and seeds, the figures, the report folder, search bots, solo
games, and the Python API's errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cetate.arena import TournamentError, play_batch, rotations, run_tournament, seating, write_report
from cetate.arena.runner import expand_lineup, outcome_ranks
from cetate.bots import play_game


@pytest.fixture(scope="module")
def tiny():
    return run_tournament("gates", 2, "random,gates-heuristic", games=3, seed=5, backend="inprocess")


@pytest.fixture(scope="module")
def folder(tiny, tmp_path_factory):
    return write_report(tiny, tmp_path_factory.mktemp("report") / "gates")


# -- seatings --------------------------------------------------------------------------------------

def test_lineups_repeat_in_turn_and_refuse_extra_bots():
    assert expand_lineup(["a", "b"], 4) == ["a", "b", "a", "b"]
    assert expand_lineup(["a", "b", "c"], 3) == ["a", "b", "c"]
    assert expand_lineup(["a"], 3) == ["a", "a", "a"]
    with pytest.raises(TournamentError) as caught:
        expand_lineup(["a", "b", "c"], 2)
    assert caught.value.code == "too_many_bots"


def test_only_distinct_seatings_are_rotations():
    assert rotations(["a", "b", "c", "d"]) == 4
    assert rotations(["a", "b", "a", "b"]) == 2
    assert rotations(["a", "a", "a"]) == 1
    assert rotations(["a", "b", "c", "a"]) == 4
    assert seating(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert seating(["a", "b", "c"], 1) == ["c", "a", "b"]  # lineup position i sits at seat i + 1
    # over its rotations, every bot of a lineup sits at every seat equally often
    lineup = ["a", "b", "a", "b"]
    for seat in range(4):
        assert sorted(seating(lineup, r)[seat] for r in range(rotations(lineup))) == ["a", "b"]


def test_places_come_from_scores_ranking_or_winners():
    assert outcome_ranks({"scores": [{"total": 3, "rank": 1}, {"total": 3, "rank": 1}, {"total": 0, "rank": 3}]},
                         3) == [1, 1, 3]
    assert outcome_ranks({"ranking": [2, 0, 1]}, 3) == [2, 3, 1]
    assert outcome_ranks({"winners": [1]}, 3) == [2, 1, 2]
    assert outcome_ranks({}, 2) is None


# -- the tiny tournament ---------------------------------------------------------------------------

def test_every_deal_is_played_in_every_rotation_with_its_seed(tiny):
    s = tiny.settings
    assert (s["deals"], s["rotations"], s["games"]) == (3, 2, 6)
    assert [(r["deal"], r["rotation"]) for r in tiny.rows] == [(d, r) for d in range(3) for r in range(2)]
    for row in tiny.rows:
        assert row["seed"] == 5 + row["deal"]
        assert row["seats"] == seating(["random", "gates-heuristic"], row["rotation"])


def test_a_row_replays_with_play_game(tiny):
    row = tiny.rows[3]
    _state, record = play_game("gates", 2, row["seed"], tiny.settings["options"], row["seats"])
    assert record.result["winners"] == row["winners"]
    assert len(record.actions) == row["actions"]


def test_play_batch_is_a_pure_function():
    args = ("gates", 2, ["random", "ismcts:iterations=5"], [(0, 21), (1, 22)], None)
    first, second = play_batch(*args), play_batch(*args)
    strip = [{k: v for k, v in r.items() if k != "time_ms"} for r in first]
    assert strip == [{k: v for k, v in r.items() if k != "time_ms"} for r in second]
    assert len(first) == 4


def test_figures_are_sane(tiny):
    summary = tiny.summary
    assert summary["games"] == 6 and summary["rated"]
    assert summary["mean_actions"] > 0
    shares = 0.0
    for entry in summary["bots"]:
        assert entry["seat_games"] == 6
        assert 0.0 <= entry["win_rate"] <= 1.0
        assert entry["win_low"] <= entry["win_rate"] <= entry["win_high"]
        for seat in entry["per_seat"]:
            assert seat["games"] == 3
            assert seat["low"] <= seat["win_rate"] <= seat["high"]
        assert entry["scores"]["min"] <= entry["scores"]["median"] <= entry["scores"]["max"]
        rating = entry["rating"]
        assert rating["low"] < rating["mu"] < rating["high"]
        assert entry["ms_per_decision"] > 0
        shares += entry["wins"]
    assert shares == pytest.approx(sum(1 for r in tiny.rows if r["winners"]))
    heuristic, random_ = tiny.bot("gates-heuristic"), tiny.bot("random")
    assert heuristic["win_rate"] > random_["win_rate"]
    assert heuristic["rating"]["mu"] > random_["rating"]["mu"]


def test_report_folder(folder, tiny):
    names = sorted(p.name for p in Path(folder).iterdir())
    assert names == ["ratings.png", "report.json", "report.md", "scores.png", "win_rates.png"]
    for png in ("ratings.png", "scores.png", "win_rates.png"):
        assert (folder / png).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    doc = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert doc["settings"]["rotations"] == 2 and doc["settings"]["bots"] == ["random", "gates-heuristic"]
    assert len(doc["games"]) == 6
    assert {"deal", "rotation", "seed", "seats", "winners", "ranking", "totals", "actions"} <= set(doc["games"][0])
    md = (folder / "report.md").read_text(encoding="utf-8")
    assert "How to read" in md and "gates-heuristic" in md and "random" in md
    assert "Wilson" in md and "## Win rate by seat" in md and "![Win rates" in md
    # a report.json read back writes the same report
    again = write_report(doc, folder.parent / "again")
    assert (again / "report.md").read_text(encoding="utf-8") == md


# -- search bots, solo games -----------------------------------------------------------------------

def test_search_bots_play_through_choose():
    result = run_tournament("gates", 2, ["ismcts:iterations=20", "random"], games=2, seed=3, backend="inprocess")
    entry = result.bot("ismcts:iterations=20")
    assert entry["seat_games"] == 4 and entry["decisions"] > 0
    assert result.summary["rated"]


def test_a_solo_tournament_has_no_rating(tmp_path):
    result = run_tournament("akropolis", 1, "random", games=2, backend="inprocess")
    assert result.settings["rotations"] == 1 and len(result.rows) == 2
    assert not result.summary["rated"] and result.bot("random")["rating"] is None
    folder = write_report(result, tmp_path / "solo")
    assert (folder / "win_rates.png").exists() and not (folder / "ratings.png").exists()
    assert "No rating" in (folder / "report.md").read_text(encoding="utf-8")


# -- errors ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "kwargs", "code"), [
    (("nogame", 2, "random", 1), {}, "unknown_game"),
    (("gates", 3, "random", 1), {}, "players"),
    (("gates", 2, "nobot", 1), {}, "unknown_bot"),
    (("gates", 2, "citadels-heuristic", 1), {}, "wrong_game_bot"),
    (("gates", 2, "ismcts:iterations=zero", 1), {}, "bad_bot"),
    (("gates", 2, "random,random,random", 1), {}, "too_many_bots"),
    (("gates", 2, "", 1), {}, "no_bots"),
    (("gates", 2, "random", 0), {}, "games"),
    (("gates", 2, "random", 1), {"jobs": 0}, "jobs"),
    (("gates", 2, "random", 1), {"backend": "cloud"}, "backend"),
    (("gates", 2, "random", 1), {"options": {"nope": 1}}, "options"),
])
def test_bad_settings_raise_a_tournament_error(args, kwargs, code):
    with pytest.raises(TournamentError) as caught:
        run_tournament(*args, **{"backend": "inprocess", **kwargs})
    assert caught.value.code == code and caught.value.usage


def test_a_failing_game_says_which_and_survives_pickling():
    import pickle

    from cetate.bots.base import _REGISTRY, Bot

    class Crashing(Bot):
        name = "crashing-test-bot"

        def act(self, view, legal_actions):
            raise RuntimeError("boom")

    _REGISTRY[Crashing.name] = Crashing
    try:
        with pytest.raises(TournamentError) as caught:
            run_tournament("gates", 2, ["random", Crashing.name], games=1, seed=9, backend="inprocess")
    finally:
        del _REGISTRY[Crashing.name]
    error = caught.value
    assert error.code == "game_failed" and not error.usage
    assert error.params["deal"] == 0 and error.params["seed"] == 9 and "boom" in error.params["detail"]
    again = pickle.loads(pickle.dumps(error))  # it crosses process and Ray boundaries intact
    assert (again.code, again.usage, again.params) == (error.code, error.usage, error.params)
