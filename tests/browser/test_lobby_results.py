"""The lobby's "your tables" tells how each finished game went (won, lost, or a place among three or
more) and sums up the games this device finished."""

from __future__ import annotations

import json
import random
import time
import urllib.request

TIMEOUT_MS = 15_000


def _call(server: str, method: str, path: str, body=None, token=None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(server + path, data=None if body is None else json.dumps(body).encode(),
                                 method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.load(r)


def _finish(server: str, game: str, players: int, seed: int) -> tuple[str, str, dict]:
    """A table with a person at seat 0 and easy bots, played to its end with random moves by the API."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "easy"}] * (players - 1)
    doc = _call(server, "POST", "/api/tables", {"game": game, "players": players, "seats": seats, "seed": seed})
    table_id, token = doc["table_id"], doc["seats"][0]["token"]
    rng = random.Random(seed)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = _call(server, "GET", f"/api/tables/{table_id}", token=token)
        if state["table"]["status"] == "over":
            return table_id, token, state["view"]["result"]
        if state["legal_actions"]:
            _call(server, "POST", f"/api/tables/{table_id}/actions", {"action": rng.choice(state["legal_actions"])},
                  token=token)
        else:
            time.sleep(0.05)
    raise AssertionError("the game did not end in time")


def test_your_tables_show_how_each_game_went(new_page, server, screenshot):
    games = [_finish(server, "gates", 2, 11), _finish(server, "citadels", 3, 12)]
    entries = {tid: {"game": g, "seats": {"0": {"token": tok, "kind": "human"}}, "created": 1}
               for (tid, tok, _), g in zip(games, ["gates", "citadels"], strict=True)}
    page = new_page(1280, 900)
    page.add_init_script("localStorage.setItem('cetate.lang', 'en'); "
                         f"localStorage.setItem('cetate.tables', {json.dumps(json.dumps(entries))});")
    page.goto(server + "/")
    record = page.locator("[data-testid=record]")
    record.wait_for(timeout=TIMEOUT_MS)
    won = sum(1 for _, _, result in games if 0 in result["winners"])
    assert record.inner_text() == f"You won {won} of your 2 finished games on this device."
    pills = page.locator("[data-testid=outcome]").all_inner_texts()
    screenshot(page, "lobby-results.png")
    assert len(pills) == 2
    for _, _, result in games:
        if 0 in result["winners"]:
            assert "You won" in pills
        elif len(result["ranking"]) > 2:
            place = result["ranking"].index(0) + 1
            assert f"Place {place} of 3" in pills
        else:
            assert "You lost" in pills
