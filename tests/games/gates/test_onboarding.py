"""Gates for newcomers (issue 32, item 1), the engine's half: the table note that a seat has no action card left
(`notes.table_notes`, carried by every view as `table_notes`), and the catalog's card names in each language
with the card list's own (Romanian) name kept as `native` on the main cards and the specials."""

from __future__ import annotations

import json

import pytest

from cetate.bots import play_game
from cetate.core.i18n import LANGUAGES, Catalog
from cetate.core.record import replay
from cetate.games.gates.data import cards
from cetate.games.gates.notes import table_notes
from cetate.games.gates.rules import DUELS
from tests.games.gates.helpers import (
    CHISEL1,
    COIN2,
    GAME,
    KNIGHT,
    MAP1,
    MASON,
    MERCHANT,
    POET,
    duel,
)


def _empty_notes(v: dict) -> list[dict]:
    return [n for n in v["table_notes"] if n["kind"] == "no_action_cards"]


def test_no_note_while_both_hands_hold_cards():
    s = duel(1, main=(MERCHANT, MASON), hands={0: [CHISEL1], 1: [COIN2]})
    for seat in (0, 1, None):
        assert GAME.view(s, seat)["table_notes"] == []


def test_an_empty_hand_is_said_plainly_to_everyone():
    """R27: a seat with an empty hand skips; nothing refills it. Duel 3 in play: duels 3 to 6 remain."""
    s = duel(3, main=(MERCHANT, MASON), hands={0: [COIN2, MAP1], 1: []}, reserves={1: [CHISEL1, POET]})
    for seat in (0, 1, None):
        v = GAME.view(s, seat)
        assert v["table_notes"] == [{"kind": "no_action_cards", "seat": 1, "duels_left": DUELS - 3 + 1,
                                     "reserve": v["reserves"][1]}]
        assert v["reserves"][1] >= 2


def test_the_note_counts_down_and_stops_with_the_last_duel():
    """Over whole random matches: the note appears exactly when a seat's hand is empty in a duel still to be
    decided, with the duels left (the one in play included, R1: six), and never at the draft or the end."""
    seen_left = set()
    for seed in range(12):
        _state, record = play_game(GAME, 2, seed, {}, ["random"] * 2)
        for _action, _events, s in replay(GAME, record):
            v = GAME.view(s, 0)
            playing = v["phase"] in ("action", "extra", "poet")
            left = DUELS - v["round"] + (1 if playing else 0)
            expected = [p for p in (0, 1) if len(s.hands[p]) == 0] if (playing or v["phase"] == "siege") and left > 0 \
                else []
            notes = _empty_notes(v)
            assert [n["seat"] for n in notes] == expected, (seed, v["phase"], v["round"])
            for n in notes:
                assert n["duels_left"] == left and n["reserve"] == len(s.reserves[n["seat"]])
                seen_left.add(left)
            assert table_notes(v) == v["table_notes"]
    assert {1, 2} <= seen_left  # duels 5 and 6 played out without action cards happen in random matches


def test_the_note_tells_nothing_hidden():
    """Only hand and reserve sizes: the same note for every seat and a spectator, whatever the hidden cards."""
    a = duel(4, main=(MERCHANT, MASON), hands={0: [COIN2, MAP1], 1: []}, reserves={1: [CHISEL1]}, seed=3)
    b = duel(4, main=(MERCHANT, MASON), hands={0: [POET, CHISEL1], 1: []}, reserves={1: [MAP1]}, seed=3)
    notes = [GAME.view(x, seat)["table_notes"] for x in (a, b) for seat in (0, 1, None)]
    assert all(n == notes[0] for n in notes) and notes[0]
    assert not {CHISEL1, COIN2, MAP1, POET} & set(json.dumps(notes[0]).replace('"', " ").split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_names_the_cards_and_keeps_the_romanian_name(lang: str):
    cs = cards()
    doc = GAME.catalog(lang)
    messages = Catalog(GAME.messages_dir())
    for cid, c in cs.main.items():
        entry = doc["main"][cid]
        assert entry["name"] == entry["face"] == messages.text(f"card.{cid}", lang)
        assert entry["native"] == (None if lang == "ro" else c.name), (lang, cid)
    for cid, c in cs.action.items():
        entry = doc["action"][cid]
        assert entry["name"] == messages.text(f"card.{cid}", lang)
        if c.special is None or lang == "ro" or entry["name"] == c.name:
            assert entry["native"] is None, (lang, cid)  # a plain card's symbol says what its name would
        else:
            assert entry["native"] == c.name


def test_english_and_czech_names_are_their_own_words():
    en, cs_, ro = GAME.catalog("en"), GAME.catalog("cs"), GAME.catalog("ro")
    assert en["main"][KNIGHT]["name"] == "Knight" and en["main"][KNIGHT]["native"] == "Cavalerul"
    assert cs_["main"][KNIGHT]["name"] == "Rytíř" and cs_["main"][KNIGHT]["native"] == "Cavalerul"
    assert ro["main"][KNIGHT]["name"] == "Cavalerul" and ro["main"][KNIGHT]["native"] is None
    assert en["action"][POET]["native"] == "Poetul Misterului" and en["action"][CHISEL1]["native"] is None
    for lang in ("en", "cs", "pt", "ko"):  # no Romanian name left as the name in another language
        names = {e["name"] for e in GAME.catalog(lang)["main"].values()}
        assert not names & {c.name for c in cards().main.values()} - {"General"}, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_onboarding_texts_exist_in_every_language(lang: str):
    messages = Catalog(GAME.messages_dir())
    for key in ("web.gates.out.you", "web.gates.out.other", "web.gates.out.both", "web.gates.walk.skip", "web.gates.walk.again",
                "web.gates.walk.draft.value", "web.gates.walk.duel.circle", "web.gates.walk.duel.table"):
        assert messages.has(key, lang), key
        assert messages.text(key, lang, seat=0, count=2, reserve=8, card="x", value=1, index=2, circle=3,
                             explosion="+2", symbol="y", first=2, second=6, mine="a", theirs="b", a=1, b=0,
                             step=1, steps=5)
