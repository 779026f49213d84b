"""The Рыба / Go Fish bot: the rules of thumb of rules/ryba.md §12, its memory (only what its
seat saw), determinism, and strength against random players."""

from __future__ import annotations

import random

from cardsuite.bots.base import Bot, RandomBot, Remembers
from cardsuite.bots.ryba import RybaBot
from cardsuite.core.cards import Card
from cardsuite.core.moves import Move
from cardsuite.core.table import HoldsRank
from cardsuite.games.ryba.engine import RYBA
from cardsuite.games.ryba.model import Ask, FullRyba, RybaOptions, hand


def with_facts(state: FullRyba, *facts: HoldsRank) -> FullRyba:
    return state._replace(table=state.table._replace(known=facts))


def choose(bot: RybaBot, state: FullRyba, seed: int = 0) -> Ask:
    legal = RYBA.legal_moves(state, state.turn)
    move = bot.choose(RYBA, RYBA.observe(state, state.turn), legal, random.Random(seed))
    assert isinstance(move, Ask) and move in legal
    return move


def play(
    seats: int, seed: int, options: RybaOptions, bots: dict[int, Bot], *, track: bool = False
) -> tuple[FullRyba, list[set[Card]]]:
    """One game, each bot asked and shown observations as the Match does; returns the end and,
    with ``track``, for each seat every card it has seen (on the table or in an event)."""
    rngs = {s: random.Random(seed * 31 + s) for s in range(seats)}
    state = RYBA.new_game(seats=seats, options=options, seed=seed)
    seen: list[set[Card]] = [set() for _ in range(seats)]

    watched = range(seats) if track else sorted(bots)

    def show(state: FullRyba) -> None:
        for s in watched:
            obs = RYBA.observe(state, s)
            seen[s].update(obs.state.table.all_visible())
            for event in obs.state.events:
                seen[s].update(f for f in event.card_faces() if isinstance(f, Card))
            bot = bots.get(s)
            if isinstance(bot, Remembers):
                bot.observe(RYBA, obs)

    show(state)
    while state.turn is not None:
        s = state.turn
        bot = bots.get(s) or RandomBot()
        legal = RYBA.legal_moves(state, s)
        move = bot.choose(RYBA, RYBA.observe(state, s), legal, rngs[s])
        assert isinstance(move, Ask)
        state = RYBA.apply(state, move)
        show(state)
    return state, seen


def win_share(seats: int, options: RybaOptions, games: int) -> float:
    """The bot's share of wins (shared wins split) against random players, seat rotating."""
    total = 0.0
    for seed in range(games):
        seat = seed % seats
        state, _ = play(seats, seed, options, {seat: RybaBot()})
        outcome = RYBA.outcome(state)
        assert outcome is not None
        if seat in outcome.winners:
            total += 1 / len(outcome.winners)
    return total / games


# --- §12 rules of thumb ----------------------------------------------------------------------


def test_ryba_bot_asks_for_the_rank_it_holds_three_of() -> None:
    s = RYBA.position("P1: 9♣ 9♦ 9♥ 4♠\nP2: K♣ K♦ 2♥ 3♥ 6♦\nP3: 5♣ 6♣ 7♣ 8♣ J♥")
    assert choose(RybaBot(), s).rank == 9


def test_ryba_bot_asks_a_known_holder() -> None:
    s = RYBA.position("P1: 4♠ 9♣ J♦\nP2: 4♦ K♣ K♦ Q♠ Q♦\nP3: 2♣ 3♣ 5♣ 6♣ 7♣ 8♣")
    assert choose(RybaBot(), with_facts(s, HoldsRank(hand(1), 4))) == Ask(0, 1, 4)


def test_ryba_bot_does_not_strip_a_target_into_winning() -> None:
    s = RYBA.position("P1: 5♣ 8♦ 9♠\nP2: 5♥\nP3: 2♣ 3♣ 6♣ 7♣ J♣ Q♣")
    move = choose(RybaBot(), with_facts(s, HoldsRank(hand(1), 5)))
    assert move != Ask(0, 1, 5)


def test_ryba_bot_strips_only_when_it_wins_the_tie() -> None:
    text = "P1: 5♣ 5♦ 5♥\nP2: 5♠\nP3: K♣ K♦\nbooks: {books}"
    wins = with_facts(RYBA.position(text.format(books="P1=4 P2=3")), HoldsRank(hand(1), 5))
    assert choose(RybaBot(), wins) == Ask(0, 1, 5)  # 5 books to 3: the bot wins
    loses = with_facts(RYBA.position(text.format(books="P1=2 P2=4")), HoldsRank(hand(1), 5))
    assert choose(RybaBot(), loses) == Ask(0, 2, 5)  # 3 books to 4: it would lose


def test_ryba_bot_classic_asks_a_known_holder() -> None:
    s = RYBA.position(
        "P1: 4♠ 9♣ J♦\nP2: 4♦\nP3: 2♣ 3♣ 5♣ 6♣ 7♣ 8♣",
        options=RybaOptions(classic_go_fish=True),
    )
    # In classic Go Fish stripping a player is harmless: the certain success is taken.
    assert choose(RybaBot(), with_facts(s, HoldsRank(hand(1), 4))) == Ask(0, 1, 4)


def test_ryba_bot_in_a_duel_fishes_rather_than_take_cards_that_make_no_book() -> None:
    # Two players, seed ending: cards taken without a book bring the one opponent nearer to an
    # empty hand.  P2 said «Рыба» to 9s and has drawn one card since: asking for 9s again is
    # all but a sure «Рыба» (one card drawn, the turn passes), the cheap move; asking for the
    # pair of 5s would most likely only take P2's one 5.
    bot = RybaBot()
    s = RYBA.position("P1: 9♠ 5♣ 5♦ 6♣\nP2: 5♥ K♣ K♦ Q♠ Q♦ J♣ 3♦\nstock: 2♣ 4♣")
    bot.observe(RYBA, RYBA.observe(s, 0))
    for move in (Ask(0, 1, 9), Ask(1, 0, 13)):  # both fish: P1 draws 4♣, P2 draws 2♣
        s = RYBA.apply(s, move)
        bot.observe(RYBA, RYBA.observe(s, 0))
    assert bot.memory.lacks[1] == {9: 1}
    assert choose(bot, s) == Ask(0, 1, 9)


def test_ryba_bot_in_a_duel_takes_a_certain_book() -> None:
    s = RYBA.position("P1: 7♣ 7♦ 7♥ 2♠ 5♣\nP2: 7♠ K♣ K♦ Q♠ Q♦ J♣")
    assert choose(RybaBot(), with_facts(s, HoldsRank(hand(1), 7))) == Ask(0, 1, 7)


def test_ryba_bot_does_not_ask_a_player_who_lacked_the_rank_and_drew_nothing_since() -> None:
    # P3 asks P2 for 9s: «Рыба», P3 draws.  P2 has drawn nothing since, so P1 asks elsewhere.
    for options in (RybaOptions(), RybaOptions(classic_go_fish=True)):
        bot = RybaBot()
        s = RYBA.position(
            "P1: 9♠ 4♣ K♥\nP2: 5♥ 6♦ Q♠ Q♦ J♣\nP3: 9♦ 8♣ 8♦ 3♥ 2♥\nturn: P3\nstock: 10♣",
            options=options,
        )
        bot.observe(RYBA, RYBA.observe(s, 0))
        s = RYBA.apply(s, Ask(2, 1, 9))
        bot.observe(RYBA, RYBA.observe(s, 0))
        assert s.turn == 0 and bot.memory.lacks[1] == {9: 0}
        assert choose(bot, s) != Ask(0, 1, 9)


def test_ryba_bot_remembers_the_cards_it_handed_over() -> None:
    # P2 takes P1's two 7s (three 7s now); later P1 draws the last 7: asking P2 for 7s is a
    # certain book, which only the memory of the hand-over tells.
    s = RYBA.position("P1: 7♣ 7♦ 4♠ 9♣\nP2: 7♥ K♣ K♦ Q♠\nturn: P2\nstock: 3♥ 7♠ 2♦")
    bot = RybaBot()
    bot.observe(RYBA, RYBA.observe(s, 0))
    for move in (Ask(1, 0, 7), Ask(1, 0, 13), Ask(0, 1, 4), Ask(1, 0, 12)):
        s = RYBA.apply(s, move)
        bot.observe(RYBA, RYBA.observe(s, 0))
    assert s.turn == 0 and "7♠" in {str(c) for c in s.table.cards(hand(0))}
    assert bot.memory.holds[1][7] == 3
    assert {str(c) for c in bot.memory.cards[1]} == {"7♣", "7♦"}
    assert choose(bot, s) == Ask(0, 1, 7)
    assert choose(RybaBot(), s) != Ask(0, 1, 7)  # without the memory: only "at least one 7"


def _would_succeed(state: FullRyba, move: Move) -> bool:
    assert isinstance(move, Ask) and move.target is not None
    return any(c.rank == move.rank for c in state.table.cards(hand(move.target)))


def test_ryba_bot_classic_never_asks_a_known_lack_while_another_ask_may_succeed() -> None:
    options = RybaOptions(classic_go_fish=True)
    asks = 0
    for seed in range(10):
        seats = 3 + seed % 3
        bot, me = RybaBot(), seed % seats
        rngs = {s: random.Random(seed * 7 + s) for s in range(seats)}
        state = RYBA.new_game(seats=seats, options=options, seed=seed)
        bot.observe(RYBA, RYBA.observe(state, me))
        while state.turn is not None:
            s = state.turn
            legal = RYBA.legal_moves(state, s)
            if s == me:
                move = bot.choose(RYBA, RYBA.observe(state, s), legal, rngs[s])
                assert isinstance(move, Ask) and move.target is not None
                if bot.memory.lacks.get(move.target, {}).get(move.rank) == 0:
                    # A sure «Рыба»: only when the bot could tell that every ask fails.
                    assert not any(_would_succeed(state, m) for m in legal)
                asks += 1
            else:
                move = RandomBot().choose(RYBA, RYBA.observe(state, s), legal, rngs[s])
            state = RYBA.apply(state, move)
            bot.observe(RYBA, RYBA.observe(state, me))
    assert asks > 100


# --- memory --------------------------------------------------------------------------------


def test_ryba_bot_remembers_only_what_its_seat_saw() -> None:
    bot = RybaBot()
    assert isinstance(bot, Remembers)
    s = RYBA.position("P1: 2♣ 3♦\nP2: 7♣ K♦\nP3: 7♦ 7♥ Q♠\nturn: P2")
    bot.observe(RYBA, RYBA.observe(s, 0))
    s = RYBA.apply(s, Ask(1, 2, 7))  # B takes C's two 7s: A hears it but sees no card
    bot.observe(RYBA, RYBA.observe(s, 0))
    memory = bot.memory
    assert memory.holds[1][7] == 3  # his own 7 and the two he got
    assert 7 in memory.lacks[2]
    assert not any(memory.cards.values())  # the suits stay unknown to A
    # C's memory of the same hand-over holds the very cards.
    witness = RybaBot()
    witness.observe(RYBA, RYBA.observe(s, 2))
    assert {str(c) for c in witness.memory.cards[1]} == {"7♦", "7♥"}
    bot.forget()
    assert not bot.memory.holds and not bot.memory.lacks and bot.memory.events == 0


def test_ryba_bot_memory_never_holds_an_unseen_card() -> None:
    for options in (RybaOptions(), RybaOptions(classic_go_fish=True, ask_all=True)):
        for seed in range(12):
            seats = 3 + seed % 4
            bots: dict[int, Bot] = {s: RybaBot() for s in range(seats)}
            _, seen = play(seats, seed, options, bots, track=True)
            for s, bot in bots.items():
                assert isinstance(bot, RybaBot)
                for cards in bot.memory.cards.values():
                    assert cards <= seen[s]


def test_ryba_bot_plays_without_memory_and_deterministically() -> None:
    state = RYBA.new_game(seats=4, seed=8)
    for _ in range(12):
        if state.turn is None:
            break
        fresh = choose(RybaBot(), state, seed=3)
        assert fresh == choose(RybaBot(), state, seed=3)
        state = RYBA.apply(state, fresh)
    # Two bots shown the same observations choose alike.
    a, b = RybaBot(), RybaBot()
    state = RYBA.new_game(seats=3, seed=2)
    for step in range(20):
        if state.turn is None:
            break
        for bot in (a, b):
            bot.observe(RYBA, RYBA.observe(state, 0))
        if state.turn == 0:
            assert choose(a, state, seed=step) == choose(b, state, seed=step)
        legal = RYBA.legal_moves(state, state.turn)
        state = RYBA.apply(state, legal[step % len(legal)])


# --- strength ----------------------------------------------------------------------------------


def test_ryba_bot_beats_random_players() -> None:
    # Measured on exactly these seeds: 4 players 0.82 (random players' share: 0.25),
    # classic with 3 players 0.86 (0.33), everyone asked with 3 players 0.51 (0.33),
    # 2 players 0.76 over 100 games and 0.715 over 200 (0.5; 0.68 and 0.66 before the duel
    # rule).  The margins leave room for small changes of play.
    assert win_share(4, RybaOptions(), 100) > 0.6
    assert win_share(3, RybaOptions(classic_go_fish=True), 60) > 0.65
    assert win_share(3, RybaOptions(ask_all=True), 150) > 0.42
    assert win_share(2, RybaOptions(), 200) > 0.62
