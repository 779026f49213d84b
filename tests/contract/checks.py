"""The checks of the contract suite, as functions the planted-leak tests can call directly.

``play_checked`` plays one seeded random game and checks every state on the way: cheap checks
on every state (conservation, liveness, one legality path, event texts), costly ones on a
sample (refusals, notation, hiding on every channel, determinization, presentation).

Hiding is checked channel by channel against what the viewer may know: every card it has seen
face up on its own table so far (in this state or an earlier one), plus, for a refusal, the
cards its own move names.  A card named anywhere else — a public field of its observation, an
event as it sees it, any text of its table view, a refusal of its moves — is a leak.

Those checks look at one state.  A leak can also go through what the engine *does* with a
hidden card (at Rang, ending the turn by itself only when the drawn card could not be played):
``check_behaviour`` plays the same move on a twin of the state whose cards hidden from everyone
are dealt again among their places: every viewer the move showed none of those cards must see
the two results alike, and a viewer it showed some (the drawer) must see nothing else differ on
a twin keeping those cards in place.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from cardsuite.core.cards import FACE_DOWN, Card, CardFace
from cardsuite.core.errors import STALE_TIME, IllegalMoveError
from cardsuite.core.events import Event
from cardsuite.core.kernel import Kernel
from cardsuite.core.options import options_to_dict
from cardsuite.core.protocol import AnyGame, Observation, RulesBase
from cardsuite.core.record import MatchRecord, SeatRecord
from cardsuite.core.table import (
    HoldsRank,
    Lacks,
    SeenTable,
    Shown,
    Table,
    Visibility,
    hidden_positions,
    redact,
    resample_hidden,
)
from cardsuite.core.text import default_names, fill, has_placeholders
from cardsuite.core.view import TableView
from cardsuite.games import GAME_INFO
from cardsuite.match import Match

MAX_PLIES = 60_000  # far above any game's own safety stop
SAMPLE_RATE = 0.02  # share of states that get the costly checks
ALWAYS_CHECKED = 8  # the first states of every game are always fully checked
BEHAVIOUR_RATE = 0.02  # share of moves (and the first ALWAYS_CHECKED) played again on twins

# A card written in engine text: 10♥, A♠, Q♦ … (jokers are all alike and hide nothing).
CARD_TEXT = re.compile(r"(?<![\w])(10|[2-9AJQK])([♣♦♥♠])")
SEAT_TOKEN = re.compile(r"\{s(\d+)\}")


def card_texts(text: str) -> set[str]:
    return {rank + suit for rank, suit in CARD_TEXT.findall(text)}


class Knowledge:
    """What each viewer has seen face up so far in one game: the union, over the states so
    far, of its redacted tables.  What a spectator sees, every seat sees; a seat sees besides
    its own piles and the facts shown to it alone."""

    def __init__(self, seats: int) -> None:
        self.public: set[CardFace] = set()
        self.own: list[set[CardFace]] = [set() for _ in range(seats)]

    def look(self, table: Table) -> None:
        for pile in redact(table, None).piles:
            self.public.update(pile)
        for spec, pile in zip(table.layout.specs, table.piles, strict=True):
            if spec.visibility is Visibility.OWNER and spec.owner is not None:
                self.own[spec.owner].update(pile)
        for fact in table.known:
            if isinstance(fact, Shown) and fact.to is not None:
                self.own[fact.to].add(fact.card)

    def seen(self, viewer: int | None) -> set[Card]:
        faces = self.public if viewer is None else self.public | self.own[viewer]
        return {c for c in faces if isinstance(c, Card)}

    def texts(self, viewer: int | None) -> set[str]:
        return {card.text() for card in self.seen(viewer)}


# --- values walked for cards -------------------------------------------------------------


def cards_in(value: Any, depth: int = 0) -> Iterator[Card]:
    """Every Card reachable from ``value`` through tuples, lists, dicts, frozensets,
    NamedTuples and dataclasses (not through tables: those are checked on their own)."""
    if depth > 12 or isinstance(value, Table | SeenTable):
        return
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from cards_in(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            yield from cards_in(item, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name), depth + 1)


# --- the checks ----------------------------------------------------------------------------


def check_event_text(event: Event, seats: int) -> None:
    """An event says itself in words: no class name, no unfilled field, valid seats."""
    text = event.text()
    assert isinstance(text, str) and text.strip(), f"{type(event).__name__} has no text"
    assert text != type(event).__name__, f"{type(event).__name__}'s text is its class name"
    assert not has_placeholders(text), f"{type(event).__name__} leaves a field unfilled: {text!r}"
    for token in SEAT_TOKEN.findall(text):
        assert int(token) < seats, f"{type(event).__name__} names seat {token} of {seats}"
    assert fill(text, default_names(seats))


def check_hiding(
    game: AnyGame, state: Any, viewer: int | None, known: Knowledge, rng: random.Random
) -> TableView:
    """No card hidden from ``viewer`` reaches it by any channel; returns its view."""
    allowed = known.seen(viewer)
    allowed_texts = known.texts(viewer)
    obs = game.observe(state, viewer)
    assert obs.state.seed is None, "an observation keeps the seed"

    # The table: its hidden cards may be dealt again without the observation changing.
    again = state._replace(table=resample_hidden(state.table, viewer, rng))
    assert game.observe(again, viewer) == obs, f"observation of {viewer} leaks hidden cards"

    # Every other field of the observation.
    for name, value in zip(obs.state._fields, obs.state, strict=True):
        if name in ("table", "events"):
            continue
        leaked = {c for c in cards_in(value) if c not in allowed}
        assert not leaked, f"field {name!r} shows {viewer} hidden cards {leaked}"

    # Events, as the viewer gets them (observe has applied seen_by).
    for event in obs.state.events:
        name = type(event).__name__
        leaked = {c for c in event.card_faces() if isinstance(c, Card) and c not in allowed}
        assert not leaked, f"{name} shows {viewer} hidden cards {leaked}"
        leaked_text = card_texts(event.text()) - allowed_texts
        assert not leaked_text, f"{name}'s text names hidden cards {leaked_text}"

    # The table view: its piles and every string in it.
    view = game.present(obs)
    shown = Counter(f for p in view.piles() for f in p.faces if isinstance(f, Card))
    visible = Counter(c for c in obs.state.table.all_faces() if isinstance(c, Card))
    assert not shown - visible, f"{viewer}'s table view shows hidden cards {shown - visible}"
    if view.trick is not None:
        for _seat, face in view.trick.plays:
            assert face is FACE_DOWN or face in visible, f"trick shows hidden {face}"
    for text in view.strings():
        leaked_text = card_texts(text) - allowed_texts
        assert not leaked_text, f"view text {text!r} names hidden cards {leaked_text}"

    # Refusals of the viewer's own moves.
    if viewer is not None:
        for move in game.candidates(state, viewer):
            refusal = game.why_illegal(state, move)
            if refusal is None:
                continue
            named = {c.text() for c in cards_in(move)}
            leaked_text = card_texts(refusal.text) - allowed_texts - named
            assert not leaked_text, f"refusal {refusal.text!r} names hidden cards {leaked_text}"

    # What the table says everyone knows is true of the real cards.
    assert facts_hold(state.table), f"a fact of the table is false: {state.table.known}"

    # A determinization is a state this viewer cannot tell from the real one, and keeps every
    # fact the viewer knows.
    guess = game.determinize(obs, rng)
    assert Counter(guess.table.all_cards()) == Counter(game.deck(state))
    assert game.observe(guess, viewer).state.table == obs.state.table
    for fact in guess.table.known:
        if isinstance(fact, HoldsRank) and fact.applies_to(viewer):
            ranks = {c.rank for c in guess.table.cards(fact.pile)}
            assert fact.rank in ranks, f"a determinization drops the known {fact}"
        if isinstance(fact, Lacks) and fact.applies_to(viewer):
            dealt = [c for c in guess.table.cards(fact.pile) if fact.excludes(c)]
            assert not dealt, f"a determinization deals {dealt} against the known {fact}"
    return view


def check_costly(game: AnyGame, state: Any, rng: random.Random, known: Knowledge) -> None:
    seats = state.seats
    to_move = sorted(game.to_move(state))
    others = [s for s in range(seats) if s not in to_move]
    for seat in to_move + rng.sample(others, min(1, len(others))):
        legal = game.legal_moves(state, seat)
        refused = [m for m in game.candidates(state, seat) if m not in legal]
        for move in rng.sample(refused, min(3, len(refused))):
            refusal = game.why_illegal(state, move)
            assert refusal is not None and refusal.text.strip() and refusal.code.strip()
            with pytest.raises(IllegalMoveError) as error:
                game.apply(state, move)
            assert error.value.code == refusal.code
            assert error.value.reason == refusal.text
        labels = [m.label() for m in legal]
        assert len(set(labels)) == len(labels), f"duplicate labels {labels}"
        for move in legal:
            assert game.move_from_text(state, game.move_to_text(move), seat) == move

    viewers: list[int | None] = [*to_move, *rng.sample(others, min(1, len(others))), None]
    for viewer in viewers:
        view = check_hiding(game, state, viewer, known, rng)
        if viewer is not None:
            assert view.seats[0].seat == viewer and view.seats[0].is_viewer
        assert sorted(s.seat for s in view.seats) == list(range(seats))
        ids = [p.id for p in view.piles()]
        assert len(ids) == len(set(ids)), "a pile is drawn twice"
        named = view.named(default_names(seats))
        for text in named.strings():
            assert not has_placeholders(text), f"view text {text!r} leaves a field unfilled"


# --- leaks through behaviour -----------------------------------------------------------------


@dataclasses.dataclass
class BehaviourTally:
    """How often ``check_behaviour`` could test something, to show it is not vacuous."""

    tried: int = 0  # moves sampled
    nothing_hidden: int = 0  # no two different cards hidden from everyone: no twin to make
    compared: int = 0  # viewers whose observations of the move's two results were compared
    shown: int = 0  # ... and found different, the move having shown them a hidden card
    rechecked: int = 0  # ... then found alike on a twin keeping the cards they were shown
    unverified: int = 0  # ... with no such twin to make, or one showing them other cards
    mattered: int = 0  # moves after which one viewer saw the two results differ, another alike

    @property
    def alike(self) -> int:
        """Viewers who saw the move's two results alike."""
        return self.compared - self.shown


def viewers_of(seats: int) -> list[int | None]:
    return [*range(seats), None]


def who_sees(viewer: int | None) -> str:
    return "a spectator" if viewer is None else f"seat {viewer}"


def hidden_from_everyone(table: Table, seats: int) -> list[tuple[int, int]]:
    """(pile position, card position) of every card no seat (nor a spectator) may see."""
    places = set(hidden_positions(table, None))
    for seat in range(seats):
        places.intersection_update(hidden_positions(table, seat))
    return sorted(places)


def facts_hold(table: Table) -> bool:
    """Every ``HoldsRank`` and ``Lacks`` fact of the table is true of its cards."""
    return all(
        any(card.rank == fact.rank for card in table.cards(fact.pile))
        for fact in table.known
        if isinstance(fact, HoldsRank)
    ) and not any(
        fact.excludes(card)
        for fact in table.known
        if isinstance(fact, Lacks)
        for card in table.cards(fact.pile)
    )


def deal_hidden_again(
    table: Table,
    seats: int,
    places: list[tuple[int, int]],
    rng: random.Random,
    keep: frozenset[Card] = frozenset(),
    tries: int = 4,
) -> Table | None:
    """A twin of ``table`` that no viewer can tell from it.

    The cards at ``places`` (those hidden from everyone), but for the cards in ``keep``, are
    permuted among their places; every redaction stays the same and every fact stays true.
    None when there are not two different cards to permute, or when no permutation tried
    keeps the twin indistinguishable (a ``Shown`` card with a hidden double, or a
    ``HoldsRank`` fact, in the way).
    """
    free = [(p, c) for p, c in places if table.piles[p][c] not in keep]
    cards = [table.piles[p][c] for p, c in free]
    if len(set(cards)) < 2:
        return None
    # Permuting cards nobody sees changes no redaction, unless a Shown fact picks its card by
    # value and a hidden double of it moves below it: only then are redactions compared.
    shown = any(isinstance(fact, Shown) for fact in table.known)
    viewers = viewers_of(seats)
    seen = [redact(table, viewer) for viewer in viewers] if shown else []
    for _ in range(tries):
        rng.shuffle(cards)
        changed = {p: list(table.piles[p]) for p, _ in free}
        for (p, c), card in zip(free, cards, strict=True):
            changed[p][c] = card
        piles = list(table.piles)
        for p, pile in changed.items():
            piles[p] = tuple(pile)
        twin = Table(table.layout, tuple(piles), table.known)
        if twin == table or not facts_hold(twin):
            continue
        if not shown or all(redact(twin, v) == s for v, s in zip(viewers, seen, strict=True)):
            return twin
    return None


def cards_seen(obs_state: Any) -> Counter[Card]:
    """Every card a viewer sees in an observation: its table, its events and its other fields
    (each card counted as often as the place showing it most)."""
    seen = Counter(obs_state.table.all_visible())
    for event in obs_state.events:
        seen |= Counter(c for c in event.card_faces() if isinstance(c, Card))
    for name, value in zip(obs_state._fields, obs_state, strict=True):
        if name not in ("table", "events"):
            seen |= Counter(cards_in(value))
    return seen


def first_difference(one: Any, two: Any) -> str:
    """Where two observations (or two table views) of the same viewer part, in words."""

    def short(value: Any) -> str:
        text = repr(value)
        return text if len(text) <= 300 else text[:297] + "..."

    if isinstance(one, TableView):
        for a, b in zip(one.strings(), two.strings(), strict=False):
            if a != b:
                return f"table view text {short(a)} / {short(b)}"
        for name in ("seats", "centre", "trick", "summary"):
            a, b = getattr(one, name), getattr(two, name)
            if a != b:
                return f"table view {name}: {short(a)} / {short(b)}"
        return "table view"
    for name, a, b in zip(one._fields, one, two, strict=True):
        if a == b:
            continue
        if name == "table":
            for pile, p, q in zip(a.layout.ids, a.piles, b.piles, strict=False):
                if p != q:
                    return f"table pile {pile!r}: {short(p)} / {short(q)}"
            return f"table facts: {short(a.known)} / {short(b.known)}"
        if name == "events":
            return f"events {short([e.text() for e in a])} / {short([e.text() for e in b])}"
        return f"field {name!r}: {short(a)} / {short(b)}"
    return "observation"


def check_behaviour(
    game: AnyGame,
    state: Any,
    move: Any,
    after: Any,
    ply: int,
    rng: random.Random,
    tally: BehaviourTally,
) -> None:
    """What ``move`` lets a viewer see must not depend on a card hidden from everyone.

    ``after`` is ``move`` applied to ``state``.  The move is played again on a twin whose
    cards hidden from everyone are permuted.  In the twin the same seats are to move, the
    mover with the same legal moves (what a seat may do is something it sees).  Every viewer
    (each seat, a spectator) must get equal observations of the two results, unless the move
    showed it one of those cards in either (the drawer of a card, everyone at a turn-up): the
    rules made that card public.  One viewer's two table views are compared too (``present``
    reads nothing but the observation, so equal observations give equal views unless it
    cheats).
    """
    tally.tried += 1
    seats = state.seats
    places = hidden_from_everyone(state.table, seats)
    secret = frozenset(state.table.piles[p][c] for p, c in places)
    twin_table = deal_hidden_again(state.table, seats, places, rng)
    if twin_table is None:
        tally.nothing_hidden += 1
        return
    twin = state._replace(table=twin_table)

    def at(what: str) -> str:  # the failure message (built only on failure)
        return (
            f"{game.id}: ply {ply}, move {game.move_to_text(move)!r} by seat {move.seat}: "
            f"{what} depends on cards hidden from everyone"
        )

    def shown_to(viewer: int | None, obs: Any) -> frozenset[Card]:
        """The cards hidden from everyone before the move that ``viewer`` sees after it."""
        before = Counter(redact(state.table, viewer).all_visible())
        return frozenset(card for card in cards_seen(obs) - before if card in secret)

    # Before the move: who may act, and what the mover may do, are things the seats see too.
    assert game.to_move(twin) == game.to_move(state), at("who is to move")
    moves = set(game.legal_moves(state, move.seat))
    twin_moves = set(game.legal_moves(twin, move.seat))
    assert moves == twin_moves, (
        f"{at('what the mover may do')}: {sorted(map(game.move_to_text, moves ^ twin_moves))}"
    )
    twin_after = game.apply(twin, move)
    # Twins keeping in place the hidden cards a viewer was shown, by the cards kept.
    keeping: dict[frozenset[Card], Any] = {}
    alike: list[tuple[int | None, Any, Any]] = []
    differed = False
    for viewer in viewers_of(seats):
        tally.compared += 1
        obs = game.observe(after, viewer).state
        twin_obs = game.observe(twin_after, viewer).state
        if obs == twin_obs:
            alike.append((viewer, obs, twin_obs))
            continue
        shown = shown_to(viewer, obs)
        assert shown or shown_to(viewer, twin_obs), (
            f"{at(f'what {who_sees(viewer)} sees')}: {first_difference(obs, twin_obs)}"
        )
        tally.shown += 1
        differed = True
        if not shown:  # only the twin showed a card: the rules made it public there
            tally.unverified += 1
            continue
        # The move showed this viewer some hidden cards: on a twin keeping them in place, it
        # must see nothing else differ (the drawer learns his card, not the next one).
        if shown not in keeping:
            kept_table = deal_hidden_again(state.table, seats, places, rng, shown)
            if kept_table is None:
                keeping[shown] = None
            else:
                kept = state._replace(table=kept_table)
                assert game.why_illegal(kept, move) is None, at("what the mover may do")
                keeping[shown] = game.apply(kept, move)
        kept_after = keeping[shown]
        if kept_after is None:
            tally.unverified += 1
            continue
        kept_obs = game.observe(kept_after, viewer).state
        if kept_obs != obs and shown_to(viewer, kept_obs) != shown:
            tally.unverified += 1  # the twin showed other cards: public there
            continue
        assert kept_obs == obs, (
            f"{at(f'what {who_sees(viewer)} sees, beyond the cards it was shown,')}: "
            f"{first_difference(obs, kept_obs)}"
        )
        tally.rechecked += 1
    tally.mattered += differed and bool(alike)
    if alike:
        viewer, obs, twin_obs = rng.choice(alike)
        view = game.present(Observation(viewer, obs))
        twin_view = game.present(Observation(viewer, twin_obs))
        assert view == twin_view, (
            f"{at(f'the table view of {who_sees(viewer)}')}: {first_difference(view, twin_view)}"
        )


def check_sides(game: AnyGame, state: Any) -> None:
    sides = game.sides(state)
    seats = sorted(s for side in sides for s in side)
    assert seats == list(range(state.seats)), f"sides {sides} do not partition the seats"


def kernel_of(game: AnyGame) -> Kernel[Any, Any] | None:
    """The kernel the game declares; None for a game of the tests (outside the registry, or a
    registered game's engine broken on purpose: the kernel agrees with the real one)."""
    info = GAME_INFO.get(game.id)
    if info is None or info.load() is not game:
        return None
    return info.load_kernel()


def check_kernel_state(game: AnyGame, kernel: Kernel[Any, Any], state: Any) -> Any:
    """The kernel loaded from ``state`` agrees with the engine there: the seats to move, each
    seat's legal moves (one action each), the clock, what falls due, and the outcome.  Returns
    the loaded kernel."""
    loaded = kernel.load(state)
    assert list(kernel.to_move(loaded)) == sorted(game.to_move(state)), "kernel: another to move"
    for seat in range(state.seats):
        legal = game.legal_moves(state, seat)
        moves = [kernel.move(loaded, a) for a in kernel.legal(loaded, seat)]
        assert len(moves) == len(legal) and set(moves) == set(legal), (
            f"kernel: seat {seat} may make {sorted(map(game.move_to_text, moves))}, "
            f"the engine says {sorted(map(game.move_to_text, legal))}"
        )
    assert kernel.clock(loaded) == game.clock(state), "kernel: another clock"
    assert kernel.next_due(loaded) == game.next_due(state), "kernel: another time due"
    assert kernel.outcome(loaded) == game.outcome(state), "kernel: another outcome"
    return loaded


def check_kernel_step(
    game: AnyGame, kernel: Kernel[Any, Any], loaded: Any, move: Any, after: Any
) -> None:
    """Playing ``move``'s action on the kernel gives what the kernel loads from the engine's
    state ``after`` it (and the loaded kernel is left as it was)."""
    key = kernel.key(loaded)
    action = next(
        (a for a in kernel.legal(loaded, move.seat) if kernel.move(loaded, a) == move), None
    )
    assert action is not None, f"kernel: no action for {game.move_to_text(move)}"
    played = kernel.play(kernel.copy(loaded), action)
    assert kernel.key(loaded) == key, "kernel: play on a copy changed the original"
    assert kernel.key(played) == kernel.key(kernel.load(after)), (
        f"kernel: {game.move_to_text(move)} leads elsewhere than the engine"
    )
    assert kernel.outcome(played) == game.outcome(after), "kernel: another outcome after a move"


def check_kernel_line(game: AnyGame, state: Any, *moves: Any) -> Any:
    """Play ``moves`` from ``state`` on the engine and on its kernel, checking the kernel at
    every step (a scenario's line, replayed in the kernel); the kernel at the end."""
    kernel = kernel_of(game)
    assert kernel is not None, f"{game.id} has no kernel"
    for move in moves:
        loaded = check_kernel_state(game, kernel, state)
        after = game.apply(state, move)
        check_kernel_step(game, kernel, loaded, move, after)
        state = after
    return check_kernel_state(game, kernel, state)


def play_by_kernel(game: AnyGame, state: Any, rng: random.Random) -> tuple[list[Any], Any]:
    """A random match from ``state`` chosen by the kernel (uniform among the first mover's
    actions), the engine following with the kernel's moves; the kernel is checked against the
    engine at every step (``check_kernel_state``: every seat's moves, the outcome) and after
    every move stands where the engine's state loads.  Turn-based games.  The engine's states
    on the way, the start and the end included, and the kernel at the end."""
    kernel = kernel_of(game)
    assert kernel is not None, f"{game.id} has no kernel"
    k = check_kernel_state(game, kernel, state)
    states = [state]
    while movers := kernel.to_move(k):
        actions = kernel.legal(k, movers[0])
        action = actions[rng.randrange(len(actions))]
        state = game.apply(state, kernel.move(k, action))  # the engine checks it is legal
        k = kernel.play(k, action)
        assert kernel.key(k) == kernel.key(check_kernel_state(game, kernel, state)), (
            f"kernel: step {len(states)} leads elsewhere than the engine"
        )
        states.append(state)
    return states, k


def check_kernel_advance(game: AnyGame, kernel: Kernel[Any, Any], before: Any, after: Any) -> None:
    """On a clock: advancing the kernel to the engine's new time gives what it loads from the
    engine's state advanced to it."""
    advanced = kernel.advance(kernel.load(before), game.clock(after))
    assert kernel.key(advanced) == kernel.key(kernel.load(after)), (
        f"kernel: advancing to {game.clock(after)} ms leads elsewhere than the engine"
    )
    assert kernel.clock(advanced) == game.clock(after), "kernel: another clock after advancing"


def overrides_legal_moves(game: AnyGame) -> bool:
    return type(game).legal_moves is not RulesBase.legal_moves


def check_time(
    game: AnyGame, state: Any, movers: list[int], rng: random.Random
) -> tuple[Any, bool]:
    """On a clock: pick the time the next action arrives (now, soon or much later; at the
    next timed event when nobody can act, which must then be pending: liveness), and return
    the state advanced to it, and whether anything fell due on the way.  Advancing in two steps must equal advancing once, and an
    action stamped before the table's clock is refused (``StaleTime``)."""
    clock = game.clock(state)
    due = game.next_due(state)
    if not movers:
        assert due is not None, "nobody can act and nothing is due (liveness on a clock)"
        assert due >= clock, f"an event due at {due}, before the clock {clock}"
        t = due + rng.choice((0, 0, rng.randrange(1, 5000)))  # the runner may look late
    else:
        t = clock + rng.choice((0, rng.randrange(1, 300), rng.randrange(300, 8000)))
        if clock > 0:
            move = game.legal_moves(state, movers[0])[0]
            with pytest.raises(IllegalMoveError) as stale:
                game.apply_at(state, move, clock - 1)
            assert stale.value.code == STALE_TIME
    once = game.advance(state, t)
    assert game.clock(once) == t, "advance leaves the clock elsewhere"
    if due is None or due > t:
        return once, False
    # Advancing in two steps performs the same timed events as advancing once: the same state,
    # and the events of the two steps together are those of the one.
    middle = rng.randint(clock, t)
    first = game.advance(state, middle)
    then = game.next_due(first)
    second = game.advance(first, t)
    events = (tuple(first.events) if due <= middle else ()) + (
        tuple(second.events) if then is not None and then <= t else ()
    )
    assert once._replace(events=()) == second._replace(events=()), "advancing twice differs"
    assert tuple(once.events) == events, "advancing twice tells other events"
    return once, True


def play_checked(
    game: AnyGame,
    seats: int,
    options: Any,
    seed: int,
    player: int,
    *,
    replay: bool = True,
    behaviour_rate: float = BEHAVIOUR_RATE,
    tally: BehaviourTally | None = None,
) -> int:
    """One seeded random game, checked at every step (``replay``: and rebuilt from its record);
    the number of moves it took.

    ``behaviour_rate`` of the moves are also checked by ``check_behaviour``, which counts what
    it did in ``tally``.
    """
    rng = random.Random(player)
    # The behaviour check draws from its own generator, so the random player's choices (and so
    # the games played) do not depend on how often it runs.
    twin_rng = random.Random(f"twins {player}")
    tally = BehaviourTally() if tally is None else tally
    state = game.new_game(seats=seats, options=options, seed=seed)
    assert state == game.new_game(seats=seats, options=options, seed=seed), "deal not deterministic"
    deck = Counter(game.deck(state))
    known = Knowledge(seats)
    second_path = overrides_legal_moves(game)
    kernel = kernel_of(game)  # its compact form agrees with it on every state on the way
    check_sides(game, state)
    moves: list[tuple[int, str]] = []
    clocked = game.realtime(state)  # on a clock: moves at random times, timed events between
    times: list[int] = []
    for ply in range(MAX_PLIES):
        # (dict equality: Counter's own __eq__ is slow Python)
        assert dict.__eq__(Counter(state.table.all_cards()), deck), f"cards lost at ply {ply}"
        known.look(state.table)
        for event in state.events:
            check_event_text(event, seats)
        to_move = game.to_move(state)
        outcome = game.outcome(state)
        if not to_move:
            break
        assert outcome is None, "an outcome before the end"
        for seat in range(seats):
            if seat not in to_move:
                assert game.legal_moves(state, seat) == (), f"seat {seat} may move out of turn"
        movers = [s for s in sorted(to_move) if game.legal_moves(state, s)]
        loaded = None if kernel is None else check_kernel_state(game, kernel, state)
        if clocked:
            before = state
            state, fell_due = check_time(game, state, movers, rng)
            if kernel is not None:
                check_kernel_advance(game, kernel, before, state)
                loaded = check_kernel_state(game, kernel, state)
            if fell_due:
                continue  # the table changed by itself: check it before anyone acts
        assert movers, f"no legal move for {sorted(to_move)} at ply {ply} (liveness)"
        seat = rng.choice(movers)
        legal = game.legal_moves(state, seat)
        if second_path:  # one legality path: the fast one must say what why_illegal says
            accepted = [
                m for m in game.candidates(state, seat) if game.why_illegal(state, m) is None
            ]
            assert set(legal) == set(accepted), f"legal_moves disagrees with why_illegal at {ply}"
        assert len(set(legal)) == len(legal), "duplicate legal moves"
        assert all(m.seat == seat for m in legal)
        move = rng.choice(legal)
        if ply < ALWAYS_CHECKED or rng.random() < SAMPLE_RATE:
            check_costly(game, state, rng, known)
            frozen = pickle.dumps(state)
            nxt = game.apply(state, move)
            assert pickle.dumps(state) == frozen, "apply changed its input"
            assert game.apply(state, move) == nxt, "apply is not deterministic"
        else:
            nxt = game.apply(state, move)
        if kernel is not None:
            check_kernel_step(game, kernel, loaded, move, nxt)
        if behaviour_rate and (ply < ALWAYS_CHECKED or twin_rng.random() < behaviour_rate):
            check_behaviour(game, state, move, nxt, ply, twin_rng, tally)
        moves.append((seat, game.move_to_text(move)))
        times.append(game.clock(state))
        state = nxt
    else:
        pytest.fail(f"no end after {MAX_PLIES} plies")

    # The end: an outcome whose places partition the seats (standard competition ranking of
    # the sides, partners sharing a place: two teams are 1st and 2nd), with scores that say
    # what they count.
    check_costly(game, state, rng, known)
    outcome = game.outcome(state)
    assert outcome is not None
    if kernel is not None:
        check_kernel_state(game, kernel, state)
    places = outcome.places
    assert len(places) == seats
    sides = game.sides(state)
    for side in sides:
        assert len({places[s] for s in side}) == 1, f"partners {sorted(side)} placed apart"
    side_places = [places[min(side)] for side in sides]
    for mine in side_places:
        assert mine == 1 + sum(p < mine for p in side_places), f"places {places}"
    if outcome.scores is not None:
        assert len(outcome.scores) == seats
        assert outcome.measure is not None, "scores without a measure: say what they count"
        assert outcome.measure.amount(outcome.scores[0]), "a score in words"
    reason = fill(outcome.reason, default_names(seats))
    assert reason and not has_placeholders(reason)

    # The record of the game rebuilds it exactly, through JSON.
    if not replay:
        return len(moves)
    record = MatchRecord(
        game=game.id,
        seed=seed,
        seats=tuple(SeatRecord(n) for n in default_names(seats)),
        options=options_to_dict(state.options),
        moves=tuple(moves),
        times=tuple(times) if clocked else (),
        ended=game.clock(state) if clocked else None,
    )
    replayed = Match.from_record(MatchRecord.from_json(record.to_json()))
    assert replayed.state == state, "replaying the record gives another game"
    return len(moves)
