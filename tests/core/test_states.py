"""core.states (a fresh state, a working copy frozen back) and core.kernel's fields_loader
and card_mask, on Ryba's state."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from cardsuite.core.cards import standard_deck
from cardsuite.core.events import Event
from cardsuite.core.kernel import card_mask, fields_loader
from cardsuite.core.series import Series
from cardsuite.core.states import Working, fresh
from cardsuite.core.table import Layout, PileSpec, Table
from cardsuite.games.ryba.model import FullRyba, RybaOptions, RybaState

TABLE = Table(Layout([PileSpec("stock")]), ((),))
OPTIONS = RybaOptions()


def test_a_fresh_state_holds_the_zero_of_every_field_not_named() -> None:
    state = fresh(RybaState, TABLE, 7, OPTIONS, 3)
    assert tuple(state) == (TABLE, 7, (), OPTIONS, 3, None, None, 0, "", (), ())
    named = state._replace(series=Series(1, 0, 2), turn=0)
    assert (named.series.dealer, named.turn, named.asks) == (2, 0, 0)


def test_fresh_refuses_a_type_that_is_not_a_state() -> None:
    class Point(NamedTuple):
        x: int
        y: int

    with pytest.raises(TypeError, match="not a state"):
        fresh(Point, TABLE, 0, None, 2)


class _Work(Working[FullRyba], state=RybaState, lists=("winners",)):
    __slots__ = ("asks", "finished", "how", "options", "seats", "seed", "series", "turn", "winners")

    asks: int
    winners: list[int]

    def __init__(self, state: FullRyba) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(state, name))
        self.winners = list(state.winners)


def test_a_working_copy_freezes_every_field_in_its_place() -> None:
    state = fresh(RybaState, TABLE, 7, OPTIONS, 3)._replace(series=Series(1, 0, 2), winners=(1,))
    work = _Work(state)
    work.asks += 1
    work.winners.append(2)
    event = Event()
    after = work.frozen(TABLE, (event,))
    assert after == state._replace(events=(event,), asks=1, winners=(1, 2))
    assert type(after.winners) is tuple


def test_a_working_copy_names_only_fields_of_its_state() -> None:
    with pytest.raises(TypeError, match="no field 'chips'"):

        class _Bad(Working[FullRyba], state=RybaState, lists=("chips",)):
            __slots__ = ()


class _Copy:
    __slots__ = ("asks", "dealer", "seed", "turn")

    asks: int
    dealer: int
    seed: int | None
    turn: int | None


def test_a_fields_loader_takes_the_slots_named_after_fields() -> None:
    state = fresh(RybaState, TABLE, 7, OPTIONS, 3)._replace(series=Series(1, 0, 2), turn=1)
    k = _Copy()
    fields_loader(_Copy, RybaState, Series)(k, state, state.series)
    assert (k.seed, k.turn, k.asks, k.dealer) == (7, 1, 0, 2)


def test_card_mask_sets_a_bit_per_card_index() -> None:
    deck = standard_deck()
    assert card_mask(()) == 0
    assert card_mask(deck[:3]) == sum(1 << c.index for c in deck[:3])
