-- Games, their seats and their moves. A game's record is its header (the
-- set-up, names and meta, as a record without moves) and its rows in
-- `moves`; the primary key of `moves` is what makes a position accept at
-- most one move, whichever server process offers it.

CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    created_ms INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    players INTEGER NOT NULL,
    teams INTEGER NOT NULL,
    hints INTEGER NOT NULL,
    -- The clock settings as JSON, or NULL for a game without a clock.
    clock TEXT,
    -- The record without its moves: format, players, variant, set-up, names.
    header TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'running', 'over')),
    -- The number of moves in the record, kept with every append.
    length INTEGER NOT NULL,
    -- When the seat to act began its turn (milliseconds since 1970), for
    -- clocks that must survive a restart.
    turn_started_ms INTEGER,
    result TEXT
);

CREATE INDEX games_by_status ON games (status, created_ms DESC, id DESC);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    name TEXT,
    -- The computer's level for a computer seat, else NULL.
    ai_level INTEGER,
    -- 1 for a seat created open, whether or not it has been claimed since.
    open INTEGER NOT NULL,
    -- SHA-256 of the seat's token; NULL for computer seats and unclaimed
    -- open seats. Tokens themselves are never stored.
    token_hash BLOB,
    -- Milliseconds left on a real-time clock, else NULL.
    clock_ms INTEGER,
    -- 1 once the seat's time ran out (the computer plays it from then on).
    timed_out INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    token TEXT NOT NULL,
    played_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);
