"""core.presenting.table_view: the frame every presenter's table is built in."""

from __future__ import annotations

from dataclasses import dataclass

from cardsuite.core.presenting import SeatParts, table_view
from cardsuite.core.protocol import Observation
from cardsuite.core.table import Seat
from cardsuite.core.view import KeyMove, PileStyle, PileView, SeatView, TableView

STOCK = PileView("stock", "stock", PileStyle.STACK, ())


@dataclass(frozen=True)
class Three:
    seats: int = 3
    turn: Seat = 2


def seat(state: Three, s: Seat, viewer: Seat | None) -> SeatParts:
    hand = PileView(f"hand.{s}", "hand", PileStyle.FAN, (), owner=s)
    marks = ["dealer"] if s == 0 else []
    return SeatParts([hand], marks, score=f"seat {s}", to_move=s == state.turn)


def test_the_seats_come_viewer_first_each_as_the_game_shows_it() -> None:
    view = table_view(Observation(1, Three()), "Three", seat, [STOCK], "s2 to play", ["rule"])
    assert [s.seat for s in view.seats] == [1, 2, 0]
    hand = PileView("hand.1", "hand", PileStyle.FAN, (), owner=1)
    assert view.seats[0] == SeatView(1, (hand,), score="seat 1", is_viewer=True)
    assert view.seats[1].to_move and not view.seats[1].is_viewer
    assert view.seats[2].status == "dealer"
    assert view == TableView("Three", 1, view.seats, (STOCK,), "s2 to play", ("rule",))


def test_a_spectator_sees_the_seats_in_table_order_and_the_extras_pass_through() -> None:
    keys = (KeyMove(0, "q", "play s1 c1", "s1→C1"),)
    spectator = Observation(None, Three())
    view = table_view(spectator, "Three", seat, (), "", countdown="Go!", key_moves=keys)
    assert [s.seat for s in view.seats] == [0, 1, 2]
    assert not any(s.is_viewer for s in view.seats)
    assert view.countdown == "Go!" and view.key_moves == keys and view.info == ()
    assert view.trick is None and view.summary is None and view.scores is None
