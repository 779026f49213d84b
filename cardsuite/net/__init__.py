"""Play over the network: a match server (:mod:`.server`) and its clients (:mod:`.client`).

The server runs the same :class:`~cardsuite.runner.Runner` as the app, one per table, and sends
each connection only what its seat may see, as the JSON frames of :mod:`.frames`
(``docs/protocol.md``).  Nothing here knows Textual.
"""
