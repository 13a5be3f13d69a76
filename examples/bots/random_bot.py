#!/usr/bin/env python3
"""A minimal external bot for Carolus: it plays a random legal move.

It speaks the bot protocol described in BOTS.md: it reads one JSON request
per line on standard input and writes one JSON answer per line on standard
output. The match runner sends the position's state view (`state`, in the
carolus-state/1 format) with every request, so this bot needs no rules of
its own: it picks one of `state.legal`. Only Python's standard library is
used.

Try it:

    carolus match --bot "cmd:python3 examples/bots/random_bot.py" --bot greedy --games 10

Write your own bot by changing `choose`. Anything printed to standard error
is yours (the match runner shows its last lines if the bot crashes); standard
output is for answers only, one line per request, flushed at once.
"""

import json
import random
import sys


def choose(state, rng):
    """Returns the move token to play in `state` (a carolus-state/1 view)."""
    return rng.choice(state["legal"])


def answer(line, rng):
    """The answer line for one request line."""
    try:
        request = json.loads(line)
    except ValueError as error:
        return {"error": f"the request is not valid JSON: {error}"}
    if not isinstance(request, dict):
        return {"error": "the request must be a JSON object"}
    state = request.get("state")
    if not isinstance(state, dict):
        # `carolus bot` works from the record alone; this bot needs the
        # state view that the match runner adds.
        return {"error": "field `state`: missing; this bot needs the state view"}
    legal = state.get("legal")
    if not isinstance(legal, list) or not legal:
        return {"error": "no decision is due: `state.legal` is empty"}
    players = state.get("players", len(state.get("seats", [])))
    # A random bot knows nothing about who is ahead: even chances.
    win = [round(1 / players, 4)] * players if players else []
    return {"move": choose(state, rng), "info": {"win": win, "iterations": 0}}


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else None
    rng = random.Random(seed)
    for line in sys.stdin:
        if not line.strip():
            continue
        sys.stdout.write(json.dumps(answer(line, rng)) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
