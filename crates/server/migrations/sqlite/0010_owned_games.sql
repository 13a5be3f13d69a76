-- "My games" and the profile read an account's games in play and its
-- latest finished ones. Ordered by the game's own times, that read every
-- game the account ever played (a thousand finished games: a thousand
-- reads) to keep a page of them. Each owned seat now carries the time its
-- game ended (NULL while it is in play), so that the games in play are
-- one range of this index and the latest finished ones its end, walked
-- and stopped after a page. Measured by `carolus bench --lobby`.
ALTER TABLE seat_owners ADD COLUMN ended_ms INTEGER;

UPDATE seat_owners SET ended_ms =
    (SELECT updated_ms FROM games WHERE games.id = seat_owners.game_id AND games.status = 'over');

DROP INDEX seat_owners_by_account;
CREATE INDEX seat_owners_by_account ON seat_owners (account_id, ended_ms, game_id, seat);

-- The database keeps `ended_ms` true whatever writes the game: the
-- server's batched writes of moves and results, a take back that reopens
-- a finished game, and a seat owned after its game ended.
CREATE TRIGGER seat_owners_ended_with_game AFTER UPDATE OF status ON games
WHEN (OLD.status = 'over') <> (NEW.status = 'over')
BEGIN
    UPDATE seat_owners
    SET ended_ms = CASE WHEN NEW.status = 'over' THEN NEW.updated_ms END
    WHERE game_id = NEW.id;
END;

CREATE TRIGGER seat_owners_ended_when_owned AFTER INSERT ON seat_owners
WHEN EXISTS (SELECT 1 FROM games WHERE id = NEW.game_id AND status = 'over')
BEGIN
    UPDATE seat_owners
    SET ended_ms = (SELECT updated_ms FROM games WHERE id = NEW.game_id)
    WHERE game_id = NEW.game_id AND seat = NEW.seat;
END;
