"""The shape of every refusal the HTTP API answers, `{"error": {code, message, field?}}`, for the OpenAPI
schema of the routes (the table routes in `api`, the account routes in `accounts`)."""

from __future__ import annotations

from pydantic import BaseModel


class ErrorBody(BaseModel):
    code: str
    message: str
    field: str | None = None


class ErrorAnswer(BaseModel):
    error: ErrorBody


ERRORS = {code: {"model": ErrorAnswer} for code in (400, 401, 403, 404, 405, 409, 413, 422, 429, 503)}
