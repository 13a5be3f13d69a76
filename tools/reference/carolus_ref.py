#!/usr/bin/env python3
"""Independent reference implementation of the Carolus rules, in plain Python.

Written from the rulings alone: RULES.md (the standard game's rulings R1 to
R13, the team game's T1 to T7) and NOTATION.md (move tokens, records, the
state view), deliberately without looking at the Rust engine in
crates/rules, so that a disagreement between the two shows that one of them
misread the rules. It favours obviously-correct code over speed: the board is
a Python list of regions in clockwise order, perft copies whole positions,
and every rule is written out where it applies, with its ruling number.

Usage:
    python3 carolus_ref.py replay [--trace] FILE     print the carolus-state/1 view
    python3 carolus_ref.py replay [--trace] FILE FILE...   several, with status lines
    python3 carolus_ref.py perft [--divide] FILE DEPTH

`replay` prints the final view as one JSON line, or with --trace one view per
line after each move. Views are printed in one canonical text: keys sorted,
`legal` sorted, no spaces. An illegal or malformed move (or record) is refused with
a message on stderr naming the 1-based move index and the token, exit status 2.

`perft` counts the distinct sequences of DEPTH decisions from the position the
record reaches; the walk stops early (one leaf) at a chance node (phase
"draw") and at the end of the game.
"""

from __future__ import annotations

import json
import re
import sys

FAMILIES = "RGBYP"
TERRITORIES = 15
DISCS = [1, 2, 3, 4, 5]

# Per game kind: initial reserve, knights placed a turn, knights drawn a turn,
# castle target (rulings 3, 7, 11, 13; team game rulings 2 and 7).
SIZES = {
    (2, False): {"reserve": 7, "place": 3, "draw": 3, "target": 10},
    (3, False): {"reserve": 9, "place": 4, "draw": 4, "target": 8},
    (4, True): {"reserve": 7, "place": 3, "draw": 3, "target": 10},
}

# Token grammar of NOTATION.md: single spaces, capital family letters. Territory
# numbers and disc numbers are plain decimals without leading zeros.
TOKEN_RE = re.compile(
    r"(?:"
    r"disc (?P<disc>[1-5])"
    r"|place (?P<pf>[RGBYP]) (?P<pt>court|[1-9]|1[0-5])"
    r"|move (?P<move>[1-9][0-9]*)"
    r"|joker (?P<joker>[RGBYP])"
    r"|draw (?P<draw>[RGBYPJ]+)"
    r")"
)


class Refused(Exception):
    """A record or a move that the rules or the notation do not allow."""


def zero_families():
    return {f: 0 for f in FAMILIES}


def parse_token(token):
    """Parse a move token into a tuple, or None if it is malformed."""
    if not isinstance(token, str):
        return None
    m = TOKEN_RE.fullmatch(token)  # not match + "$": "$" allows a final newline
    if not m:
        return None
    if m.group("disc"):
        return ("disc", int(m.group("disc")))
    if m.group("pf"):
        dest = m.group("pt")
        return ("place", m.group("pf"), dest if dest == "court" else int(dest))
    if m.group("move"):
        return ("move", int(m.group("move")))
    if m.group("joker"):
        return ("joker", m.group("joker"))
    return ("draw", m.group("draw"))


class Region:
    def __init__(self, territories, knights, owner=None, castles=0):
        self.territories = territories  # clockwise from the region's first
        self.knights = knights
        self.owner = owner  # seat (standard game) or team (team game), or None
        self.castles = castles

    def copy(self):
        return Region(list(self.territories), dict(self.knights), self.owner, self.castles)

    def name(self):
        # Ruling 2: a region is named by its smallest territory number.
        return min(self.territories)


class Seat:
    def __init__(self):
        self.court = zero_families()
        self.reserve = zero_families()
        self.discs = list(DISCS)  # unused discs, ascending
        self.disc = None  # disc chosen this round
        self.jokers = 0  # drawn, not yet assigned

    def copy(self):
        s = Seat()
        s.court = dict(self.court)
        s.reserve = dict(self.reserve)
        s.discs = list(self.discs)
        s.disc = self.disc
        s.jokers = self.jokers
        return s


class Game:
    def __init__(self, players, teams, territories, order):
        self.players = players
        self.teams = teams
        self.sizes = SIZES[(players, teams)]
        self.regions = [Region([t + 1], _one(territories[t])) for t in range(TERRITORIES)]
        self.emperor = 0  # the emperor stands on territory 1 (ruling 3)
        self.control = {f: None for f in FAMILIES}
        self.seats = [Seat() for _ in range(players)]
        self.order = list(order)
        self.round = 0
        self.phase = "draw"
        self.pos = 0  # index into self.order of the seat to act / draw
        self.to_act = self.order[0]
        self.placed = 0  # knights placed in the current action turn
        self.winners = []

    def copy(self):
        g = Game.__new__(Game)
        g.players = self.players
        g.teams = self.teams
        g.sizes = self.sizes
        g.regions = [r.copy() for r in self.regions]
        g.emperor = self.emperor
        g.control = dict(self.control)
        g.seats = [s.copy() for s in self.seats]
        g.order = list(self.order)
        g.round = self.round
        g.phase = self.phase
        g.pos = self.pos
        g.to_act = self.to_act
        g.placed = self.placed
        g.winners = list(self.winners)
        return g

    # ----- sides: players in the standard game, teams in the team game -----

    def sides(self):
        return [0, 1] if self.teams else list(range(self.players))

    def members(self, side):
        # Team game ruling 1: seats 0 and 2 form team 0, seats 1 and 3 team 1.
        return [s for s in range(self.players) if s % 2 == side] if self.teams else [side]

    def castle_total(self, side):
        return sum(r.castles for r in self.regions if r.owner == side)

    def region_index(self, territory):
        for i, r in enumerate(self.regions):
            if territory in r.territories:
                return i
        raise AssertionError("territory not on the board")

    # ----- legal moves -----

    def legal(self):
        seat = self.seats[self.to_act] if self.to_act is not None else None
        if self.phase in ("draw", "over"):
            return []
        if self.phase == "joker":
            return ["joker " + f for f in FAMILIES]
        if self.phase == "disc":
            # Ruling 5: a number nobody else chose this round, if the player
            # has one; otherwise any unused disc.
            taken = {
                self.seats[s].disc
                for s in range(self.players)
                if s != self.to_act and self.seats[s].disc is not None
            }
            fresh = [d for d in seat.discs if d not in taken]
            return ["disc %d" % d for d in (fresh or seat.discs)]
        if self.phase == "place":
            out = []
            for f in FAMILIES:
                if seat.reserve[f] > 0:
                    out.append("place %s court" % f)
                    out.extend("place %s %d" % (f, r.name()) for r in self.regions)
            return out
        if self.phase == "move":
            # Ruling 8: 1 <= k <= disc and k <= number of regions.
            top = min(seat.disc, len(self.regions))
            return ["move %d" % k for k in range(1, top + 1)]
        raise AssertionError(self.phase)

    # ----- playing -----

    def play(self, token):
        """Play one token; raise Refused (state untouched) if not allowed."""
        mv = parse_token(token)
        if mv is None:
            raise Refused("malformed move token")
        if self.phase == "over":
            raise Refused("the game is over")
        kind = mv[0]
        if self.phase == "draw":
            if kind != "draw":
                raise Refused("a draw is due")
            size = self.sizes["reserve"] if self.round == 0 else self.sizes["draw"]
            if len(mv[1]) != size:
                raise Refused("a draw of %d knights is due" % size)
            self.apply(mv)
            return
        if kind == "draw":
            raise Refused("no draw is due")
        if kind == "place":
            # Any territory of a region names it; check against canonical form.
            f, dest = mv[1], mv[2]
            canon = dest if dest == "court" else self.regions[self.region_index(dest)].name()
            token = "place %s %s" % (f, canon)
        if token not in self.legal():
            raise Refused("not a legal move here")
        self.apply(mv)

    def apply(self, mv):
        """Play a parsed move already known to be legal (perft's fast path:
        it only plays tokens from legal(), so checking them again is waste)."""
        kind = mv[0]
        if kind == "draw":
            self._draw(mv[1])
        elif kind == "joker":
            self._joker(mv[1])
        elif kind == "disc":
            self._disc(mv[1])
        elif kind == "place":
            self._place(mv[1], mv[2])
        elif kind == "move":
            self._move(mv[1])

    def _draw(self, knights):
        seat = self.seats[self.to_act]
        for k in knights:
            if k == "J":
                seat.jokers += 1
            else:
                seat.reserve[k] += 1
        if seat.jokers > 0:
            self.phase = "joker"
        else:
            self._after_draw()

    def _joker(self, family):
        seat = self.seats[self.to_act]
        seat.jokers -= 1
        seat.reserve[family] += 1
        if seat.jokers == 0:
            self._after_draw()

    def _after_draw(self):
        """The current seat's reserve is complete: next drawer or next turn."""
        self.pos += 1
        if self.pos < self.players:
            self.to_act = self.order[self.pos]
            if self.round == 0:
                self.phase = "draw"  # set-up: the next player draws (ruling 3)
            else:
                self.phase = "place"  # the next player in action order
                self.placed = 0
        else:
            self._start_round()

    def _start_round(self):
        self.round += 1
        for s in self.seats:
            s.disc = None
        self.phase = "disc"
        self.pos = 0
        self.to_act = self.order[0]

    def _disc(self, n):
        seat = self.seats[self.to_act]
        seat.disc = n
        seat.discs.remove(n)
        if not seat.discs:
            seat.discs = list(DISCS)  # ruling 5: refills with the fifth disc
        self.pos += 1
        if self.pos < self.players:
            self.to_act = self.order[self.pos]
            return
        # Ruling 6: ascending disc, stable over the choosing order.
        self.order = sorted(self.order, key=lambda s: self.seats[s].disc)
        self.pos = 0
        self.to_act = self.order[0]
        self.phase = "place"
        self.placed = 0

    def _place(self, family, dest):
        seat = self.seats[self.to_act]
        seat.reserve[family] -= 1
        if dest == "court":
            seat.court[family] += 1
            # Ruling 7: strictly more than every other court takes control;
            # otherwise control does not change.
            mine = seat.court[family]
            others = [self.seats[s].court[family] for s in range(self.players) if s != self.to_act]
            if all(mine > o for o in others):
                self.control[family] = self.to_act
        else:
            self.regions[self.region_index(dest)].knights[family] += 1
        self.placed += 1
        if self.placed == self.sizes["place"]:
            self.phase = "move"

    def _move(self, k):
        self.emperor = (self.emperor + k) % len(self.regions)
        self._resolve()
        self._merge()
        # Ruling 11: end at once on the castle target or < 4 regions.
        totals = {side: self.castle_total(side) for side in self.sides()}
        if max(totals.values()) >= self.sizes["target"] or len(self.regions) < 4:
            best = max(totals.values())
            self.winners = sorted(
                s for side in self.sides() if totals[side] == best for s in self.members(side)
            )
            self.phase = "over"
            self.to_act = None
        else:
            self.phase = "draw"  # the mover replenishes (ruling 13)

    def _resolve(self):
        # Ruling 9 (team game ruling 5): a unique highest positive score wins.
        region = self.regions[self.emperor]
        scores = {}
        for side in self.sides():
            members = self.members(side)
            score = sum(region.knights[f] for f in FAMILIES if self.control[f] in members)
            if region.owner == side:
                score += region.castles
            scores[side] = score
        best = max(scores.values())
        leaders = [side for side in scores if scores[side] == best]
        if best <= 0 or len(leaders) != 1:
            return
        winner = leaders[0]
        if region.castles == 0:
            region.castles = 1
            region.owner = winner
        elif region.owner != winner:
            region.owner = winner  # same number of castles, new owner
        # the owner already holds it: nothing changes

    def _merge(self):
        # Ruling 10: join neighbours with the same owner, across the seam too,
        # until no neighbour has that owner.
        i = self.emperor
        owner = self.regions[i].owner
        if owner is None:
            return
        while len(self.regions) > 1:
            n = len(self.regions)
            cw = (i + 1) % n
            ccw = (i - 1) % n
            if self.regions[cw].owner == owner:
                here, other = self.regions[i], self.regions[cw]
                merged = Region(
                    here.territories + other.territories,
                    {f: here.knights[f] + other.knights[f] for f in FAMILIES},
                    owner,
                    here.castles + other.castles,
                )
                self.regions[i] = merged
                del self.regions[cw]
                if cw < i:
                    i -= 1
            elif self.regions[ccw].owner == owner:
                here, other = self.regions[i], self.regions[ccw]
                merged = Region(
                    other.territories + here.territories,
                    {f: here.knights[f] + other.knights[f] for f in FAMILIES},
                    owner,
                    here.castles + other.castles,
                )
                self.regions[i] = merged
                del self.regions[ccw]
                if ccw < i:
                    i -= 1
            else:
                break
        # (A region covering the whole ring, whose "first" territory the
        # notation leaves open, cannot arise: no two neighbours ever share an
        # owner, so one move merges at most three regions into one, and play
        # stops below four regions.)
        # Regions are listed starting with the one holding territory 1.
        first = self.region_index(1)
        self.regions = self.regions[first:] + self.regions[:first]
        self.emperor = (i - first) % len(self.regions)

    # ----- the carolus-state/1 view -----

    def view(self):
        v = {
            "players": self.players,
            "round": self.round,
            "phase": self.phase,
            "to_act": self.to_act,
            "order": list(self.order),
            "emperor": self.emperor,
            "regions": [
                {
                    "territories": list(r.territories),
                    "knights": dict(r.knights),
                    "owner": r.owner,
                    "castles": r.castles,
                }
                for r in self.regions
            ],
            "control": dict(self.control),
            "seats": [
                {
                    "court": dict(s.court),
                    "reserve": dict(s.reserve),
                    "discs": list(s.discs),
                    "disc": s.disc,
                    "castles": self.castle_total(i % 2 if self.teams else i),
                    "jokers": s.jokers,
                }
                for i, s in enumerate(self.seats)
            ],
            "winners": list(self.winners),
            "legal": self.legal(),
            # Facts a client reads instead of working them out (NOTATION.md):
            # the castle target (rulings 11 and 13), the seat that decides
            # (nobody while chance draws or once the game is over), and in
            # the move phase where each `move k` stops (ruling 8: k regions
            # clockwise from the emperor's).
            "castles_to_win": self.sizes["target"],
            "decider": None if self.phase in ("draw", "over") else self.to_act,
            "landings": [],
        }
        if self.phase == "move":
            top = min(self.seats[self.to_act].disc, len(self.regions))
            v["landings"] = [(self.emperor + k) % len(self.regions) for k in range(1, top + 1)]
        if self.teams:
            v["teams"] = [[0, 2], [1, 3]]
        return v


def _one(family):
    k = zero_families()
    k[family] = 1
    return k


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def game_from_record(rec):
    """Check a carolus-record/1 object and build its starting position."""
    if not isinstance(rec, dict):
        raise Refused("record: not a JSON object")
    if rec.get("format") != "carolus-record/1":
        raise Refused("record: format is not carolus-record/1")
    players = rec.get("players")
    if not _is_int(players):
        raise Refused("record: players is not an integer")
    variant = rec.get("variant")
    teams = False
    if variant is not None:
        if not isinstance(variant, dict):
            raise Refused("record: variant is not an object")
        teams = variant.get("teams", False)
        if not isinstance(teams, bool):
            raise Refused("record: variant.teams is not a boolean")
        # A variant rule we do not know would silently change the game.
        unknown = sorted(set(variant) - {"teams"})
        if unknown:
            raise Refused("record: unknown variant rule %r" % unknown[0])
    if (players, teams) not in SIZES:
        raise Refused("record: %r players%s is not a game" % (players, " in teams" if teams else ""))
    setup = rec.get("setup")
    if not isinstance(setup, dict):
        raise Refused("record: setup is not an object")
    terr = setup.get("territories")
    if not isinstance(terr, str) or len(terr) != TERRITORIES or any(c not in FAMILIES for c in terr):
        raise Refused("record: setup.territories is not 15 family letters")
    if any(terr.count(f) != 3 for f in FAMILIES):
        raise Refused("record: setup.territories needs three knights of each family")
    order = setup.get("order")
    if (
        not isinstance(order, list)
        or not all(_is_int(s) for s in order)
        or sorted(order) != list(range(players))
    ):
        raise Refused("record: setup.order is not a permutation of the seats")
    names = rec.get("names")
    if names is not None and (
        not isinstance(names, list)
        or len(names) != players
        or not all(isinstance(n, str) for n in names)
    ):
        raise Refused("record: names is not one string per seat")
    if rec.get("meta") is not None and not isinstance(rec.get("meta"), dict):
        raise Refused("record: meta is not an object")
    result = rec.get("result")
    if isinstance(result, dict) and "abandoned" in result:
        left = result["abandoned"]
        if (
            not isinstance(left, list)
            or not left
            or not all(_is_int(s) and 0 <= s < players for s in left)
            or len(set(left)) != len(left)
        ):
            raise Refused("record: result.abandoned is not a list of distinct seats")
    moves = rec.get("moves")
    if not isinstance(moves, list):
        raise Refused("record: moves is not a list")
    return Game(players, teams, terr, order), moves


def load_record(path):
    try:
        with open(path, encoding="utf-8") as fh:
            rec = json.load(fh)
    except (OSError, ValueError) as e:
        raise Refused("record: cannot read: %s" % e)
    return game_from_record(rec)


def dump(view):
    # Keys sorted and `legal` sorted: one canonical text per position, so that
    # the comparison test can match views as strings and parse only on a
    # mismatch (JSON object order and the order of `legal` carry no meaning).
    if "legal" in view:
        view = dict(view, legal=sorted(view["legal"]))
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def replay(path, trace, out=sys.stdout):
    game, moves = load_record(path)
    for i, token in enumerate(moves, start=1):
        try:
            game.play(token)
        except Refused as e:
            raise Refused("move %d %s: %s" % (i, json.dumps(token), e))
        if trace:
            out.write(dump(game.view()) + "\n")
    if not trace:
        out.write(dump(game.view()) + "\n")
    return game


def replay_many(paths, trace):
    """Replay several records in one process (Python start-up dominates the
    cost of a replay, and the comparison test replays hundreds). Each file's
    output is followed by one status line {"file": PATH, "refused": null} or
    {"file": PATH, "refused": MESSAGE}; the exit status is 2 if any refused."""
    status = 0
    for path in paths:
        refused = None
        try:
            replay(path, trace)
        except Refused as e:
            refused = str(e)
            status = 2
        sys.stdout.write(dump({"file": path, "refused": refused}) + "\n")
    return status


def perft(game, depth):
    if depth == 0 or game.phase in ("draw", "over"):
        return 1
    total = 0
    for token in game.legal():
        child = game.copy()
        child.apply(parse_token(token))
        total += perft(child, depth - 1)
    return total


def main(argv):
    usage = "usage: carolus_ref.py replay [--trace] FILE... | perft [--divide] FILE DEPTH"
    if len(argv) < 2:
        print(usage, file=sys.stderr)
        return 64
    cmd, args = argv[1], argv[2:]
    flags = {a for a in args if a.startswith("--")}
    rest = [a for a in args if not a.startswith("--")]
    try:
        if cmd == "replay" and len(rest) == 1 and flags <= {"--trace"}:
            replay(rest[0], "--trace" in flags)
            return 0
        if cmd == "replay" and len(rest) > 1 and flags <= {"--trace"}:
            return replay_many(rest, "--trace" in flags)
        if cmd == "perft" and len(rest) == 2 and flags <= {"--divide"} and rest[1].isdigit():
            game = replay(rest[0], False, out=open("/dev/null", "w"))
            depth = int(rest[1])
            if "--divide" in flags and depth > 0 and game.phase not in ("draw", "over"):
                for token in game.legal():
                    child = game.copy()
                    child.play(token)
                    print("%s: %d" % (token, perft(child, depth - 1)))
            print(perft(game, depth))
            return 0
    except Refused as e:
        sys.stdout.flush()
        print("refused: %s" % e, file=sys.stderr)
        return 2
    print(usage, file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
