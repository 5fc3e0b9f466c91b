"""`GET /api/health`: what a load balancer asks (issue 29, deployment)."""

from __future__ import annotations

from tests.server.conftest import human_vs_bots


def test_health_says_ok_and_counts(client):
    answer = client.get("/api/health")
    assert answer.status_code == 200, answer.text
    doc = answer.json()
    assert doc == {"status": "ok", "database": "sqlite", "live_tables": 0, "sockets": 0, "worker": None,
                   "redis": "none"}
    table = human_vs_bots(client)
    with client.websocket_connect(f"/ws/tables/{table['table_id']}"):
        doc = client.get("/api/health").json()
        assert doc["live_tables"] == 1 and doc["sockets"] == 1
    assert "token" not in client.get("/api/health").text


def test_health_is_503_when_the_database_fails(client, monkeypatch):
    def broken() -> None:
        raise OSError("the database went away")

    monkeypatch.setattr(client.app.state.store, "ping", broken)
    answer = client.get("/api/health")
    assert answer.status_code == 503 and answer.json()["status"] == "unavailable"
