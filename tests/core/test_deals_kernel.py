"""core.kernel.DealsKernel: who moves in a kernel of turns over several deals."""

from __future__ import annotations

from cardsuite.core.kernel import ALONE, NOBODY, DealsKernel, WorkingCopy


class Work(WorkingCopy):
    __slots__ = ("between", "dealer", "turn")

    def __init__(self, turn: int, between: bool, dealer: int) -> None:
        self.turn, self.between, self.dealer = turn, between, dealer


class ThreeSeats(DealsKernel[Work, int]):
    def next_dealer(self, kernel: Work) -> int:
        return (kernel.dealer + 1) % 3


def test_the_seat_to_play_moves_alone() -> None:
    assert ThreeSeats().to_move(Work(2, False, 0)) == (2,)
    assert ThreeSeats().to_move(Work(1, False, 0)) is ALONE[1]


def test_between_deals_the_next_dealer_moves() -> None:
    assert ThreeSeats().to_move(Work(-1, True, 2)) == (0,)


def test_nobody_moves_once_the_match_is_over() -> None:
    assert ThreeSeats().to_move(Work(-1, False, 2)) == NOBODY == ()
