"""Remote play: two boards (or a board and a browser) in one game over MQTT (docs/REMOTE.md).

The board that hosts is authoritative: it runs the engine, throws the dice and orders the
actions; a joined board sends its orders to the host and follows the host's log.
``codes`` (join codes and the keys they give), ``signing`` (HMAC of every message),
``messages`` (topics and message bodies), ``resync`` (the host's log and the order in which a
follower applies it), ``link`` (the MQTT connection), ``host``, ``guest``, ``saved`` (what
survives a restart).
"""
