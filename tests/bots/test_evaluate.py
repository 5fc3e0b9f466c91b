"""`cetate.bots.evaluate`: per-game lines, bot parameters, games in several processes and paired
comparisons of two runs seed by seed."""

from __future__ import annotations

import json

import pytest

from cetate.bots.evaluate import main, paired, play_one, read_lines, rotation_match


def _same(lines):
    return [{k: v for k, v in line.items() if k != "bot_seconds"} for line in lines]


def test_lines_follow_the_seeds_and_add_up_to_the_summary():
    r = rotation_match("akropolis", 2, "akropolis-heuristic", "random", games=4, seed=30)
    lines = r["lines"]
    assert [line["seed"] for line in lines] == [30, 31, 32, 33]
    assert [line["seat"] for line in lines] == [0, 1, 0, 1]
    assert sum(line["win"] for line in lines) == r["wins"]
    for line in lines:
        assert line["decisions"] > 0
        assert isinstance(line["margin"], float)
        assert (line["win"] > 0) == (line["seat"] in line["winners"])
        assert (line["margin"] > 0) <= (line["win"] == 1.0)  # a positive margin is a win
    assert r["margin"] == pytest.approx(sum(line["margin"] for line in lines) / 4)


def test_processes_play_the_same_games():
    one = rotation_match("gates", 2, "gates-heuristic", "random", games=4, seed=5)
    two = rotation_match("gates", 2, "gates-heuristic", "random", games=4, seed=5, jobs=2)
    assert _same(one["lines"]) == _same(two["lines"])
    assert one["wins"] == two["wins"]


def test_params_change_the_bot_and_bad_ones_are_refused():
    plain = play_one("akropolis", 2, "akropolis-heuristic", "random", 8, 0)
    again = play_one("akropolis", 2, "akropolis-heuristic", "random", 8, 0, params={"top_k": 10})
    assert _same([plain]) == _same([again])  # top_k 10 is the default
    other = play_one("akropolis", 2, "akropolis-heuristic", "random", 8, 0, params={"compact": 5.0, "quarry": 3.0})
    assert other["decisions"] > 0
    with pytest.raises(ValueError, match="no param 'nonsense'"):
        play_one("akropolis", 2, "akropolis-heuristic", "random", 8, 0, params={"nonsense": 1})
    with pytest.raises(ValueError, match="has no tunable params"):
        play_one("gates", 2, "gates-heuristic", "random", 8, 0, params={"top_k": 1})


def test_paired_counts_games_of_both_runs_seed_by_seed():
    earlier = [{"seed": 1, "win": 1.0, "margin": 5.0}, {"seed": 2, "win": 0.0, "margin": -3.0},
               {"seed": 3, "win": 0.0, "margin": -1.0}]
    lines = [{"seed": 1, "win": 1.0, "margin": 9.0}, {"seed": 2, "win": 1.0, "margin": 2.0},
             {"seed": 4, "win": 1.0, "margin": 7.0}]
    c = paired(lines, earlier)
    assert c["games"] == 2 and c["wins"] == 2.0 and c["earlier_wins"] == 1.0
    assert (c["better"], c["worse"]) == (1, 0)
    assert c["margin_diff"] == pytest.approx(4.5)
    assert c["margin_se"] == pytest.approx(0.5)
    other_seat = [{"seed": 1, "seat": 1, "win": 0.0, "margin": -2.0}]  # another seat is another game
    assert paired(other_seat, earlier)["games"] == 0


def test_the_command_keeps_lines_and_compares_with_them(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    argv = ["gates", "--bot", "gates-heuristic", "--players", "2", "--games", "4", "--seed", "11"]
    main([*argv, "--games-out", str(out)])
    first = read_lines(str(out))
    assert [line["seed"] for line in first] == [11, 12, 13, 14]
    capsys.readouterr()
    main([*argv, "--compare", str(out), "--jobs", "2"])
    text = capsys.readouterr().out
    wins = sum(line["win"] for line in first)
    assert f"paired with {out}: 4 games, {wins:.1f} wins here against {wins:.1f} there (0 won here" in text
    assert "mean margin +0.00 (standard error 0.00)" in text


def test_the_command_refuses_bad_files_and_params(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"seed": 1, "win": 1.0}) + "\n{oops\n", encoding="utf-8")
    argv = ["gates", "--bot", "gates-heuristic", "--players", "2", "--games", "1"]
    with pytest.raises(SystemExit) as exc:
        main([*argv, "--compare", str(bad)])
    assert exc.value.code == 2
    assert "bad.jsonl, line 2: not JSON" in capsys.readouterr().err
    bad.write_text(json.dumps({"win": 1.0}) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        main([*argv, "--compare", str(bad)])
    assert "line 1: not a game line" in capsys.readouterr().err
    bad.write_text(json.dumps({"seed": 1, "win": "yes"}) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit):
        main([*argv, "--compare", str(bad)])
    assert "line 1: not a game line (it needs a seed and a win, both numbers)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*argv, "--compare", str(tmp_path / "missing.jsonl")])
    assert "--compare:" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*argv, "--param", "top_k"])
    assert "--param takes name=value" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*argv, "--param", "top_k=3"])
    assert "has no tunable params" in capsys.readouterr().err


def test_a_solo_row_has_no_parity_share_and_takes_params(capsys):
    main(["akropolis", "--bot", "akropolis-heuristic", "--players", "1", "--games", "1", "--seed", "3",
          "--option", "architect=hippodamos", "--param", "rollout_worlds=0"])
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| 1 |"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1] == "1" and cells[5] == "-"  # games, parity
    assert cells[4] in ("0.0%-79.3%", "20.7%-100.0%")  # the Wilson interval of 0 or 1 win in 1 game
    assert cells[7] not in ("-", "")  # solo results carry the Architect's total, so a margin


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--games", "0"], "--games takes a positive number, not 0"),
        (["--jobs", "0"], "--jobs takes a positive number, not 0"),
        (["--players", "two"], "--players takes counts such as 4, 2-8 or 2,4,6, not 'two'"),
        (["--players", "3"], "bad_players"),
        (["--bot", "nonsense"], "unknown bot 'nonsense'"),
        (["--bot", "nonsense", "--jobs", "2", "--games", "2"], "unknown bot 'nonsense'"),  # raised in a worker
        (["--option", "foo=1", "--jobs", "2", "--games", "2"], "unknown option 'foo'"),
        (["--option", "=1"], "--option takes name=value, not '=1'"),
        (["--player-option", "two:foo=1"], "--player-option takes N:name=value, not 'two:foo=1'"),
        (["--player-option", "2:foo"], "--player-option takes N:name=value, not '2:foo'"),
        (["--games-out", "/nonexistent/dir/run.jsonl"], "--games-out: cannot write /nonexistent/dir/run.jsonl"),
    ],
)
def test_the_command_refuses_bad_arguments_without_a_traceback(args, says, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["gates", "--bot", "gates-heuristic", "--players", "2", "--games", "1", *args])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err
