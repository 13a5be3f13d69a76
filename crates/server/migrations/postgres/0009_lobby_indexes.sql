-- The public game list without a status (`GET /api/games`), newest
-- first: walked in this index's order and stopped after a page, instead
-- of reading every listed game and sorting them. (The lists of one status
-- walk `games_listed`, migration 0006.) Measured by `carolus bench
-- --lobby` on a database of a million games.
CREATE INDEX games_listed_by_time ON games (created_ms DESC, id DESC) WHERE listed;
