""""Your turn" mails (cetate.server.mail, cetate.server.turns) through a local SMTP sink (aiosmtpd on
127.0.0.1): sent to the account that plays the seat, in its language, only when it asked for them, only at a
turn-based table, and never when no SMTP server is configured."""

from __future__ import annotations

import socket
import time
import warnings
from email import message_from_bytes, policy

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from aiosmtpd.controller import Controller

from cetate import games as registry
from cetate.core.i18n import Catalog
from cetate.server.app import create_app
from cetate.server.mail import Mailer, valid_email
from cetate.server.settings import Settings
from tests.server.conftest import bearer, make_settings
from tests.server.test_accounts import sign_up

DAY = 86400


class Sink:
    def __init__(self) -> None:
        self.mails: list = []

    async def handle_DATA(self, server, session, envelope):
        self.mails.append((envelope.rcpt_tos, message_from_bytes(envelope.content, policy=policy.default)))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def sink():
    handler = Sink()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield handler, controller.port
    finally:
        controller.stop()


def wait_for(check, what: str, timeout: float = 20.0):
    deadline = time.monotonic() + timeout
    while not (value := check()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)
    return value


def test_the_mailer_sends_through_the_configured_server(sink):
    handler, port = sink
    mailer = Mailer(Settings(smtp_host="127.0.0.1", smtp_port=port, smtp_from="games@example.org"))
    try:
        assert mailer.send("ana@example.org", "Your turn", "Hello\nthere").result(10) is True
    finally:
        mailer.close()
    (to, message), = handler.mails
    assert to == ["ana@example.org"] and message["From"] == "games@example.org"
    assert message["Subject"] == "Your turn" and "Hello" in message.get_content()


def test_no_server_configured_sends_nothing(sink):
    handler, _port = sink
    mailer = Mailer(Settings())
    assert not mailer.configured and mailer.send("ana@example.org", "x", "y") is None
    assert handler.mails == []


def test_addresses():
    assert valid_email("ana.m+games@mail.example.org")
    for bad in ("ana", "ana@", "@example.org", "a@b", "a b@example.org", "a@example.org\nBcc: x@y.org",
                "a@@example.org", "a" * 250 + "@example.org"):
        assert not valid_email(bad), bad


def play_until_seat_changes(c: TestClient, table_id: str, tokens: dict[int, str]) -> int:
    """Let the seat to move play until the other seat is to move; returns that seat."""
    start = c.get(f"/api/tables/{table_id}", headers=bearer(tokens[0])).json()["table"]["to_move"]
    for _ in range(20):
        state = c.get(f"/api/tables/{table_id}", headers=bearer(tokens[0])).json()["table"]
        if state["to_move"] != start:
            return state["to_move"]
        mine = c.get(f"/api/tables/{table_id}", headers=bearer(tokens[start])).json()
        done = c.post(f"/api/tables/{table_id}/actions", json={"action": mine["legal_actions"][0]},
                      headers=bearer(tokens[start]))
        assert done.status_code == 200, done.text
    raise AssertionError("the turn never passed")


def two_accounts_at_a_table(c: TestClient, per_move_s: int | None) -> tuple[str, dict[int, str]]:
    """Ana (English) makes a two-person Gates table and Bo (Romanian) joins it; both want "your turn" mails."""
    ana = sign_up(c, "Ana")
    assert c.put("/api/account/notify", json={"email": "ana@example.org", "email_turns": True},
                 headers={"X-CSRF-Token": ana["csrf"]}).status_code == 200
    body = {"game": "gates", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    if per_move_s:
        body["per_move_s"] = per_move_s
    made = c.post("/api/tables", json=body).json()
    c.post("/api/account/signout", headers={"X-CSRF-Token": ana["csrf"]})
    bo = sign_up(c, "Bo", languages=["ro"])
    assert c.put("/api/account/notify", json={"email": "bo@example.org", "email_turns": True},
                 headers={"X-CSRF-Token": bo["csrf"]}).status_code == 200
    joined = c.post(f"/api/tables/{made['table_id']}/join", headers=bearer(made["seats"][1]["token"]))
    assert joined.status_code == 200, joined.text
    return made["table_id"], {0: made["host_token"], 1: joined.json()["token"]}


ADDRESS = {0: "ana@example.org", 1: "bo@example.org"}


def test_your_turn_mails_go_to_the_seat_to_move_in_its_language(sink, tmp_path):
    handler, port = sink
    settings = make_settings(tmp_path, smtp_host="127.0.0.1", smtp_port=port, smtp_from="cetate@example.org",
                             public_url="http://play.example.org", turn_sweep_s=3600.0)
    with TestClient(create_app(settings)) as c:
        c.app.state.turns.mail_delay_s = 1.0  # (60 s in service; the join claims the seat meanwhile)
        table_id, tokens = two_accounts_at_a_table(c, DAY)
        first = c.get(f"/api/tables/{table_id}", headers=bearer(tokens[0])).json()["table"]["to_move"]
        wait_for(lambda: handler.mails, "the first mail")
        (to, message), = handler.mails
        assert to == [ADDRESS[first]]
        assert f"http://play.example.org/#/t/{table_id}" in message.get_content()
        name = registry.get("gates").name
        lang = "ro" if first == 1 else "en"  # Bo reads Romanian
        assert message["Subject"] == Catalog().text("web.turns.mail.subject", lang, game=name)
        nxt = play_until_seat_changes(c, table_id, tokens)
        wait_for(lambda: len(handler.mails) == 2, "the second mail")
        assert handler.mails[1][0] == [ADDRESS[nxt]]
        body = handler.mails[1][1].get_content()
        assert "(UTC)" in body and "bo@example.org" not in body and "ana@example.org" not in body


def test_no_mail_without_a_server_or_at_a_table_without_a_time_per_move(sink, tmp_path):
    handler, port = sink
    with TestClient(create_app(make_settings(tmp_path, turn_sweep_s=3600.0))) as c:  # no SMTP host
        table_id, tokens = two_accounts_at_a_table(c, DAY)
        assert c.get("/api/account/notify").json()["mail_available"] is False
        play_until_seat_changes(c, table_id, tokens)
        c.portal.call(c.app.state.turns.flush)
    settings = make_settings(tmp_path / "b", smtp_host="127.0.0.1", smtp_port=port, turn_sweep_s=3600.0)
    with TestClient(create_app(settings)) as c:  # a server, but a table played in one sitting
        c.app.state.turns.mail_delay_s = 0.0
        table_id, tokens = two_accounts_at_a_table(c, None)
        play_until_seat_changes(c, table_id, tokens)
        c.portal.call(c.app.state.turns.flush)
        assert c.get("/api/account/notify").json()["mail_available"] is True
        time.sleep(0.5)  # a mail would have reached the sink by now
    assert handler.mails == []


def test_no_mail_once_the_turn_is_played_or_the_table_is_open(sink, tmp_path):
    handler, port = sink
    settings = make_settings(tmp_path, smtp_host="127.0.0.1", smtp_port=port, turn_sweep_s=3600.0)
    with TestClient(create_app(settings)) as c:
        service = c.app.state.turns
        service.mail_delay_s = 1.0  # (the join claims the seat for the account meanwhile)
        table_id, tokens = two_accounts_at_a_table(c, DAY)
        wait_for(lambda: handler.mails, "the first mail")
        table = c.app.state.hub.tables[table_id]
        first = {"seat": table.to_move(), "seq": table.seq}
        play_until_seat_changes(c, table_id, tokens)
        wait_for(lambda: len(handler.mails) == 2, "the second mail")
        # the first seat's turn again, late: it has been played, so nothing is sent
        c.portal.call(service._mail, table, first)
        now = {"seat": table.to_move(), "seq": table.seq}
        # the seat to move has the table open: nothing is sent either
        with c.websocket_connect(f"/ws/tables/{table_id}?token={tokens[now['seat']]}") as socket:
            assert socket.receive_json()["type"] == "sync"
            c.portal.call(service._mail, table, now)
        c.portal.call(service.flush)
    assert len(handler.mails) == 2
