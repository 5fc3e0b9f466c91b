"""Small parts of the server: settings, the turn clock's arithmetic, guide sections, the static client,
the bot pool's worker function."""

from __future__ import annotations

import asyncio
import concurrent.futures

import pytest

from cetate.games import get as get_game
from cetate.server.api import guide_sections
from cetate.server.app import create_app
from cetate.server.bots import BotPool, decide, game_bots, level_bot
from cetate.server.clock import BadClock, TurnClock, check_clock
from cetate.server.settings import Settings
from tests.server.conftest import TestClient, make_settings


def test_settings_from_flags_environment_and_defaults(tmp_path):
    default = Settings.from_env({})
    assert default.url == "sqlite:///data/cetate.sqlite3" and default.bot_delay_s == 0.6
    env = {"CETATE_DATA_DIR": str(tmp_path), "CETATE_BOT_DELAY_S": "0", "CETATE_BOT_WORKERS": "0"}
    from_env = Settings.from_env(env)
    assert from_env.url == f"sqlite:///{tmp_path / 'cetate.sqlite3'}" and from_env.bot_delay_s == 0
    env["CETATE_DATABASE_URL"] = "sqlite:///elsewhere.db"
    assert Settings.from_env(env).url == "sqlite:///elsewhere.db"
    flags = Settings.from_env(env, database_url="sqlite:///flag.db", data_dir=None)
    assert flags.url == "sqlite:///flag.db" and flags.data_dir == tmp_path
    with pytest.raises(ValueError, match="CETATE_BOT_WORKERS"):
        Settings.from_env({"CETATE_BOT_WORKERS": "many"})


def test_clock_charges_time_adds_increments_and_rebuilds_from_timestamps():
    clock = TurnClock(10.0, 2.0, 2)
    clock.start(0, now=100.0)
    assert clock.left(0, now=103.0) == 7.0 and clock.deadline() == 110.0
    clock.stop(now=104.0)
    clock.moved(0)
    assert clock.remaining == [8.0, 10.0] and clock.running is None
    clock.moved(1, timeout=True)
    assert clock.remaining[1] == 2.0
    rebuilt = TurnClock(10.0, 2.0, 2)
    rebuilt.rebuild([
        {"seq": 1, "seat": 0, "created_at": "2025-01-01T00:00:00+00:00"},
        {"seq": 2, "seat": 1, "created_at": "2025-01-01T00:00:04+00:00"},
        {"seq": 3, "seat": 0, "created_at": "2025-01-01T00:00:07+00:00"},
        {"seq": 4, "seat": 0, "created_at": "2025-01-01T00:00:30+00:00", "timeout": True},
    ], clocked={0})
    assert rebuilt.remaining == [2.0, 10.0]  # 12 after move 1, 11 after move 3, the increment after a time-out
    assert check_clock({"initial_s": 60, "increment_s": 5}) == {"initial_s": 60.0, "increment_s": 5.0}
    assert check_clock(None) is None
    with pytest.raises(BadClock):
        check_clock({"initial_s": True})


def test_guide_sections_split_at_headings_but_not_inside_code():
    text = "# Title\n\nIntro.\n\n## First part\n\nText\n```\n## not a heading\n```\n\n## Second\nMore\n"
    sections = guide_sections(text)
    assert [s["slug"] for s in sections] == ["title", "first-part", "second"]
    assert "## not a heading" in sections[1]["markdown"]


def test_static_client_is_served_from_the_web_folder(tmp_path):
    web = tmp_path / "web"
    web.mkdir()
    (web / "index.html").write_text("<!doctype html><title>client</title>", encoding="utf-8")
    (web / "app.js").write_text("export {};", encoding="utf-8")
    with TestClient(create_app(make_settings(tmp_path), web_dir=web)) as client:
        assert "client" in client.get("/").text
        assert client.get("/app.js").status_code == 200
        assert client.get("/api/games").status_code == 200
        missing = client.get("/api/missing")
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
    with TestClient(create_app(make_settings(tmp_path), web_dir=tmp_path / "none")) as client:
        page = client.get("/")
        assert page.status_code == 200 and "/api/games" in page.text


def test_levels_map_to_the_heuristic_bot_and_the_worker_decides():
    game = get_game("citadels")
    assert level_bot("citadels", "easy") == "citadels-heuristic"
    assert "citadels-heuristic" in game_bots("citadels") and "random" in game_bots("citadels")
    state = game.setup(3, 1)
    seat = game.to_move(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    assert decide("citadels", "citadels-heuristic", seat, "s", view, legal) in legal

    async def in_a_process():
        pool = BotPool(1)
        try:
            return await pool.decide("citadels", "random", seat, "s", view, legal)
        finally:
            pool.close()

    # in a thread of its own: a session-wide Playwright browser may keep an event loop in this one
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        assert ex.submit(asyncio.run, in_a_process()).result() in legal

