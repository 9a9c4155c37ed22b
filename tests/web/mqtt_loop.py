"""A paho client's network loop in a thread of the tests' own.

paho's ``loop_stop()`` reads its thread twice, and the thread clears it when it ends: a loop
that ends between the two reads makes ``loop_stop()`` raise AttributeError at teardown. A loop
started here ends by itself once the client disconnects, and ``stop`` waits for it.
"""

from __future__ import annotations

import threading

import paho.mqtt.client as mqtt

STOP_S = 10.0


def start(client: mqtt.Client) -> threading.Thread:
    """Run ``client``'s network loop (``loop_forever``) in a daemon thread."""
    thread = threading.Thread(target=client.loop_forever, daemon=True)
    thread.start()
    return thread


def stop(client: mqtt.Client, thread: threading.Thread) -> None:
    """Disconnect ``client`` and wait for its loop to end."""
    client.disconnect()
    thread.join(STOP_S)
