-- "My games" and the profile read an account's games in play and its
-- latest finished ones. Ordered by the game's own times, that read every
-- game the account ever played (a thousand finished games: a thousand
-- reads) to keep a page of them. Each owned seat now carries the time its
-- game ended (NULL while it is in play), so that the games in play are
-- one range of this index and the latest finished ones its end, walked
-- and stopped after a page. Measured by `carolus bench --lobby`.
ALTER TABLE seat_owners ADD COLUMN ended_ms BIGINT;

UPDATE seat_owners o SET ended_ms = g.updated_ms
FROM games g WHERE g.id = o.game_id AND g.status = 'over';

DROP INDEX seat_owners_by_account;
CREATE INDEX seat_owners_by_account ON seat_owners (account_id, ended_ms, game_id, seat);

-- The database keeps `ended_ms` true whatever writes the game: the
-- server's batched writes of moves and results, a take back that reopens
-- a finished game, and a seat owned after its game ended.
CREATE FUNCTION seat_owners_ended_with_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE seat_owners
    SET ended_ms = CASE WHEN NEW.status = 'over' THEN NEW.updated_ms END
    WHERE game_id = NEW.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER seat_owners_ended_with_game AFTER UPDATE OF status ON games
FOR EACH ROW WHEN ((OLD.status = 'over') IS DISTINCT FROM (NEW.status = 'over'))
EXECUTE FUNCTION seat_owners_ended_with_game();

CREATE FUNCTION seat_owners_ended_when_owned() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.ended_ms := (SELECT updated_ms FROM games WHERE id = NEW.game_id AND status = 'over');
    RETURN NEW;
END
$$;

CREATE TRIGGER seat_owners_ended_when_owned BEFORE INSERT ON seat_owners
FOR EACH ROW EXECUTE FUNCTION seat_owners_ended_when_owned();
