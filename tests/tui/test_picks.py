"""Choosing the cards a move takes along (``Gesture.picks``), card by card.

First the pure logic, on made-up moves (a fishing game's captures in all but name): ``Take``
plays a hand card onto the table and takes a set of table cards; ``Lay`` puts it down taking
nothing.  Then Cassino at the table, by keys and by clicks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from textual.pilot import Pilot

from cardsuite.core.cards import Card, Suit, deck_order
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.view import PileStyle, PileView, SeatView, TableView
from cardsuite.games import get_game
from cardsuite.games.cassino.model import Capture
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.screens.chooser import ChooserScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.selection import (
    Ask,
    Cancelled,
    Play,
    Refused,
    Selector,
    Slot,
    Taking,
    slot_face,
)

from .helpers import make_app, press, settle, shows, until
from .test_mouse import click_slot

D10, S8 = Card(10, Suit.DIAMONDS), Card(8, Suit.SPADES)
C6, H4, S7, D3, H9, C2 = (
    Card(6, Suit.CLUBS),
    Card(4, Suit.HEARTS),
    Card(7, Suit.SPADES),
    Card(3, Suit.DIAMONDS),
    Card(9, Suit.HEARTS),
    Card(2, Suit.CLUBS),
)
TABLE_CARDS = (C6, H4, S7, D3, H9, C2)


@dataclass(frozen=True, slots=True)
class Take(Move):
    card: Card
    taken: frozenset[Card]

    def label(self) -> str:
        return f"{self.card} takes " + " ".join(str(c) for c in sorted(self.taken, key=deck_order))

    def gesture(self) -> Gesture:
        return Gesture("hand", self.card, "table", picks=self.taken)


@dataclass(frozen=True, slots=True)
class Lay(Move):
    card: Card

    def label(self) -> str:
        return f"lay {self.card}"

    def gesture(self) -> Gesture:
        return Gesture("hand", self.card, "table")


def view(table_style: PileStyle = PileStyle.ROW) -> TableView:
    me = SeatView(0, (PileView("hand", "hand", PileStyle.FAN, (D10, S8)),), "Anna", is_viewer=True)
    centre = (PileView("table", "table", table_style, TABLE_CARDS),)
    return TableView("Test", 0, (me,), centre, "Anna to play")


TEN_A = Take(0, D10, frozenset({C6, H4}))
TEN_B = Take(0, D10, frozenset({S7, D3}))
TEN_AB = Take(0, D10, frozenset({C6, H4, S7, D3}))
EIGHT = Take(0, S8, frozenset({C6, C2}))
HAND_10, HAND_8 = Slot("hand", 0), Slot("hand", 1)


def at(card: Card) -> Slot:
    return Slot("table", TABLE_CARDS.index(card))


def selector(*moves: Move, style: PileStyle = PileStyle.ROW) -> Selector:
    return Selector(view(style), moves or (TEN_A, TEN_B, TEN_AB, EIGHT))


def test_a_card_with_several_sets_starts_the_choice_every_set_card_lit() -> None:
    sel = selector()
    result = sel.pick(HAND_10)
    assert isinstance(result, Taking) and result.picks == frozenset()
    assert sel.source == HAND_10
    assert sel.takeable_slots() == {at(C6), at(H4), at(S7), at(D3)}
    assert sel.dimmed_slots() == {at(H9), at(C2)}
    assert sel.picked_slots() == frozenset()
    # Tab and the arrows go only where a card may be taken (and back to the source)
    assert sel.marked() == {at(C6), at(H4), at(S7), at(D3)}
    assert sel.reachable() == {at(C6), at(H4), at(S7), at(D3), HAND_10}


def test_taking_a_card_dims_the_cards_no_set_holds_with_it() -> None:
    sel = selector()
    sel.pick(HAND_10)
    result = sel.toggle(at(C6))
    assert isinstance(result, Taking) and result.picks == {C6}
    assert sel.picked_slots() == {at(C6)}
    # 6♣ is in {6♣ 4♥} and in {6♣ 4♥ 7♠ 3♦}: all four may still complete a set
    assert sel.takeable_slots() == {at(H4), at(S7), at(D3)}
    assert sel.dimmed_slots() == {at(H9), at(C2)}
    # leaving it again puts things back
    result = sel.toggle(at(C6))
    assert isinstance(result, Taking) and result.picks == frozenset()


def test_a_dimmed_card_cannot_be_taken_and_nothing_changes() -> None:
    sel = selector()
    sel.pick(HAND_10)
    sel.toggle(at(C6))
    result = sel.toggle(at(H9))
    assert isinstance(result, Refused)
    assert result.reason == "10♦ cannot take 9♥ along with 6♣"
    assert sel.taking is not None and sel.taking.picks == {C6}
    # a click on it refuses the same way
    assert isinstance(sel.pick(at(C2)), Refused)
    assert sel.taking.picks == {C6}


def test_confirm_plays_the_move_taking_exactly_the_cards_taken() -> None:
    sel = selector()
    sel.pick(HAND_10)
    sel.toggle(at(C6))
    sel.toggle(at(H4))
    # {6♣ 4♥} is a capture, but 7♠ 3♦ may still be added: not played by itself
    assert isinstance(sel.taking, Taking)
    assert sel.takeable_slots() == {at(S7), at(D3)}
    assert sel.confirm() == Play(TEN_A)
    assert sel.source is None and sel.taking is None


def test_an_incomplete_set_is_refused_saying_what_completes_it() -> None:
    sel = selector()
    sel.pick(HAND_10)
    sel.toggle(at(C6))
    result = sel.confirm()
    assert isinstance(result, Refused)
    assert result.reason == "10♦ cannot take just 6♣: add 4♥ or 7♠ 4♥ 3♦"
    assert sel.taking is not None and sel.taking.picks == {C6}


def test_a_set_that_cannot_grow_is_played_as_soon_as_it_is_complete() -> None:
    sel = selector()
    sel.pick(HAND_10)
    for card in (C6, H4, S7):
        assert isinstance(sel.toggle(at(card)), Taking)
    assert sel.toggle(at(D3)) == Play(TEN_AB)
    assert sel.source is None and sel.taking is None


def test_a_card_with_one_move_is_played_when_picked() -> None:
    sel = selector()
    assert sel.pick(HAND_8) == Play(EIGHT)


def test_nothing_taken_enter_on_a_takeable_card_takes_it_and_else_is_refused() -> None:
    sel = selector()
    sel.pick(HAND_10)
    result = sel.confirm(at(S7))
    assert isinstance(result, Taking) and result.picks == {S7}
    sel.toggle(at(S7))
    refused = sel.confirm(at(H9))
    assert isinstance(refused, Refused) and refused.reason == "choose the cards 10♦ takes first"


def test_with_a_move_taking_nothing_confirming_no_cards_plays_it() -> None:
    lay = Lay(0, D10)
    sel = selector(TEN_A, TEN_B, lay)
    assert isinstance(sel.pick(HAND_10), Taking)
    assert sel.confirm(at(C6)) == Play(lay)  # Enter with nothing taken: the trail
    sel.pick(HAND_10)
    sel.toggle(at(S7))
    refused = sel.confirm()
    assert isinstance(refused, Refused) and refused.reason == "10♦ cannot take just 7♠: add 3♦"


def test_the_source_clicked_again_confirms_or_with_nothing_to_play_cancels() -> None:
    lay = Lay(0, D10)
    sel = selector(TEN_A, TEN_B, TEN_AB, lay)
    sel.pick(HAND_10)
    assert sel.pick(HAND_10) == Play(lay)  # nothing taken: the move taking nothing
    sel = selector()
    sel.pick(HAND_10)
    assert isinstance(sel.pick(HAND_10), Cancelled)  # nothing taken, nothing to play
    assert sel.source is None and sel.taking is None
    sel.pick(HAND_10)
    sel.pick(at(S7))
    sel.pick(at(D3))
    assert sel.pick(HAND_10) == Play(TEN_B)  # the clicks: take, take, confirm


def test_one_capture_and_a_trail_still_ask_which() -> None:
    lay = Lay(0, D10)
    sel = selector(TEN_A, lay)
    assert isinstance(sel.pick(HAND_10), Taking)
    assert sel.takeable_slots() == {at(C6), at(H4)}
    sel.toggle(at(C6))
    assert sel.toggle(at(H4)) == Play(TEN_A)


def test_the_list_holds_the_moves_the_cards_taken_still_allow() -> None:
    sel = selector()
    sel.pick(HAND_10)
    sel.toggle(at(S7))
    result = sel.listing()
    assert isinstance(result, Ask)
    options = [moves for _label, moves in result.choice.options]
    assert options == [(TEN_B,), (TEN_AB,)]
    assert sel.source is None and sel.taking is None
    # nothing picked: the moves of the card under the cursor
    sel.move_to(HAND_10)
    listed = sel.listing()
    assert isinstance(listed, Ask)
    assert [m for _label, ms in listed.choice.options for m in ms] == [TEN_A, TEN_B, TEN_AB]


def test_another_hand_card_starts_again_from_it() -> None:
    sel = selector(TEN_A, TEN_B, EIGHT, Take(0, S8, frozenset({S7})))
    sel.pick(HAND_10)
    sel.toggle(at(C6))
    result = sel.pick(HAND_8)
    assert isinstance(result, Taking) and result.source == HAND_8 and result.picks == frozenset()
    assert sel.takeable_slots() == {at(C6), at(C2), at(S7)}


def test_cancel_forgets_the_cards_taken() -> None:
    sel = selector()
    sel.pick(HAND_10)
    sel.toggle(at(C6))
    assert isinstance(sel.cancel(), Cancelled)
    assert sel.taking is None and sel.picked_slots() == frozenset()


def test_a_target_drawn_as_a_stack_falls_back_to_the_chooser() -> None:
    sel = selector(style=PileStyle.STACK)
    result = sel.pick(HAND_10)
    assert sel.taking is None
    assert not isinstance(result, Taking)
    target = sel.pick(Slot("table", None))
    assert isinstance(target, Ask)


# --- at the table: Cassino by keys and by clicks -------------------------------------------------

# Anna (P1, first to play) holds 10♦, which takes 6♣ 4♥, or 7♠ 3♦, or both groups at once; 9♥
# completes nothing.  8♠ has no capture, and she must capture: only 10♦ may be played.
CASSINO = "P1: 10♦ 8♠\nP2: J♥ 5♣\ntable: 6♣ 4♥ 9♥ 7♠ 3♦"
BOTH_GROUPS = frozenset({C6, H4, S7, D3})


def cassino_match() -> Match:
    game = get_game("cassino-clubs")
    match = Match(game, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=1)
    match.states[0] = game.position(CASSINO)
    return match


def face_slot(sel: Selector, card: Card) -> Slot:
    return next(s for s in sel.slots if slot_face(sel.view, s) is card)


def anna_captured(match: Match) -> Capture:
    move = match.moves[0]
    assert isinstance(move, Capture), move
    return move


async def table_at_start(pilot: Pilot[Any]) -> tuple[TableScreen, Selector]:
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    sel = screen.selector
    assert sel is not None
    return screen, sel


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_a_two_group_capture_chosen_by_keys(size: tuple[int, int]) -> None:
    match = cassino_match()
    app = make_app(match)
    async with app.run_test(size=size) as pilot:
        screen, sel = await table_at_start(pilot)
        assert slot_face(sel.view, sel.current) is D10  # type: ignore[arg-type]
        await press(pilot, "enter")
        assert sel.taking is not None
        assert await shows(pilot, "space take/leave · ⏎ confirm · c list · esc cancel")
        nine = face_slot(sel, H9)
        assert sel.dimmed_slots() == {nine}
        # the cursor is on the first card that may be taken; Tab and the arrows never stop on
        # the dimmed 9♥
        assert slot_face(sel.view, sel.current) is C6  # type: ignore[arg-type]
        visited = set()
        for key in ("tab", "tab", "tab", "tab", "right", "right", "left", "down", "up"):
            await press(pilot, key)
            visited.add(sel.current)
        assert nine not in visited
        # take 6♣ and 4♥: a capture already, but 7♠ 3♦ may still be added
        for card in (C6, H4):
            sel.move_to(face_slot(sel, card))
            await press(pilot, "space")
        assert sel.taking is not None and sel.taking.picks == {C6, H4}
        assert await shows(pilot, "Enter: 10♦ takes 6♣ 4♥ · or take more")
        # 7♠ alone does not complete the set: Enter says what is missing, nothing is played
        sel.move_to(face_slot(sel, S7))
        await press(pilot, "space", "enter")
        assert not match.moves
        assert screen.message == "10♦ cannot take just 7♠ 6♣ 4♥: add 3♦"
        # 3♦ completes both groups and nothing can be added: captured at once
        sel.move_to(face_slot(sel, D3))
        await press(pilot, "space")
        await settle(pilot)
        assert anna_captured(match) == Capture(0, D10, BOTH_GROUPS)
        assert H9 in match.state.table.cards("table")


async def test_one_group_confirmed_with_enter_and_the_list_by_c() -> None:
    match = cassino_match()
    app = make_app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        _screen, sel = await table_at_start(pilot)
        await press(pilot, "enter")
        await press(pilot, "c")  # the list of the legal sets
        assert await until(pilot, lambda: isinstance(app.screen, ChooserScreen))
        chooser = app.screen
        assert isinstance(chooser, ChooserScreen)
        labels = [label for label, _moves in chooser.choice.options]
        assert labels == ["10♦ takes 6♣ 4♥", "10♦ takes 7♠ 3♦", "10♦ takes 7♠ 6♣ 4♥ 3♦"]
        await press(pilot, "escape")
        await settle(pilot)
        assert not match.moves
        # again, by taking: 7♠ 3♦ then Enter
        sel.move_to(face_slot(sel, D10))
        await press(pilot, "enter")
        for card in (S7, D3):
            sel.move_to(face_slot(sel, card))
            await press(pilot, "space")
        await press(pilot, "enter")
        await settle(pilot)
        assert anna_captured(match) == Capture(0, D10, frozenset({S7, D3}))


async def test_a_two_group_capture_chosen_by_clicks() -> None:
    match = cassino_match()
    app = make_app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, sel = await table_at_start(pilot)
        table = screen.table
        await click_slot(pilot, table, face_slot(sel, D10))
        assert sel.taking is not None
        await click_slot(pilot, table, face_slot(sel, H9))  # dimmed: refused, nothing taken
        assert screen.message == "10♦ cannot take 9♥"
        assert sel.taking is not None and sel.taking.picks == frozenset()
        for card in (C6, H4, S7):
            await click_slot(pilot, table, face_slot(sel, card))
        assert sel.taking is not None and sel.taking.picks == {C6, H4, S7}
        await click_slot(pilot, table, face_slot(sel, D3))
        await settle(pilot)
        assert anna_captured(match) == Capture(0, D10, BOTH_GROUPS)


async def test_a_click_on_the_hand_card_again_confirms_the_cards_taken() -> None:
    match = cassino_match()
    app = make_app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        screen, sel = await table_at_start(pilot)
        table = screen.table
        ten = face_slot(sel, D10)
        await click_slot(pilot, table, ten)
        for card in (H4, C6):
            await click_slot(pilot, table, face_slot(sel, card))
        assert sel.picked_slots() == {face_slot(sel, C6), face_slot(sel, H4)}
        await click_slot(pilot, table, ten)
        await settle(pilot)
        assert anna_captured(match) == Capture(0, D10, frozenset({C6, H4}))
