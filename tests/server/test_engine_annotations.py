"""The engine's action notes and static catalogs reach the client (issue 30): `action_notes` aligned with
`legal_actions` in every snapshot, answer and update, and `GET /api/games/{id}/catalog/{lang}`."""

from __future__ import annotations

import cetate.games
from tests.server.conftest import bearer, human_vs_bots, my_turn


def test_catalog_route_serves_each_game_in_each_language(client) -> None:
    for game in cetate.games.ids():
        for lang in ("en", "cs", "pt", "ro", "ko"):
            response = client.get(f"/api/games/{game}/catalog/{lang}")
            assert response.status_code == 200, response.text
            doc = response.json()
            assert doc["game"] == game and doc["lang"] == lang
            assert doc == {"game": game, "lang": lang, **cetate.games.get(game).catalog(lang)}


def test_catalog_route_refuses_unknown_games_and_languages(client) -> None:
    response = client.get("/api/games/citadels/catalog/xx")
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_language"
    response = client.get("/api/games/chess/catalog/en")
    assert response.status_code == 404 and response.json()["error"]["code"] == "unknown_game"


def test_notes_come_with_the_legal_actions(client) -> None:
    for game, players in (("citadels", 4), ("akropolis", 2), ("gates", 2)):
        made = human_vs_bots(client, players=players, game=game, seed=3)
        table_id, token = made["table_id"], made["seats"][0]["token"]
        doc = my_turn(client, table_id, token)
        engine = cetate.games.get(game)
        assert len(doc["action_notes"]) == len(doc["legal_actions"]) > 0
        assert all(isinstance(note, dict) for note in doc["action_notes"])
        # a spectator has no moves and so no notes
        spectator = client.get(f"/api/tables/{table_id}").json()
        assert spectator["legal_actions"] == [] and spectator["action_notes"] == []
        # the mover's answer carries the notes of its next moves too
        response = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                               json={"action": doc["legal_actions"][0]})
        assert response.status_code == 200, response.text
        answer = response.json()
        assert len(answer["action_notes"]) == len(answer["legal_actions"])
        assert engine.id == game
