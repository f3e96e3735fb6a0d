"""A program that takes a seat at an ``okgin serve`` table over the WebSocket protocol
(docs/protocol.md), the way a person's browser does, and plays it to the end of the game.

    python examples/web_bot.py http://127.0.0.1:8000/t/TABLE#TOKEN [--bot medium]

The invite link of a person seat is the seat's token: whoever holds it plays the seat. Each
decision is made by one of okgin's bots from the seat's view as the server sends it
(``View.from_json``), and sent with the version that view was made at; a refusal (the table
moved meanwhile) is answered by deciding again from the state that comes with it.
"""

from __future__ import annotations

import argparse
import json
import sys
from urllib.parse import urlsplit

from websockets.sync.client import connect

from okgin.actions import to_json
from okgin.bots import make_bot
from okgin.views import View


def play(link: str, bot_name: str = "medium", max_frames: int = 100_000) -> dict:  # type: ignore[type-arg]
    """Play the seat of ``link`` until the game is over; the last state the server sent."""
    parts = urlsplit(link)
    table_id = parts.path.rstrip("/").split("/")[-1]
    token = parts.fragment
    scheme = "wss" if parts.scheme == "https" else "ws"
    bot = make_bot(bot_name, seed=1)
    with connect(f"{scheme}://{parts.netloc}/ws/{table_id}", max_size=2**22) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        state: dict = {}  # type: ignore[type-arg]
        sent_for = -1  # the version the last message was made at
        for _ in range(max_frames):
            frame = json.loads(ws.recv(timeout=120))
            if frame["type"] == "error":
                raise SystemExit(f"the server says: {frame['message']}")
            if "view" not in frame:
                continue
            state = frame
            table, version = frame["table"], frame["version"]
            if table["game_over"]:
                return state
            if version == sent_for and frame["type"] != "refused":
                continue  # already answered this version; wait for the next change
            if table["hand_over"]:
                ws.send(json.dumps({"type": "next_hand", "version": version}))
                sent_for = version
            elif table["to_play"] == frame["view"]["seat"]:
                view = View.from_json(frame["view"])
                action = bot.act(view)
                message = {
                    "type": "action",
                    "action": to_json(action, view.own_seat),
                    "version": version,
                }
                ws.send(json.dumps(message))
                sent_for = version
    raise SystemExit("the game did not end")


def main() -> int:
    p = argparse.ArgumentParser(description="play a seat of an okgin serve table")
    p.add_argument("link", help="the seat's invite link, http://HOST:PORT/t/TABLE#TOKEN")
    p.add_argument("--bot", default="medium", help="which okgin bot decides (default medium)")
    args = p.parse_args()
    state = play(args.link, args.bot)
    view = state["view"]
    print(
        f"game over: totals {view['totals']}, winner seat {view['winner']} "
        f"(this program played seat {state['seat']})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
