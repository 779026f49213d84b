"""The number keys of a list of moves follow the piles' own numbers (issue 19, item 6).

At Grabuge, with column 1 free, the ``c`` list of a turned 8♠ read "3 put 8♠ on column 4":
pressing 3 for column 3 put the card on column 4.  Where the moves go to numbered piles, the
option for column n is taken with n, and the list reads in that order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.pilot import Pilot

from cardsuite.core.cards import parse_card
from cardsuite.core.moves import Gesture, Move
from cardsuite.core.view import PileStyle, PileView, SeatView, TableView
from cardsuite.games import get_game
from cardsuite.games.grabuge.model import PlaceInReserve
from cardsuite.match import Match, SeatInfo
from cardsuite.tui.screens.chooser import ChooserScreen
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.selection import Ask, Choice, Selector, Slot, key_order, option_keys

from .helpers import make_app, press, screen_text, settle, shows, until

GRABUGE = get_game("grabuge")

# Anna turns 8♠, which fits no packet; columns 2, 3 and 4 hold a card each, column 1 is free.
COLUMN_ONE_FREE = """
packets: 2
P1 grabuge: K♣ Q♦
P1 stock: 8♠ 8♥ J♠
P1 col2: 5♥
P1 col3: 9♦
P1 col4: J♣
P2 grabuge: K♦
P2 stock: 7♣ 6♣
P2 col1: 10♠
"""
# The same with column 3 free as well: the list offers columns 2 and 4 and a new column (1).
COLUMNS_ONE_AND_THREE_FREE = COLUMN_ONE_FREE.replace("P1 col3: 9♦\n", "")


def grabuge_match(position: str) -> Match:
    match = Match(GRABUGE, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=1)
    match.states[0] = GRABUGE.position(position)
    return match


def listed(position: str) -> tuple[Choice, TableView]:
    """The ``c`` list of Anna's turned card, as the selector makes it, and her view."""
    match = grabuge_match(position)
    view = match.view(0)
    selector = Selector(view, match.legal_moves(0))
    selector.cursor = selector.slots.index(Slot("turned.0"))
    result = selector.listing()
    assert isinstance(result, Ask), result
    return result.choice, view


def column_of(moves: tuple[Move, ...]) -> int | None:
    move = moves[0]
    assert isinstance(move, PlaceInReserve)
    return move.column


def test_each_column_is_chosen_with_its_own_number() -> None:
    choice, view = listed(COLUMN_ONE_FREE)
    labels = [label for label, _moves in choice.options]
    assert labels == [
        "put 8♠ on column 2",
        "put 8♠ on column 3",
        "put 8♠ on column 4",
        "start a new column with 8♠",
    ]
    keys = option_keys(choice, view)
    assert keys == ("2", "3", "4", "1")  # the new column is column 1, the free one
    assert [labels[i] for i in key_order(keys)] == [
        "start a new column with 8♠",
        "put 8♠ on column 2",
        "put 8♠ on column 3",
        "put 8♠ on column 4",
    ]


def test_a_free_column_in_between_leaves_its_number_unused() -> None:
    choice, view = listed(COLUMNS_ONE_AND_THREE_FREE)
    keys = option_keys(choice, view)
    assert {
        key: column_of(moves) for key, (_label, moves) in zip(keys, choice.options, strict=True)
    } == {
        "2": 2,
        "4": 4,
        "1": None,  # a new column: the lowest free one, column 1
    }
    assert "3" not in keys


def test_options_without_numbered_piles_are_numbered_in_order() -> None:
    rang = get_game("rang")
    match = Match(rang, [SeatInfo("Anna"), SeatInfo("Boris", "random")], seed=1)
    match.states[0] = rang.position("P1: JOKER 9♣\nP2: 2♠ 3♠\ndiscard: K♦")
    view = match.view(0)
    joker = [m for m in match.legal_moves(0) if "joker" in m.label()]
    choice = Choice("Name which rank?", tuple((m.label(), (m,)) for m in joker), 0)
    keys = option_keys(choice, view)
    assert keys[:10] == tuple("1234567890") and set(keys[10:]) == {""}
    assert key_order(keys) == list(range(len(keys)))
    assert option_keys(choice, None) == keys


@dataclass(frozen=True, slots=True)
class To(Move):
    """A made-up move: the hand's ace to ``target``."""

    target: str

    def label(self) -> str:
        return f"to {self.target}"

    def gesture(self) -> Gesture:
        return Gesture("hand", parse_card("A♠"), self.target)


def test_an_unnumbered_place_takes_a_number_no_pile_of_the_kind_carries() -> None:
    columns = tuple(PileView(f"col.{n}", f"column {n}", PileStyle.COLUMN, ()) for n in range(1, 5))
    hand = PileView("hand", "hand", PileStyle.FAN, (parse_card("A♠"),))
    discard = PileView("discard", "discard", PileStyle.STACK, ())
    view = TableView("t", 0, (SeatView(0, (hand, *columns)),), (discard,), "")
    moves = [To(0, "col.4"), To(0, "discard"), To(0, "col.2")]
    choice = Choice("A♠: which move?", tuple((m.label(), (m,)) for m in moves), 0)
    assert option_keys(choice, view) == ("4", "5", "2")  # never 1 or 3: columns on the table


async def open_the_list(pilot: Pilot[Any]) -> ChooserScreen:
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen)
    assert table.selector is not None and table.selector.current == Slot("turned.0")
    await press(pilot, "c")
    assert await until(pilot, lambda: isinstance(pilot.app.screen, ChooserScreen))
    chooser = pilot.app.screen
    assert isinstance(chooser, ChooserScreen)
    return chooser


async def test_pressing_3_in_the_list_puts_the_card_on_column_3() -> None:
    match = grabuge_match(COLUMN_ONE_FREE)
    app = make_app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        chooser = await open_the_list(pilot)
        assert await shows(pilot, "1  start a new column with 8♠")
        text = screen_text(app)
        for n in (2, 3, 4):
            assert f"{n}  put 8♠ on column {n}" in text, text
        rows = [row for row in text.splitlines() if "8♠ on column" in row or "new column" in row]
        assert [row.strip(" │")[:1] for row in rows] == ["1", "2", "3", "4"], rows
        await press(pilot, "3")
        await settle(pilot)
        assert app.screen is not chooser
        assert match.moves[0] == PlaceInReserve(0, 3)
        assert parse_card("8♠") in match.states[1].table.cards("reserve.0.3")


async def test_a_number_no_option_carries_chooses_nothing() -> None:
    match = grabuge_match(COLUMNS_ONE_AND_THREE_FREE)
    app = make_app(match)
    async with app.run_test(size=(120, 40)) as pilot:
        chooser = await open_the_list(pilot)
        await press(pilot, "3")  # column 3 is free: the card would go to column 1 as new
        await settle(pilot)
        assert app.screen is chooser and match.moves == []
        await press(pilot, "1")
        await settle(pilot)
        assert match.moves == [PlaceInReserve(0, None)]
        assert parse_card("8♠") in match.states[1].table.cards("reserve.0.1")
