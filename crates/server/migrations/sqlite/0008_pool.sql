-- "Play now" (issue 67): the people waiting for an opponent, one row per
-- account, shared by every server of the database.
--
-- A person joins with a mode ('2p', '3p', 'teams') and a clock (the
-- store's clock text, `{"initial_s":600,"increment_s":5}`); `rating` is
-- their shown rating in the mode when they joined (a newcomer's 1500),
-- `mu` the estimate a computer filling a seat is chosen by. `joined_ms` is
-- when they began to wait (the range of ratings they accept widens from
-- it), `seen_ms` their page's last heartbeat: a row not seen for a while
-- is no one's and is left out.
--
-- A pairing claims every row of its people at once, in one transaction,
-- by setting `game_id` only where it is still NULL: of two servers
-- pairing the same people, exactly one claims them and makes the game.
-- `seat` and `token` are the person's seat of that game (the token, as
-- `seat_owners` keeps an owned seat's, so that the waiting page gets it),
-- `paired_ms` when it was made.

CREATE TABLE pool (
    account_id INTEGER PRIMARY KEY NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    mode TEXT NOT NULL,
    clock TEXT NOT NULL,
    rating INTEGER NOT NULL,
    mu REAL NOT NULL,
    joined_ms INTEGER NOT NULL,
    seen_ms INTEGER NOT NULL,
    game_id TEXT,
    seat INTEGER,
    token TEXT,
    paired_ms INTEGER
);

CREATE INDEX pool_waiting ON pool (mode, clock, joined_ms) WHERE game_id IS NULL;
