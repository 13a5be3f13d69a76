-- The computer's analysis of a finished game, made once and kept: a JSON
-- document (see src/analysis.rs). A game has at most one.

CREATE TABLE analyses (
    game_id TEXT PRIMARY KEY NOT NULL REFERENCES games (id),
    body TEXT NOT NULL
);
