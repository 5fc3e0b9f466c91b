"""Passkeys (cetate.server.passkeys, docs/accounts.md "Passkeys") through the HTTP API, on SQLite and
PostgreSQL. The authenticator is a software one written here to the WebAuthn format (an EC P-256 key, "none"
attestation): the server checks its answers with py_webauthn exactly as it checks a browser's. The browser's
own WebAuthn stack is tested in tests/browser/test_passkeys_browser.py with Chromium's virtual authenticator.
Every refusal says what was wrong and changes nothing."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import warnings

import cbor2
import pytest
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cetate.server.accounts import SESSION_COOKIE
from cetate.server.app import create_app
from cetate.server.storage.models import PasskeyChallengeRow, PasskeyRow
from tests.server.conftest import make_settings
from tests.server.test_accounts import PASSWORD, csrf, sign_up
from tests.server.test_storage import db_url, pg_admin  # noqa: F401  (fixtures: both backends)


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class SoftAuthenticator:
    """One discoverable credential on a software authenticator, answering as a browser's toJSON() would."""

    def __init__(self, rp_id: str = "testserver", origin: str = "http://testserver") -> None:
        self.rp_id, self.origin = rp_id, origin
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.credential_id = os.urandom(32)
        self.counter = 0
        self.user_handle: bytes | None = None

    def _auth_data(self, flags: int, extra: bytes = b"") -> bytes:
        return hashlib.sha256(self.rp_id.encode()).digest() + bytes([flags]) + self.counter.to_bytes(4, "big") + extra

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": self.origin,
                           "crossOrigin": False}).encode()

    def create(self, options: dict) -> dict:
        assert options["rp"]["id"] == self.rp_id
        self.user_handle = unb64(options["user"]["id"])
        numbers = self.key.public_key().public_numbers()
        cose = cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})
        attested = bytes(16) + len(self.credential_id).to_bytes(2, "big") + self.credential_id + cose
        auth_data = self._auth_data(0x01 | 0x04 | 0x40, attested)  # user present, verified, credential data
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client = self._client_data("webauthn.create", options["challenge"])
        return {"id": b64(self.credential_id), "rawId": b64(self.credential_id), "type": "public-key",
                "response": {"clientDataJSON": b64(client), "attestationObject": b64(attestation),
                             "transports": ["internal"]},
                "clientExtensionResults": {}, "authenticatorAttachment": "platform"}

    def get(self, options: dict, *, count: bool = True) -> dict:
        if count:
            self.counter += 1
        auth_data = self._auth_data(0x01 | 0x04)
        client = self._client_data("webauthn.get", options["challenge"])
        signature = self.key.sign(auth_data + hashlib.sha256(client).digest(), ec.ECDSA(hashes.SHA256()))
        return {"id": b64(self.credential_id), "rawId": b64(self.credential_id), "type": "public-key",
                "response": {"clientDataJSON": b64(client), "authenticatorData": b64(auth_data),
                             "signature": b64(signature), "userHandle": b64(self.user_handle or b"")},
                "clientExtensionResults": {}, "authenticatorAttachment": "platform"}


FAST = {"rate_signin_per_min": 600}  # both steps of a passkey sign-in count as sign-in attempts


@pytest.fixture
def app_client(db_url, tmp_path):  # noqa: F811
    with TestClient(create_app(make_settings(tmp_path, database_url=db_url, **FAST))) as c:
        yield c


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(make_settings(tmp_path, **FAST))) as c:
        yield c


def add_passkey(c: TestClient, device: SoftAuthenticator, name: str = "My phone") -> dict:
    made = c.post("/api/account/passkeys/options", headers=csrf(c))
    assert made.status_code == 200, made.text
    doc = made.json()
    assert doc["options"]["authenticatorSelection"]["residentKey"] == "required"
    answer = c.post("/api/account/passkeys", json={"ticket": doc["ticket"], "credential": device.create(doc["options"]),
                                                   "name": name}, headers=csrf(c))
    assert answer.status_code == 201, answer.text
    return answer.json()["passkey"]


def sign_out(c: TestClient) -> None:
    assert c.post("/api/account/signout", headers=csrf(c)).status_code == 200
    assert c.get("/api/account").json()["user"] is None


def passkey_sign_in(c: TestClient, device: SoftAuthenticator, **change):
    start = c.post("/api/account/passkey/options", headers=csrf(c))
    assert start.status_code == 200, start.text
    doc = start.json()
    assert doc["options"]["rpId"] == device.rp_id and doc["options"].get("allowCredentials", []) == []
    body = {"ticket": doc["ticket"], "credential": device.get(doc["options"]), **change}
    return c.post("/api/account/passkey/signin", json=body, headers=csrf(c)), doc


def rows(c: TestClient, model) -> list:
    with c.app.state.store._read() as session:
        return list(session.query(model).all())


def test_make_a_passkey_then_sign_in_with_it_on_both_backends(app_client):
    c = app_client
    me = sign_up(c, "Ana")["user"]
    device = SoftAuthenticator()
    passkey = add_passkey(c, device)
    assert passkey["name"] == "My phone" and passkey["last_used_at"] is None
    listed = c.get("/api/account/passkeys").json()["passkeys"]
    assert [p["id"] for p in listed] == [passkey["id"]]
    assert "public_key" not in json.dumps(listed) and "credential" not in json.dumps(listed)

    sign_out(c)
    answer, _ = passkey_sign_in(c, device)
    assert answer.status_code == 200, answer.text
    assert answer.json()["user"]["id"] == me["id"] and c.cookies.get(SESSION_COOKIE)
    assert c.get("/api/account").json()["user"]["name"] == "Ana"
    stored = c.get("/api/account/passkeys").json()["passkeys"][0]
    assert stored["last_used_at"] is not None
    assert [r.sign_count for r in rows(c, PasskeyRow)] == [1]
    assert rows(c, PasskeyChallengeRow) == []  # both tickets used up

    # the options exclude the passkeys the account has; the same credential twice is refused
    again = c.post("/api/account/passkeys/options", headers=csrf(c)).json()
    assert [x["id"] for x in again["options"]["excludeCredentials"]] == [b64(device.credential_id)]
    twice = c.post("/api/account/passkeys", json={"ticket": again["ticket"], "credential": device.create(again["options"])},
                   headers=csrf(c))
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "passkey_taken"


def test_a_replayed_ticket_an_old_counter_and_a_foreign_origin_are_refused(client):
    c = client
    sign_up(c, "Ana")
    device = SoftAuthenticator()
    add_passkey(c, device)
    sign_out(c)

    start = c.post("/api/account/passkey/options", headers=csrf(c)).json()
    assertion = device.get(start["options"])
    first = c.post("/api/account/passkey/signin", json={"ticket": start["ticket"], "credential": assertion},
                   headers=csrf(c))
    assert first.status_code == 200
    sign_out(c)
    replay = c.post("/api/account/passkey/signin", json={"ticket": start["ticket"], "credential": assertion},
                    headers=csrf(c))
    assert replay.status_code == 400 and replay.json()["error"]["code"] == "passkey_ticket"

    # a fresh ticket but a counter that did not move on (a cloned authenticator)
    fresh = c.post("/api/account/passkey/options", headers=csrf(c)).json()
    stale = device.get(fresh["options"], count=False)
    refused = c.post("/api/account/passkey/signin", json={"ticket": fresh["ticket"], "credential": stale},
                     headers=csrf(c))
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_passkey"
    assert c.get("/api/account").json()["user"] is None

    # a page of another site answering with the same authenticator
    device.origin = "https://evil.example"
    answer, _ = passkey_sign_in(c, device)
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_passkey"
    assert "origin" in answer.json()["error"]["message"]
    assert c.get("/api/account").json()["user"] is None
    assert [r.sign_count for r in rows(c, PasskeyRow)] == [1]


def test_unknown_malformed_and_misdirected_answers_change_nothing(client):
    c = client
    sign_up(c, "Ana")
    device = SoftAuthenticator()
    add_passkey(c, device)
    sign_out(c)

    stranger = SoftAuthenticator()
    stranger.user_handle = b"nobody"
    answer, _ = passkey_sign_in(c, stranger)
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "unknown_passkey"

    for garbage in ({}, {"rawId": 5}, {"rawId": "!!!"}, {"rawId": b64(device.credential_id), "response": "x"},
                    {"rawId": b64(device.credential_id), "response": {"clientDataJSON": "AAAA"}}):
        start = c.post("/api/account/passkey/options", headers=csrf(c)).json()
        bad = c.post("/api/account/passkey/signin", json={"ticket": start["ticket"], "credential": garbage},
                     headers=csrf(c))
        assert bad.status_code in (400, 401), (garbage, bad.text)
        assert bad.json()["error"]["code"] in ("bad_passkey", "unknown_passkey")
    assert c.get("/api/account").json()["user"] is None

    # the sign-in ticket cannot finish making a passkey, nor without a session, nor without the CSRF token
    start = c.post("/api/account/passkey/options", headers=csrf(c)).json()
    no_session = c.post("/api/account/passkeys", json={"ticket": start["ticket"], "credential": {}}, headers=csrf(c))
    assert no_session.status_code == 401
    no_csrf = c.post("/api/account/passkey/options")
    assert no_csrf.status_code == 403 and no_csrf.json()["error"]["code"] == "csrf_failed"
    assert c.post("/api/account/passkey/signin", json={"ticket": "nope", "credential": {}},
                  headers=csrf(c)).json()["error"]["code"] == "passkey_ticket"

    # another account cannot use the first one's registration ticket, nor remove its passkey
    c.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD}, headers=csrf(c))
    ana_ticket = c.post("/api/account/passkeys/options", headers=csrf(c)).json()
    ana_key = c.get("/api/account/passkeys").json()["passkeys"][0]["id"]
    sign_out(c)
    sign_up(c, "Bogdan")
    stolen = c.post("/api/account/passkeys", json={"ticket": ana_ticket["ticket"],
                                                   "credential": SoftAuthenticator().create(ana_ticket["options"])},
                    headers=csrf(c))
    assert stolen.status_code == 400 and stolen.json()["error"]["code"] == "passkey_ticket"
    gone = c.delete(f"/api/account/passkeys/{ana_key}", headers=csrf(c))
    assert gone.status_code == 404 and gone.json()["error"]["code"] == "unknown_passkey"
    assert len(rows(c, PasskeyRow)) == 1
    long_name = c.post("/api/account/passkeys", json={"ticket": "t", "credential": {}, "name": "x" * 65},
                       headers=csrf(c))
    assert long_name.status_code == 422 and long_name.json()["error"]["code"] == "bad_passkey_name"


def test_removing_a_passkey_or_the_account_closes_that_way_in(client):
    c = client
    sign_up(c, "Ana")
    phone, laptop = SoftAuthenticator(), SoftAuthenticator()
    first = add_passkey(c, phone, "phone")
    add_passkey(c, laptop, "laptop")
    assert c.delete(f"/api/account/passkeys/{first['id']}", headers=csrf(c)).json() == {"removed": True}
    assert [p["name"] for p in c.get("/api/account/passkeys").json()["passkeys"]] == ["laptop"]
    sign_out(c)
    answer, _ = passkey_sign_in(c, phone)
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "unknown_passkey"
    answer, _ = passkey_sign_in(c, laptop)
    assert answer.status_code == 200

    export = c.get("/api/account/export").json()
    assert [p["name"] for p in export["passkeys"]] == ["laptop"]
    assert c.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(c)).status_code == 200
    assert rows(c, PasskeyRow) == []
    answer, _ = passkey_sign_in(c, laptop)
    assert answer.status_code == 401 and answer.json()["error"]["code"] == "unknown_passkey"


def test_a_site_opened_by_its_ip_address_is_told_to_use_its_name(tmp_path):
    with TestClient(create_app(make_settings(tmp_path)), base_url="http://127.0.0.1:8000") as c:
        sign_up(c, "Ana")
        answer = c.post("/api/account/passkeys/options", headers=csrf(c))
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "passkey_needs_name"
        assert "http://localhost:8000" in answer.json()["error"]["message"]
    with TestClient(create_app(make_settings(tmp_path / "b", public_url="http://play.example.org:8000")),
                    base_url="http://127.0.0.1:8000") as c:
        sign_up(c, "Ana")
        doc = c.post("/api/account/passkeys/options", headers=csrf(c)).json()
        assert doc["options"]["rp"]["id"] == "play.example.org"
