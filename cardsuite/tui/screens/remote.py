"""A seat at a table served by ``cardsuite host``: the table screen, fed by the server.

The app connects first (:meth:`~cardsuite.tui.app.CardsuiteApp.join_table`): once the server
has welcomed the seat, this screen shows the waiting room until every person has joined,
then the table as the seat sees it, step by step, drawn and played as at home (see
:mod:`cardsuite.net.remote` for what differs).  When the server goes, the table stays as it
was last seen, with a line that says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle, Vertical
from textual.widgets import Input, Static

from cardsuite.bots import level_word
from cardsuite.core.i18n import N_, _
from cardsuite.core.text import plain
from cardsuite.net.client import Line
from cardsuite.net.frames import MAX_CHAT
from cardsuite.net.remote import RemoteError, RemoteMatch, RemoteRunner
from cardsuite.tui.screens.table import TableScreen
from cardsuite.tui.translated import TranslatedModalScreen

if TYPE_CHECKING:
    from cardsuite.tui.app import CardsuiteApp


class RemoteTableScreen(TableScreen):
    """The table of a seat played at a server (see the module).  ``invites``: the other
    seats' invites by seat, for a table opened from here (shown in the waiting room)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *TableScreen.BINDINGS,
        Binding("slash", "chat", N_("Chat"), key_display="/"),
    ]

    def __init__(
        self,
        app: CardsuiteApp,
        line: Line,
        welcome: dict[str, Any],
        invites: dict[int, str] | None = None,
    ) -> None:
        match = RemoteMatch(welcome)
        self.line = line
        self.invites = dict(invites or {})
        self.remote = RemoteRunner(match, line.send)
        super().__init__(app, match, viewer=match.seat, runner=self.remote)

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static("", id="waiting-room", markup=False)

    def on_mount(self) -> None:
        super().on_mount()
        self.run_worker(self._follow(), name="server", exclusive=True)

    async def _follow(self) -> None:
        """Every frame of the server, each drawn as it comes."""
        remote = self.remote
        try:
            async for frame in self.line.frames():
                remote.feed(frame)
                self._after()
                if remote.done:
                    break
        except RemoteError as problem:
            remote.lost(str(problem))
        else:
            remote.lost(_("it closed the connection"))
        self._after()
        await self.line.close()

    def refresh_table(self) -> None:
        if not self.is_mounted or not self.query("#waiting-room"):
            return
        room = self.query_one("#waiting-room", Static)
        started = self.remote.started
        room.display = not started
        self.table.display = started
        if started:
            super().refresh_table()
        else:
            room.update(self.waiting_text())

    def waiting_text(self) -> str:
        """The waiting room: the table, who has joined, who is awaited, and the invites of a
        table opened here."""
        remote, match = self.remote, self.remote.match
        if remote.gone is not None:
            return _("The server has gone: {why}").format(why=remote.gone)
        lines = [
            _("{game} at {server}, table {table}").format(
                game=_(match.game.title), server=self.line.address(), table=match.table_id
            ),
            "",
        ]
        if not remote.waiting:
            lines.append(_("Waiting for the server…"))
        for index, seat in enumerate(remote.waiting):
            name = plain(str(seat.get("name", "")))
            if seat.get("kind") != "human":
                state = _("bot · {level}").format(level=level_word(str(seat.get("kind"))))
            elif index == match.seat:
                state = _("you")
            elif seat.get("joined"):
                state = _("here")
            else:
                state = _("awaited")
            lines.append(f"  {index + 1}. {name} — {state}")
            invite = self.invites.get(index)
            if invite is not None and not seat.get("joined"):
                lines.append(
                    "       "
                    + _("invite: cardsuite join {server} {invite}").format(
                        server=self.line.address(), invite=invite
                    )
                )
        lines += ["", _("The match starts when every person has joined.")]
        return "\n".join(lines)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The server keeps the pace, the clock and plays the bots: nothing to skip, no hint,
        no redo, no pause (``h``, ``.`` and ``p`` still say why)."""
        if action in ("skip", "hint", "redo", "pause"):
            return False
        return super().check_action(action, parameters)

    def key_h(self) -> None:
        self.remote.request_hint()  # says there are none here
        self.refresh_table()

    def key_full_stop(self) -> None:
        self.remote.skip()  # says the server keeps the pace
        self.refresh_table()

    def key_p(self) -> None:
        if self.remote.clock is not None:
            self.remote.refuse_pause()  # says the server keeps the clock
            self.refresh_table()

    def action_chat(self) -> None:
        """A line to the table: everyone there (spectators too) reads it."""

        def said(text: str | None) -> None:
            if text:
                self.line.send({"type": "chat", "text": text[:MAX_CHAT]})

        self.app.push_screen(ChatScreen(), said)

    def _leave(self) -> None:
        super()._leave()
        self.cs_app.hang_up(self.line)


class ChatScreen(TranslatedModalScreen[str | None]):
    """One chat line to type: Enter sends it, Esc does not."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Cancel"))]

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="chat-box"):
            yield Static(_("Say to the table (Enter sends, Esc does not):"))
            yield Input("", id="chat-line", max_length=MAX_CHAT, compact=True)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
