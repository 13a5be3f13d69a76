#!/usr/bin/env python3
"""Writes the fuzz targets' seed inputs into fuzz/seeds/<target>/.

Records are real games played by the independent Python reference
(tools/reference/carolus_ref.py), whole and cut off, for 2 and 3 players and
the team game; tokens are one of each kind; `play` inputs are a player-count
byte, an eight-byte seed and steps; `ws_message` inputs are WebSocket messages
of a client, valid and not. Run: python3 fuzz/make_seeds.py
"""

import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tools", "reference"))
import carolus_ref as C  # noqa: E402


def game_record(players, seed, cut=None):
    rng = random.Random(seed)
    terr = list(C.FAMILIES * 3)
    rng.shuffle(terr)
    order = list(range(players))
    rng.shuffle(order)
    g = C.Game(players, players == 4, "".join(terr), order)
    moves = []
    while g.phase != "over" and (cut is None or len(moves) < cut):
        if g.phase == "draw":
            size = g.sizes["reserve"] if g.round == 0 else g.sizes["draw"]
            token = "draw " + "".join(rng.choice("RGBYPJ") for _ in range(size))
        else:
            token = rng.choice(g.legal())
        g.play(token)
        moves.append(token)
    rec = {
        "format": "carolus-record/1",
        "players": players,
        "setup": {"territories": "".join(terr), "order": order},
        "moves": moves,
    }
    if players == 4:
        rec["variant"] = {"teams": True}
    return rec


# A client's WebSocket messages: the two kinds, written as clients might,
# cut off, with fields of the wrong type, numbers at and past the limits,
# unknown fields, escapes, and bytes that are not UTF-8.
WS_MESSAGES = [
    '{"type": "auth", "token": "0123456789abcdefghijklmnopqrstuvwxyzABCDEFG"}',
    '{"type": "move", "move": "place R 3", "at": 12}',
    '{"at":0,"move":"disc 3","type":"move"}',
    '{"type": "move", "move": "draw RGJ", "at": 4.0}',
    '{"type": "move", "move": "joker Y", "at": 7e1}',
    ' {\n "type" : "auth" ,\t"token" : "x" } ',
    '{"type": "move", "move": "disc 3", "at": 1',
    '{"type": "au',
    '{"type": "move", "move": "place R 3"}',
    '{"type": "move", "move": 3, "at": "1"}',
    '{"type": "auth", "token": null}',
    '{"type": 5}',
    '{"type": "dance"}',
    '[]',
    '"auth"',
    '{"type": "move", "move": "disc 3", "at": 18446744073709551615}',
    '{"type": "move", "move": "disc 3", "at": 18446744073709551616}',
    '{"type": "move", "move": "disc 3", "at": 1e400}',
    '{"type": "move", "move": "disc 3", "at": -1}',
    '{"type": "move", "move": "disc 3", "at": 1.5}',
    '{"type": "move", "move": "disc 3", "at": -0.0}',
    '{"type": "auth", "token": "x", "extra": 1}',
    '{"type": "move", "move": "a", "move": "b", "at": 1}',
    '{"type": "auth", "token": "\\u0000\\ud83d\\ude00\\"\\\\"}',
    '{"type": "auth", "token": "\\ud800"}',
    b'{"type": "auth", "token": "\xff\xfe\xc3"}',
]


def write(target, name, data):
    d = os.path.join(HERE, "seeds", target)
    os.makedirs(d, exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(os.path.join(d, name), mode) as fh:
        fh.write(data)


def main():
    for players in (2, 3, 4):
        write("record", "p%d-full.json" % players, json.dumps(game_record(players, players)))
        write("record", "p%d-cut.json" % players, json.dumps(game_record(players, 10 + players, cut=40)))
    rec = game_record(2, 7, cut=12)
    rec["names"] = ["Ada", "Bo"]
    rec["meta"] = {"event": "seed"}
    write("record", "p2-names.json", json.dumps(rec, indent=1))
    for i, token in enumerate(
        ["disc 3", "place R court", "place P 15", "move 2", "joker Y", "draw RGJ", "draw RGBYPJRGB"]
    ):
        write("token", "t%d" % i, token)
    for i, message in enumerate(WS_MESSAGES):
        write("ws_message", "m%02d" % i, message)
    rng = random.Random(1)
    for players in range(3):
        steps = bytes(rng.randrange(0x80) for _ in range(300))
        noise = bytes(rng.randrange(256) for _ in range(300))
        write("play", "p%d-legal" % players, bytes([players]) + rng.randbytes(8) + steps)
        write("play", "p%d-mixed" % players, bytes([players]) + rng.randbytes(8) + noise)


if __name__ == "__main__":
    main()
