"""Typed readers for saved documents (states, records): every problem becomes a clear `InvalidState` that
names the field, so a corrupt save is refused with a reason instead of crashing later.

Games subclass `DocReader` and add readers for their own pieces (cards, tiles...).
"""

from __future__ import annotations

from typing import Any

from cetate.core.errors import InvalidState


class DocReader:
    @staticmethod
    def fail(path: str, what: str) -> InvalidState:
        return InvalidState("bad_state", f"state field {path!r} {what}", field=path)

    def get(self, obj: Any, key: str, path: str) -> Any:
        if not isinstance(obj, dict):
            parent = path.rpartition(".")[0] or path
            raise self.fail(parent, f"must be an object, not {type(obj).__name__}")
        if key not in obj:
            raise self.fail(path, "is missing")
        return obj[key]

    def int_(self, obj: Any, key: str, path: str, lo: int | None = None, hi: int | None = None,
             null: bool = False) -> int | None:
        v = self.get(obj, key, path)
        if v is None and null:
            return None
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(path, f"must be an integer, not {v!r}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise self.fail(path, f"must be between {lo} and {hi}, not {v}")
        return v

    def bool_(self, obj: Any, key: str, path: str) -> bool:
        v = self.get(obj, key, path)
        if not isinstance(v, bool):
            raise self.fail(path, f"must be true or false, not {v!r}")
        return v

    def list_(self, obj: Any, key: str, path: str) -> list:
        v = self.get(obj, key, path)
        if not isinstance(v, list):
            raise self.fail(path, "must be a list")
        return v
