"""Accounts (docs/accounts.md): sign up, sign in and out, sessions, the CSRF check, password changes, deleting
an account, exporting one's data, and claiming the tables a guest played on this browser.

- **Passwords** are hashed with argon2id (argon2-cffi's defaults); a hash made with weaker parameters is
  replaced at the next sign-in. A sign-in with an unknown name spends the same work as a wrong password, and
  both get the same answer, so the answer does not tell which names exist.
- **Sessions** are a random cookie (`cetate_session`: HttpOnly, SameSite=Lax, Secure over HTTPS); the
  database keeps only its SHA-256. A session lasts `Settings.session_days` after the browser's last visit.
- **CSRF.** Every state-changing account route needs the header `X-CSRF-Token`. Signed in, it must equal
  the session's own CSRF token (derived from the session secret, so a page on another site can neither read
  nor forge it); signed out, it must equal the `cetate_csrf` cookie (a double-submitted random value that
  `GET /api/account` sets). `GET /api/account` answers the token to the page.
- **Guests** are untouched: seat tokens and invite links work with no account, as before.

Every refusal is an `AccountError` (the API's usual `{"error": {code, message, field?}}`), and a refused
request changes nothing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
import secrets
import unicodedata
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from cetate.core.i18n import LANGUAGES
from cetate.server.errors import ERRORS
from cetate.server.limits import limit
from cetate.server.room.base import TableError
from cetate.server.room.services.seats import hash_token
from cetate.server.storage.accounts import AccountStore, NameTaken, UnknownUser
from cetate.server.storage.passkeys import PasskeyStore
from cetate.server.storage.turns import TurnStore

SESSION_COOKIE = "cetate_session"
CSRF_COOKIE = "cetate_csrf"
CSRF_HEADER = "X-CSRF-Token"
NAME_MIN, NAME_MAX = 2, 24
DISPLAY_MAX = 40
PASSWORD_MIN, PASSWORD_MAX = 8, 256
CLAIM_MAX = 100  # seat tokens one claim may bring
NAME_PATTERN = re.compile(r"^[^\W_][\w.-]*$")  # letters (any script) and digits, then also _ . -

HASHER = PasswordHasher()
# verified against when the name is unknown, so that the answer takes as long as for a wrong password
_DUMMY_HASH = HASHER.hash(secrets.token_urlsafe(16))

router = APIRouter(prefix="/api/account", tags=["account"], responses=ERRORS)
public = APIRouter(prefix="/api", tags=["ratings"], responses=ERRORS)  # what anyone may read


class AccountError(TableError):
    """A refused account request (same shape and handler as the tables' errors)."""


# -- rules for names and passwords ---------------------------------------------------------------------

def name_key(name: str) -> str:
    """What makes two user names the same: NFKC, casefolded ("Ana" and "ana" are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    name = unicodedata.normalize("NFKC", name.strip())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise AccountError(422, "bad_user_name", f"a user name has {NAME_MIN} to {NAME_MAX} characters, "
                           f"not {len(name)}", field="name")
    if not NAME_PATTERN.match(name):
        raise AccountError(422, "bad_user_name", "a user name starts with a letter or a digit and holds only "
                           "letters, digits and the marks _ . -", field="name")
    return name


def check_password(password: str, name: str, field: str = "password") -> str:
    if len(password) < PASSWORD_MIN:
        raise AccountError(422, "weak_password", f"a password needs at least {PASSWORD_MIN} characters",
                           field=field)
    if len(password) > PASSWORD_MAX:
        raise AccountError(422, "long_password", f"a password has at most {PASSWORD_MAX} characters", field=field)
    if name_key(password) == name_key(name):
        raise AccountError(422, "weak_password", "the password may not be your user name", field=field)
    return password


def check_display_name(text: str | None, default: str) -> str:
    text = unicodedata.normalize("NFKC", (text or "").strip())
    if len(text) > DISPLAY_MAX:
        raise AccountError(422, "bad_display_name", f"a display name has at most {DISPLAY_MAX} characters",
                           field="display_name")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text):
        raise AccountError(422, "bad_display_name", "a display name may not hold control or unassigned characters",
                           field="display_name")
    return text or default


def check_languages(languages: list[str] | None) -> list[str]:
    chosen = list(dict.fromkeys(languages or []))
    unknown = [lang for lang in chosen if lang not in LANGUAGES]
    if unknown:
        raise AccountError(422, "bad_language", f"unknown language {unknown[0]!r}; the languages are "
                           f"{', '.join(LANGUAGES)}", field="languages")
    return chosen


def csrf_of(session_token: str) -> str:
    """The CSRF token of a session: derived from its secret, so only a page that was answered it knows it."""
    return hashlib.sha256(f"csrf/{session_token}".encode()).hexdigest()


# -- the service --------------------------------------------------------------------------------------

class Accounts:
    """The account operations over an `AccountStore` (blocking: the routes call them in a thread)."""

    def __init__(self, store: AccountStore, session_days: float = 30.0) -> None:
        self.store = store
        self.session_life = timedelta(days=session_days)

    def sign_up(self, name: str, password: str, display_name: str | None, languages: list[str] | None) -> dict:
        name = check_name(name)
        check_password(password, name)
        display = check_display_name(display_name, name)
        langs = check_languages(languages)
        if self.store.user_by_name(name_key(name)) is not None:
            raise taken(name)
        try:
            return self.store.create_user(secrets.token_hex(8), name, name_key(name), display, HASHER.hash(password),
                                          langs)
        except NameTaken:
            raise taken(name) from None

    def sign_in(self, name: str, password: str) -> dict:
        user = self.store.user_by_name(name_key(name.strip())) if name.strip() else None
        stored = self.store.password_hash(user["id"]) if user else None
        if not _verify(stored or _DUMMY_HASH, password) or user is None or stored is None:
            raise AccountError(401, "bad_credentials", "that user name and password do not match an account",
                               field="password")
        if HASHER.check_needs_rehash(stored):
            self.store.set_password_hash(user["id"], HASHER.hash(password))
        return user

    def open_session(self, user_id: str, agent: str | None) -> str:
        token = secrets.token_urlsafe(32)
        self.store.create_session(hash_token(token), user_id, datetime.now(UTC) + self.session_life, agent)
        return token

    def session_user(self, token: str | None) -> dict | None:
        if not token or len(token) > 128:
            return None
        now = datetime.now(UTC)
        return self.store.session_user(hash_token(token), now, renew_until=now + self.session_life)

    def change_password(self, user: dict, session_token: str, current: str, new: str) -> None:
        stored = self.store.password_hash(user["id"])
        if stored is None or not _verify(stored, current):
            raise AccountError(403, "wrong_password", "the current password is not right", field="current")
        check_password(new, user["name"], field="new")
        self.store.set_password_hash(user["id"], HASHER.hash(new), keep_session=hash_token(session_token))

    def delete(self, user: dict, password: str) -> None:
        stored = self.store.password_hash(user["id"])
        if stored is None or not _verify(stored, password):
            raise AccountError(403, "wrong_password", "the password is not right", field="password")
        self.store.delete_user(user["id"])

    def export(self, user: dict) -> dict:
        """Everything the account holds, as JSON: the account, its sessions and passkeys (no secrets or keys) and
        its seats."""
        return {"format": "cetate-account-export", "version": 1, "exported_at": datetime.now(UTC).isoformat(),
                "account": user, "sessions": self.store.sessions(user["id"]),
                "seats": self.store.user_seats(user["id"], limit=10_000),
                "passkeys": PasskeyStore(self.store.store).of_user(user["id"]),
                "notify": TurnStore(self.store.store).settings(user["id"])}


def taken(name: str) -> AccountError:
    return AccountError(409, "name_taken", f"the user name {name!r} is taken: choose another", field="name")


def _verify(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


# -- HTTP ---------------------------------------------------------------------------------------------

class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SignUp(Strict):
    name: StrictStr = Field(..., max_length=200, description=f"{NAME_MIN}-{NAME_MAX} letters, digits, _ . -")
    password: StrictStr = Field(..., max_length=1000, description=f"at least {PASSWORD_MIN} characters")
    display_name: StrictStr | None = Field(None, max_length=200, description="shown at tables (default: the name)")
    languages: list[StrictStr] | None = Field(None, max_length=len(LANGUAGES), description="languages you read")
    claim: list[StrictStr] | None = Field(None, max_length=CLAIM_MAX,
                                          description="seat tokens this browser holds: their seats become yours")


class SignIn(Strict):
    name: StrictStr = Field(..., max_length=200)
    password: StrictStr = Field(..., max_length=1000)


class PasswordChange(Strict):
    current: StrictStr = Field(..., max_length=1000)
    new: StrictStr = Field(..., max_length=1000)


class Confirm(Strict):
    password: StrictStr = Field(..., max_length=1000)


class Profile(Strict):
    display_name: StrictStr | None = Field(None, max_length=200)
    languages: list[StrictStr] | None = Field(None, max_length=len(LANGUAGES))


class Claim(Strict):
    tokens: list[StrictStr] = Field(..., max_length=CLAIM_MAX, description="seat tokens this browser holds")


def accounts_of(request: Request) -> Accounts:
    accounts = getattr(request.app.state, "accounts", None)
    if accounts is None:
        raise AccountError(503, "starting", "the server is starting: try again in a moment")
    return accounts


def _secure(request: Request) -> bool:
    public = request.app.state.settings.public_url or ""
    return request.url.scheme == "https" or public.startswith("https://")


def _set_session(response: Response, request: Request, token: str, days: float) -> None:
    age = int(days * 86400)
    response.set_cookie(SESSION_COOKIE, token, max_age=age, httponly=True, samesite="lax", secure=_secure(request),
                        path="/")
    response.set_cookie(CSRF_COOKIE, csrf_of(token), max_age=age, httponly=False, samesite="lax",
                        secure=_secure(request), path="/")


def _clear_session(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/")
    response.delete_cookie(CSRF_COOKIE, path="/")


async def current(request: Request) -> dict | None:
    """The signed-in account of the request's session cookie, or None (a guest)."""
    token = request.cookies.get(SESSION_COOKIE)
    if not token:
        return None
    return await asyncio.to_thread(accounts_of(request).session_user, token)


def check_csrf(request: Request) -> None:
    """Refuse a state-changing request without the right `X-CSRF-Token` (see the module doc)."""
    sent = request.headers.get(CSRF_HEADER, "")
    session = request.cookies.get(SESSION_COOKIE)
    expected = csrf_of(session) if session else request.cookies.get(CSRF_COOKIE, "")
    if not sent or not expected or not hmac.compare_digest(sent.encode(), expected.encode()):
        raise AccountError(403, "csrf_failed", f"this request needs the header {CSRF_HEADER} with the token "
                           "GET /api/account gives this browser; reload the page and try again")


async def signed_in(request: Request, _csrf: Annotated[None, Depends(check_csrf)] = None) -> dict:
    user = await current(request)
    if user is None:
        expired = bool(request.cookies.get(SESSION_COOKIE))
        raise AccountError(401, "session_expired" if expired else "not_signed_in",
                           "your session has ended: sign in again" if expired else "sign in first")
    return user


async def signed_in_read(request: Request) -> dict:
    """`signed_in` for reading routes (no CSRF token needed: a GET changes nothing)."""
    user = await current(request)
    if user is None:
        raise AccountError(401, "not_signed_in", "sign in first")
    return user


def _answer(user: dict | None, csrf: str, **extra: Any) -> dict:
    return {"user": user, "csrf": csrf, **extra}


@router.get("", summary="Who is signed in on this browser, and its CSRF token")
async def me(request: Request) -> JSONResponse:
    user = await current(request)
    session = request.cookies.get(SESSION_COOKIE)
    if user is not None and session:
        return JSONResponse(_answer(user, csrf_of(session)))
    csrf = request.cookies.get(CSRF_COOKIE)
    fresh = not csrf or len(csrf) > 128
    csrf = secrets.token_urlsafe(32) if fresh else csrf
    response = JSONResponse(_answer(None, csrf))
    if session:  # a session that has ended: forget its cookie
        response.delete_cookie(SESSION_COOKIE, path="/")
    if fresh or session:
        response.set_cookie(CSRF_COOKIE, csrf, max_age=86400 * 365, httponly=False, samesite="lax",
                            secure=_secure(request), path="/")
    return response


@router.post("/signup", status_code=201, summary="Make an account and sign in (may claim this browser's tables)",
             dependencies=[Depends(limit("signin")), Depends(check_csrf)])
async def sign_up(request: Request, body: SignUp) -> JSONResponse:
    accounts = accounts_of(request)
    user = await asyncio.to_thread(accounts.sign_up, body.name, body.password, body.display_name, body.languages)
    old = request.cookies.get(SESSION_COOKIE)
    if old:  # the browser was signed in to another account: that session ends
        await asyncio.to_thread(accounts.store.end_session, hash_token(old))
    token = await asyncio.to_thread(accounts.open_session, user["id"], request.headers.get("user-agent"))
    claimed = await _claim(request, user, body.claim or []) if body.claim else {"claimed": [], "taken": []}
    response = JSONResponse(_answer(user, csrf_of(token), **claimed), status_code=201)
    _set_session(response, request, token, request.app.state.settings.session_days)
    return response


@router.post("/signin", summary="Sign in with a user name and password",
             dependencies=[Depends(limit("signin")), Depends(check_csrf)])
async def sign_in(request: Request, body: SignIn) -> JSONResponse:
    user = await asyncio.to_thread(accounts_of(request).sign_in, body.name, body.password)
    return await signed_in_answer(request, user)


async def signed_in_answer(request: Request, user: dict) -> JSONResponse:
    """This browser is now signed in as `user` (a password or a passkey said so): the session it had ends, a new
    one opens, and the answer carries its cookies and CSRF token."""
    accounts = accounts_of(request)
    old = request.cookies.get(SESSION_COOKIE)
    if old:
        await asyncio.to_thread(accounts.store.end_session, hash_token(old))
    token = await asyncio.to_thread(accounts.open_session, user["id"], request.headers.get("user-agent"))
    response = JSONResponse(_answer(user, csrf_of(token)))
    _set_session(response, request, token, request.app.state.settings.session_days)
    return response


@router.post("/signout", summary="Sign this browser out")
async def sign_out(request: Request, _csrf: Annotated[None, Depends(check_csrf)]) -> JSONResponse:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        await asyncio.to_thread(accounts_of(request).store.end_session, hash_token(token))
    response = JSONResponse({"user": None})
    _clear_session(response)
    return response


@router.post("/signout-everywhere", summary="Sign out on every device")
async def sign_out_everywhere(request: Request, user: Annotated[dict, Depends(signed_in)]) -> JSONResponse:
    ended = await asyncio.to_thread(accounts_of(request).store.end_sessions, user["id"])
    response = JSONResponse({"user": None, "ended": ended})
    _clear_session(response)
    return response


@router.patch("", summary="Change the display name or languages")
async def update(request: Request, body: Profile, user: Annotated[dict, Depends(signed_in)]) -> dict:
    fields: dict[str, Any] = {}
    if body.display_name is not None:
        fields["display_name"] = check_display_name(body.display_name, user["name"])
    if body.languages is not None:
        fields["languages"] = check_languages(body.languages)
    updated = await asyncio.to_thread(accounts_of(request).store.update_profile, user["id"], **fields)
    return {"user": updated}


@router.post("/password", summary="Change the password (other devices are signed out)")
async def change_password(request: Request, body: PasswordChange, user: Annotated[dict, Depends(signed_in)]) -> dict:
    await asyncio.to_thread(accounts_of(request).change_password, user, request.cookies[SESSION_COOKIE],
                            body.current, body.new)
    return {"changed": True}


@router.post("/delete", summary="Delete the account (its games stay, anonymised)")
async def delete_account(request: Request, body: Confirm, user: Annotated[dict, Depends(signed_in)]) -> JSONResponse:
    await asyncio.to_thread(accounts_of(request).delete, user, body.password)
    response = JSONResponse({"deleted": True, "user": None})
    _clear_session(response)
    return response


@router.get("/export", summary="Everything the account holds, as a JSON file")
async def export(request: Request, user: Annotated[dict, Depends(signed_in_read)]) -> JSONResponse:
    doc = await asyncio.to_thread(accounts_of(request).export, user)
    return JSONResponse(doc, headers={"Content-Disposition": f'attachment; filename="cetate-{user["name"]}.json"'})


@router.get("/tables", summary="The seats this account plays")
async def tables(request: Request, user: Annotated[dict, Depends(signed_in_read)]) -> dict:
    return {"seats": await asyncio.to_thread(accounts_of(request).store.user_seats, user["id"])}


class SeatAsk(Strict):
    table_id: StrictStr = Field(..., min_length=1, max_length=64)
    seat: int = Field(..., ge=0, le=64)


@router.post("/seat", summary="A token for one of the account's seats, on this device")
async def seat_token(request: Request, body: SeatAsk, user: Annotated[dict, Depends(signed_in)]) -> dict:
    """The account plays this seat (it made the table, joined it or claimed it): this device gets its own
    token for it, so a person signed in on a second device can play on there."""
    owner = await asyncio.to_thread(accounts_of(request).store.seat_owner, body.table_id, body.seat)
    if owner != user["id"]:
        raise AccountError(403, "not_your_seat", f"seat {body.seat} of table {body.table_id!r} is not your "
                           "account's", field="seat")
    return await request.app.state.hub.call(body.table_id, "device", None, {"seat": body.seat})


@router.post("/claim", summary="Make the seats of these guest tokens this account's")
async def claim(request: Request, body: Claim, user: Annotated[dict, Depends(signed_in)]) -> dict:
    return await _claim(request, user, body.tokens)


async def _claim(request: Request, user: dict, tokens: list[str]) -> dict:
    """The seats the tokens hold (seat tokens, devices' own credentials; not pending invites or host-only
    tokens) become the account's; a seat another account plays stays theirs (`taken`)."""
    store = request.app.state.store
    found = await asyncio.to_thread(store.lookup_tokens, [hash_token(t) for t in tokens if t and len(t) <= 256])
    accounts = accounts_of(request)
    pending = await asyncio.to_thread(accounts.store.pending_invites, [f["token_hash"] for f in found])
    seats = [(f["table_id"], f["seat"]) for f in found if f["seat"] is not None and f["token_hash"] not in pending]
    return await asyncio.to_thread(accounts.store.claim_seats, user["id"], seats)


@public.get("/ratings/{game}", summary="A game's leaderboard: people and bots, best first")
async def leaderboard(request: Request, game: Annotated[str, Path(max_length=64)],
                      limit: Annotated[int, Query(ge=1, le=500)] = 100) -> dict:
    from cetate import games as registry

    try:
        registry.get(game)
    except registry.UnknownGame as exc:
        raise AccountError(404, "unknown_game", exc.message, field="game") from exc
    rows = await asyncio.to_thread(accounts_of(request).store.leaderboard, game, limit)
    return {"game": game, "ratings": rows}


@public.get("/users/{name}", summary="A player's profile: games, wins, ratings and their history")
async def profile(request: Request, name: Annotated[str, Path(max_length=200)]) -> dict:
    doc = await asyncio.to_thread(accounts_of(request).store.profile, name_key(name.strip()))
    if doc is None:
        raise AccountError(404, "unknown_user", f"there is no player {name!r}")
    return doc


def install(app: Any, store: Any) -> None:
    """Give the app its account service (at startup, once the store is open)."""
    app.state.accounts = Accounts(AccountStore(store), app.state.settings.session_days)


__all__ = ["AccountError", "Accounts", "UnknownUser", "check_csrf", "current", "install", "public", "router"]
