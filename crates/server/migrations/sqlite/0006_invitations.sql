-- Invitations, rematches and people who left (issue 65).
--
-- A game with invited seats is private: it is not listed in the lobby
-- (`listed`). The host is the creator's own seat (`host_seat`); each
-- invited seat keeps its token sealed with the host's token (`invite`,
-- see src/invite.rs) until the invited person first connects, so that the
-- host, and only the host, can read the link again meanwhile. The store
-- never holds a token it could open by itself.
--
-- `away_since_ms` is when the last connection holding a seat's token
-- closed (the game's creation for a seat never connected; NULL while
-- connected and for computers); after `abandon_after_ms` of that in a game
-- without a clock, the others may end the game as abandoned.
--
-- `rematch` names the game that a seat (`rematch_by`) offered as this
-- one's rematch.

ALTER TABLE games ADD COLUMN listed INTEGER NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN host_seat INTEGER;
ALTER TABLE games ADD COLUMN abandon_after_ms INTEGER NOT NULL DEFAULT 259200000;
ALTER TABLE games ADD COLUMN rematch TEXT;
ALTER TABLE games ADD COLUMN rematch_by INTEGER;
ALTER TABLE seats ADD COLUMN invite BLOB;
ALTER TABLE seats ADD COLUMN away_since_ms INTEGER;

CREATE INDEX games_listed ON games (status, created_ms DESC, id DESC) WHERE listed;
