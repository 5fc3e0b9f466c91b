"""The engine says what a Gates player needs to decide (issue 30): the action notes (`notes.annotate`), the
refusals of the view, the static catalog (`catalog.catalog`) and the view's worked-out fields (choosers, the
gate at stake, the gates held, the explosions of the main cards in play). The notes equal the engine's own
functions in scenario states and in random matches, the terminal shows the same numbers, and a seat's notes
and refusals never depend on what it cannot see (the opponent's hidden cards, the reserves, the deck order).
"""

from __future__ import annotations

import json
import random
import re
from itertools import combinations

import pytest

from cetate.core.i18n import LANGUAGES, Catalog
from cetate.games.gates import catalog as catalog_module
from cetate.games.gates import rules, terminal
from cetate.games.gates.data import cards
from cetate.games.gates.resolve import (
    explosion_terms,
    explosions,
    fires_against,
    main_scores,
    printed,
    resolve,
)
from cetate.games.gates.view import view
from tests.games.gates.helpers import (
    ARCHER,
    BARTER,
    CHISEL1,
    CHISEL2,
    COIN1,
    COIN2,
    CROWNS,
    GAME,
    GENERAL,
    MAP1,
    MAP2,
    MOTOR1,
    SAPPER,
    attach,
    duel,
)

OPTION_SETS = [None, {"neutral_gates": "void"}, {"main_deck_order": "draft"},
               {"action_order": "alternate", "alliance_value": -5}]


def decisions(seeds: range, options=None):
    """(state, mover, legal) at every decision of random matches (every option set in turn)."""
    for seed in seeds:
        opts = options if options is not None else OPTION_SETS[seed % len(OPTION_SETS)]
        s = GAME.setup(2, seed, opts)
        rnd = random.Random(seed)
        while (mover := GAME.to_move(s)) is not None:
            legal = GAME.legal_actions(s)
            yield s, mover, legal
            GAME.apply(s, rnd.choice(legal))


# -- the engine's own functions ------------------------------------------------------------------------

def test_explosion_terms_add_up_to_the_main_scores():
    cs = cards()
    for a in cs.main.values():
        for b in cs.main.values():
            for va in range(13):
                for vb in range(0, 13, 3):
                    terms = explosion_terms(a, b, va, vb)
                    scores, fired = explosions(a, b, va, vb)
                    assert [max(0, v + own - taken) for v, own, taken in terms] == scores
                    assert [t[0] for t in terms] == [va, vb]
                    assert fired == [a.index == vb, b.index == va]  # R31
        assert fires_against(cs, a) == [b.id for b in cs.main.values() if b.id != a.id and a.index == b.value]


def _expected_attach(s, seat: int, card: str) -> dict:
    """The note of attaching `card`, worked out here with `resolve.resolve` on the state itself."""
    cs = cards()
    av = s.options["alliance_value"]
    if cs.action[card].special == "battle":
        return {"battle": True}
    plays = (list(s.plays[0]), list(s.plays[1]))
    plays[seat].append(card)
    r = resolve(cs, s.current, plays, (s.stolen[0], s.stolen[1]), av)
    step = len(plays[seat])
    out = {"step": step, "cancelled": card in r.cancelled, "score": r.steps[step - 1]["scores"][seat],
           "bonus": r.steps[step - 1]["table_bonus"][seat], "totals": r.totals}
    special = cs.action[card].special
    if special == "alliance":
        out["steals"] = min(2, len(s.hands[1 - seat]))
    elif special == "poet":
        out["graveyard"] = len(set(s.action_grave))
    elif special == "crowns" and s.phase == "action":
        out["extra"] = any(cs.action[c].special != "crowns" for c in s.hands[seat] if c != card)
    return out


def _unseen_by_state(s, seat: int) -> list[str]:
    """What `seat` has not seen, from the state: the opponent's hand but the cards known to be there, and
    both reserves."""
    opp = 1 - seat
    return sorted([c for c in s.hands[opp] if c not in s.known[opp]] + s.reserves[0] + s.reserves[1])


def _odds_by_enumeration(s, seat: int, gate: int) -> float:
    """The siege's chance by counting every set of cards the defender might turn over."""
    cs = cards()
    pool = _unseen_by_state(s, seat)
    shown = min(3, len(s.reserves[1 - seat]))
    if not shown:
        return 1.0
    symbol = cs.gate_symbols[gate]
    draws = list(combinations(pool, shown))
    return sum(1 for d in draws if all(cs.action[c].symbol != symbol for c in d)) / len(draws)


def test_the_notes_are_the_engine_functions_over_random_matches():
    seen: set[str] = set()
    for s, mover, legal in decisions(range(24)):
        got = GAME.annotate(s, mover, legal)
        assert len(got) == len(legal) and json.loads(json.dumps(got)) == got
        for action, note in zip(legal, got, strict=True):
            kind = action["type"]
            seen.add(kind)
            if kind == "attach":
                assert {k: v for k, v in note.items() if k != "effects"} == _expected_attach(s, mover, action["card"])
            elif kind == "skip":
                r = resolve(cards(), s.current, (s.plays[0], s.plays[1]), (s.stolen[0], s.stolen[1]),
                            s.options["alliance_value"])
                assert note == {"totals": r.totals}
            elif kind == "siege":
                odds = note["odds"]
                assert odds["chance"] == pytest.approx(_odds_by_enumeration(s, mover, action["gate"]))
                assert odds["unseen"] == len(_unseen_by_state(s, mover))
                assert odds["symbol"] == cards().gate_symbols[action["gate"]]
            else:
                assert note == {}
        # nobody else gets notes: a spectator or a seat not to move
        assert GAME.annotate(s, None, legal) == GAME.annotate(s, 1 - mover, legal) == [{} for _ in legal]
    assert {"attach", "skip", "siege", "choose", "poet"} <= seen, seen


def test_the_barter_worked_example():
    """Arcașul + Troc against Generalul + Hartă II (spec gates §5): Troc takes the 9 and cancels Hartă II; 9 is
    a map value, +5; main 4 vs 11, only the difference kept (R32): totals 14 to 7."""
    s = duel(1, main=(ARCHER, GENERAL), hands={0: [BARTER, CHISEL1], 1: [MAP2]})
    attach(s, MAP2)  # the General leads and acts first
    legal = GAME.legal_actions(s)
    got = dict(zip((a.get("card", a["type"]) for a in legal), GAME.annotate(s, 0, legal), strict=True))
    assert got[BARTER] == {"effects": [{"kind": "barter", "target": MAP2, "value": 9}], "step": 1,
                           "cancelled": False, "score": 9, "bonus": 5, "totals": [14, 7]}
    assert got["skip"] == {"totals": [0, 21]}
    # Daltă I against Hartă II in step 1: 2 + the circle gain 7 - 1 = 8, not a chisel value, no +5
    assert got[CHISEL1] == {"effects": [], "step": 1, "cancelled": False, "score": 8, "bonus": 0, "totals": [8, 21]}


def _siege_state(options=None):
    """Duel 5: seat 0 (the General) wins and besieges; seat 1 holds gates I and II, seat 0 gate III, gate IV
    is neutral. Seat 0 has not seen 6 cards: its own 2 reserve cards and seat 1's 4."""
    s = duel(5, main=(GENERAL, SAPPER), hands={0: [MAP2], 1: []},
             reserves={0: [CHISEL2, COIN2], 1: [CHISEL1, COIN1, MOTOR1, MAP1]},
             gates=[1, 1, 0, "neutral"], options=options)
    attach(s, MAP2)
    assert s.phase == "siege" and s.attacker == 0
    return s


def test_the_siege_odds_in_a_scenario():
    s = _siege_state()
    legal = GAME.legal_actions(s)
    odds = {a["gate"]: n["odds"] for a, n in zip(legal, GAME.annotate(s, 0, legal), strict=True) if "odds" in n}
    # three of the six unseen cards are turned over; gate I holds with either chisel: C(4,3)/C(6,3) = 0.2
    assert odds[0] == {"symbol": "chisel", "hits": 2, "unseen": 6, "shown": 3, "chance": pytest.approx(0.2)}
    assert odds[1] == {"symbol": "coin", "hits": 2, "unseen": 6, "shown": 3, "chance": pytest.approx(0.2)}
    assert odds[3] == {"symbol": "map", "hits": 1, "unseen": 6, "shown": 3, "chance": pytest.approx(0.5)}
    assert set(odds) == {0, 1, 3}
    # the terminal shows the same numbers: given the note, or asking the same function from the view
    messages, v = Catalog(GAME.messages_dir()), GAME.view(s, 0)
    for note in ({"odds": odds[3]}, None):
        assert terminal.hint(v, {"type": "siege", "gate": 3}, messages, "en", note) == \
            "1 of the 6 unseen cards shows the map · the siege succeeds about 50%"
    # an empty reserve cannot defend
    s.reserves[1] = []
    s.hands[1], s.action_grave = [CHISEL1, COIN1, MOTOR1, MAP1], s.action_grave
    note = GAME.annotate(s, 0, GAME.legal_actions(s))[0]
    assert note["odds"]["shown"] == 0 and note["odds"]["chance"] == 1.0


# -- refusals -----------------------------------------------------------------------------------------------

def test_refusals_name_the_gates_a_siege_may_not_attack():
    s = _siege_state()
    assert view(s, 0)["refusals"] == [{"code": "own_gate", "target": {"gate": 2}}]
    assert view(s, 1)["refusals"] == [] and view(s, None)["refusals"] == []  # only the mover's own options
    s = _siege_state({"neutral_gates": "void"})
    assert view(s, 0)["refusals"] == [{"code": "own_gate", "target": {"gate": 2}},
                                      {"code": "neutral_void", "target": {"gate": 3}}]
    assert [a["gate"] for a in GAME.legal_actions(s) if a["type"] == "siege"] == [0, 1]
    # each refused gate is exactly a gate the rules refuse
    for g in range(4):
        refused = rules.not_a_target(s.gates, 0, s.options["neutral_gates"], g) is not None
        assert refused == (g not in rules.siege_targets(s, 0))


def test_refusals_of_the_crowns_extra_card():
    s = duel(1, hands={0: [CROWNS, CHISEL1], 1: [MAP2]}, order=(0, 1))
    attach(s, CROWNS)
    assert s.phase == "extra" and view(s, 0)["refusals"] == []  # the one Crowns of the set is attached
    s.hands[0].append(CROWNS)  # a hand no valid card list makes: the refusal the rules would give
    assert rules.refusals(s, 0) == [{"code": "crowns_twice", "target": {"card": CROWNS}}]
    assert {"type": "attach", "card": CROWNS} not in GAME.legal_actions(s)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_has_a_message(lang: str):
    messages = Catalog(GAME.messages_dir())
    codes = {"crowns_twice", "own_gate", "neutral_void", "gate_open"}
    for s, mover, _ in decisions(range(12)):
        codes |= {r["code"] for r in view(s, mover)["refusals"]}
    for code in codes:
        text, used = messages.raw(f"refusal.{code}", lang)
        assert text and used == lang, (lang, code)


# -- hidden information ----------------------------------------------------------------------------------

def _swap_hidden(s, seat: int, rnd: random.Random):
    """The same state with what `seat` cannot see dealt again: the opponent's hand (but the cards known to
    be there) and both reserves from one pool, and both main decks reordered when they were shuffled."""
    t = s.clone()
    opp = 1 - seat
    known = list(t.known[opp])
    hidden = [c for c in t.hands[opp] if c not in known]
    pool = hidden + t.reserves[0] + t.reserves[1]
    rnd.shuffle(pool)
    t.hands[opp] = known + pool[:len(hidden)]
    r0 = len(t.reserves[0])
    t.reserves[0] = pool[len(hidden):len(hidden) + r0]
    t.reserves[1] = pool[len(hidden) + r0:]
    if t.options["main_deck_order"] == "shuffled":
        for deck in t.mains:
            rnd.shuffle(deck)
    return t


def test_notes_and_refusals_never_depend_on_the_hidden_cards():
    rnd = random.Random(7)
    changed = dealt = 0
    for s, mover, legal in decisions(range(16)):
        dealt += 2 * (s.phase not in ("shuffle", "draft", "start"))
        notes_before = GAME.annotate(s, mover, legal)
        refusals_before = view(s, mover)["refusals"]
        for _ in range(2):
            t = _swap_hidden(s, mover, rnd)
            changed += t.hands[1 - mover] != s.hands[1 - mover] or t.reserves != s.reserves
            assert GAME.legal_actions(t) == legal
            assert GAME.annotate(t, mover, legal) == notes_before, (s.phase, legal)
            assert view(t, mover)["refusals"] == refusals_before
            assert view(t, mover) == view(s, mover)  # the whole view, and so everything drawn from it
    assert changed > 0.9 * dealt > 300, (changed, dealt)  # the swaps did change the hidden cards


# -- the view's worked-out fields ----------------------------------------------------------------------------

def test_the_view_says_who_chooses_what_is_at_stake_and_how_the_main_scores_are_made():
    cs = cards()
    for s, mover, _ in decisions(range(6)):
        v = view(s, mover)
        if s.phase == "draft":
            assert v["choosers"][s.pair_index] == rules.chooser(s) == mover
        assert v["choosers"] == [s.p0 if k % 2 == 0 else 1 - s.p0 for k in range(len(s.pairs))]  # R2
        assert v["gates_held"] == [s.gates.count(0), s.gates.count(1)]
        if s.current is not None:
            a, b = cs.main[s.current[0]], cs.main[s.current[1]]
            scores, fired = main_scores(a, b)
            assert v["prelim_fired"] == fired and v["prelim"] == scores
            assert [max(0, x + y - z) for x, y, z in v["prelim_terms"]] == scores
            assert v["stake"] == (s.round - 1 if s.round <= 4 else None)
        else:
            assert v["prelim_fired"] is None and v["prelim_terms"] is None
        for h in s.history:
            if "siege" in h:
                sym = cs.gate_symbols[h["siege"]["gate"]]
                assert h["siege"]["hits"] == [cs.action[c].symbol == sym for c in h["siege"]["cards"]]
                assert h["siege"]["defended"] == any(h["siege"]["hits"])
            for st in h.get("steps", ()):
                for p in (0, 1):
                    if st["scores"][p] is not None:
                        assert st["values"][p] + st["circle_bonus"][p] == st["scores"][p]


def test_the_view_card_set_prints_the_alliance_value_of_the_options():
    s = GAME.setup(2, 1, {"alliance_value": -5})
    card_set = view(s, 0)["card_set"]
    alliance = cards().special("alliance")
    assert card_set["action"][alliance]["value"] == -5 == printed(cards(), alliance, -5)
    assert view(GAME.setup(2, 1), 0)["card_set"]["action"][alliance]["value"] == -4
    assert card_set["main"]["M01"]["fires_against"] == ["M12"]


# -- the catalog -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "ro", "ko"])
def test_the_catalog_in_a_language(lang: str):
    cs = cards()
    messages = Catalog(GAME.messages_dir())
    doc = GAME.catalog(lang)
    assert doc == catalog_module.catalog(lang) and json.loads(json.dumps(doc)) == doc  # deterministic, JSON
    assert doc["digest"] == cs.digest and doc["duels"] == 6 and doc["gate_duels"] == 4
    assert doc["table_bonus"] == {k: list(v) for k, v in cs.table_bonus.items()}
    assert [g["symbol"] for g in doc["gates"]] == list(cs.gate_symbols)
    assert [g["name"] for g in doc["gates"]] == [messages.text(f"gate.{g}", lang) for g in range(4)]
    assert {x["id"]: x["name"] for x in doc["symbols"]} == {
        s: messages.text(f"symbol.{s}", lang) for s in ("chisel", "coin", "motor", "map", "wild", "none")}
    assert set(doc["main"]) == set(cs.main) and set(doc["action"]) == set(cs.action)
    for cid, c in cs.main.items():
        entry = doc["main"][cid]
        assert (entry["index"], entry["value"], entry["explosion"]) == (c.index, c.value, c.explosion)
        assert entry["name"] == messages.text(f"card.{cid}", lang)
        assert entry["fires_against"] == fires_against(cs, c)
        assert entry["face"] and "(" not in entry["face"] and entry["name"].startswith(entry["face"])
    for cid, c in cs.action.items():
        entry = doc["action"][cid]
        assert (entry["value"], entry["circle"], entry["symbol"], entry["special"]) == \
            (c.value, c.circle, c.symbol, c.special)
        assert entry["name"] == messages.text(f"card.{cid}", lang)
        assert entry["text"] == (messages.text(f"help.special.{c.special}", lang) if c.special else None)
    assert not re.search(r"\b(card|help|symbol|gate)\.[A-Za-z0-9_]+", json.dumps(doc, ensure_ascii=False))


def test_the_catalog_speaks_the_language():
    en, ro = GAME.catalog("en"), GAME.catalog("ro")
    assert en["main"]["M01"]["name"] == en["main"]["M01"]["face"] == "Scout"
    assert en["main"]["M01"]["native"] == "Iscoada"  # the card list's own name, a subtitle (issue 32)
    assert ro["main"]["M01"]["name"] == ro["main"]["M01"]["face"] == "Iscoada" and ro["main"]["M01"]["native"] is None
    assert en["action"]["S02"]["text"] != ro["action"]["S02"]["text"]
    assert en["symbols"][0]["name"] == "engraving chisel" and ro["symbols"][0]["name"] != "engraving chisel"
    assert {k: v for k, v in en["main"]["M01"].items() if k not in ("name", "face", "native")} == \
        {k: v for k, v in ro["main"]["M01"].items() if k not in ("name", "face", "native")}


def test_the_catalog_and_the_view_follow_a_replacement_card_list(tmp_path, monkeypatch):
    """With another card file (spec §5: the list is data), the catalog and the views carry its numbers, and a
    card the message catalogs do not know keeps the name the file gives it."""
    from cetate.games.gates import data

    shipped = cards().digest
    doc = json.loads(data.DEFAULT_FILE.read_text(encoding="utf-8"))
    doc["main_cards"][0]["value"] += 1
    doc["action_cards"][0].update(id="X01", name="Daltă nouă", value=5)
    path = tmp_path / "other.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setenv("CETATE_GATES_CARDS", str(path))
    monkeypatch.setattr(data, "_CARDS", None)
    cs = cards()
    got = GAME.catalog("en")
    assert got["digest"] == cs.digest != shipped
    assert got["main"]["M01"]["value"] == 3 and got["main"]["M01"]["name"] == "Scout"
    assert got["action"]["X01"] == {"id": "X01", "value": 5, "circle": 7, "symbol": "chisel", "special": None,
                                    "name": "Daltă nouă", "face": "Daltă nouă", "native": None, "text": None}
    v = view(GAME.setup(2, 3), 0)
    assert v["cards_digest"] == cs.digest and v["card_set"]["action"]["X01"]["value"] == 5
    assert v["card_set"]["main"]["M01"]["fires_against"] == fires_against(cs, cs.main["M01"])
