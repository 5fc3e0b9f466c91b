"""Errors raised through the game protocol. Each carries a stable machine code and a readable message."""

from __future__ import annotations


class CetateError(Exception):
    """Base class: `code` is stable (for clients and catalogs), `message` is for people."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def to_dict(self) -> dict:
        return {"code": self.code, "message": self.message, **({"params": self.params} if self.params else {})}

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"

    def __reduce__(self) -> tuple:
        # Exceptions pickle as `cls(*args)`, which the keyword `__init__`s here do not accept; errors raised in
        # a worker process (the arena's pool, `evaluate --jobs`) must reach the parent intact.
        return _rebuild, (type(self), self.args, self.__dict__)


def _rebuild(cls: type, args: tuple, state: dict) -> CetateError:
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class IllegalAction(CetateError):
    """An action that the rules do not allow now, or that is malformed. The state is left untouched."""


class InvalidOptions(CetateError, ValueError):
    """Game options that are unknown, of the wrong type or out of range."""


class InvalidState(CetateError, ValueError):
    """A state or record document that cannot be loaded (corrupt save, wrong game, bad field)."""
