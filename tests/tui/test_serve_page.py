"""The page ``cardsuite serve`` gives a browser: it needs nothing from the internet (every address
it loads is the local server's, the terminal's font among them), and no scroll bar covers the
terminal's last columns, where the table's badge stands."""

from __future__ import annotations

import re
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer
from textual_serve import server as textual_serve

from cardsuite import tui

ADDRESS = re.compile(r"""(?:src|href)="([^"]+)"|url\("([^"]+)"\)""")


@pytest.mark.asyncio
async def test_every_address_the_served_page_loads_is_the_local_server() -> None:
    server = textual_serve.Server(
        "true", host="127.0.0.1", port=8000, title="cardsuite", templates_path=tui.WEB_PAGES
    )
    app = await server._make_app()
    async with TestClient(TestServer(app, host="127.0.0.1")) as client:
        response = await client.get("/")
        assert response.status == 200
        page = await response.text()
        addresses = [a or b for a, b in ADDRESS.findall(page)]
        assert addresses, "the page loads its script, styles and font"
        for address in addresses:
            assert address.startswith(server.public_url + "/static/"), address
        fonts = [a for a in addresses if a.endswith(".ttf")]
        assert fonts, "the terminal's font is declared on the page"
        for address in addresses:  # each is there to be had
            got = await client.get(address.removeprefix(server.public_url))
            assert got.status == 200, address
    assert 'font-family: "Roboto Mono"' in page  # the name the terminal asks for
    # No scroll bar over the last columns (the badge's): the terminal keeps no scrollback and
    # sizes itself with no room for one, so the page hides the bar xterm.css gives it, after
    # that style sheet so that its rule wins.
    assert page.index(".xterm .xterm-viewport { overflow-y: hidden; }") > page.index("xterm.css")
    assert "data-session-websocket-url=" in page and 'id="terminal"' in page


def test_serve_gives_the_server_our_page(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[dict[str, Any]] = []

    class Recorder:
        def __init__(self, command: str, **kwargs: Any) -> None:
            made.append(kwargs)

        def serve(self) -> None:
            pass

    monkeypatch.setattr(textual_serve, "Server", Recorder)
    tui.serve(host="127.0.0.1", port=8123)
    assert made == [
        {"host": "127.0.0.1", "port": 8123, "title": "cardsuite", "templates_path": tui.WEB_PAGES}
    ]
