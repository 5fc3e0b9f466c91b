"""The engine's own form of an action that came from outside (a browser, a client of the API).

`canonical(game, state, action)` returns the legal action, as the engine listed it, that the outside object
stands for; a caller stores and applies that object, never the one it was sent. An object that is not one of
`game.legal_actions(state)` exactly (same keys, same values of the same JSON types: `1.0` is not `1`, `true`
is not `1`) is refused with an `IllegalAction` that says what was wrong: a field the action type does not
have (`unknown_field`), a value of the wrong kind (`bad_value`), or the engine's own reason for refusing it
(`apply` on a copy of the state). The state is never changed.
"""

from __future__ import annotations

from typing import Any

from cetate.core.errors import IllegalAction

NAME_SHOWN = 40  # characters of a client's field name repeated in a message


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON, types included: a bool is not a number, a float is not an integer."""
    if type(a) is not type(b):
        if isinstance(a, list | tuple) and isinstance(b, list | tuple):
            return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(v, b[k]) for k, v in a.items())
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def shown(name: object) -> str:
    """A client's field name as a message may repeat it: short, quoted."""
    text = str(name)
    return repr(text if len(text) <= NAME_SHOWN else text[:NAME_SHOWN] + "…")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null" if value is None else type(value).__name__


def canonical(game: Any, state: Any, action: Any, legal: list[dict] | None = None) -> dict:
    """The engine's legal action that `action` stands for (see the module's docstring). `legal` may be
    passed when the caller has `game.legal_actions(state)` already."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction("malformed_action", "an action must be an object with a string field 'type'")
    if legal is None:
        legal = game.legal_actions(state)
    for candidate in legal:
        if candidate == action and same_json(candidate, action):
            return candidate
    kind = action["type"]
    same_type = [a for a in legal if a.get("type") == kind]
    if same_type:
        fields: dict[str, set[str]] = {}
        for a in same_type:
            for key, value in a.items():
                fields.setdefault(key, set()).add(_kind(value))
        for key in action:
            if key not in fields:
                raise IllegalAction("unknown_field", f"a {shown(kind)} action has no field {shown(key)}; its "
                                    f"fields are {', '.join(sorted(fields))}", field=str(key)[:NAME_SHOWN])
        for key, kinds in fields.items():
            if key in action and _kind(action[key]) not in kinds:
                raise IllegalAction("bad_value", f"the field {shown(key)} of a {shown(kind)} action must be "
                                    f"{' or '.join(sorted(kinds))}, not {_kind(action[key])}", field=key)
    # the engine says why it refuses this action (its own reason: wrong phase, not enough gold...)
    try:
        game.apply(game.clone(state), action)
    except IllegalAction:
        raise
    except Exception as exc:  # a value the engine cannot even read (a list where a name belongs...)
        raise IllegalAction("malformed_action", f"this {shown(kind)} action has a field of the wrong kind"
                            ) from exc
    raise IllegalAction("illegal_action", f"this {shown(kind)} action is not one of the legal actions now")
