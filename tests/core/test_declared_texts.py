"""An event's declared words: fields written by their declared type or by :func:`words`, a
plural template whose form a field's number (or length) picks, and the message said again."""

from __future__ import annotations

from typing import Any

from cardsuite.core.cards import FACE_DOWN, Card, parse_card
from cardsuite.core.events import Event, private
from cardsuite.core.i18n import N_, N_n
from cardsuite.core.table import Seat
from cardsuite.core.text import Message, message_from_data, said, said_n, words


def _spaced(cards: tuple[Any, ...]) -> str:
    return " ".join(str(c) for c in cards)


class _Took(Event):
    seat: Seat
    from_: Seat | None
    cards: tuple[Card, ...] = words(_spaced)

    says = N_("{seat} takes {cards}")


class _Skipped(Event):
    passed: tuple[Seat, ...]

    says_n = N_n("{passed} is passed by", "{passed} are passed by")
    counts = "passed"


class _Drew(Event):
    seat: Seat
    count: int
    cards: tuple[Card, ...] = private(_spaced)

    says_n = N_n("{seat} draws {n} card: {cards}", "{seat} draws {n} cards: {cards}")
    counts = "cards"


def test_fields_are_written_as_their_declarations_say() -> None:
    took = _Took(1, None, (parse_card("7♥"), parse_card("QS")))
    assert took.text() == "{s1} takes 7♥ Q♠"
    assert said(N_("{seat} takes from {from_}"), _Took(0, 2, ())) == "{s0} takes from {s2}"
    assert said(N_("nobody{from_}"), took) == "nobody"  # a Seat | None that is None: nothing


def test_a_plural_template_takes_its_form_from_the_counted_field() -> None:
    assert _Skipped((0,)).text() == "{s0} is passed by"
    assert _Skipped((0, 2, 3)).text() == "{s0}, {s2} and {s3} are passed by"
    drew = _Drew(0, 5, (parse_card("2C"), parse_card("3C")))
    assert drew.text() == "{s0} draws 2 cards: 2♣ 3♣"  # {n}: the counted field's length
    assert said_n(N_n("{count} card", "{count} cards"), drew, "count") == "5 cards"


def test_a_private_field_keeps_its_way_and_is_written_face_down_to_others() -> None:
    drew = _Drew(0, 1, (parse_card("2C"),))
    assert drew.seen_by(0).text() == "{s0} draws 1 card: 2♣"
    assert drew.seen_by(1).text() == f"{{s0}} draws 1 card: {FACE_DOWN}"


def test_a_declared_message_keeps_its_template_and_arguments() -> None:
    text = _Skipped((1, 2)).text()
    assert isinstance(text, Message)
    assert (text.template, text.plural, text.n) == (
        "{passed} is passed by",
        "{passed} are passed by",
        2,
    )
    data = text.to_data()
    assert message_from_data(data) == text
