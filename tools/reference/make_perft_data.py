#!/usr/bin/env python3
"""Writes crates/rules/tests/data/perft.txt: positions and their perft counts
computed by the Python reference (carolus_ref.py), for the engine's perft test.

The positions come from random games played by the reference itself (its own
seeded random.Random, so nothing here depends on the engine): for each player
count it keeps the first position of each kind wanted below, as a record that
replays to it. Counts are computed for depths 1..3, and 4 where cheap.

    python3 tools/reference/make_perft_data.py [OUT]   (takes a few minutes)
"""

from __future__ import annotations

import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import carolus_ref as C  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "..", "..", "crates", "rules", "tests", "data", "perft.txt")

# Stop deepening once a count passes this: the engine's test runs in a debug
# build and the whole file should check in a few seconds.
DEEPEN_BELOW = 150_000
MAX_DEPTH = 4


def taken_by_others(g):
    return {g.seats[s].disc for s in range(g.players) if s != g.to_act and g.seats[s].disc is not None}


def can_end_now(g):
    """Whether some placement then emperor move ends the game (place phase,
    one knight left): perft must then count game-over leaves."""
    for token in g.legal():
        child = g.copy()
        child.apply(C.parse_token(token))
        for move in child.legal():
            grand = child.copy()
            grand.apply(C.parse_token(move))
            if grand.phase == "over":
                return True
    return False


def has_seam_region(g):
    return any(r.territories[0] > r.territories[-1] for r in g.regions)


# (name, test) for the positions wanted for every player count; the first
# position of a game satisfying a test is kept.
KINDS = [
    ("setup-jokers", lambda g: g.round == 0 and g.phase == "joker" and g.seats[g.to_act].jokers >= 2),
    ("round1-disc-first", lambda g: g.round == 1 and g.phase == "disc" and g.pos == 0),
    ("disc-last-chooser", lambda g: g.round >= 3 and g.phase == "disc" and g.pos == g.players - 1),
    (
        "disc-forced-repeat",
        lambda g: g.phase == "disc" and set(g.seats[g.to_act].discs) <= taken_by_others(g),
    ),
    (
        "disc-refilled-set",
        lambda g: g.phase == "disc" and g.pos > 0 and len(g.seats[g.to_act].discs) == 1,
    ),
    ("round1-place-first", lambda g: g.round == 1 and g.phase == "place" and g.placed == 0),
    (
        "place-merged-regions",
        lambda g: g.phase == "place"
        and g.placed == 0
        and len(g.regions) <= 10
        and any(len(r.territories) >= 3 for r in g.regions),
    ),
    (
        "place-seam-region",
        lambda g: g.phase == "place" and g.placed == g.sizes["place"] - 2 and has_seam_region(g),
    ),
    (
        "place-last-complete-circuit",
        lambda g: g.phase == "place"
        and g.placed == g.sizes["place"] - 1
        and g.seats[g.to_act].disc >= len(g.regions),
    ),
    (
        "place-last-game-can-end",
        lambda g: g.phase == "place" and g.placed == g.sizes["place"] - 1 and can_end_now(g),
    ),
    (
        "move-complete-circuit",
        lambda g: g.phase == "move" and g.seats[g.to_act].disc >= len(g.regions),
    ),
    ("midgame-jokers", lambda g: g.round >= 2 and g.phase == "joker" and g.seats[g.to_act].jokers >= 2),
    ("draw-due", lambda g: g.round >= 2 and g.phase == "draw"),
    ("game-over", lambda g: g.phase == "over"),
]


def random_games(players, seed):
    """Yield (game, record) at every position of seeded random games."""
    rng = random.Random(seed)
    while True:
        terr = list(C.FAMILIES * 3)
        rng.shuffle(terr)
        order = list(range(players))
        rng.shuffle(order)
        teams = players == 4
        g = C.Game(players, teams, "".join(terr), order)
        rec = {
            "format": "carolus-record/1",
            "players": players,
            "setup": {"territories": "".join(terr), "order": order},
            "moves": [],
        }
        if teams:
            rec["variant"] = {"teams": True}
        yield g, rec
        while g.phase != "over":
            if g.phase == "draw":
                size = g.sizes["reserve"] if g.round == 0 else g.sizes["draw"]
                token = "draw " + "".join(rng.choice("RGBYPJ") for _ in range(size))
            else:
                token = rng.choice(g.legal())
            g.play(token)
            rec["moves"].append(token)
            yield g, rec


def find_positions(players, seed):
    found = {}
    for g, rec in random_games(players, seed):
        for name, test in KINDS:
            if name not in found and test(g):
                found[name] = json.dumps(rec, separators=(",", ":"))
        if len(found) == len(KINDS):
            break
    return [(name, found[name]) for name, _ in KINDS]


def counts_for(record_json):
    game, moves = C.game_from_record(json.loads(record_json))
    for token in moves:
        game.play(token)
    counts = []
    for depth in range(1, MAX_DEPTH + 1):
        if depth > 3 and counts[-1] >= DEEPEN_BELOW:
            break
        counts.append(C.perft(game, depth))
    return counts


HEADER = """\
# Perft counts for the Carolus rules engine (crates/rules/tests/perft.rs).
#
# perft(position, depth) = the number of distinct sequences of `depth`
# decisions (tokens of Game::legal_moves) from the position; the walk stops
# early, counting one leaf, at a chance node (phase "draw") and at the end of
# the game.
#
# Format: one position per line, `NAME N1 N2 N3 [N4] RECORD`, where Nd is the
# count at depth d and RECORD is a carolus-record/1 (one JSON line) that
# replays to the position. Lines starting with # and blank lines are ignored.
#
# Where the numbers come from: the independent Python reference,
# tools/reference/carolus_ref.py (written from RULES.md and NOTATION.md without reading the
# engine), via tools/reference/make_perft_data.py, which also picks the
# positions from the reference's own seeded random games: for 2 and 3 players
# and the 4-player team game, set-up and mid-game jokers, disc choice
# (first chooser, last chooser, a forced repeat, a set about to refill),
# placements on the open board, with merged regions and with a region across
# the seam, the last placement before a complete circuit or a game-ending
# move, the emperor's move, a due draw and a finished game.
# Do not edit the numbers by hand: regenerate with
#     python3 tools/reference/make_perft_data.py
"""


def main(argv):
    out_path = argv[1] if len(argv) > 1 else DEFAULT_OUT
    lines = [HEADER]
    for players, seed in ((2, 2002), (3, 3003), (4, 4004)):
        lines.append("\n# %d players%s\n" % (players, " (team game)" if players == 4 else ""))
        for name, record_json in find_positions(players, seed):
            counts = counts_for(record_json)
            label = "p%d-%s" % (players, name)
            print(label, counts, file=sys.stderr, flush=True)
            lines.append("%s %s %s\n" % (label, " ".join(map(str, counts)), record_json))
    os.makedirs(os.path.dirname(os.path.abspath(out_path)), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as fh:
        fh.writelines(lines)


if __name__ == "__main__":
    main(sys.argv)
