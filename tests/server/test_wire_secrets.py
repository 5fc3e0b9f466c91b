"""No payload reveals another seat's secrets, on the wire (hypothesis, bounded and derandomized).

Tables of Citadels (2-4 seats), Gates (2) and Akropolis (2-4), every seat a person's (`hotseat`, or `human`
who joins by invite) so the test holds every token, with the server's own seed. Each seat has a WebSocket
open, and a spectator has one too; random legal moves (from the mover's own `legal_actions`, as its socket
got them) are played through the mover's socket, with now and then a refused one (a malformed action, or a
move sent by a seat whose turn it is not). Every message each socket gets (sync, update, error, presence,
pong), and the REST snapshot and record download of every token (and of none), is checked against the
true state the server holds (`app.state.hub.tables[id]`):

- computed for its receiver: a `sync` or `update` carries exactly `game.view(state, receiver)`, the
  receiver's `event_view` of the true events and the legal actions only when the receiver is to move;
- none of the other seats' secrets, searched in the payload's JSON text: the parts of another seat's view
  `game.view(state, s)` that the public view `game.view(state, None)` does not hold and the receiver's own
  view does not hold at the same place (Citadels: the hand, the characters chosen face down, the draft's
  offers...; Gates: the hand, the Alliance's stolen cards for spectators); Akropolis: the order of the
  tiles in each stack (the views list them sorted); every game: the state's RNG state and, while the game
  runs, the table's seed (as numbers in the text), and no `seed` or `actions` in a running game's record.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cetate.server import settings as server_settings
from cetate.server.app import create_app
from tests.server.conftest import TestClient, bearer, create, make_settings, merged_view

CONFIGS = [("citadels", 2), ("citadels", 3), ("citadels", 4), ("gates", 2), ("akropolis", 2), ("akropolis", 3),
           ("akropolis", 4)]
STATIC = ("card_set",)  # the game's card list (public data), left out of the search
FIND = (Phase.explicit, Phase.generate)  # no shrinking: a failure names its payload already
MIN_SECRET = 6  # shortest JSON text searched for (shorter ones, like [1], say nothing)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    unlimited = {name: 0 for name in getattr(server_settings, "RATES", ())}  # many sockets in little time
    with TestClient(create_app(make_settings(tmp_path_factory.mktemp("wire"), **unlimited))) as c:
        yield c


def plain(value):
    """As it travels: JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


def text(value) -> str:
    def strip(v):
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k not in STATIC}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v

    return json.dumps(strip(plain(value)), sort_keys=True, separators=(",", ":"))


# -- what a receiver must not see -------------------------------------------------------------------

def _private_parts(mine, public, theirs, out: list) -> None:
    """The parts of one seat's view (`mine`) that differ from the public view and from the receiver's own
    view at the same place (`theirs`; `public` or `theirs` is None where the key is missing there)."""
    if mine in (public, theirs):
        return
    if isinstance(mine, dict):
        for key, value in mine.items():
            _private_parts(value, _get(public, key), _get(theirs, key), out)
    elif isinstance(mine, list) and isinstance(public, list) and len(public) == len(mine):
        for i, value in enumerate(mine):
            _private_parts(value, public[i], theirs[i] if isinstance(theirs, list) and i < len(theirs) else None,
                           out)
    if isinstance(mine, (list, dict)) and mine:
        out.append(mine)


def _id_lists(doc) -> list[list]:
    """The lists of cards in a view written as their ids: what the receiver holds, told to it in another form
    (a Citadels hand is a list of card objects in the view, and a list of ids in the event that gives it)."""
    found: list[list] = []
    if isinstance(doc, dict):
        for value in doc.values():
            found.extend(_id_lists(value))
    elif isinstance(doc, list):
        if doc and all(isinstance(x, dict) and "id" in x for x in doc):
            found.append([x["id"] for x in doc])
        for value in doc:
            found.extend(_id_lists(value))
    return found


def _get(doc, key):
    return doc.get(key) if isinstance(doc, dict) else None


def secrets_for(table, receiver: int | None) -> list[tuple[str, str]]:
    """(what, JSON text) pairs that a payload sent to `receiver` must not contain, from the true state."""
    game, state = table.game, table.state
    public = plain(game.view(state, None))
    own = plain(game.view(state, receiver)) if receiver is not None else None
    known = text(public) + (text(own) if own is not None else "") + "".join(text(ids) for ids in _id_lists(own))
    found: list[tuple[str, str]] = []
    for seat in range(table.players):
        if seat == receiver:
            continue
        parts: list = []
        _private_parts(plain(game.view(state, seat)), public, own, parts)
        for part in parts:
            piece = text(part)
            if len(piece) >= MIN_SECRET and piece not in known:
                found.append((f"seat {seat}'s view: {piece[:80]}", piece))
    if game.id == "akropolis":
        for i, stack in enumerate(state.stacks):
            if len(stack) >= 2 and list(stack) != sorted(stack):
                found.append((f"the order of stack {i}", text(list(stack))))
    return found


def numbers_for(table) -> list[tuple[str, int]]:
    """Numbers that must not appear: the RNG state, and the seed while the game runs."""
    out = [("the RNG state", int(table.state.rng.state))]
    if table.status != "over" and isinstance(table.seed, int):
        out.append(("the table's seed", table.seed))
    return out


def assert_no_secrets(table, receiver: int | None, payload, where: str) -> None:
    body = text(payload)
    for what, piece in secrets_for(table, receiver):
        assert piece not in body, f"{where} to {receiver} shows {what}"
    for what, number in numbers_for(table):
        if len(str(number)) >= 6:
            assert not re.search(rf"(?<![0-9]){number}(?![0-9])", body), f"{where} to {receiver} shows {what}"


def assert_for_receiver(table, receiver: int | None, message: dict) -> None:
    """A sync or update is computed for its receiver from the true state and events."""
    game, state = table.game, table.state
    legal = plain(game.legal_actions(state)) if (
        receiver is not None and table.status == "playing" and game.to_move(state) == receiver) else []
    held = message.get("_view", message.get("view"))  # an update may carry only the view's changed parts
    assert held == plain(game.view(state, receiver)), f"{message['type']} view for {receiver}"
    assert message["legal_actions"] == legal, f"{message['type']} legal actions for {receiver}"
    if message["type"] == "sync":
        journal = [{**game.event_view(e, receiver), "seq": k} for k, batch in enumerate(table.events) for e in batch]
        assert message["seat"] == receiver and message["journal"] == plain(journal)
    else:
        seq = message["seq"]
        assert seq == table.seq
        assert message["events"] == plain([{**game.event_view(e, receiver), "seq": seq} for e in table.events[seq]])


# -- sockets ------------------------------------------------------------------------------------------

class Socket:
    def __init__(self, client: TestClient, table_id: str, token: str | None, seat: int | None) -> None:
        self.seat = seat
        url = f"/ws/tables/{table_id}" + (f"?token={token}" if token else "")
        self.context = client.websocket_connect(url)
        self.ws = self.context.__enter__()
        self.inbox: list[dict] = []
        self.legal: list = []
        self.view: dict | None = None  # the view this socket's client holds

    def read_until(self, *kinds: str) -> dict:
        while True:
            message = self.ws.receive_json()
            if message.get("type") in ("sync", "update"):
                self.view = merged_view(self.view, message)
                message["_view"] = self.view
            self.inbox.append(message)
            if message.get("legal_actions") is not None:
                self.legal = message["legal_actions"]
            if message["type"] in kinds:
                return message

    def barrier(self) -> None:
        """Everything queued for this socket so far is read (a ping's pong comes after it)."""
        self.ws.send_json({"type": "ping"})
        self.read_until("pong")

    def close(self) -> None:
        self.context.__exit__(None, None, None)


def check_inboxes(table, sockets: list[Socket]) -> None:
    for sock in sockets:
        for message in sock.inbox:
            assert_no_secrets(table, sock.seat, message, f"a {message['type']} message")
            if message["type"] in ("sync", "update"):
                assert_for_receiver(table, sock.seat, message)
        sock.inbox.clear()


def settle(table, sockets: list[Socket]) -> None:
    """Read every message sent so far (the state is the one they were computed from: no bot plays) and
    check them."""
    for sock in sockets:
        sock.barrier()
    check_inboxes(table, sockets)


def check_rest(client: TestClient, table, tokens: list[str]) -> None:
    for seat, token in [(None, None), *enumerate(tokens)]:
        answer = client.get(f"/api/tables/{table.id}", headers=bearer(token))
        assert answer.status_code == 200, answer.text
        doc = answer.json()
        assert doc["seat"] == seat
        assert_no_secrets(table, seat, doc, "the REST snapshot")
        assert_for_receiver(table, seat, {"type": "sync", **doc})
        record = client.get(f"/api/tables/{table.id}/record", headers=bearer(token))
        assert record.status_code == 200, record.text
        assert_no_secrets(table, seat, record.json(), "the record")
        if table.status != "over":
            assert "seed" not in record.json() and "actions" not in record.json()


# -- the property -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game", "players"), CONFIGS)
@settings(max_examples=2, derandomize=True, deadline=None, database=None, phases=FIND,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_no_payload_shows_another_seats_secrets(client, game, players, data):
    invited = data.draw(st.lists(st.booleans(), min_size=players - 1, max_size=players - 1), label="invited")
    moves = data.draw(st.integers(6, 30), label="moves")
    rnd = random.Random(data.draw(st.integers(0, 2**32), label="rng"))
    seats = [{"kind": "hotseat", "name": "Host"}] + [
        {"kind": "human" if guest else "hotseat", "name": f"P{i + 1}"} for i, guest in enumerate(invited)]
    doc = create(client, game=game, players=players, seats=seats)  # no seed: the server draws it
    table_id = doc["table_id"]
    tokens = [s["token"] for s in doc["seats"]]
    table = client.app.state.hub.tables[table_id]
    # the spectator and the hot seats watch from the start; an invited person opens a socket once joined
    sockets = [Socket(client, table_id, None, None)] + [
        Socket(client, table_id, t, i) for i, t in enumerate(tokens) if i == 0 or not invited[i - 1]]
    try:
        settle(table, sockets)
        for i, guest in enumerate(invited, start=1):
            if guest:
                joined = client.post(f"/api/tables/{table_id}/join", headers=bearer(tokens[i]), json={"name": "G"})
                assert joined.status_code == 200, joined.text
                assert_no_secrets(table, i, joined.json(), "the join answer")
                tokens[i] = joined.json().get("token") or tokens[i]  # an invite is spent: the seat's own token
                sockets.append(Socket(client, table_id, tokens[i], i))
                settle(table, sockets)
        sockets = [sockets[0], *sorted(sockets[1:], key=lambda sock: sock.seat)]  # seat i at i + 1
        assert table.status == "playing"
        check_rest(client, table, tokens)
        for step in range(moves):
            mover = table.game.to_move(table.state)
            if table.status == "over" or mover is None:
                break
            player = sockets[mover + 1]
            assert player.legal, "the mover's socket got its legal actions"
            if rnd.random() < 0.25:  # a refused move: malformed, or sent by a seat whose turn it is not
                other = sockets[1 + (mover + 1) % players]
                sender, action = ((other, player.legal[0]) if rnd.random() < 0.5
                                  else (player, {"type": "no_such_move", "card": "x"}))
                sender.ws.send_json({"type": "act", "action": action, "key": f"bad{step}"})
                error = sender.read_until("error", "update")
                assert error["type"] == "error", error
            player.ws.send_json({"type": "act", "action": rnd.choice(player.legal), "key": f"k{step}"})
            answer = player.read_until("update", "error")
            assert answer["type"] == "update", answer
            settle(table, sockets)
            if step % 7 == 3:
                check_rest(client, table, tokens)
        check_rest(client, table, tokens)
    finally:
        for sock in sockets:
            sock.close()
