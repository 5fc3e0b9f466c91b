"""The REST API around tables: games, guides, catalogs, creating, joining, starting, listing, handing a seat
to a bot, and the refusals (status codes and error bodies)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from tests.server.conftest import bearer, create, human_vs_bots, my_turn, table_doc, wait_until


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"} and body["error"]["message"], body
    return body["error"]


# -- games, guides, messages ----------------------------------------------------------------------

def test_games_lists_citadels_with_options_and_bots(client):
    games = client.get("/api/games").json()
    citadels = next(g for g in games if g["id"] == "citadels")
    assert citadels["min_players"] == 2 and citadels["max_players"] == 8
    assert {"random", "citadels-heuristic"} <= set(citadels["bots"])
    names = {o["name"] for o in citadels["options"]}
    assert "starting_seat" in names and all("default" in o for o in citadels["options"])


def test_every_game_has_its_own_emblem(client):
    games = client.get("/api/games").json()
    emblems = {g["id"]: g["emblem"] for g in games}
    assert set(emblems) >= {"citadels", "akropolis", "gates"}
    assert len(set(emblems.values())) == len(emblems)
    for svg in emblems.values():
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg") and root.get("viewBox") == "0 0 120 80"


@pytest.mark.parametrize("svg", [
    '<svg viewBox="0 0 120 80"><script>alert(1)</script></svg>',
    '<svg viewBox="0 0 120 80" onload="alert(1)"></svg>',
    '<svg viewBox="0 0 120 80"><image href="http://example.com/x.png"/></svg>',
    '<svg viewBox="0 0 120 80"><rect fill="url(#g)"/></svg>',
    "<div>not a picture</div>",
    42,
])
def test_an_emblem_that_is_not_a_plain_picture_is_left_out(svg):
    from cetate.server.api import _emblem

    class Game:
        def emblem(self):
            return svg

    assert _emblem(Game()) is None


def test_guide_is_split_into_sections_with_english_fallback(client):
    doc = client.get("/api/games/citadels/guide/cs").json()
    slugs = [s["slug"] for s in doc["sections"]]
    assert "overview" in slugs and "warlord" in slugs
    assert all(s["markdown"].strip() and not s["markdown"].startswith("## ") for s in doc["sections"])
    assert error_of(client.get("/api/games/nope/guide/en"), 404)["code"] == "unknown_game"
    assert error_of(client.get("/api/games/citadels/guide/xx"), 404)["code"] == "unknown_language"


def test_i18n_merges_core_and_game_messages(client):
    doc = client.get("/api/i18n/en", params={"game": "citadels"}).json()
    assert doc["lang"] == "en"
    assert doc["messages"]["player.default"] == "Player {number}"
    assert any(k.startswith("event.") for k in doc["messages"])
    core_only = client.get("/api/i18n/en").json()["messages"]
    assert len(core_only) < len(doc["messages"])
    assert error_of(client.get("/api/i18n/xx"), 404)["code"] == "unknown_language"


def test_the_root_serves_a_page_and_openapi_lists_the_routes(client):
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/games", "/api/tables", "/api/tables/{table_id}", "/api/tables/{table_id}/actions",
                 "/api/tables/{table_id}/join", "/api/tables/{table_id}/start", "/api/tables/{table_id}/record",
                 "/api/tables/{table_id}/replay", "/api/tables/{table_id}/seats/{seat}/bot",
                 "/api/games/{game_id}/guide/{lang}", "/api/i18n/{lang}"):
        assert path in paths
    assert error_of(client.get("/api/nothing/here"), 404)["code"] == "not_found"


# -- creating -------------------------------------------------------------------------------------

def test_create_returns_tokens_links_and_starts_when_no_one_is_awaited(client):
    doc = human_vs_bots(client)
    assert doc["status"] == "playing" and doc["host_seat"] == 0
    assert doc["seats"][0]["token"] == doc["host_token"] and doc["seats"][0]["name"] == "Ana"
    assert all(s["token"] is None for s in doc["seats"][1:])
    assert doc["invite_links"]["0"].endswith(f"#/t/{doc['table_id']}?seat=0&token={doc['host_token']}")
    assert doc["spectator_link"].endswith(f"#/t/{doc['table_id']}")
    table = table_doc(client, doc["table_id"], doc["host_token"])
    assert table["seat"] == 0 and table["host"] is True
    assert [s["kind"] for s in table["table"]["seats"]] == ["human", "bot", "bot", "bot"]
    assert table["table"]["seats"][1]["bot"] == "ismcts-normal"  # the default level, normal: IS-MCTS
    assert "seed" not in table["table"]  # the seed would reveal every hidden card


def test_defaults_seat_a_human_and_bots(client):
    doc = create(client, players=3)
    assert [s["kind"] for s in doc["seats"]] == ["human", "bot", "bot"]


@pytest.mark.parametrize(("body", "status", "code", "field"), [
    ({"game": "chess", "players": 2}, 404, "unknown_game", "game"),
    ({"players": 9}, 422, "bad_players", "players"),
    ({"players": 1}, 422, "bad_players", "players"),
    ({"players": 3, "seats": [{"kind": "human"}]}, 422, "bad_seats", "seats"),
    ({"players": 2, "options": {"nonsense": 1}}, 422, "unknown_option", "options.nonsense"),
    ({"players": 2, "options": {"starting_seat": 5}}, 422, "bad_option_value", "options.starting_seat"),
    ({"players": 2, "options": {"completion_size": "big"}}, 422, "bad_option_value", "options.completion_size"),
    ({"players": 2, "seats": [{"kind": "human"}, {"kind": "robot"}]}, 422, "bad_seat", "seats.1.kind"),
    ({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "deep-blue"}]}, 422, "unknown_bot",
     "seats.1.bot"),
    ({"players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "godlike"}]}, 422, "bad_level",
     "seats.1.level"),
    ({"players": 2, "seats": [{"kind": "human", "bot": "random"}, {"kind": "bot"}]}, 422, "bad_seat",
     "seats.0.bot"),
    ({"players": 2, "clock": {"initial_s": 0}}, 422, "bad_clock", "clock.initial_s"),
    ({"players": 2, "clock": {"initial_s": 10, "increment_s": -1}}, 422, "bad_clock", "clock.increment_s"),
    ({"players": "four"}, 400, "bad_request", "players"),
    ({"players": 2, "colour": "red"}, 400, "unknown_field", "colour"),
])
def test_create_refusals_name_the_field(client, body, status, code, field):
    body = {"game": "citadels", **body}
    error = error_of(client.post("/api/tables", json=body), status)
    assert error["code"] == code and error.get("field") == field, error
    if field.startswith("options."):
        assert field.split(".", 1)[1] in error["message"]


def test_a_refused_create_stores_nothing(client):
    client.post("/api/tables", json={"game": "citadels", "players": 2, "options": {"nonsense": 1}})
    assert client.app.state.hub.tables == {}


# -- joining, starting ----------------------------------------------------------------------------

def test_the_table_starts_when_every_human_has_joined(client):
    doc = create(client, players=3, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    table_id, host, guest = doc["table_id"], doc["host_token"], doc["seats"][1]["token"]
    assert doc["status"] == "waiting" and set(doc["invite_links"]) == {"0", "1"}
    state = table_doc(client, table_id, guest)
    assert state["table"]["status"] == "waiting" and state["table"]["seats"][1]["joined"] is False
    assert state["legal_actions"] == [] and state["table"]["to_move"] is None
    refused = client.post(f"/api/tables/{table_id}/actions", headers=bearer(host),
                          json={"action": {"type": "pick", "character": "king"}})
    assert error_of(refused, 409)["code"] == "table_not_started"
    joined = client.post(f"/api/tables/{table_id}/join", headers=bearer(guest), json={"name": " Bea "})
    assert joined.status_code == 200, joined.text
    table = joined.json()["table"]
    assert table["status"] == "playing" and table["seats"][1] == {
        "seat": 1, "kind": "human", "name": "Bea", "joined": True, "bot": None, "level": None,
        "connected": False}
    assert error_of(client.post(f"/api/tables/{table_id}/start", headers=bearer(host)), 409)["code"] == \
        "already_started"


def test_the_host_starts_before_everyone_joined(client):
    doc = create(client, players=3, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
    table_id, host, guest = doc["table_id"], doc["host_token"], doc["seats"][2]["token"]
    assert error_of(client.post(f"/api/tables/{table_id}/start", headers=bearer(guest)), 403)["code"] == "not_host"
    assert error_of(client.post(f"/api/tables/{table_id}/start"), 401)["code"] == "missing_token"
    started = client.post(f"/api/tables/{table_id}/start", headers=bearer(host), json={})
    assert started.status_code == 200 and started.json()["table"]["status"] == "playing"
    late = client.post(f"/api/tables/{table_id}/join", headers=bearer(guest), json={"name": "Cy"})
    assert late.status_code == 200 and late.json()["table"]["seats"][2]["name"] == "Cy"


def test_hotseat_creator_holds_every_hotseat_token(client):
    doc = create(client, players=3, seats=[{"kind": "hotseat", "name": "A"}, {"kind": "hotseat", "name": "B"},
                                           {"kind": "bot"}])
    assert doc["status"] == "playing" and doc["invite_links"] == {}
    tokens = [s["token"] for s in doc["seats"]]
    assert tokens[0] == doc["host_token"] and tokens[1] and tokens[2] is None
    for seat in (0, 1):
        assert table_doc(client, doc["table_id"], tokens[seat])["seat"] == seat


def test_all_bot_table_has_a_host_token_without_a_seat_and_plays_itself(client):
    doc = create(client, players=3, seed=1, seats=[{"kind": "bot", "bot": "random"}] * 3)
    assert doc["host_seat"] is None and doc["status"] == "playing"
    table = table_doc(client, doc["table_id"], doc["host_token"])
    assert table["seat"] is None and table["host"] is True and "you" not in table["view"]
    wait_until(lambda: table_doc(client, doc["table_id"])["table"]["status"] == "over", what="the bots' game")


def test_my_tables_lists_the_seats_of_my_tokens(client):
    a = human_vs_bots(client)
    b = create(client, players=2, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}])
    tokens = [a["host_token"], b["seats"][0]["token"], b["seats"][1]["token"], "not-a-token"]
    rows = client.get("/api/tables", params={"tokens": ",".join(tokens)}).json()
    assert {(r["table_id"], r["seat"], r["host"]) for r in rows} == {
        (a["table_id"], 0, True), (b["table_id"], 0, True), (b["table_id"], 1, False)}
    assert all(r["game"] == "citadels" and r["status"] == "playing" and r["players"] in (2, 4) for r in rows)
    assert client.get("/api/tables").json() == []


# -- handing a seat to a bot ----------------------------------------------------------------------

def test_the_host_hands_a_departed_seat_to_a_bot(client):
    doc = create(client, players=3, seed=4, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    table_id, host, guest = doc["table_id"], doc["host_token"], doc["seats"][1]["token"]
    url = f"/api/tables/{table_id}/seats/1/bot"
    assert error_of(client.post(url, headers=bearer(guest), json={}), 403)["code"] == "not_host"
    assert error_of(client.post(f"/api/tables/{table_id}/seats/7/bot", headers=bearer(host), json={}),
                    404)["code"] == "unknown_seat"
    error = error_of(client.post(url, headers=bearer(host), json={"bot": "nope"}), 422)
    assert error["code"] == "unknown_bot" and error["field"] == "bot" and "random" in error["message"]
    handed = client.post(url, headers=bearer(host), json={"level": "hard"})
    assert handed.status_code == 200, handed.text
    table = handed.json()["table"]
    assert table["status"] == "playing"  # seat 1 was the only one awaited
    assert table["seats"][1]["kind"] == "bot" and table["seats"][1]["bot"] == "ismcts-hard"
    assert error_of(client.post(url, headers=bearer(host), json={}), 409)["code"] == "already_bot"
    # the bot plays seat 1 from now on; the former player may watch but not act
    rng = random.Random(0)
    for _ in range(5):
        turn = my_turn(client, table_id, host)
        client.post(f"/api/tables/{table_id}/actions", headers=bearer(host),
                    json={"action": rng.choice(turn["legal_actions"])})
    watched = table_doc(client, table_id, guest)
    assert watched["seat"] == 1 and watched["legal_actions"] == []
    assert "you" in watched["view"]
    seat1_moves = [e for e in watched["journal"] if e.get("seat") == 1]
    assert seat1_moves, "the bot has played for seat 1"
