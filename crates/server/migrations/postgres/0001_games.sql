-- Games, their seats and their moves, as migrations/sqlite/0001_games.sql
-- keeps them, in PostgreSQL's types. A game's record is its header (the
-- set-up, names and meta, as a record without moves) and its rows in
-- `moves`; the primary key of `moves` and the length guard on `games` are
-- what make a position accept at most one move, whichever server process
-- offers it.
--
-- Several servers share this database, so a game also says when work that
-- no person does falls due (a computer's move, a clock running out) and
-- which server has claimed that work until when (a lease): the work is
-- done once, and taken over by another server when the lease lapses.

CREATE TABLE games (
    id TEXT PRIMARY KEY NOT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    players BIGINT NOT NULL,
    teams BOOLEAN NOT NULL,
    hints BOOLEAN NOT NULL,
    -- The clock settings as JSON, or NULL for a game without a clock.
    clock TEXT,
    -- The record without its moves: format, players, variant, set-up, names.
    header TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'running', 'over')),
    -- The number of moves in the record, kept with every append.
    length BIGINT NOT NULL,
    -- When the seat to act began its turn (milliseconds since 1970), for
    -- clocks that must survive a restart.
    turn_started_ms BIGINT,
    result TEXT,
    -- When a server must act by itself (milliseconds since 1970): at once
    -- when the computer is to act, else when the clock of the seat to act
    -- runs out; NULL when only a person can change the game.
    due_ms BIGINT,
    -- The server that claimed that work, and until when; every committed
    -- change ends the claim.
    worker TEXT,
    worker_until_ms BIGINT
);

CREATE INDEX games_by_status ON games (status, created_ms DESC, id DESC);

-- Only games with work due are looked at by the servers' sweeps.
CREATE INDEX games_due ON games (due_ms) WHERE due_ms IS NOT NULL;

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    name TEXT,
    -- The computer's level for a computer seat, else NULL.
    ai_level BIGINT,
    -- Whether the seat was created open, claimed since or not.
    open BOOLEAN NOT NULL,
    -- SHA-256 of the seat's token; NULL for computer seats and unclaimed
    -- open seats. Tokens themselves are never stored.
    token_hash BYTEA,
    -- Milliseconds left on a real-time clock, else NULL.
    clock_ms BIGINT,
    -- Whether the seat's time ran out (the computer plays it from then on).
    timed_out BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games (id),
    ply BIGINT NOT NULL,
    token TEXT NOT NULL,
    played_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
