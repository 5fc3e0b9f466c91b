"""Passkeys (docs/accounts.md, "Passkeys"): WebAuthn credentials as a second way into an account, through the
`webauthn` package (py_webauthn), which checks every answer an authenticator gives.

Two ceremonies, each in two steps with a one-use ticket between them (`storage/passkeys.py`):

- **Make a passkey** (signed in): `POST /api/account/passkeys/options` answers the creation options (the
  account's existing passkeys excluded, a discoverable credential asked for) and a ticket;
  `POST /api/account/passkeys` sends the browser's credential back with the ticket and a name for it.
- **Sign in with a passkey** (signed out): `POST /api/account/passkey/options` answers request options with no
  credential list (the browser offers the passkeys it holds for this site) and a ticket;
  `POST /api/account/passkey/signin` checks the assertion against the stored public key and counter and
  opens a session, as a password sign-in does. It shares the sign-in rate limit.

The relying party is the site: its host name is the RP id and its origin the expected origin, from
`Settings.public_url` when set, else from the request. Browsers refuse passkeys on a bare IP address, so a
ceremony asked for at `http://127.0.0.1:8000` is refused with a clear error that names the way out
(`http://localhost:8000`). A passkey is tied to the RP id it was made for.

Every refusal is an `AccountError` and changes nothing: a malformed credential, a ticket that is unknown,
used, expired or of the other ceremony, a credential of another account or site, a counter that went back.
"""

from __future__ import annotations

import asyncio
import base64
import ipaddress
import json
import secrets
import unicodedata
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, Path, Request
from fastapi.responses import JSONResponse
from pydantic import Field, StrictStr
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from cetate.server.accounts import (
    AccountError,
    Strict,
    accounts_of,
    check_csrf,
    router,
    signed_in,
    signed_in_answer,
    signed_in_read,
)
from cetate.server.limits import limit
from cetate.server.room.services.seats import hash_token
from cetate.server.storage.passkeys import PasskeyStore, PasskeyTaken, TooManyPasskeys

RP_NAME = "cetate"
CEREMONY_S = 300  # how long a ticket lives
NAME_MAX = 64
CREDENTIAL_MAX = 16_384  # bytes of a credential's JSON: far above a real one


def store_of(request: Request) -> PasskeyStore:
    return PasskeyStore(accounts_of(request).store.store)


def relying_party(request: Request) -> tuple[str, str]:
    """(RP id, origin) of this site: the configured public address, else the request's own."""
    public = request.app.state.settings.public_url
    if public:
        parts = urlsplit(public)
        host, origin = parts.hostname or "", f"{parts.scheme}://{parts.netloc}"
    else:
        host = request.url.hostname or ""
        origin = f"{request.url.scheme}://{request.url.netloc}"
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        pass
    else:
        port = request.url.port
        raise AccountError(409, "passkey_needs_name", "browsers offer passkeys only on a site opened by its name, "
                           f"not by an IP address: open http://localhost{f':{port}' if port else ''} instead")
    if not host:
        raise AccountError(409, "passkey_needs_name", "this request names no host, so no passkey can be made for it")
    return host, origin


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _bad(detail: str) -> AccountError:
    return AccountError(400, "bad_passkey", f"the passkey's answer was not accepted: {detail}", field="credential")


def _check_size(credential: dict) -> None:
    if len(json.dumps(credential, default=str)) > CREDENTIAL_MAX:
        raise _bad("it is too large")


def _name(text: str | None) -> str:
    text = unicodedata.normalize("NFKC", (text or "").strip())
    if len(text) > NAME_MAX or any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in text):
        raise AccountError(422, "bad_passkey_name", f"a passkey's name has at most {NAME_MAX} characters and no "
                           "control characters", field="name")
    return text or "Passkey"


async def _open_ticket(request: Request, purpose: str, user_id: str | None, challenge: bytes, rp_id: str,
                       origin: str) -> str:
    ticket = secrets.token_urlsafe(32)
    expires = datetime.now(UTC) + timedelta(seconds=CEREMONY_S)
    await asyncio.to_thread(store_of(request).put_challenge, hash_token(ticket), purpose, user_id, challenge,
                            rp_id, origin, expires)
    return ticket


async def _take_ticket(request: Request, ticket: str, purpose: str) -> dict:
    found = None
    if ticket and len(ticket) <= 128:
        found = await asyncio.to_thread(store_of(request).take_challenge, hash_token(ticket), purpose)
    if found is None:
        raise AccountError(400, "passkey_ticket", "this passkey request is unknown, already used or expired: "
                           "start again", field="ticket")
    return found


class PasskeyMade(Strict):
    ticket: StrictStr = Field(..., max_length=128, description="the ticket the options came with")
    credential: dict[str, Any] = Field(..., description="the browser's PublicKeyCredential, as its toJSON() gives")
    name: StrictStr | None = Field(None, max_length=200, description="a name to tell it by (default: Passkey)")


class PasskeySignIn(Strict):
    ticket: StrictStr = Field(..., max_length=128)
    credential: dict[str, Any] = Field(..., description="the browser's assertion, as its toJSON() gives")


@router.get("/passkeys", summary="The account's passkeys")
async def list_passkeys(request: Request, user: Annotated[dict, Depends(signed_in_read)]) -> dict:
    return {"passkeys": await asyncio.to_thread(store_of(request).of_user, user["id"])}


@router.post("/passkeys/options", summary="Start making a passkey: the creation options and a ticket")
async def passkey_options(request: Request, user: Annotated[dict, Depends(signed_in)]) -> dict:
    rp_id, origin = relying_party(request)
    known = await asyncio.to_thread(store_of(request).credential_ids, user["id"])
    options = generate_registration_options(
        rp_id=rp_id, rp_name=RP_NAME, user_id=user["id"].encode(), user_name=user["name"],
        user_display_name=user["display_name"] or user["name"],
        exclude_credentials=[PublicKeyCredentialDescriptor(id=_unb64(c)) for c in known],
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED))
    ticket = await _open_ticket(request, "register", user["id"], options.challenge, rp_id, origin)
    return {"ticket": ticket, "options": json.loads(options_to_json(options))}


@router.post("/passkeys", status_code=201, summary="Finish making a passkey: the browser's credential")
async def add_passkey(request: Request, body: PasskeyMade, user: Annotated[dict, Depends(signed_in)]) -> dict:
    name = _name(body.name)
    _check_size(body.credential)
    found = await _take_ticket(request, body.ticket, "register")
    if found["user_id"] != user["id"]:
        raise AccountError(400, "passkey_ticket", "this passkey request was started by another account: start "
                           "again", field="ticket")
    try:
        made = verify_registration_response(credential=body.credential, expected_challenge=found["challenge"],
                                            expected_rp_id=found["rp_id"], expected_origin=found["origin"])
    except (WebAuthnException, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise _bad(str(exc) or type(exc).__name__) from None
    try:
        passkey = await asyncio.to_thread(store_of(request).add, secrets.token_hex(8), user["id"],
                                          _b64(made.credential_id), made.credential_public_key, made.sign_count,
                                          found["rp_id"], name)
    except PasskeyTaken:
        raise AccountError(409, "passkey_taken", "this passkey is already registered", field="credential") from None
    except TooManyPasskeys:
        raise AccountError(409, "too_many_passkeys", "this account has as many passkeys as it may have: remove "
                           "one first") from None
    return {"passkey": passkey}


@router.delete("/passkeys/{passkey_id}", summary="Remove one of the account's passkeys")
async def remove_passkey(request: Request, passkey_id: Annotated[str, Path(max_length=64)],
                         user: Annotated[dict, Depends(signed_in)]) -> dict:
    if not await asyncio.to_thread(store_of(request).remove, user["id"], passkey_id):
        raise AccountError(404, "unknown_passkey", f"this account has no passkey {passkey_id!r}")
    return {"removed": True}


@router.post("/passkey/options", summary="Start signing in with a passkey: the request options and a ticket",
             dependencies=[Depends(limit("signin")), Depends(check_csrf)])
async def sign_in_options(request: Request) -> dict:
    rp_id, origin = relying_party(request)
    options = generate_authentication_options(rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED)
    ticket = await _open_ticket(request, "signin", None, options.challenge, rp_id, origin)
    return {"ticket": ticket, "options": json.loads(options_to_json(options))}


@router.post("/passkey/signin", summary="Sign in with a passkey: the browser's assertion",
             dependencies=[Depends(limit("signin")), Depends(check_csrf)])
async def sign_in_with_passkey(request: Request, body: PasskeySignIn) -> JSONResponse:
    _check_size(body.credential)
    found = await _take_ticket(request, body.ticket, "signin")
    raw = body.credential.get("rawId") or body.credential.get("id")
    if not isinstance(raw, str) or not raw or len(raw) > 512:
        raise _bad("it names no credential")
    try:
        credential_id = _b64(_unb64(raw))
    except ValueError:
        raise _bad("its credential id is not base64url") from None
    key = await asyncio.to_thread(store_of(request).by_credential, credential_id)
    if key is None or key["rp_id"] != found["rp_id"]:
        raise AccountError(401, "unknown_passkey", "this passkey does not open an account here: sign in with your "
                           "password, then add it on your account page", field="credential")
    handle = (body.credential.get("response") or {}).get("userHandle") if isinstance(
        body.credential.get("response"), dict) else None
    try:
        if handle and _unb64(handle) != key["user_id"].encode():
            raise _bad("it belongs to another account")
        checked = verify_authentication_response(
            credential=body.credential, expected_challenge=found["challenge"], expected_rp_id=found["rp_id"],
            expected_origin=found["origin"], credential_public_key=key["public_key"],
            credential_current_sign_count=key["sign_count"])
    except AccountError:
        raise
    except (WebAuthnException, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise _bad(str(exc) or type(exc).__name__) from None
    await asyncio.to_thread(store_of(request).used, key["id"], checked.new_sign_count)
    user = await asyncio.to_thread(accounts_of(request).store.user, key["user_id"])
    return await signed_in_answer(request, user)
