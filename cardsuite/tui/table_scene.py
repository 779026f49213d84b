"""What the table shows now, in one Scene: the runner's step, the view, the player's pick.

:func:`table_scene` reads a :class:`~cardsuite.runner.Runner` (whose turn, the news, the
clock, the watch, the last move) and the :class:`~cardsuite.tui.selection.Selector` (the
cursor, the card picked, the cards taken along) and writes the status line, the corner's
badge, the key line, the marks and the side panel's lines.  It changes nothing and knows no
game: the table screen draws what it returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardsuite.bots import has_decisions, level_word
from cardsuite.core.cards import Card
from cardsuite.core.i18n import _
from cardsuite.core.moves import Move
from cardsuite.core.table import Seat
from cardsuite.core.view import KeyMove, TableView
from cardsuite.runner import HumanTurn, Over, Summary
from cardsuite.store import Settings
from cardsuite.tui.render.cards import Glyphs, Marks
from cardsuite.tui.render.marks import latest_move_marks
from cardsuite.tui.render.table import ENTRY_SEP, Scene
from cardsuite.tui.selection import (
    ActionEntry,
    Selector,
    Slot,
    gesture_matches_slot,
    slot_face,
    summarise,
    table_slots,
)

if TYPE_CHECKING:
    from cardsuite.tui.played import TableRunner


def table_scene(
    runner: TableRunner,
    sel: Selector,
    view: TableView,
    legal: Sequence[Move],
    entries: Sequence[ActionEntry],
    settings: Settings,
    log: Sequence[str],
) -> Scene:
    """The scene of the table as it stands."""
    match = runner.match
    glyphs = Glyphs(settings.ascii_suits, settings.cyrillic, settings.four_colour)
    # another player's last move, worked out for the viewer drawn for (hot-seat changes him)
    last = latest_move_marks(match.steps_newest_first(), runner.viewer)
    marks = Marks(
        cursor=sel.current,
        source=sel.source,
        playable=sel.sources() if sel.source is None else frozenset(),
        targets=sel.targets(),
        last=runner.last_piles,
        taken=sel.picked_slots(),
        takeable=sel.takeable_slots(),
        dimmed=sel.dimmed_slots(),
        last_cards=last.cards,
        last_from=last.sources,
        last_to=last.targets,
        **_hint_marks(runner.hint, view),
    )
    status, badge, keys = status_badge_keys(runner, view, sel, bool(legal))
    words = glyphs.words
    return Scene(
        view=view,
        marks=marks,
        glyphs=glyphs,
        status=words(status),
        badge=badge,
        message=words(message_line(runner, entries, legal)),
        message_kind=runner.message_kind if runner.message else "info",
        actions=[words(match.fill(e.label)) for e in entries],
        keys=keys,
        log=[words(line) for line in log],
        info=[words(line) for line in (*key_blocks(runner, view), *view.info)],
        tags=seat_tags(runner),
        legal=[words(match.fill(line)) for line in summarise(legal)] if legal else (),
        last_move=words(match.fill(last.text)),
    )


def _hint_marks(hint: Move | None, view: TableView) -> dict[str, Any]:
    """Where the hint's move starts and ends, as marks."""
    g = hint.gesture() if hint is not None else None
    if g is None:
        return {"hint_source": None, "hint_target": None}
    source = next((s for s in table_slots(view) if gesture_matches_slot(g, view, s)), None)
    return {"hint_source": source, "hint_target": g.target}


def message_line(runner: TableRunner, entries: Sequence[ActionEntry], legal: Sequence[Move]) -> str:
    """The runner's news (a hint with its action number), or how to play the one move."""
    match = runner.match
    hint = runner.hint
    if runner.message:
        if hint is not None and runner.message_kind == "hint":
            for i, entry in enumerate(entries):
                if hint in entry.moves:
                    return _("Hint: {move} (action {n})").format(
                        move=match.fill(hint.label()), n=i + 1 if i < 9 else 0
                    )
        return runner.message
    move = runner.only_move
    if move is None or move not in legal:
        return ""
    in_bar = any(move in entry.moves for entry in entries)
    how = _("press Enter or 1 to play it") if in_bar else _("press Enter to play it")
    return _("One move only: {move} — {how}.").format(move=match.fill(move.label()), how=how)


def status_badge_keys(
    runner: TableRunner, view: TableView, sel: Selector, open_now: bool
) -> tuple[str, str, str]:
    """The status line, the corner's badge and the key line, as the step says."""
    match = runner.match
    step = runner.step
    over = isinstance(step, Over)
    status, badge = view.status, ""
    names = match.names
    if isinstance(step, HumanTurn) and step.seat == runner.viewer:
        if step.forced:
            badge = _("YOUR ONLY MOVE")
        elif len(runner.keyboard) <= 1:
            badge = _("YOUR TURN")
        else:
            badge = _("{name}, your turn").format(name=names[step.seat])
        if sel.taking is not None:
            status = taking_status(sel, match.fill)
        elif sel.source is not None:
            status = slot_picked(view, sel.source)
    elif runner.thinking is not None and not over:
        badge = _("{name} is thinking…").format(name=names[runner.thinking])
    elif isinstance(step, Summary):
        badge = _("DEAL OVER")
    elif over:
        outcome = match.outcome()
        reason = match.fill(outcome.reason) if outcome else ""
        status = _("The game is over: {reason}").format(reason=reason) if reason else ""
        status = status or _("The game is over")
        badge = _("GAME OVER")
    clock = runner.clock
    if clock is not None and not over:
        badge = runner.countdown() or (_("PAUSED") if clock.paused else _("PLAY!"))
        if sel.source is not None:
            status = slot_picked(view, sel.source)
    keys = _("⏎ pick · esc cancel") if open_now else ""
    if sel.taking is not None:
        keys = _("space take/leave · ⏎ confirm · c list · esc cancel")
    if clock is not None and not over:
        keys = _("⏎ pick · esc cancel · p pause") if runner.pausable else _("⏎ pick · esc cancel")
    watch = runner.watch
    if watch is not None and not over:
        countdown = runner.countdown() if clock is not None else ""
        badge = watch.badge() + (f" · {countdown}" if countdown else "")
        keys = watch.keys()
    if over:
        keys = _("o outcome · l lobby · q quit")
    elif watch is not None:
        pass
    elif runner.story:
        keys = _(". skip to the next decision")
    elif match.humans() and not match.humans_in_play():
        keys = _(". finish the match at full speed")
    if match.save_error is not None:  # said once in full; marked while it lasts
        keys = f"{keys} · {_('not saved')}" if keys else _("not saved")
    return status, badge, keys


def seat_tags(runner: TableRunner) -> dict[Seat, str]:
    """Who sits where: you, a bot and its level (no level where nobody decides anything),
    or another person."""
    tags = {}
    levels = has_decisions(runner.match.game)
    for seat, info in enumerate(runner.match.seats):
        if seat == runner.viewer:
            tags[seat] = _("you")
        elif info.is_bot and not levels:
            tags[seat] = _("bot")
        elif info.is_bot:
            tags[seat] = _("bot · {level}").format(level=level_word(info.bot or ""))
        else:
            tags[seat] = _("human")
    return tags


def key_blocks(runner: TableRunner, view: TableView) -> list[str]:
    """The lines that show each person's keys (several people at one keyboard on a clock)."""
    match = runner.match
    if runner.clock is None or len(runner.keyboard) < 2:
        return []
    lines = []
    for seat in runner.keyboard:
        keys = [k for k in view.key_moves if k.seat == seat]
        if keys:
            lines.append(f"{match.names[seat]}: {ENTRY_SEP.join(_key_entries(keys))}")
    return lines


def _key_entries(keys: list[KeyMove]) -> list[str]:
    """One entry per key ("X spit"), or per run of keys of one group ("Q W E s1-3→C1")."""
    entries: list[str] = []
    run: list[KeyMove] = []
    for key in [*keys, None]:
        if run and (key is None or not key.group or key.group != run[0].group):
            entries.append(f"{' '.join(k.key.upper() for k in run)} {run[0].group}")
            run = []
        if key is None:
            break
        if key.group:
            run.append(key)
        else:
            entries.append(f"{key.key.upper()} {key.label}")
    return entries


def taking_status(sel: Selector, fill: Any) -> str:
    """The status line while the cards a move takes along are chosen: what is taken so far
    and what Enter would play."""
    taking = sel.taking
    assert taking is not None
    face = slot_face(sel.view, taking.source)
    what = str(face) if isinstance(face, Card) else sel.view.pile(taking.source.pile).label
    exact = taking.exact()
    play = fill(exact.label()) if exact is not None else ""
    if not taking.picks:
        pile = sel.view.pile(taking.target).label
        text = _("{card} picked: take the cards it takes from the {pile}").format(
            card=what, pile=pile
        )
        return text + (" · " + _("Enter alone: {move}").format(move=play) if play else "")
    taken = " ".join(str(c) for c in sorted(taking.picks, key=lambda c: (-c.rank, c.index)))
    if play:
        return _("Enter: {move} · or take more").format(move=play)
    return _("{card} takes {cards}…: take more").format(card=what, cards=taken)


def slot_picked(view: TableView, slot: Slot) -> str:
    """The status line while a source is picked: "6♠ picked: choose where it goes …"."""
    try:
        pile = view.pile(slot.pile)
    except KeyError:
        return _("A card picked: choose where it goes · Esc cancels")
    face = (
        pile.faces[slot.index] if slot.index is not None and slot.index < pile.count else pile.top
    )
    if isinstance(face, Card):
        return _("{card} picked: choose where it goes · Esc cancels").format(card=face)
    return _("The {pile} picked: choose where it goes · Esc cancels").format(pile=pile.label)
