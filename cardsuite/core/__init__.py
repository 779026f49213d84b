"""The engine core: cards, tables, moves, events, views, outcomes, deal series, tricks,
positions from text, records, the translation hook and the Game protocol.

Import from the modules themselves (``cardsuite.core.table``, ``cardsuite.core.events`` …):
this package re-exports nothing, so importing one small piece of it (the lobby needs only the
translation hook for its first frame) does not load the rest.

Nothing here imports the rest of cardsuite, Textual or Rich.
"""
