"""Russian Bank's kernel against its engine: the same random games to the same end under
every option that changes play, copies that stand alone, and the rules in a few positions."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.cards import Card, parse_card
from cardsuite.games.russian_bank import GAME
from cardsuite.games.russian_bank.kernel import DISCARD, FOUND0, KERNEL
from cardsuite.games.russian_bank.model import (
    BLOCK,
    NO_PROGRESS,
    TURN_LIMIT,
    TURN_MOVE_CAP,
    WIN,
    Discard,
    FullRussianBank,
    Play,
    RussianBankOptions,
    StopPlace,
    foundation,
    hand_card,
    house,
)

RUSSIAN_BANK = GAME.load()

G = RUSSIAN_BANK
K = KERNEL

# Every option that changes which moves there are or what they do (score_margin changes only
# the outcome, and is on in half of them).
SETUPS = [
    RussianBankOptions(
        loading=loading, compulsory_foundation=compulsory, stop_mode=mode, score_margin=margin
    )
    for loading in (True, False)
    for compulsory, mode in ((False, "auto"), (True, "auto"), (True, BLOCK))
    for margin in (loading, not loading)
]


def c(text: str, back: int = 0) -> Card:
    plain = parse_card(text)
    return Card(plain.rank, plain.suit, back)


def pos(text: str, options: RussianBankOptions | None = None) -> FullRussianBank:
    return G.position(text, options=options, seed=3)


def texts(state: FullRussianBank) -> set[str]:
    k = K.load(state)
    return {G.move_to_text(K.move(k, a)) for a in K.legal(k, K.to_move(k)[0])}


def lockstep(
    state: FullRussianBank, rng: random.Random, founding: float
) -> tuple[FullRussianBank, int]:
    """Play the kernel's moves on the engine to the end, checking at every step that the two
    list the same moves and stand in the same place; the engine's last state, and how many
    Stops were placed on the way."""
    k = K.load(state)
    stops = 0
    while True:
        movers = K.to_move(k)
        assert list(movers) == sorted(G.to_move(state))
        if not movers:
            break
        seat = movers[0]
        legal = K.legal(k, seat)
        moves = [K.move(k, a) for a in legal]
        assert len(moves) == len(set(moves)) and set(moves) == set(G.legal_moves(state, seat))
        assert K.legal(k, 1 - seat) == ()
        up = [a for a in legal if a & 31 >= FOUND0 and a < DISCARD]
        a = rng.choice(up if up and rng.random() < founding else legal)
        move = K.move(k, a)
        stops += isinstance(move, StopPlace)
        state = G.apply(state, move)
        K.play(k, a)
        assert K.key(k) == K.key(K.load(state))
        assert K.outcome(k) == G.outcome(state)
    assert K.outcome(k) == G.outcome(state) is not None
    return state, stops


@pytest.mark.parametrize("options", SETUPS, ids=str)
def test_kernel_plays_the_engines_games(options: RussianBankOptions) -> None:
    endings = set()
    stops = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = G.new_game(options=options, seed=seed)
        # Random play, and play that prefers the foundations (it ends in a win sooner).
        end, placed = lockstep(state, rng, founding=0.0 if seed == 0 else 0.8)
        outcome = G.outcome(end)
        assert outcome is not None
        endings.add(outcome.ending)
        stops += placed
    # The games reach a win, the end that compares most (without loading, random play ends
    # in the no-progress draw instead), and meet Stops where a miss calls one.
    if options.loading:
        assert WIN in endings
    assert (stops > 0) == (options.compulsory_foundation and options.stop_mode == "auto")


def test_the_turn_limit_and_the_no_progress_draw() -> None:
    start = G.new_game(seed=5)
    for turns, mark, ending in ((2999, 2900, TURN_LIMIT), (250, 51, NO_PROGRESS)):
        state = start._replace(turns=turns, mark=mark)
        k = K.load(state)
        seat = K.to_move(k)[0]
        assert DISCARD in K.legal(k, seat)
        K.play(k, DISCARD)
        after = G.apply(state, Discard(seat))
        assert K.to_move(k) == ()
        outcome = K.outcome(k)
        assert outcome is not None and outcome.ending == ending
        assert outcome == G.outcome(after)


def test_a_copy_stands_alone() -> None:
    k = K.load(G.new_game(seed=2))
    before = K.key(k)
    twin = K.copy(k)
    rng = random.Random(4)
    for _ in range(300):
        movers = K.to_move(twin)
        if not movers:
            break
        K.play(twin, rng.choice(K.legal(twin, movers[0])))
    assert K.key(twin) != before
    assert K.key(k) == before
    assert all(a is not b for a, b in zip(k.p, twin.p, strict=True))


# --- positions ---------------------------------------------------------------------------

TABLE = """
P1.reserve: 2♦ K♣
P1.card: 5♥
P2.reserve: 6♥
P2.waste: -
H1: 9♥ 7♦ 5♣
H2: 6♠
H7: P2 Q♦
F1: A♥ 2♥ 3♥ 4♥
"""
EMPTY = ("H3", "H4", "H5", "H6", "H8")


def test_kernel_lists_exactly_the_moves_the_rules_allow() -> None:
    expected = {
        *(f"play K♣ R1 {h}" for h in EMPTY),  # a King starts any empty house
        "play 5♥ U1 F1",  # up in suit
        "play 5♥ U1 H2",  # down in alternating colours
        *(f"play 5♥ U1 {h}" for h in EMPTY),
        "play 5♥ U1 R2",  # loaded: same suit, one rank away
        *(f"play 5♣ H1 {h}" for h in EMPTY),  # not 6♠ or Q♦: each the only card of its house
        "discard",
    }
    assert texts(pos(TABLE)) == expected
    assert texts(pos(TABLE, RussianBankOptions(loading=False))) == expected - {"play 5♥ U1 R2"}
    block = RussianBankOptions(compulsory_foundation=True, stop_mode=BLOCK)
    assert texts(pos(TABLE, block)) == {"play 5♥ U1 F1"}  # the foundation play comes first
    stop = RussianBankOptions(compulsory_foundation=True)
    assert texts(pos(TABLE, stop)) == expected  # anything, but a miss is punished


def test_a_missed_foundation_play_lets_the_opponent_call_stop() -> None:
    state = pos(TABLE, RussianBankOptions(compulsory_foundation=True))
    k = K.load(state)
    miss = next(
        a for a in K.legal(k, 0) if K.move(k, a) == Play(0, c("K♣"), "reserve.0", "house.3")
    )
    K.play(k, miss)
    assert K.to_move(k) == (1,)  # the move is not made: P2 places the missed card
    assert k.p[10] == []  # house 3 is still empty
    (place,) = K.legal(k, 1)
    assert K.move(k, place) == StopPlace(1, c("5♥"), hand_card(0), foundation(1))
    assert K.legal(k, 0) == ()
    after = G.apply(G.apply(state, K.move(K.load(state), miss)), K.move(k, place))
    K.play(k, place)
    assert K.key(k) == K.key(K.load(after))
    assert K.to_move(k) == (1,) and k.moves == 0 and len(k.p[6]) == 1  # P2's own turn
    assert not any(isinstance(K.move(k, a), StopPlace) for a in K.legal(k, 1))


def test_a_lone_house_card_shuttles_until_the_turn_cap_discards() -> None:
    state = pos("P1.card: 3♣\nH1: 10♠ 9♥\nH2: -\nF1: -")
    k = K.load(state)
    out = Play(0, c("9♥"), house(1), house(2))
    back = Play(0, c("9♥"), house(2), house(1))
    for n in range(TURN_MOVE_CAP):
        want = out if n % 2 == 0 else back
        (a,) = (a for a in K.legal(k, 0) if K.move(k, a) == want)
        state = G.apply(state, want)
        K.play(k, a)
        if n < TURN_MOVE_CAP - 1:
            assert K.to_move(k) == (0,) and k.moves == n + 1
    assert K.to_move(k) == (1,)  # the 500th move ended the turn
    assert k.p[3][-1] == c("3♣").index  # the hand card went to the waste by itself
    assert K.key(k) == K.key(K.load(state))


def test_an_empty_hand_turns_the_waste_over_within_the_turn() -> None:
    state = pos("P1.hand: -\nP1.waste: 3♣ 4♣ 5♣\nP1.card: 2♦\nH3: 3♠")
    k = K.load(state)
    (a,) = (a for a in K.legal(k, 0) if K.move(k, a) == Play(0, c("2♦"), "card.0", "house.3"))
    K.play(k, a)
    assert k.p[2] == [c("3♣").index]  # the waste's bottom card is the new hand card
    assert k.p[1] == [c("5♣").index, c("4♣").index] and k.p[3] == []
    assert K.key(k) == K.key(K.load(G.apply(state, K.move(K.load(state), a))))


def test_emptying_reserve_hand_and_waste_wins_and_scores_the_margin() -> None:
    text = "P1.reserve: A♥\nP1.hand: -\nP1.card: -\nP2.reserve: 7♣ 8♣\nP2.hand: 9♣ 10♣ J♣"
    state = pos(text, RussianBankOptions(score_margin=True))
    k = K.load(state)
    assert {G.move_to_text(K.move(k, a)) for a in K.legal(k, 0)} >= {"play A♥ R1 F1"}
    (a,) = (a for a in K.legal(k, 0) if G.move_to_text(K.move(k, a)) == "play A♥ R1 F1")
    after = G.apply(state, K.move(k, a))
    K.play(k, a)
    assert K.to_move(k) == ()
    outcome = K.outcome(k)
    assert outcome == G.outcome(after)
    assert outcome is not None and outcome.places == (1, 2)
    assert outcome.scores == (30 + 2 * 2 + 3, 0)


@pytest.mark.parametrize("options", SETUPS[0:6:2], ids=str)
def test_every_move_of_a_position_leads_where_the_engines_does(options: RussianBankOptions) -> None:
    # P1 has no cards of his own left (a position, not a game): whether a move wins is the
    # engine's to say.  With a foundation play open and without one.
    wins = set()
    for extra in ("\nF1: A♥ 2♥\nH2: P2 3♥", ""):
        text = "P1.reserve: -\nP1.hand: -\nP1.card: -\nH1: 10♠ 9♥\nH3: 4♣" + extra
        state = pos(text, options)
        k = K.load(state)
        assert K.outcome(k) is None
        for a in K.legal(k, 0):
            after = G.apply(state, K.move(k, a))
            played = K.play(K.copy(k), a)
            assert K.key(played) == K.key(K.load(after))
            assert K.outcome(played) == G.outcome(after)
            wins.add(K.outcome(played) is not None)
    assert wins == (
        {False, True} if options.stop_mode == "auto" and options.compulsory_foundation else {False}
    )
