"""The REST API (docs/server.md, "REST API"): routes, request and answer models, error mapping.

Every error is `{"error": {"code", "message", "field"?}}`: 400 malformed JSON or body, 401 missing or wrong
token, 403 a token that may not do this (another seat, not the host), 404 unknown table, game or seat, 409
not your turn / game over / table not started, 413 body too large, 422 an illegal action or bad options
(the engine's code and message). A refused request changes nothing. Any other failure, the engine's included
(an exception other than `IllegalAction` while it plays one of its own legal actions), is a 500
`internal_error` with a log line: a bug of ours, never blamed on the client.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictFloat, StrictInt, StrictStr
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from cetate import games as registry
from cetate.core.guide import for_reader, option_words, slug, split_heading, strip_ids
from cetate.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalog
from cetate.server import accounts, turns
from cetate.server.bots import LEVELS, game_bots
from cetate.server.errors import ERRORS
from cetate.server.limits import limit
from cetate.server.tables import CHAT_MAX, KINDS, NAME_MAX, TableError, TableHub

router = APIRouter(prefix="/api")

KEY_MAX = 128


# -- request models -------------------------------------------------------------------------------

class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatSpec(Strict):
    kind: StrictStr = Field("human", description="human (an invite link), hotseat (the creator's device) or bot",
                            json_schema_extra={"enum": list(KINDS)})
    bot: StrictStr | None = Field(None, description="a registered bot name (bot seats; GET /api/games)")
    level: StrictStr | None = Field(None, description=f"bot strength: {', '.join(LEVELS)}",
                                    json_schema_extra={"enum": [*LEVELS, None]})
    name: StrictStr | None = Field(None, max_length=NAME_MAX, description="trimmed")


class ClockSpec(Strict):
    initial_s: StrictInt | StrictFloat = Field(..., description="seconds each human seat starts with")
    increment_s: StrictInt | StrictFloat = Field(0, description="seconds added after each move")


class CreateTable(Strict):
    game: StrictStr
    players: StrictInt | None = Field(None, description="number of seats (default: the number of seats given)")
    options: dict[str, Any] = Field(default_factory=dict, description="the game's options (GET /api/games)")
    seats: list[SeatSpec] | None = Field(None, description="default: you, then bots of level normal")
    seed: StrictInt | StrictStr | None = None
    clock: ClockSpec | None = None
    per_move_s: StrictInt | None = Field(None, description="a turn-based table: each person has this many seconds "
                                         "(3600, 1 hour, to 1209600, 14 days) for each move, after which the easy "
                                         "bot plays it for them (docs/turn-based.md); not with `clock`")
    public: bool = Field(False, description="list the table in the public lobby (GET /api/lobby), where anyone "
                         "may take its free invited seats with one click (POST /api/tables/{id}/sit)")
    rated: bool = Field(False, description="the result moves the players' ratings (signed in only, with the header "
                        "X-CSRF-Token; every person joins signed in; no hot seats, hints or take-backs)")


class JoinBody(Strict):
    name: StrictStr | None = Field(None, max_length=NAME_MAX, description="your name at the table (trimmed)")


class ChatBody(Strict):
    text: StrictStr = Field(..., max_length=4000,
                            description=f"the message: 1 to {CHAT_MAX} characters once trimmed (else 422)")


# an action: an object with a string field `type` and the game's own fields (checked by the game: 422)
ACTION_SCHEMA = {"required": ["type"], "properties": {"type": {"type": "string", "description": "the action's kind"}}}


class ActionBody(Strict):
    action: dict[str, Any] = Field(..., description="one of the seat's legal_actions (GET /api/tables/{table_id})",
                                   json_schema_extra=ACTION_SCHEMA)
    key: StrictStr | None = Field(None, min_length=1, max_length=KEY_MAX,
                                  description="idempotency key: the same key twice returns the first answer")
    seat: StrictInt | None = Field(None, ge=0, description="the seat you act for (checked against the token)")


class SeatBotBody(Strict):
    bot: StrictStr | None = Field(None, description="a registered bot name (GET /api/games)")
    level: StrictStr | None = Field(None, description=f"bot strength: {', '.join(LEVELS)}",
                                    json_schema_extra={"enum": [*LEVELS, None]})


# path and query parameters
TableId = Annotated[str, Path(min_length=1, max_length=64, description="the table's id (from POST /api/tables)")]
SeatNumber = Annotated[int, Path(ge=0, description="a seat, from 0")]


# -- answer models --------------------------------------------------------------------------------

class GameInfo(BaseModel):
    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    options: list[dict[str, Any]]
    bots: list[str]
    levels: list[str]
    emblem: str | None = None


class SeatToken(BaseModel):
    seat: int
    kind: str
    name: str | None
    token: str | None = None


class Created(BaseModel):
    table_id: str
    host_token: str
    host_seat: int | None
    status: str
    seats: list[SeatToken]
    invite_links: dict[int, str]
    spectator_link: str


class Invite(BaseModel):
    seat: int
    token: str = Field(description="the new invite token (spent when its person joins)")
    invite_link: str


class Outcome(BaseModel):
    winners: list[int] = Field(description="the seats that won (Akropolis solo: [0] if the player beat the Architect)")
    ranking: list[int] | None = Field(None, description="the seats from best to worst")


class TableEntry(BaseModel):
    table_id: str
    game: str
    status: str
    seat: int | None
    host: bool
    players: int
    to_move: int | None
    updated_at: str | None
    result: Outcome | None = Field(None, description="how a finished game went")



# -- helpers --------------------------------------------------------------------------------------

def hub_of(request: Request) -> TableHub:
    return request.app.state.hub


def bearer(request: Request) -> str | None:
    """The token from `Authorization: Bearer <token>` or the `token` query parameter."""
    header = request.headers.get("authorization")
    if header:
        scheme, _, value = header.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise TableError(401, "bad_token", "the Authorization header must be 'Bearer <token>'")
        return value.strip()
    return request.query_params.get("token") or None


Hub = Annotated[TableHub, Depends(hub_of)]
Token = Annotated[str | None, Depends(bearer)]


def _game(game_id: str):
    try:
        return registry.get(game_id)
    except registry.UnknownGame as exc:
        raise TableError(404, "unknown_game", exc.message, field="game") from exc


def _base_url(request: Request) -> str:
    public = request.app.state.settings.public_url
    return (public or str(request.base_url)).rstrip("/") + "/"


# -- games, guides, messages ----------------------------------------------------------------------

class Health(BaseModel):
    status: str = Field(description="ok, or unavailable (503) when the database does not answer")
    database: str = Field(description="sqlite or postgresql")
    live_tables: int = Field(description="unfinished tables this process holds")
    sockets: int = Field(description="WebSockets open to this process")
    worker: str | None = Field(None, description="this worker's id in cluster mode (null: one process)")
    redis: str = Field("none", description="ok, unavailable, or none (no cluster)")


@router.get("/health", response_model=Health, responses=ERRORS, summary="Is this server process serving?")
async def health(request: Request) -> JSONResponse:
    """For a load balancer or a reverse proxy: 200 while this process serves and its database (and, in
    cluster mode, Redis) answers within 2 s, 503 otherwise. Holds no secret: counts and the worker's id."""
    hub: TableHub | None = getattr(request.app.state, "hub", None)
    store = getattr(request.app.state, "store", None)
    ok = hub is not None and store is not None and not hub._closing
    if ok:
        try:
            await asyncio.wait_for(asyncio.to_thread(store.ping), 2.0)
        except Exception:
            ok = False
    cluster = hub.cluster if hub is not None else None
    redis = "none"
    if cluster is not None:
        try:
            await asyncio.wait_for(cluster.ping(), 2.0)
            redis = "ok"
        except Exception:
            redis, ok = "unavailable", False
    tables = list(hub.tables.values()) if hub is not None else []
    sockets = sum(len(t.subscribers) for t in tables) + (len(cluster.proxies) if cluster is not None else 0)
    doc = {"status": "ok" if ok else "unavailable", "database": store.dialect if store is not None else "",
           "live_tables": sum(1 for t in tables if t.status != "over"), "sockets": sockets,
           "worker": cluster.id if cluster is not None else None, "redis": redis}
    return JSONResponse(doc, status_code=200 if ok else 503)


@router.get("/games", response_model=list[GameInfo], responses=ERRORS, summary="The registered games")
async def list_games() -> list[dict]:
    out = []
    for game in registry.all():
        out.append({"id": game.id, "name": game.name, "description": game.description,
                    "min_players": game.min_players, "max_players": game.max_players,
                    "options": game.options.describe(), "bots": game_bots(game.id), "levels": list(LEVELS),
                    "emblem": _emblem(game)})
    return out


def _emblem(game) -> str | None:
    """The game's emblem (`Game.emblem`) if it is a plain SVG picture: one <svg> element, no script, no event
    handler, no link to anything outside it (the client puts it into the page as markup)."""
    svg = game.emblem()
    if not isinstance(svg, str) or not svg.lstrip().startswith("<svg") or _UNSAFE_SVG.search(svg):
        return None
    return svg


_UNSAFE_SVG = re.compile(r"<\s*(script|foreignObject|iframe|image|use)\b|\bon\w+\s*=|href\s*=|url\(|javascript:",
                         re.IGNORECASE)


_HEADING = re.compile(r"^(#{1,2})\s+(.*?)\s*#*\s*$")


def guide_sections(text: str) -> list[dict]:
    """Split a guide at its `#` and `##` headings: `[{slug, title, markdown, aliases}]` (the markdown without
    the heading line). The slug is the heading's explicit `{#id}` if it has one (see cetate.core.guide), and
    `aliases` holds the slug of the title, so bold cross-references written in the guide's language link too."""
    sections: list[dict] = []
    title, lines = None, []
    in_code = False

    def flush() -> None:
        body = "\n".join(lines).strip("\n")
        if title is not None or body.strip():
            name, explicit = split_heading(title or "Introduction")
            key = explicit or slug(name) or f"section-{len(sections)}"
            sections.append({"slug": key, "title": name, "markdown": strip_ids(body),
                             "aliases": [a for a in {slug(name)} if a and a != key]})

    for line in text.splitlines():
        if line.startswith("```"):
            in_code = not in_code
        match = None if in_code else _HEADING.match(line)
        if match:
            flush()
            title, lines = match.group(2), []
        else:
            lines.append(line)
    flush()
    return [s for s in sections if s["markdown"].strip()]


@router.get("/games/{game_id}/guide/{lang}", responses=ERRORS, summary="A game's rules guide, by section")
async def guide(game_id: str, lang: str) -> dict:
    game = _game(game_id)
    if lang not in LANGUAGES:
        raise TableError(404, "unknown_language", f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    folder = game.guide_dir()
    for candidate in (lang, DEFAULT_LANGUAGE):
        path = folder / f"{candidate}.md" if folder is not None else None
        if path is not None and path.is_file():
            text = await asyncio.to_thread(path.read_text, encoding="utf-8")
            # the web's guide: no terminal commands, options named as the new-table form names them
            words = option_words(Catalog(game.messages_dir()), candidate, game.id, game.options.describe())
            return {"game": game.id, "lang": candidate, "sections": guide_sections(for_reader(text, "web", words))}
    raise TableError(404, "no_guide", f"{game.name} has no rules guide yet")


_CATALOGS: dict[tuple[str, str], dict] = {}


@router.get("/games/{game_id}/catalog/{lang}", responses=ERRORS,
            summary="A game's static data for drawing (cards, tiles, characters, symbols), in one language")
async def game_catalog(game_id: str, lang: str) -> dict:
    game = _game(game_id)
    if lang not in LANGUAGES:
        raise TableError(404, "unknown_language", f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    key = (game.id, lang)
    if key not in _CATALOGS:  # static for the life of the process: made once per game and language
        _CATALOGS[key] = {"game": game.id, "lang": lang, **await asyncio.to_thread(game.catalog, lang)}
    return _CATALOGS[key]


@router.get("/i18n/{lang}", responses=ERRORS, summary="Message catalog: core + game, English filled in")
async def messages(lang: str, game: str | None = None) -> dict:
    if lang not in LANGUAGES:
        raise TableError(404, "unknown_language", f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    catalog = Catalog(_game(game).messages_dir() if game else None)
    keys = catalog.keys(DEFAULT_LANGUAGE) | catalog.keys(lang)
    return {"lang": lang, "game": game, "messages": {k: catalog.raw(k, lang)[0] for k in sorted(keys)}}


# -- tables ---------------------------------------------------------------------------------------

@router.post("/tables", status_code=201, response_model=Created, responses=ERRORS, summary="Create a table",
             dependencies=[Depends(limit("create"))])
async def create_table(body: CreateTable, request: Request, hub: Hub) -> dict:
    """Signed in (the session cookie), the creator's seat is the account's; a rated table needs that, and
    the CSRF header too, since the cookie then acts for the account (docs/accounts.md)."""
    seats = [s.model_dump() for s in body.seats] if body.seats is not None else None
    clock = body.clock.model_dump() if body.clock is not None else None
    if body.per_move_s is not None:  # turn-based (server/turns.py)
        if clock is not None:
            raise TableError(422, "clock_conflict", "a table has a real-time clock or a time per move, not both",
                             field="per_move_s")
        clock = {"per_move_s": body.per_move_s}
    user = await accounts.current(request)
    if user is not None and body.rated:
        accounts.check_csrf(request)
    table, tokens, host_token = await hub.create(body.game, body.players, body.options, seats, body.seed, clock,
                                                 rated=body.rated, user_id=user["id"] if user else None,
                                                 public=body.public)
    base = _base_url(request)
    invites = {i: f"{base}#/t/{table.id}?seat={i}&token={tokens[i]}"
               for i, s in enumerate(table.seats) if s["kind"] == "human"}
    return {
        "table_id": table.id,
        "host_token": host_token,
        "host_seat": 0 if table.seats[0]["kind"] != "bot" else None,
        "status": table.status,
        "seats": [{"seat": i, "kind": s["kind"], "name": s.get("name"), "token": tokens[i]}
                  for i, s in enumerate(table.seats)],
        "invite_links": invites,
        "spectator_link": f"{base}#/t/{table.id}",
    }


@router.get("/tables", response_model=list[TableEntry], responses=ERRORS,
            summary="The tables your tokens hold a seat at")
async def my_tables(hub: Hub, tokens: str = Query("", description="seat or host tokens, comma-separated (the first "
                                                                  "100 count)")) -> list[dict]:
    return await hub.my_tables([t.strip() for t in tokens.split(",") if t.strip()])


@router.get("/tables/{table_id}", responses=ERRORS, summary="A table as your seat (or a spectator) sees it")
async def get_table(table_id: TableId, hub: Hub, token: Token) -> dict:
    return await hub.call(table_id, "view", token)


@router.post("/tables/{table_id}/join", responses=ERRORS, summary="Take your seat (and give your name)",
             dependencies=[Depends(limit("join"))])
async def join(table_id: TableId, request: Request, hub: Hub, token: Token, body: JoinBody | None = None) -> dict:
    """With an invite token, the invite is spent and the answer's `token` is this device's own credential
    for the seat (keep it: the invite no longer works); with the seat's own token, `token` is that one.
    Signed in, the seat becomes the account's; a rated table takes only signed-in players."""
    user = await accounts.current(request)
    service = accounts.accounts_of(request)
    if user is None and await asyncio.to_thread(service.store.table_rated, table_id):
        raise TableError(401, "sign_in_to_join", "this table is rated: sign in to take a seat at it")
    joined = await hub.call(table_id, "join", token, {"name": body.name if body is not None else None})
    seat = joined.get("seat")
    if user is not None and isinstance(seat, int):  # a seat another account plays stays theirs
        await asyncio.to_thread(service.store.claim_seats, user["id"], [(table_id, seat)])
    return joined


@router.post("/tables/{table_id}/sit", responses=ERRORS, summary="Take a free seat of a public table (the lobby)",
             dependencies=[Depends(limit("join"))])
async def sit(table_id: TableId, request: Request, hub: Hub, body: JoinBody | None = None) -> dict:
    """The first free invited seat of a public table becomes yours; the answer's `token` is this device's
    credential for it (keep it). Signed in, the seat becomes the account's; a rated table needs that."""
    user = await accounts.current(request)
    service = accounts.accounts_of(request)
    if user is None and await asyncio.to_thread(service.store.table_rated, table_id):
        raise TableError(401, "sign_in_to_join", "this table is rated: sign in to take a seat at it")
    name = body.name if body is not None and body.name else (user["display_name"] if user else None)
    answer = await hub.call(table_id, "sit", None, {"name": name})
    if user is not None and isinstance(answer.get("seat"), int):
        await asyncio.to_thread(service.store.claim_seats, user["id"], [(table_id, answer["seat"])])
    return answer


@router.get("/lobby", responses=ERRORS, summary="Public tables waiting for players")
async def lobby(request: Request, game: str | None = Query(None, max_length=64, description="only this game"),
                limit: int = Query(100, ge=1, le=500)) -> dict:
    from cetate.server.storage.lobby import open_tables

    if game is not None:
        _game(game)
    return {"tables": await asyncio.to_thread(open_tables, request.app.state.store, game, limit)}


@router.post("/tables/{table_id}/start", responses=ERRORS, summary="Start now (host)")
async def start(table_id: TableId, hub: Hub, token: Token) -> dict:
    return await hub.call(table_id, "start", token)


@router.post("/tables/{table_id}/chat", status_code=201, responses=ERRORS, summary="Write in the table's chat",
             dependencies=[Depends(limit("chat"))])
async def chat(table_id: TableId, body: ChatBody, hub: Hub, token: Token) -> dict:
    return await hub.call(table_id, "chat", token, {"text": body.text})


@router.post("/tables/{table_id}/hint", responses=ERRORS, summary="Ask the easy bot what your seat might play",
             dependencies=[Depends(limit("hint"))])
async def hint(table_id: TableId, hub: Hub, token: Token) -> dict:
    return await hub.call(table_id, "hint", token)


@router.post("/tables/{table_id}/undo", responses=ERRORS, summary="Take back your last move (against bots)")
async def undo(table_id: TableId, hub: Hub, token: Token) -> dict:
    return await hub.call(table_id, "undo", token)


@router.post("/tables/{table_id}/actions", responses=ERRORS, summary="Play an action for your seat")
async def act(table_id: TableId, body: ActionBody, hub: Hub, token: Token) -> dict:
    done = await hub.call(table_id, "act", token, {"action": body.action, "key": body.key, "seat": body.seat})
    return done["answer"]


@router.post("/tables/{table_id}/seats/{seat}/bot", responses=ERRORS, summary="Hand a seat to a bot (host)")
async def seat_to_bot(table_id: TableId, seat: SeatNumber, hub: Hub, token: Token,
                      body: SeatBotBody | None = None) -> dict:
    return await hub.call(table_id, "seat_bot", token, {"seat": seat, "bot": body.bot if body else None,
                                                          "level": body.level if body else None})


@router.post("/tables/{table_id}/seats/{seat}/invite", response_model=Invite, responses=ERRORS,
             summary="A new invite link for a seat (host)")
async def reissue_invite(table_id: TableId, seat: SeatNumber, request: Request, hub: Hub, token: Token) -> dict:
    """The seat's earlier link and the token of the device that joined with it stop working (401
    `token_revoked`); the game goes on. For the host's own seat: a link to open it on another device."""
    new = (await hub.call(table_id, "invite", token, {"seat": seat}))["token"]
    return {"seat": seat, "token": new, "invite_link": f"{_base_url(request)}#/t/{table_id}?seat={seat}&token={new}"}


@router.get("/tables/{table_id}/record", responses=ERRORS, summary="Download the record")
async def record(table_id: TableId, hub: Hub, token: Token) -> JSONResponse:
    done = await hub.call(table_id, "record", token)
    return JSONResponse(done["record"], headers={"Content-Disposition": f'attachment; filename="{done["filename"]}"'})


@router.get("/tables/{table_id}/review", responses=ERRORS, summary="A finished game compared with the easy bot")
async def review(table_id: TableId, hub: Hub,
                 seat: int = Query(..., ge=0, description="the seat whose moves to compare")
                 ) -> dict:
    return await hub.call(table_id, "review", None, {"seat": seat})


@router.get("/tables/{table_id}/replay", responses=ERRORS, summary="A finished game, step by step")
async def replay(table_id: TableId, hub: Hub,
                 seat: int | None = Query(None, ge=0, description="see it as this seat")
                 ) -> dict:
    return await hub.call(table_id, "replay", None, {"seat": seat})


@router.api_route("/{path:path}", methods=["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
                  include_in_schema=False)
async def unknown_route(path: str, request: Request) -> Response:
    """Every request no API route took: 404 `not_found` when no route has this path; when one does with
    other methods, 405 `method_not_allowed` with an `Allow` header, `OPTIONS` answered 204 with that header,
    and `HEAD` answered as `GET` without the body."""
    allowed, get = _methods_at(request)
    if not allowed:
        raise TableError(404, "not_found", f"there is no API route /api/{path}")
    if request.method == "HEAD" and get is not None:
        return _HeadAsGet(*get)
    allow = {"Allow": ", ".join(sorted(allowed))}
    if request.method == "OPTIONS":
        return Response(status_code=204, headers=allow)
    return error_response(405, "method_not_allowed", f"/api/{path} takes {allow['Allow']}, not {request.method}",
                          headers=allow)


def _methods_at(request: Request) -> tuple[set[str], tuple[Route, dict] | None]:
    """The methods the other API routes (the account routes included) take at the request's path (with HEAD
    where GET is, and OPTIONS), and the GET route with the scope it would add."""
    allowed: set[str] = set()
    get = None
    from cetate.server import quickmatch

    for route in [*router.routes, *accounts.router.routes, *accounts.public.routes, *quickmatch.router.routes,
                  *turns.router.routes]:
        if not isinstance(route, Route) or route.endpoint is unknown_route or not route.methods:
            continue
        match, child = route.matches(request.scope)
        if match is Match.NONE:
            continue
        allowed |= route.methods
        if "GET" in route.methods and get is None:
            get = (route, child)
    if allowed:
        allowed.add("OPTIONS")
        if "GET" in allowed:
            allowed.add("HEAD")
    return allowed, get


class _HeadAsGet(Response):
    """A HEAD request handed to the GET route at its path, the body left out (the headers kept)."""

    def __init__(self, route: Route, child: dict) -> None:
        super().__init__()
        self.route, self.child = route, child

    async def __call__(self, scope, receive, send) -> None:
        async def headers_only(message) -> None:
            if message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        await self.route.handle({**scope, **self.child, "method": "GET"}, receive, headers_only)


# -- errors and the body limit --------------------------------------------------------------------

def error_response(status: int, code: str, message: str, field: str | None = None,
                   headers: dict | None = None) -> JSONResponse:
    error: dict = {"code": code, "message": message}
    if field:
        error["field"] = field
    return JSONResponse({"error": error}, status_code=status, headers=headers)


def _validation_error(exc: RequestValidationError) -> JSONResponse:
    errors = exc.errors()
    first = errors[0] if errors else {"type": "", "loc": (), "msg": "bad request"}
    loc = [str(p) for p in first.get("loc", ())]
    where = loc[0] if loc else ""
    field = ".".join(loc[1:]) or None
    kind = first.get("type", "")
    if kind == "json_invalid":
        detail = (first.get("ctx") or {}).get("error", "")
        return error_response(400, "malformed_json", f"the body is not valid JSON{': ' + detail if detail else ''}")
    if where == "body" and field is None:
        if kind == "missing":
            return error_response(400, "missing_body", "this request needs a JSON object as its body")
        return error_response(400, "bad_body", f"the body must be a JSON object: {first.get('msg')}")
    if kind == "extra_forbidden":
        return error_response(400, "unknown_field", f"unknown field {field!r}", field)
    place = {"query": "query parameter", "path": "path parameter", "header": "header"}.get(where, "field")
    return error_response(400, "bad_request", f"{place} {field!r}: {first.get('msg')}", field)


def add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def _table_error(_request: Request, exc: TableError) -> JSONResponse:
        retry = getattr(exc, "retry_after", None)  # rate limits, a full server
        return error_response(exc.status, exc.code, exc.message, exc.field,
                              headers={"Retry-After": str(retry)} if retry else None)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return _validation_error(exc)

    @app.exception_handler(Exception)
    async def _crash(_request: Request, exc: Exception) -> JSONResponse:
        return error_response(500, "internal_error", "the server failed to answer; the failure is logged")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        codes = {404: "not_found", 405: "method_not_allowed"}
        headers = getattr(exc, "headers", None)
        if exc.status_code == 405 and request.url.path.startswith("/api/"):
            # a method no route takes (TRACE, QUERY, ...) at an API path: the API routes' Allow, or 404
            allowed, _get = _methods_at(request)
            if not allowed:
                return error_response(404, "not_found", f"there is no API route {request.url.path}")
            headers = {"Allow": ", ".join(sorted(allowed))}
            return error_response(405, "method_not_allowed", f"{request.url.path} takes {headers['Allow']}, "
                                  f"not {request.method}", headers=headers)
        return error_response(exc.status_code, codes.get(exc.status_code, "http_error"), str(exc.detail),
                              headers=headers)


class BodyLimit:
    """ASGI middleware: a request body over `max_bytes` is answered 413 before any route sees it."""

    def __init__(self, app, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None:
            try:
                declared = int(length)
            except ValueError:
                await self._refuse(send, 400, "bad_request", "the Content-Length header is not a number")
                return
            if declared > self.max_bytes:
                await self._too_large(send)
                return
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await self._too_large(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        delivered = False

        async def replay():
            nonlocal delivered
            if not delivered:
                delivered = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send) -> None:
        await self._refuse(send, 413, "body_too_large",
                           f"the request body is larger than the limit of {self.max_bytes} bytes")

    @staticmethod
    async def _refuse(send, status: int, code: str, message: str) -> None:
        body = json.dumps({"error": {"code": code, "message": message}}).encode()
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")]})
        await send({"type": "http.response.body", "body": body})

