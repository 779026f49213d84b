"""Grabuge: one test per acceptance scenario of the spec (§11), then the rules §11 leaves out.

Positions are written as a small text table, one pile per line, with players named as in the
spec (P1 is seat 0, P2 is seat 1)::

    packets: A 4        packets on the tableau, oldest first, by their top rank
    P1 grabuge: 2♣ 3♦   a grabuge or a stock, listed from the top
    P1 col2: 8♠ 4♥      a reserve column, from the bottom to the exposed card
    P2 won: 3           packets already won

and :meth:`Grabuge.arrange` plays on from there to the first decision.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardsuite.core.cards import FACE_DOWN, SUITS, Card, parse_cards, parse_rank
from cardsuite.core.errors import IllegalMoveError, NotationError, OptionsError
from cardsuite.core.options import options_from_strings
from cardsuite.core.protocol import Event
from cardsuite.core.table import resample_hidden
from cardsuite.core.text import fill
from cardsuite.games.grabuge import (
    GRABUGE,
    GrabugeMove,
    GrabugeOptions,
    GrabugeState,
    PlaceInReserve,
    PlayReserve,
    leftover_packets,
    packet_totals,
)

NAMES = ("Anna", "Boris")


# --- helpers -------------------------------------------------------------------------------


def run_to(rank: int, suit_index: int = 0) -> tuple[Card, ...]:
    """A packet built from the Ace up to ``rank``."""
    suit = SUITS[suit_index % 4]
    return tuple(Card(r, suit) for r in range(1, rank + 1))


def position(text: str, **kwargs: Any) -> GrabugeState:
    """The state described by ``text`` (see the module docstring), played to a decision."""
    piles: dict[str, tuple[Card, ...]] = {}
    for line in text.strip().splitlines():
        key, _, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if key == "packets":
            for i, rank in enumerate(value.split(), start=1):
                piles[f"packet.{i}"] = run_to(parse_rank(rank), i)
            continue
        who, what = key.split()
        s = int(who[1:]) - 1
        if what in ("grabuge", "stock"):
            piles[f"{what}.{s}"] = tuple(reversed(parse_cards(value)))  # listed from the top
        elif what.startswith("col"):
            piles[f"reserve.{s}.{what[3:]}"] = tuple(parse_cards(value))
        elif what == "won":
            piles[f"won.{s}"] = tuple(c for i in range(int(value)) for c in run_to(13, i))
        else:
            raise ValueError(f"unknown pile {key!r}")
    return GRABUGE.arrange(piles, **kwargs)


def log(state: GrabugeState) -> list[tuple[str, int | None, str]]:
    """The events as (kind, seat, first card) triples."""
    return [(e.kind, e.seat, str(e.cards[0]) if e.cards else "") for e in state.events]


def kinds(state: GrabugeState) -> list[str]:
    return [e.kind for e in state.events]


def card(text: str) -> Card:
    (c,) = parse_cards(text)
    return c


def pile(state: GrabugeState, name: str) -> str:
    return " ".join(str(c) for c in state.table.cards(name))


def play_random(
    seed: int, options: GrabugeOptions | None = None, *, check: bool = False
) -> list[GrabugeState]:
    """Every state of one random game (the first is the deal)."""
    g = GRABUGE
    state = g.new_game(seats=2, options=options, seed=seed)
    rng = random.Random(seed)
    states = [state]
    deck = Counter(g.deck(state))
    for _ in range(10_000):
        if check:
            assert Counter(state.table.all_cards()) == deck, "cards are conserved"
        to_move = g.to_move(state)
        if not to_move:
            break
        (seat,) = to_move
        legal = g.legal_moves(state, seat)
        if check:
            assert legal, "a seat to move always has a legal move"
            accepted = tuple(
                m for m in g.candidates(state, seat) if g.why_illegal(state, m) is None
            )
            assert accepted == legal
            assert g.legal_moves(state, 1 - seat) == ()
        state = g.apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    else:
        raise AssertionError("the game did not end")
    assert state.over and g.outcome(state) is not None
    return states


def all_events(states: list[GrabugeState]) -> list[Event]:
    return [e for s in states for e in s.events]


# --- §11 scenarios -------------------------------------------------------------------------


def test_grabuge_s01_precedence() -> None:
    state = position(
        """
        P1 grabuge: 9♣ 5♦ 5♥
        P1 stock: K♠ K♥
        P2 grabuge: Q♦ 5♠ 5♣
        P2 stock: K♦ K♣
        """,
        dealer=0,
        setup=True,
    )
    precedence = next(e for e in state.events if e.kind == "precedence")
    assert precedence.seat == 1 and precedence.cards == (card("Q♦"), card("9♣"))
    assert state.first == 1
    assert [e.seat for e in state.events if e.kind == "turn"] == [1]
    assert GRABUGE.to_move(state) == {1}  # P2's first batch card waits for a place


def test_grabuge_s02_setup_aces() -> None:
    state = position(
        """
        P1 grabuge: A♠ A♥ 7♦ 9♣ 9♦ 9♥ 10♠ 10♣
        P1 stock: K♠ K♥
        P2 grabuge: 5♣ J♣ J♦
        P2 stock: K♦ K♣
        """,
        dealer=1,
        setup=True,
    )
    assert state.packets == (1, 2)
    assert pile(state, "packet.1") == "A♠" and pile(state, "packet.2") == "A♥"
    grabuge = state.table.cards("grabuge.0")
    assert len(grabuge) == 6 and grabuge[-1] == card("7♦")
    seen_by_p2 = GRABUGE.observe(state, 1).state.table.pile("grabuge.0")
    assert seen_by_p2 == (FACE_DOWN,) * 5 + (card("7♦"),)  # face up, the rest face down
    assert [(k, c) for k, _, c in log(state) if k == "setup_ace"] == [
        ("setup_ace", "A♠"),
        ("setup_ace", "A♥"),
    ]
    assert state.first == 0  # 7 beats 5


@pytest.mark.parametrize("dealer", [0, 1])
def test_grabuge_s03_tie(dealer: int) -> None:
    state = position(
        """
        P1 grabuge: 10♣ 5♦
        P1 stock: K♠ K♥
        P2 grabuge: 10♦ 5♠
        P2 stock: K♦ K♣
        """,
        dealer=dealer,
        setup=True,
    )
    precedence = next(e for e in state.events if e.kind == "precedence")
    assert precedence.value == "tie"
    assert state.first == precedence.seat == 1 - dealer


def test_grabuge_s04_grabuge_cascade_at_turn_start() -> None:
    state = position(
        """
        packets: A
        P1 grabuge: 2♣ 3♦ J♠ 8♥
        P1 stock: 9♥ 9♣ 9♦ 9♠
        """
    )
    events = log(state)
    draw = kinds(state).index("draw")
    plays = [i for i, (k, _, _) in enumerate(events) if k == "play_grabuge"]
    assert [events[i][2] for i in plays] == ["2♣", "3♦"]
    assert all(i < draw for i in plays)
    assert state.table.cards("grabuge.0")[-1] == card("J♠")
    assert pile(state, "packet.1") == "A♦ 2♣ 3♦"


def test_grabuge_s05_priority_grabuge_then_reserve_then_batch() -> None:
    state = position(
        """
        packets: 4
        P1 grabuge: 6♣ 8♦ Q♠
        P1 col1: 7♥
        P1 stock: 5♣ 2♦
        P2 stock: K♦ K♣
        """
    )
    events = log(state)
    first_turn = events[: [k for k, _, _ in events].index("turn", 1)]
    assert [(k, c) for k, _, c in first_turn if k != "turn"] == [
        ("draw", ""),
        ("batch_play", "5♣"),
        ("play_grabuge", "6♣"),
        ("grabuge_top", "8♦"),
        ("play_reserve", "7♥"),
        ("play_grabuge", "8♦"),
        ("grabuge_top", "Q♠"),
        ("batch_place", "2♦"),
    ]


def test_grabuge_s06_reserve_full() -> None:
    state = position(
        """
        packets: 5 7
        P1 col1: 9♠
        P1 col2: J♠
        P1 col3: 3♠
        P1 col4: K♠
        P1 stock: Q♥
        """
    )
    assert state.table.cards("turned.0") == (card("Q♥"),)
    new_column = PlaceInReserve(0, None)
    reason = GRABUGE.why_illegal(state, new_column)
    assert reason is not None and reason.startswith("ReserveFull")
    assert "Q♥" in reason
    before = state.table
    with pytest.raises(IllegalMoveError) as refused:
        GRABUGE.apply(state, new_column)
    assert refused.value.reason == reason
    assert state.table == before and state.table.cards("turned.0") == (card("Q♥"),)
    assert new_column not in GRABUGE.legal_moves(state, 0)
    after = GRABUGE.apply(state, PlaceInReserve(0, 4))
    assert pile(after, "reserve.0.4") == "K♠ Q♥"


def test_grabuge_s07_covered_cards_are_dead() -> None:
    state = position(
        """
        packets: 7
        P1 col1: 8♠ 4♥
        P1 stock: K♣
        """
    )
    assert "play_reserve" not in kinds(state)
    assert pile(state, "reserve.0.1") == "8♠ 4♥"
    assert all(not isinstance(m, PlayReserve) for m in GRABUGE.legal_moves(state, 0))
    # At a choice between reserve columns, the covered 8 is no option either.
    choice = position(
        """
        packets: 7 2
        P1 col1: 8♠ 4♥
        P1 col2: 8♦
        P1 col3: 3♣
        """
    )
    assert GRABUGE.legal_moves(choice, 0) == (PlayReserve(0, 2), PlayReserve(0, 3))
    assert (
        GRABUGE.why_illegal(choice, PlayReserve(0, 1))
        == "the 4♥ exposed in column 1 does not fit any packet"
    )


def test_grabuge_s08_king_completes_a_packet() -> None:
    state = position(
        """
        packets: Q
        P1 grabuge: 5♦
        P1 stock: K♠
        P2 stock: 9♣ 9♦
        """
    )
    assert ("batch_play", 0, "K♠") in log(state)
    packet = next(e for e in state.events if e.kind == "packet")
    assert packet.seat == 0 and packet.value == 1
    assert GRABUGE.won(state) == (1, 0)
    assert state.packets == () and len(state.table.piles) == 18  # the tableau is empty
    assert len(state.table.cards("won.0")) == 13
    # With another packet on the tableau, only the crowned one leaves.
    two = position(
        """
        packets: Q 5
        P1 grabuge: 5♦
        P1 stock: K♠
        P2 stock: 9♣ 9♦
        """
    )
    assert two.packets == (2,) and GRABUGE.won(two) == (1, 0)


def test_grabuge_s09_bonus_once_only() -> None:
    state = position(
        """
        packets: 4
        P1 grabuge: 5♠
        P1 stock: 9♣
        P2 grabuge: 6♥
        """
    )
    assert state.bonus == (2, 0)
    assert [(e.kind, e.seat) for e in state.events if e.kind in ("bonus", "grabuge_empty")] == [
        ("bonus", 0),
        ("grabuge_empty", 1),
    ]
    assert ("play_grabuge", 1, "6♥") in log(state)  # P2's grabuge did empty
    assert state.over and GRABUGE.outcome(state).scores == (2, 0)  # type: ignore[union-attr]


def test_grabuge_s10_grabuge_used_as_stock() -> None:
    state = position(
        """
        packets: 3 5
        P1 grabuge: 9♠ J♦ 8♥
        """
    )
    assert [(k, c) for k, _, c in log(state)] == [
        ("turn", ""),
        ("convert", "9♠"),
        ("draw", ""),
        ("batch_place", "9♠"),
        ("batch_turn", "J♦"),
    ]
    assert next(e.value for e in state.events if e.kind == "draw") == 3
    assert state.converted == (True, False)
    assert state.table.cards("grabuge.0") == () and pile(state, "reserve.0.1") == "9♠"
    state = GRABUGE.apply(state, PlaceInReserve(0, None))
    state = GRABUGE.apply(state, PlaceInReserve(0, None))  # the last card: the pile is empty
    assert state.over and state.bonus == (0, 0)
    assert "bonus" not in kinds(state)


def test_grabuge_s11_final_count() -> None:
    assert packet_totals(won=(3, 1), leftover=(13, 4), bonus=(0, 0)) == (3, 2)
    state = position(
        """
        P1 col1: 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠
        P1 col2: 2♥ 3♥ 4♥ 5♥ 6♥ 7♥
        P1 won: 3
        P2 col1: 9♦ 10♦ J♦ Q♦
        P2 won: 1
        """
    )
    assert state.over
    assert [e.value for e in state.events if e.kind == "score"] == ["3 0 0", "1 1 0"]
    outcome = GRABUGE.outcome(state)
    assert outcome is not None
    assert outcome.places == (1, 2) and outcome.scores == (3, 2)
    assert fill(outcome.reason, ["Pierre", "Paul"]) == "Pierre wins 3–2 on packets"


# --- the count -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("leftover", "packets"),
    [((13, 4), (0, 1)), ((4, 13), (1, 0)), ((7, 7), (0, 0)), ((0, 4), (0, 0)), ((0, 10), (2, 0))],
)
def test_leftover_packets_go_to_the_player_with_fewer_cards(
    leftover: tuple[int, int], packets: tuple[int, int]
) -> None:
    assert leftover_packets(leftover) == packets


def test_equal_totals_are_a_draw() -> None:
    state = position(
        """
        P1 col1: 5♠
        P1 won: 1
        P2 col1: 6♦
        P2 won: 1
        """
    )
    outcome = GRABUGE.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert outcome.places == (1, 1) and outcome.reason == "a draw at 1–1"
    assert state.events[-1] == Event("deal_end", None, (), 1)


def test_bonus_counts_in_the_total() -> None:
    state = position("P2 col1: 6♦", bonus=(0, 2))
    assert GRABUGE.outcome(state).scores == (0, 2)  # type: ignore[union-attr]


# --- turns and the end ---------------------------------------------------------------------


def test_the_game_goes_on_while_the_other_player_has_a_card_that_fits() -> None:
    state = position(
        """
        packets: A
        P2 col1: 2♣
        """
    )
    assert [(k, s) for k, s, _ in log(state)] == [
        ("turn", 0),
        ("pass", 0),
        ("turn", 1),
        ("play_reserve", 1),
        ("score", 0),
        ("score", 1),
        ("deal_end", None),
    ]
    assert state.over and GRABUGE.to_move(state) == frozenset()


def test_the_end_waits_for_both_stocks_and_grabuges() -> None:
    # P1 has nothing left and nothing fits, but P2 still has a grabuge: play goes on.
    state = position(
        """
        P1 col1: 7♠
        P2 grabuge: 9♣
        P2 stock: 8♣ 8♦
        """
    )
    assert not state.over
    assert ("pass", 0, "") in log(state)
    assert GRABUGE.to_move(state) == {1}


def test_the_waiting_players_grabuge_is_never_played_on_the_other_turn() -> None:
    state = position(
        """
        packets: 3
        P1 col1: K♥
        P1 stock: 4♣ 9♦
        P2 grabuge: 5♥ 10♣
        P2 stock: Q♣
        """
    )
    assert pile(state, "packet.1").endswith("4♣")  # P2's 5♥ fits from here on
    assert all(e.seat != 1 for e in state.events)
    assert state.table.cards("grabuge.1")[-1] == card("5♥")
    after = GRABUGE.apply(state, PlaceInReserve(0, 1))
    turn = log(after).index(("turn", 1, ""))
    assert log(after)[turn + 1] == ("play_grabuge", 1, "5♥")  # first thing on his own turn


def test_a_card_goes_on_the_oldest_packet_that_takes_it() -> None:
    state = position(
        """
        packets: 3 3 5
        P1 stock: 4♠ 4♥ K♣ K♦
        """
    )
    assert pile(state, "packet.1").endswith("3♦ 4♠")
    assert pile(state, "packet.2").endswith("3♥ 4♥")  # the next 4 finds packet 1 taken
    ace = position(
        """
        packets: 2
        P1 stock: A♠ K♣ K♦
        """
    )
    assert ace.packets == (1, 2) and pile(ace, "packet.2") == "A♠"  # an Ace starts the newest


def test_an_arranged_position_must_be_consistent() -> None:
    with pytest.raises(ValueError, match="must be empty"):
        position("P1 grabuge: 5♠", converted=(True, False))
    with pytest.raises(ValueError, match="without a gap"):
        GRABUGE.arrange({"packet.1": parse_cards("A♠ 3♠")})


def test_several_reserve_cards_play_in_the_chosen_order() -> None:
    state = position(
        """
        packets: 7 2
        P1 col1: 8♦
        P1 col2: 3♣
        """
    )
    assert GRABUGE.to_move(state) == {0}
    first_three = GRABUGE.apply(state, PlayReserve(0, 2))
    plays = [c for k, _, c in log(first_three) if k == "play_reserve"]
    assert plays == ["3♣", "8♦"]  # the chosen one, then the only one left


def test_a_short_last_batch_with_an_odd_grabuge_size() -> None:
    states = play_random(3, GrabugeOptions(grabuge_size=6))
    for s in (0, 1):
        draws = []
        for e in all_events(states):
            if e.kind == "convert" and e.seat == s:
                break
            if e.kind == "draw" and e.seat == s:
                draws.append(e.value)
        assert draws == [4] * 11 + [2]  # 46 cards in the original stock


# --- options -------------------------------------------------------------------------------


def test_default_options() -> None:
    options = GrabugeOptions()
    assert (options.decks, options.grabuge_size, options.match_deals) == (2, 8, 1)
    assert options_from_strings(GrabugeOptions, {"decks": "4", "grabuge-size": "30"}) == (
        GrabugeOptions(decks=4, grabuge_size=30)
    )


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"decks": 3}, "3"),
        ({"grabuge_size": 0}, "0"),
        ({"grabuge_size": 53}, "53"),
        ({"decks": 4, "grabuge_size": 105}, "105"),
        ({"match_deals": 0}, "0"),
        ({"match_deals": "2"}, "'2'"),
    ],
)
def test_bad_options_are_refused_with_the_value_named(values: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionsError, match=named):
        GrabugeOptions(**values)


@pytest.mark.parametrize("decks", [2, 4, 6, 8])
def test_each_player_gets_26_cards_per_deck(decks: int) -> None:
    state = GRABUGE.new_game(seats=2, options=GrabugeOptions(decks=decks), seed=decks)
    assert len(GRABUGE.deck(state)) == 52 * decks
    assert Counter(state.table.all_cards()) == Counter(GRABUGE.deck(state))
    second = 1 - state.first  # has not played yet
    assert len(state.table.cards(f"stock.{second}")) == 26 * decks - 8
    aces = sum(1 for e in state.events if e.kind == "setup_ace" and e.seat == second)
    assert len(state.table.cards(f"grabuge.{second}")) + aces == 8


@pytest.mark.parametrize("size", [1, 5, 20, 52])
def test_grabuge_size_option(size: int) -> None:
    state = GRABUGE.new_game(seats=2, options=GrabugeOptions(grabuge_size=size), seed=11)
    second = 1 - state.first
    aces = sum(1 for e in state.events if e.kind == "setup_ace" and e.seat == second)
    assert len(state.table.cards(f"stock.{second}")) == 52 - size
    assert len(state.table.cards(f"grabuge.{second}")) + aces == size


def test_a_match_alternates_the_dealer_and_adds_the_deals() -> None:
    states = play_random(7, GrabugeOptions(match_deals=3), check=True)
    final = states[-1]
    dealers = [e.seat for e in all_events(states) if e.kind == "deal"]
    first = dealers[0]
    assert first is not None and dealers == [first, 1 - first, first]
    assert [e.value for e in all_events(states) if e.kind == "deal_end"] == [1, 2, 3]
    assert len(final.results) == 3
    outcome = GRABUGE.outcome(final)
    assert outcome is not None
    assert outcome.scores == tuple(sum(r[s] for r in final.results) for s in (0, 1))
    assert "over 3 deals" in outcome.reason or "after 3 deals" in outcome.reason
    view = GRABUGE.present(GRABUGE.observe(final, None), NAMES)
    for n, (a, b) in enumerate(final.results, start=1):
        assert f"Deal {n}: Anna {a} – Boris {b}" in view.info


def test_no_outcome_before_the_end() -> None:
    state = GRABUGE.new_game(seats=2, seed=1)
    assert GRABUGE.outcome(state) is None and not state.over


# --- bonus ---------------------------------------------------------------------------------


def test_the_bonus_comes_only_from_playing_a_grabuge_out() -> None:
    for seed in range(40):
        events = all_events(play_random(seed, GrabugeOptions(grabuge_size=3)))
        for i, e in enumerate(events):
            if e.kind == "bonus":
                before = events[i - 2] if events[i - 1].kind == "packet" else events[i - 1]
                assert before.kind in ("play_grabuge", "setup_ace") and before.seat == e.seat
        assert sum(e.kind == "bonus" for e in events) <= 1


def test_setup_aces_that_empty_the_grabuge_earn_the_bonus_non_dealer_first() -> None:
    state = position(
        """
        P1 grabuge: A♠
        P1 stock: K♠ K♥
        P2 grabuge: A♦
        P2 stock: K♦ K♣
        """,
        dealer=0,
        setup=True,
    )
    assert state.bonus == (0, 2)  # P2 did not deal: his Ace went first


# --- moves, refusals and notation ----------------------------------------------------------


def test_illegal_moves_are_refused_with_a_reason_and_change_nothing() -> None:
    state = position(
        """
        packets: 5
        P1 col1: 9♠
        P1 stock: Q♥
        """
    )
    cases: dict[GrabugeMove, str] = {
        PlaceInReserve(1, 1): "it is not {s1}'s turn",
        PlayReserve(0, 1): "Q♥ fits no packet and must first go to the reserve",
        PlaceInReserve(0, 2): "column 2 is free",
        PlaceInReserve(0, 5): "there is no reserve column 5",
    }
    for move, expected in cases.items():
        reason = GRABUGE.why_illegal(state, move)
        assert reason is not None and reason.startswith(expected)
        with pytest.raises(IllegalMoveError):
            GRABUGE.apply(state, move)
        assert state.table.cards("turned.0") == (card("Q♥"),)
    choice = position(
        """
        packets: 7 2
        P1 col1: 8♦
        P1 col2: 3♣
        """
    )
    assert GRABUGE.why_illegal(choice, PlaceInReserve(0, 1)).startswith("no turned card")  # type: ignore[union-attr]
    assert GRABUGE.why_illegal(choice, PlayReserve(0, 3)) == "reserve column 3 is empty"
    over = position("P1 col1: 5♠")
    assert GRABUGE.why_illegal(over, PlayReserve(0, 1)) == "the game is over"


def test_labels_notation_and_gestures() -> None:
    state = position(
        """
        packets: 5
        P1 col1: 9♠
        P1 stock: Q♥
        """
    )
    on_column, new_column = GRABUGE.legal_moves(state, 0)
    assert on_column.label() == "put Q♥ on column 1" and on_column.notation() == "reserve 1"
    assert new_column.label() == "start a new column with Q♥"
    assert new_column.notation() == "reserve new"
    assert new_column.gesture().target == "reserve.0.2"
    assert new_column.gesture().source == "turned.0" and new_column.gesture().card == card("Q♥")
    choice = position(
        """
        packets: 7 2
        P1 col1: 8♦
        P1 col2: 3♣
        """
    )
    play = GRABUGE.legal_moves(choice, 0)[1]
    assert play.label() == "play 3♣ from column 2" and play.notation() == "play column 2"
    gesture = play.gesture()
    # Picking the column is the whole decision: the card's packet is forced, so no target.
    assert (gesture.source, gesture.card, gesture.target) == ("reserve.0.2", card("3♣"), None)
    assert play.target == "packet.2"
    assert GRABUGE.move_from_text(choice, "Play Column 1") == PlayReserve(0, 1)
    assert GRABUGE.move_from_text(choice, "play 3C from column 2") == PlayReserve(0, 2)
    with pytest.raises(NotationError):
        GRABUGE.move_from_text(choice, "reserve new")


def test_notation_round_trip() -> None:
    for seed in range(3):
        for state in play_random(seed):
            for s in GRABUGE.to_move(state):
                for move in GRABUGE.legal_moves(state, s):
                    assert GRABUGE.move_from_text(state, GRABUGE.move_to_text(move)) == move
                    assert GRABUGE.move_from_text(state, move.label()) == move


# --- the contract, in small ----------------------------------------------------------------


def test_random_games_end_conserve_cards_and_agree_with_why_illegal() -> None:
    for decks in (2, 4, 6, 8):
        for size in (1, 8, 26):
            for seed in range(3):
                options = GrabugeOptions(decks=decks, grabuge_size=size, match_deals=2)
                play_random(seed, options, check=True)


def test_deals_are_deterministic_and_apply_is_pure() -> None:
    a = GRABUGE.new_game(seats=2, seed=42)
    b = GRABUGE.new_game(seats=2, seed=42)
    assert a == b
    move = GRABUGE.legal_moves(a, a.active)[0]
    snapshot = (a.table.piles, a.events, a.bonus, a.packets)
    assert GRABUGE.apply(a, move) == GRABUGE.apply(b, move)
    assert (a.table.piles, a.events, a.bonus, a.packets) == snapshot


def test_only_two_players() -> None:
    with pytest.raises(OptionsError):
        GRABUGE.new_game(seats=3)


def test_metadata_and_rules_text() -> None:
    assert (GRABUGE.id, GRABUGE.title, GRABUGE.original_name) == ("grabuge", "Grabuge", "Grabuge")
    assert GRABUGE.aliases == ("grabouge",) and GRABUGE.seat_counts == (2,)
    assert GRABUGE.Options is GrabugeOptions
    rules = GRABUGE.rules()
    assert rules.startswith("# Grabuge") and "grabuge_size" in rules and "match_deals" in rules


def test_hidden_cards_stay_hidden() -> None:
    state = GRABUGE.new_game(seats=2, seed=9)
    for viewer in (0, 1, None):
        table = GRABUGE.observe(state, viewer).state.table
        for s in (0, 1):
            assert set(table.pile(f"stock.{s}")) <= {FACE_DOWN}
            assert set(table.pile(f"batch.{s}")) <= {FACE_DOWN}
            grabuge = table.pile(f"grabuge.{s}")
            assert set(grabuge[:-1]) <= {FACE_DOWN}
            assert grabuge[-1:] == state.table.pile(f"grabuge.{s}")[-1:]
        shuffled = state._replace(table=resample_hidden(state.table, viewer, random.Random(1)))
        assert GRABUGE.observe(shuffled, viewer) == GRABUGE.observe(state, viewer)
    obs = GRABUGE.observe(state, 0)
    guess = GRABUGE.determinize(obs, random.Random(2))
    assert GRABUGE.observe(guess, 0).state.table == obs.state.table


def test_every_event_has_words() -> None:
    events = [
        e
        for seed in range(15)
        for e in all_events(play_random(seed, GrabugeOptions(grabuge_size=2)))
    ]
    for event in events:
        text = GRABUGE.describe(event)
        assert text and text != event.kind
    assert GRABUGE.describe(Event("batch_place", 0, (card("9♦"),), 2)) == (
        "{s0} turns 9♦ — no place — reserve column 2"
    )


# --- presentation --------------------------------------------------------------------------


def test_present_shows_the_choice_and_the_piles() -> None:
    state = position(
        """
        packets: 5 3
        P1 col1: 9♠
        P1 stock: Q♥
        P2 col2: 8♣
        P2 won: 2
        """
    )
    view = GRABUGE.present(GRABUGE.observe(state, 1), NAMES)
    assert view.status == "Anna: where does Q♥ go?"
    assert [s.seat for s in view.seats] == [1, 0] and view.seats[0].is_viewer
    anna = view.seat(0)
    assert anna.to_move and not view.seat(1).to_move
    assert [p.id for p in anna.piles] == [
        "grabuge.0", "stock.0", "batch.0", "turned.0",
        "reserve.0.1", "reserve.0.2", "reserve.0.3", "reserve.0.4", "won.0",
    ]  # fmt: skip
    assert view.pile("reserve.0.2").placeholder == "free column"
    assert view.pile("won.1").note == "2 packets"
    assert [p.id for p in view.centre] == ["packet.1", "packet.2"]
    assert view.centre[0].note == "needs 6"
    choice = position(
        """
        packets: 7 2
        P1 col1: 8♦
        P1 col2: 3♣
        """
    )
    assert GRABUGE.present(GRABUGE.observe(choice, 0), NAMES).status == (
        "Anna: which reserve column plays first?"
    )


def test_present_never_shows_a_hidden_card() -> None:
    for state in play_random(4)[:20]:
        for viewer in (0, 1, None):
            view = GRABUGE.present(GRABUGE.observe(state, viewer), NAMES)
            for p in view.piles():
                real = state.table.pile(p.id)
                for shown, actual in zip(p.faces, real, strict=True):
                    assert shown is FACE_DOWN or shown is actual
            for s in (0, 1):
                assert set(view.pile(f"stock.{s}").faces) <= {FACE_DOWN}
