-- How many times a decision was taken back in a game against the computer.
-- A take back shortens the record, which may then grow back to a length it
-- had with other moves: a change is guarded by the length and this count
-- together, so that a change made from the position before a take back is
-- refused after it.

ALTER TABLE games ADD COLUMN takebacks BIGINT NOT NULL DEFAULT 0;
