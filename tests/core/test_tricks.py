"""The trick mechanic of core.tricks: the duty to the suit led under each rule, the winner of a
trick, the one PlayCard move, and refusals that name the rule broken.

Scenarios follow the rules specs: seven-up.md §6.1 (holding the suit led, follow suit or trump;
trumps led, a trump) and seven-leaves.md §6 (follow suit, else trump, else anything)."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.cards import ACE_HIGH, Card, Suit, parse_card, standard_deck
from cardsuite.core.moves import Gesture
from cardsuite.core.table import Lacks
from cardsuite.core.tricks import (
    MUST_FOLLOW,
    MUST_FOLLOW_OR_TRUMP,
    MUST_TRUMP,
    FollowRule,
    PlayCard,
    duty_status,
    playable,
    refusal,
    suit_led,
    voids_shown,
    winning_play,
    with_voids,
)

CLUBS, DIAMONDS, HEARTS, SPADES = Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES
ALL_FOURS = FollowRule.FOLLOW_OR_TRUMP
SEVEN_LEAVES = FollowRule.FOLLOW_THEN_TRUMP


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


def check_agree(held: tuple[Card, ...], led: Suit, trumps: Suit, rule: FollowRule) -> None:
    """playable() and refusal() tell the same story, card for card."""
    allowed = playable(held, led, trumps, rule)
    for card in held:
        refused = refusal(card, held, led, trumps, rule)
        assert (refused is None) == (card in allowed), card


# --- the suit led -------------------------------------------------------------------------


def test_a_lead_answers_no_suit_an_empty_or_completed_trick_is_a_lead() -> None:
    trick = cards("9♦ K♦")
    assert suit_led((), complete=False) is None
    assert suit_led(trick, complete=True) is None  # the last trick lies in view until led
    assert suit_led(trick, complete=False) is DIAMONDS


@pytest.mark.parametrize("rule", list(FollowRule))
def test_any_card_may_lead(rule: FollowRule) -> None:
    held = cards("5♠ 9♦ K♣")
    assert playable(held, None, HEARTS, rule) == held
    assert all(refusal(c, held, None, HEARTS, rule) is None for c in held)


# --- the duty to the suit led ----------------------------------------------------------------
# (rule, hand, suit led, trumps, the cards that may be played, a card refused, its code, words)
DUTIES = {
    # All Fours (seven-up.md §6.1): holding the suit led, follow suit or trump.
    "seven_up_holding_the_suit_led_may_follow_or_trump_not_discard": (
        ALL_FOURS, "5♠ 9♦ K♣ 2♥", DIAMONDS, HEARTS, "9♦ 2♥",
        "K♣", MUST_FOLLOW_OR_TRUMP, "follow suit or play a trump",
    ),
    "seven_up_trumps_led_and_holding_one_must_play_a_trump": (
        ALL_FOURS, "5♠ 2♥ 9♦ Q♥", HEARTS, HEARTS, "2♥ Q♥",
        "5♠", MUST_FOLLOW_OR_TRUMP, "you must play a trump",
    ),
    "seven_up_void_in_the_suit_led_plays_anything": (
        ALL_FOURS, "5♠ K♣ 2♥", DIAMONDS, HEARTS, "5♠ K♣ 2♥", None, None, None,
    ),
    # Seven Leaves (seven-leaves.md §6): follow suit, else trump, else anything.
    "seven_leaves_holding_the_suit_led_must_follow_even_with_trumps": (
        SEVEN_LEAVES, "9♦ A♠ 6♦ K♣", DIAMONDS, SPADES, "9♦ 6♦",
        "A♠", MUST_FOLLOW, "the suit led",
    ),
    "seven_leaves_s3_void_in_the_suit_led_must_trump": (
        SEVEN_LEAVES, "K♣ 8♠ 6♥ 7♠", DIAMONDS, SPADES, "8♠ 7♠",
        "K♣", MUST_TRUMP, "you must trump",
    ),
    "seven_leaves_s4_void_in_the_suit_led_and_in_trumps_plays_anything": (
        SEVEN_LEAVES, "K♣ 6♥", DIAMONDS, SPADES, "K♣ 6♥", None, None, None,
    ),
    "seven_leaves_trumps_led_is_followed_with_a_trump": (
        SEVEN_LEAVES, "7♠ 9♦ Q♠", SPADES, SPADES, "7♠ Q♠",
        "9♦", MUST_FOLLOW, "the suit led",
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", DUTIES.values(), ids=DUTIES.keys())
def test_the_duty_to_the_suit_led(
    case: tuple[FollowRule, str, Suit, Suit, str, str | None, str | None, str | None],
) -> None:
    rule, hand, led, trumps, allowed, card, code, words = case
    held = cards(hand)
    assert playable(held, led, trumps, rule) == cards(allowed)
    check_agree(held, led, trumps, rule)
    if card is not None:
        refused = refusal(parse_card(card), held, led, trumps, rule)
        assert refused is not None and refused.code == code  # the refusal names the rule
        assert words is not None and words in refused.text


def test_playable_keeps_the_hand_order() -> None:
    held = cards("Q♥ 9♦ 2♥ 5♠ 10♦")
    assert playable(held, DIAMONDS, HEARTS, ALL_FOURS) == cards("Q♥ 9♦ 2♥ 10♦")
    assert playable(held, CLUBS, DIAMONDS, SEVEN_LEAVES) == cards("9♦ 10♦")


# --- the winner ------------------------------------------------------------------------------


def test_the_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    assert winning_play(cards("9♦ K♦ A♣"), SPADES, ACE_HIGH) == 1  # A♣ is of a third suit


def test_the_highest_trump_wins() -> None:
    assert winning_play(cards("A♦ 6♠ K♦ 8♠"), SPADES, ACE_HIGH) == 3
    assert winning_play(cards("A♦ 8♠ K♦ 6♠"), SPADES, ACE_HIGH) == 1


def test_a_trump_lead_is_won_by_the_highest_trump() -> None:
    assert winning_play(cards("10♠ J♠ A♦"), SPADES, ACE_HIGH) == 1


def test_without_a_trump_suit_the_suit_led_wins() -> None:
    assert winning_play(cards("7♥ 6♠ 9♥"), None, ACE_HIGH) == 2


# --- the move --------------------------------------------------------------------------------


def test_play_card_reads_and_points_the_same_for_every_trick_game() -> None:
    move = PlayCard(2, parse_card("10♠"))
    assert move.notation() == "play 10♠"  # what saved matches record
    assert move.label() == "play 10♠"
    assert move.gesture() == Gesture("hand.2", parse_card("10♠"), "trick")
    assert move.named_cards() == (parse_card("10♠"),)


def test_both_trick_games_share_the_one_play_card() -> None:
    from cardsuite.games.seven_leaves.model import PlayCard as LeavesPlay
    from cardsuite.games.seven_up.model import PlayCard as UpPlay

    assert LeavesPlay is PlayCard and UpPlay is PlayCard


def test_two_plays_are_equal_when_the_same_seat_plays_the_same_card() -> None:
    ten = parse_card("10♠")
    assert PlayCard(2, ten) == PlayCard(2, ten) and hash(PlayCard(2, ten)) == hash((2, ten))
    assert PlayCard(2, ten) != PlayCard(1, ten)
    assert PlayCard(2, ten) != PlayCard(2, parse_card("10♥"))
    assert PlayCard(2, ten) in {PlayCard(2, ten)}


def test_duty_status_names_the_duty_to_the_suit_led_in_each_rule() -> None:
    trick = cards("KH")
    assert duty_status("{s1}", (), False, SPADES, ALL_FOURS) == "{s1} to lead"
    assert duty_status("{s1}", trick, True, SPADES, ALL_FOURS) == "{s1} to lead"  # trick taken
    assert duty_status("{s1}", cards("2S"), False, SPADES, SEVEN_LEAVES) == (
        "{s1} to follow trumps (♠)"
    )
    assert duty_status("{s1}", trick, False, SPADES, ALL_FOURS) == "{s1} to follow ♥ or trump (♠)"
    assert duty_status("{s1}", trick, False, SPADES, SEVEN_LEAVES) == (
        "{s1} to follow ♥, else trump (♠)"
    )


@pytest.mark.parametrize("rule", list(FollowRule))
def test_a_play_shows_a_void_only_where_the_rule_says_the_hand_has_none(rule: FollowRule) -> None:
    """Over many seeded hands: a card the rule lets a player play shows him void in exactly
    the suits he cannot hold — every suit named is one his hand lacks, and every play that
    leaves the suit led without following (or, under follow-then-trump, without trumping
    either) names it."""
    rng = random.Random(5)
    deck = standard_deck()
    named = 0
    for _ in range(3000):
        held = tuple(rng.sample(deck, rng.randint(1, 8)))
        led = rng.choice([None, *Suit])
        trumps = rng.choice([None, *Suit])
        for card in playable(held, led, trumps, rule):
            voids = voids_shown(card, led, trumps, rule)
            named += len(voids)
            for suit in voids:
                assert not any(c.suit is suit for c in held), (held, led, trumps, card)
            holds_led = led is not None and any(c.suit is led for c in held)
            trumped_plain = card.suit is trumps and led is not trumps
            left_led = led is not None and card.suit is not led and not holds_led
            if left_led and (rule is FollowRule.FOLLOW_THEN_TRUMP or not trumped_plain):
                assert led in voids
    assert named > 500  # the property was met, not passed over


def test_voids_are_facts_told_once() -> None:
    known = with_voids(
        (), 1, parse_card("2♦"), Suit.CLUBS, Suit.HEARTS, FollowRule.FOLLOW_THEN_TRUMP
    )
    assert known == (Lacks("hand.1", suit=Suit.CLUBS), Lacks("hand.1", suit=Suit.HEARTS))
    again = with_voids(
        known, 1, parse_card("3♦"), Suit.CLUBS, Suit.HEARTS, FollowRule.FOLLOW_THEN_TRUMP
    )
    assert again == known
    # trumping a plain suit under follow-or-trump shows nothing: he may hold the suit led
    assert (
        with_voids((), 0, parse_card("2♥"), Suit.CLUBS, Suit.HEARTS, FollowRule.FOLLOW_OR_TRUMP)
        == ()
    )
