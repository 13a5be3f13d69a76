-- Ratings (issue 67): a rated game's flag, each account's rating per mode,
-- the history of changes (one row per rated seat of a game, for the
-- profile's graph and the finished game's view), and the marker that makes
-- each rated game's update happen once.
--
-- `mode` is '2p', '3p' or 'teams'; `mu` and `sigma` are OpenSkill's
-- (carolus_accounts::rating). The update of a game inserts its row in
-- `rated_games` first, in the same transaction as the ratings and the
-- history: a second server finishing or following the same game finds the
-- row (its insert does nothing) and writes nothing.

ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    mode TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (account_id, mode)
);

CREATE INDEX ratings_by_mode ON ratings (mode, (mu - 3 * sigma) DESC);

CREATE TABLE rating_history (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    mode TEXT NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX rating_history_by_account ON rating_history (account_id, mode, at_ms);

-- The finished rated games, which each start looks through for updates a
-- stopped server never applied (those without a row in `rated_games`).
CREATE INDEX games_rated_over ON games (id) WHERE rated AND status = 'over';

CREATE TABLE rated_games (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id),
    applied_ms INTEGER NOT NULL
);
