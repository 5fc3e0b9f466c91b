"""The browser client's message rendering (cetate/web/i18n.js) matches cetate.core.i18n, and every message key
the client names literally exists in the English catalogs.

The browser half runs the real module in Chromium (the `browser` fixture of conftest.py: skipped without
Chromium or Playwright unless CETATE_REQUIRE_BROWSER=1). The key checks need no browser.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import cetate
from cetate import games
from cetate.core.i18n import LANGUAGES, Catalog
from cetate.games import get
from tests.browser import static_client

WEB = Path(cetate.__file__).parent / "web"
NAMES = ["Ann", "Bob", "Cyril", "Dana", "Eva"]


@pytest.fixture(scope="module")
def client_page(browser):
    yield from static_client.client_page(browser)
DARK_CITY = {"characters": ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator",
                            "diplomat", "queen"], "random_dark_city_districts": 14, "ball_room": True}


def _js_sources() -> dict[str, str]:
    return {p.relative_to(WEB).as_posix(): p.read_text(encoding="utf-8") for p in WEB.rglob("*.js")}


def test_literal_keys_exist_in_english() -> None:
    core = Catalog().keys("en")
    both = Catalog(get("citadels").messages_dir()).keys("en")
    missing = []
    for name, text in _js_sources().items():
        keys = set(re.findall(r"""["'`](web\.[a-z0-9_.]+[a-z0-9_])["'`]""", text))
        known = core | both
        if name.startswith("games/"):
            # a game's module (games/<id>.js, games/<id>-art.js) renders with its own game's catalog
            game_id = name.removeprefix("games/").split(".")[0].split("-")[0]
            if game_id in games.ids():
                known = Catalog(get(game_id).messages_dir()).keys("en")
                keys |= {f"web.{game_id}." + k for k in re.findall(r"`\$\{P\}\.([a-z0-9_.]+[a-z0-9_])`", text)}
            else:  # a helper the game modules share (games/walkthrough.js): the keys are the caller's game's
                known = set().union(*(Catalog(g.messages_dir()).keys("en") for g in games.all()))
        # a literal that only prefixes keys (`const P = "web.citadels"`) is fine
        missing += [f"{name}: {k}" for k in sorted(keys)
                    if k not in known and not any(x.startswith(k + ".") for x in known)]
    assert not missing, "message keys used by the client but missing from en.toml:\n" + "\n".join(missing)


def test_generic_frame_uses_only_core_keys() -> None:
    """The frame (everything outside games/) must render with the core catalog alone (the lobby loads no game)."""
    core = Catalog().keys("en")
    missing = []
    for name, text in _js_sources().items():
        if name.startswith("games/"):
            continue
        for key in set(re.findall(r"""["'`](web\.[a-z0-9_.]+[a-z0-9_])["'`]""", text)):
            if key not in core:
                missing.append(f"{name}: {key}")
    assert not missing, "\n".join(sorted(missing))


# -- the browser half ---------------------------------------------------------------------------------

def _samples(seeds: int = 6) -> list[dict]:
    """Event views and action labels from random games (classic and Dark City), as several receivers see them."""
    game = get("citadels")
    out: list[dict] = []
    for seed in range(seeds):
        players = 5 if seed % 2 else 4
        state = game.setup(players, seed, DARK_CITY if seed % 2 else {})
        rnd = random.Random(seed)
        while not game.is_over(state):
            legal = game.legal_actions(state)
            for a in legal[:3]:
                params = {k: v for k, v in a.items() if k != "type"}
                out.append({"key": f"action.{a['type']}", "params": params})
            events = game.apply(state, rnd.choice(legal))
            for e in events:
                for seat in (None, 0, 1):
                    out.append({"event": {**game.event_view(e, seat), "seq": 7}})
    # the client's own texts with numbers, plurals and references
    out += [{"key": "web.table.winners", "params": {"count": n, "winners": list(range(n))}} for n in (1, 2, 3)]
    out += [{"key": "web.citadels.hand.count", "params": {"count": n}} for n in (0, 1, 2, 3, 5, 22)]
    out += [{"key": "web.citadels.btn.income", "params": {"amount": n, "colour": "blue"}} for n in (1, 2, 5)]
    out += [{"key": "screen.known_hand", "params": {"seat": 2, "cards": ["castle", "manor"]}},
            {"key": "screen.known_hand", "params": {"seat": 9, "cards": []}},
            {"key": "web.lobby.players_range", "params": {"min": 2, "max": 8}},
            {"key": "no.such.key", "params": {}},
            {"key": "web.table.to_move", "params": {}}]
    return out


def _python_render(catalog: Catalog, lang: str, samples: list[dict]) -> list[str]:
    out = []
    for s in samples:
        if "event" in s:
            out.append(catalog.event(s["event"], lang, NAMES))
        else:
            out.append(catalog.text(s["key"], lang, NAMES, **s["params"]))
    return out


def _key_used(catalog: Catalog, lang: str, sample: dict) -> str:
    if "event" not in sample:
        return sample["key"]
    ev = sample["event"]
    key = f"event.{ev['type']}"
    private, _ = catalog.raw(key + ".private", lang)
    if private is not None and _fields(private) <= set(ev) - {"type"}:
        return key + ".private"
    return key


def _fields(template) -> set[str]:
    texts = [v for k, v in template.items() if k != "_count"] if isinstance(template, dict) else [template]
    return {m.split(".")[0].split("[")[0].split(":")[0] for t in texts for m in re.findall(r"(?<!\{)\{([^{}]+)\}", t)}


def _served_messages(catalog: Catalog, lang: str) -> dict:
    """What GET /api/i18n/{lang}?game= serves: every key of English and the language, English filled in."""
    keys = catalog.keys("en") | catalog.keys(lang)
    return {k: catalog.raw(k, lang)[0] for k in sorted(keys)}


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES
                                  if lang == "en" or (get("citadels").messages_dir() / f"{lang}.toml").exists()])
def test_js_renders_like_python(client_page, lang: str) -> None:
    catalog = Catalog(get("citadels").messages_dir())
    samples = _samples()
    expected = _python_render(catalog, lang, samples)
    got = client_page.evaluate(
        """async ([lang, messages, samples, names]) => {
            const { Catalog } = await import('/i18n.js');
            const cat = new Catalog(lang, messages);
            return samples.map((s) => s.event ? cat.event(s.event, names) : cat.t(s.key, s.params, names));
        }""",
        [lang, _served_messages(catalog, lang), samples, NAMES])
    # A message missing from a translation falls back to English; Python then also renders its references
    # ({card:@card}) in English, while the served catalog no longer says which messages are fallbacks, so the
    # browser renders them in the page's language. Such messages are compared in English only.
    own = [lang == "en" or catalog.has(_key_used(catalog, lang, s), lang) for s in samples]
    diffs = [(s, e, g) for s, e, g, ok in zip(samples, expected, got, own, strict=True) if ok and e != g]
    assert not diffs, f"{len(diffs)} differences, first: {diffs[:3]}"
