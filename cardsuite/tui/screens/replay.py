"""A finished match, move by move: forward and back, as any seat saw it or with every card
face up.

The table is drawn by the same widget as a live table, from the same view model, with the
cards each move moved marked; nothing can be played here.  The status line words each move
as the chosen viewer may know it: to the others, a beggar's discard is "discard a card".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from cardsuite.core.i18n import N_, _
from cardsuite.core.table import Seat
from cardsuite.match import Match
from cardsuite.tui.render.cards import Glyphs, Marks
from cardsuite.tui.render.table import Scene
from cardsuite.tui.translated import TranslatedScreen, footer
from cardsuite.tui.widgets.table import TableWidget

if TYPE_CHECKING:
    from cardsuite.tui.app import CardsuiteApp

LOG_MOVES = 30  # the moves whose events the log shows, up to the one on the table

OPEN = "open"  # the viewer choice that shows every card


def status_line(match: Match, index: int, viewer: Seat | str | None) -> str:
    """The replay's status after ``index`` moves: the move that led there as ``viewer`` (a
    seat, None for a spectator, or OPEN) may know it, and the result at the end."""
    total = len(match.moves)
    if index == 0:
        status = _("The deal, before the first move.")
    else:
        move = match.moves[index - 1]
        if viewer == OPEN:
            words = match.fill(move.label())
        else:
            words = match.move_seen_by(index, viewer if isinstance(viewer, int) else None)
        status = _("Move {n} of {total}: {name} — {move}").format(
            n=index, total=total, name=match.names[move.seat], move=words
        )
    if index == total and match.is_over():
        outcome = match.outcome()
        if outcome is not None:
            status += " " + _("The game is over: {reason}").format(
                reason=match.fill(outcome.reason)
            )
    return status


class ReplayScreen(TranslatedScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", N_("Next")),
        Binding("left,h", "step(-1)", N_("Back")),
        Binding("pagedown", "step(10)", N_("+10"), show=False),
        Binding("pageup", "step(-10)", N_("-10"), show=False),
        Binding("home", "go(0)", N_("Start"), show=False),
        Binding("end", "go(-1)", N_("End"), show=False),
        Binding("v", "next_viewer", N_("Whose view")),
        Binding("escape,q", "close", N_("Close")),
    ]

    def __init__(self, match: Match, match_id: int | None = None) -> None:
        super().__init__()
        self.match = match
        self.match_id = match_id
        self.index = 0
        # each seat's view, the spectator's, and (once the match is over) every card face up
        self.viewers: list[Seat | str | None] = [*range(len(match.seats)), None]
        if match.is_over():
            self.viewers.append(OPEN)
        self.viewer_index = len(self.viewers) - 1 if match.is_over() else 0

    @property
    def cs_app(self) -> CardsuiteApp:
        return self.app  # type: ignore[return-value]

    @property
    def viewer(self) -> Seat | str | None:
        return self.viewers[self.viewer_index]

    def compose(self) -> ComposeResult:
        yield TableWidget(id="table")
        yield footer()

    def on_mount(self) -> None:
        self.refresh_table()
        self.query_one(TableWidget).focus()

    def on_resize(self) -> None:
        self.refresh_table()

    def action_step(self, delta: int) -> None:
        self.index = max(0, min(len(self.match.moves), self.index + delta))
        self.refresh_table()

    def action_go(self, index: int) -> None:
        self.index = len(self.match.moves) if index < 0 else index
        self.refresh_table()

    def action_next_viewer(self) -> None:
        self.viewer_index = (self.viewer_index + 1) % len(self.viewers)
        self.refresh_table()

    def action_close(self) -> None:
        self.dismiss(None)

    def whose(self) -> str:
        viewer = self.viewer
        if viewer == OPEN:
            return _("every card face up")
        if viewer is None:
            return _("a spectator's view")
        assert isinstance(viewer, int)
        return _("{name}'s view").format(name=self.match.names[viewer])

    def refresh_table(self) -> None:
        match = self.match
        viewer = self.viewer
        seat = viewer if isinstance(viewer, int) else None
        view = match.view_at(self.index, seat, open_cards=viewer == OPEN)
        settings = self.cs_app.settings
        glyphs = Glyphs(settings.ascii_suits, settings.cyrillic, settings.four_colour)
        words = glyphs.words
        moved = frozenset(
            pile for event in match.events_at(self.index, seat) for pile in event.moved()
        )
        status = status_line(match, self.index, viewer)
        log: list[str] = []
        for i in range(max(0, self.index - LOG_MOVES), self.index + 1):
            for event in match.events_at(i, seat):
                log.append(words(match.fill(event.text())))
        number = _(" · match {id}").format(id=self.match_id) if self.match_id else ""
        scene = Scene(
            view=view,
            marks=Marks(last=moved),
            glyphs=glyphs,
            status=words(status),
            badge=_("REPLAY · {whose}").format(whose=self.whose()) + number,
            keys=_("← → step · v whose view · esc close"),
            log=log,
            info=[words(line) for line in view.info],
            tags={s: _("bot") if info.is_bot else _("human") for s, info in enumerate(match.seats)},
        )
        self.query_one(TableWidget).show(scene)
