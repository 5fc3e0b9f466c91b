"""The phase machine of a Citadels round (spec citadels §1.5-§1.8): calling the characters in rank order, the
reveal (robbery, crown, Ball Room, bewitched turns), what follows the action, the end of a turn and the end of
a round. An action's effect (exec_... in the modules below) returns what happens next as a `C_...` code, and
actions.apply runs it, so no handler calls up into this module. See common.py for the module layers."""

from __future__ import annotations

from cetate.games.citadels.common import (
    R_KING,
    R_QUEEN,
    R_THIEF,
    crown_targets,
    draw,
    gain,
    names,
    witch_seat,
)
from cetate.games.citadels.data import (
    ALCHEMIST,
    ARCHITECT,
    BALL_ROOM,
    EMPEROR,
    HOSPITAL,
    KING,
    MERCHANT,
    NAVIGATOR,
    PARK,
    POOR_HOUSE,
    QUEEN,
    TAX_COLLECTOR,
    WITCH,
    WIZARD,
)
from cetate.games.citadels.draft import start_round
from cetate.games.citadels.endgame import finish
from cetate.games.citadels.powers import move_crown, rob, settle_pending_tax, tax, turn_start_powers
from cetate.games.citadels.state import State


def reset_turn(s: State, actor: int, mode: str) -> None:
    code = s.codes[s.calling] if s.calling else 0
    s.actor = actor
    s.mode = mode
    s.acted = False
    # spec §1.5 4a: 1 build; Architect 3; Navigator none; the Witch builds only in her target's turn
    if mode == "action_only" or code in (NAVIGATOR, WITCH):
        s.builds_left = 0
    else:
        s.builds_left = 3 if code == ARCHITECT else 1
    s.power_used = False
    s.income_taken = False
    s.laboratory_used = False
    s.smithy_used = False
    s.museum_used = False
    s.drawn = []
    s.keep = 0
    s.set_aside = []
    s.spent_building = 0
    s.built_count = 0
    s.beautify_count = 0
    # spec §6 #10, PY2 reading ("this turn you may build duplicates"): the whole Wizard turn
    s.wizard_dups = (code == WIZARD and mode != "action_only"
                     and s.options["wizard_duplicates"] == "any_build")
    s.target = -1
    s.resume = "turn"


# -- calling the characters ----------------------------------------------------------------------

def next_call(s: State, ev: list) -> None:
    """spec §1.5: call the characters in rank order; skip absent and assassinated ones."""
    roster = s.roster
    owner = s.owner
    for rank in range(s.calling + 1, len(roster)):
        s.calling = rank
        cid = roster[rank]
        seat = owner[rank]
        if rank == s.killed:
            if seat >= 0 and HOSPITAL in s.cities[seat]:
                # spec §2.3 Hospital: the assassinated player still takes the action, nothing else
                s.revealed.append(rank)
                ev.append(("character_revealed", {"character": cid, "seat": seat, "hospital": True}))
                if rank == R_THIEF and s.tax_pending:
                    settle_pending_tax(s, ev)
                reset_turn(s, seat, "action_only")
                s.phase = "turn"
                return
            ev.append(("character_silent", {"character": cid}))  # the victim stays silent
            if rank == R_THIEF and s.tax_pending:
                settle_pending_tax(s, ev)
            continue
        if seat < 0:
            s.absent.append(rank)
            ev.append(("character_absent", {"character": cid}))
            if rank == R_THIEF and s.tax_pending:
                settle_pending_tax(s, ev)
            if rank == s.bewitched:  # spec §3 #8: the Witch's turn was only her action
                ev.append(("bewitch_failed", {"seat": witch_seat(s), "character": cid}))
            continue
        s.revealed.append(rank)
        ev.append(("character_revealed", {"character": cid, "seat": seat}))
        if s.crown != seat and BALL_ROOM in s.cities[s.crown]:
            s.actor = seat  # spec §2.3 Ball Room: thank the crown holder first
            s.phase = "ball_room"
            return
        after_reveal(s, ev)
        return
    end_round(s, ev)


def after_reveal(s: State, ev: list) -> None:
    rank = s.calling
    seat = s.owner[rank]
    if rank == s.robbed:  # spec §1.6 Thief: all the victim's gold, at the reveal
        rob(s, seat, ev)
    if rank == R_THIEF and s.tax_pending:  # nothing to settle without a pending tax
        settle_pending_tax(s, ev)
    code = s.codes[rank]
    if code == KING:  # spec §1.6 King; §3 #7: a bewitched King's player still takes the crown
        move_crown(s, seat, ev, "king")
    bewitched = rank == s.bewitched and witch_seat(s) >= 0
    reset_turn(s, seat, "action_only" if bewitched else "normal")
    s.phase = "turn"
    if bewitched:
        ev.append(("bewitched_turn", {"seat": seat, "character": s.roster[rank]}))
        return
    if code in (QUEEN, EMPEROR):
        turn_start_powers(s, seat, ev)


def after_action(s: State, seat: int, ev: list) -> None:
    if s.mode == "action_only":  # a bewitched or assassinated (Hospital) player: the action is all
        end_turn(s, ev)
        return
    code = s.codes[s.calling]
    if code == MERCHANT:  # spec §1.6 Merchant: +1 gold after the action
        amount = gain(s, seat, 1)
        ev.append(("bonus_gold", {"seat": seat, "amount": amount, "character": s.roster[s.calling]}))
    elif code == ARCHITECT:  # spec §1.6 Architect: +2 cards after the action
        cards = draw(s, 2, ev)
        s.hands[seat].extend(cards)
        ev.append(("bonus_cards", {"seat": seat, "count": len(cards), "character": s.roster[s.calling]},
                        {"cards": names(cards)}, (seat,)))
    elif code == NAVIGATOR:  # spec §1.6 Navigator: +4 gold or +4 cards after the action
        s.phase = "navigator"


def resume(s: State, ev: list) -> None:
    """Back to the turn after a sub-phase (Graveyard, Lighthouse, Bell Tower), ending it if it was over."""
    s.phase = "turn"
    if s.resume == "end_turn":
        s.resume = "turn"
        end_turn(s, ev)


# -- end of turn ---------------------------------------------------------------------------------

def end_turn(s: State, ev: list) -> None:
    seat = s.actor
    code = s.codes[s.calling]
    city = s.cities[seat] if seat >= 0 else ()
    # the end-of-turn effects, each only where it may apply: the Alchemist's refund, the Tax Collector's tax on a
    # player who built (powers.tax), the Poor House, the Park
    if (code == ALCHEMIST or (s.built_count and s.codes[R_THIEF] == TAX_COLLECTOR) or POOR_HOUSE in city
            or PARK in city):
        districts_on = s.mode != "action_only" or (s.options["hospital_districts"] and s.killed == s.calling)
        for effect in s.options["end_of_turn_order"]:  # spec §1.5 step 5: the order is an option
            if effect == "alchemist":
                if code == ALCHEMIST and s.mode != "action_only" and s.spent_building:
                    # spec §1.6 Alchemist, §3 #13: building costs only, never the tax
                    amount = gain(s, seat, s.spent_building)
                    ev.append(("alchemist_refund", {"seat": seat, "amount": amount}))
            elif effect == "tax_collector":
                tax(s, seat, ev)
            elif effect == "poor_house":
                if districts_on and POOR_HOUSE in s.cities[seat] and s.gold[seat] == 0:
                    amount = gain(s, seat, 1)  # spec §2.3 Poor House
                    ev.append(("poor_house", {"seat": seat, "amount": amount}))
            elif effect == "park" and districts_on and PARK in s.cities[seat] and not s.hands[seat]:
                cards = draw(s, 2, ev)  # spec §2.3 Park
                s.hands[seat].extend(cards)
                ev.append(("park", {"seat": seat, "count": len(cards)}, {"cards": names(cards)}, (seat,)))
    ev.append(("turn_ended", {"seat": seat, "character": s.roster[s.calling]}))
    if s.calling == s.bewitched and s.mode == "action_only" and s.killed != s.calling:
        witch = witch_seat(s)
        if witch >= 0:  # spec §1.6 Witch: she now plays the rest of this turn with her own city and purse
            reset_turn(s, witch, "witch")
            s.acted = True
            ev.append(("witch_resumes", {"seat": witch, "character": s.roster[s.calling]}))
            s.phase = "turn"
            turn_start_powers(s, witch, ev)
            if s.phase == "turn":
                after_action(s, witch, ev)
            return
    next_call(s, ev)


# -- end of round --------------------------------------------------------------------------------

def end_round(s: State, ev: list) -> None:
    s.calling = 0
    s.actor = -1
    heir = s.owner[R_KING] if s.killed == R_KING else -1
    if heir >= 0:
        ev.append(("king_heir", {"seat": heir, "character": s.roster[R_KING]}))
        if R_KING not in s.revealed:
            s.revealed.append(R_KING)  # the heir shows the card: from now on everybody knows who held it
        if s.codes[R_KING] == KING:
            # spec §3 #5: the assassinated King's player reveals at the end of the round and takes the crown
            move_crown(s, heir, ev, "heir")
        elif s.options["emperor_assassinated"] == "crown_passes" and crown_targets(s, heir):
            # spec §3 #15: the assassinated Emperor still passes the crown, without payment
            s.actor = heir
            s.phase = "emperor_heir"
            return
    finish_round(s, ev)


def finish_round(s: State, ev: list) -> None:
    s.actor = -1
    if s.killed == R_KING and s.owner[R_KING] >= 0 and len(s.roster) == 10 and s.codes[R_QUEEN] == QUEEN:
        queen = witch_seat(s) if s.bewitched == R_QUEEN else s.owner[R_QUEEN]
        if queen >= 0 and R_QUEEN in s.revealed:
            # spec §1.6 Queen: paid at the end of the round when the rank-4 character was assassinated
            other = s.crown if (s.codes[R_KING] == EMPEROR and s.options["queen_neighbour"] == "crown_receiver") \
                else s.owner[R_KING]
            if (queen - other) % s.n in (1, s.n - 1):
                amount = gain(s, queen, 3)
                ev.append(("queen_paid", {"seat": queen, "amount": amount, "neighbour": other}))
    ev.append(("round_ended", {"round": s.round}))
    if s.end_triggered:
        finish(s, ev, stalled=False)
    elif s.round >= s.options["max_rounds"]:
        finish(s, ev, stalled=True)  # spec §1.8: a stalled game is scored as at a normal end
    else:
        start_round(s, ev)
