"""What a table screen plays: a match at home through its runner, or a seat at a server."""

from __future__ import annotations

from typing import TypeAlias

from cardsuite.match import Match
from cardsuite.net.remote import RemoteMatch, RemoteRunner
from cardsuite.runner import Runner

TableRunner: TypeAlias = Runner | RemoteRunner
TableMatch: TypeAlias = Match | RemoteMatch
