"""core.view.seat_view: a seat as the table shows it to a viewer."""

from __future__ import annotations

from cardsuite.core.view import PileStyle, PileView, SeatView, seat_view

HAND = PileView("hand.1", "hand", PileStyle.FAN, (), owner=1)


def test_marks_join_into_the_status_and_the_viewer_is_told_apart() -> None:
    view = seat_view(1, 1, [HAND], ["dealer", "passed"], score="2 books", to_move=True)
    assert view == SeatView(
        seat=1,
        piles=(HAND,),
        status="dealer · passed",
        score="2 books",
        to_move=True,
        is_viewer=True,
    )
    assert view.name == "" and view.side == ""


def test_a_seat_without_marks_seen_by_another_or_a_spectator() -> None:
    assert seat_view(1, 0, (HAND,)) == SeatView(seat=1, piles=(HAND,))
    spectator = seat_view(1, None, (HAND,), side="A")
    assert not spectator.is_viewer and spectator.status == "" and spectator.side == "A"
