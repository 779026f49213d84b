"""A seat at a table served by ``cardsuite host``: the table screen, fed by the server.

The app connects first (:meth:`~cardsuite.tui.app.CardsuiteApp.join_table`): once the server
has welcomed the seat, this screen shows the waiting room until every person has joined,
then the table as the seat sees it, step by step, drawn and played as at home (see
:mod:`cardsuite.net.remote` for what differs).  When the server goes, the table stays as it
was last seen, with a line that says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardsuite.core.i18n import _
from cardsuite.core.text import plain
from cardsuite.net.client import Line
from cardsuite.net.remote import RemoteError, RemoteMatch, RemoteRunner
from cardsuite.tui.render.table import Scene
from cardsuite.tui.screens.table import TableScreen

if TYPE_CHECKING:
    from cardsuite.tui.app import CardsuiteApp


class RemoteTableScreen(TableScreen):
    """The table of a seat played at a server (see the module)."""

    def __init__(self, app: CardsuiteApp, line: Line, welcome: dict[str, object]) -> None:
        match = RemoteMatch(welcome)
        self.line = line
        self.remote = RemoteRunner(match, line.send)
        super().__init__(app, match, viewer=match.seat, runner=self.remote)

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
        if self.remote.started:
            super().refresh_table()
            return
        if self.is_mounted and self.query(type(self.table)):
            self.table.show(Scene(view=None, status=self.waiting_line()))

    def waiting_line(self) -> str:
        """The waiting room: who has joined, who is awaited."""
        remote = self.remote
        if remote.gone is not None:
            return _("The server has gone: {why}").format(why=remote.gone)
        names = [
            plain(str(seat.get("name", ""))) + (" ✓" if seat.get("joined") else " …")
            for seat in remote.waiting
        ]
        if not names:
            return _("At the table: waiting for the server…")
        return _("Waiting for everyone to join: {seats}").format(seats=", ".join(names))

    def _leave(self) -> None:
        super()._leave()
        self.run_worker(self.line.close(), name="close")
