-- Mail (turn by e-mail): the outbox of mails to send, the addresses that
-- asked for no more mails, and the key that signs unsubscribe links.
--
-- A mail is queued in the outbox when the event happens (a turn, a game's
-- end, a password reset) and sent later by a mail worker. The unique key
-- (event, recipient) keeps one event from being queued twice for one
-- address. A worker claims rows for a while (claimed_by, lease_until_ms)
-- before it sends them; a worker that dies leaves its rows to be claimed
-- again once the lease lapses. `outcome` is NULL while a mail waits, then
-- 'sent', 'skipped' (no longer wanted when its time came: the person
-- moved, was at the table, or unsubscribed) or 'failed' (refused for good,
-- or too many attempts; the reason in last_error).

CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    -- What happened, e.g. turn:GAME:TAKEBACKS:PLY, ended:GAME, reset:ID.
    event TEXT NOT NULL,
    -- The address, as the accounts gave it.
    recipient TEXT NOT NULL,
    -- The language code of the mail: en, de or fr.
    language TEXT NOT NULL,
    -- turn, ended or reset.
    kind TEXT NOT NULL CHECK (kind IN ('turn', 'ended', 'reset')),
    -- What the mail says, as JSON (game, names, result, link).
    payload TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    -- Not sent before this time (a grace period, or the next retry).
    due_ms INTEGER NOT NULL,
    claimed_by TEXT,
    lease_until_ms INTEGER,
    attempts INTEGER NOT NULL DEFAULT 0,
    outcome TEXT CHECK (outcome IN ('sent', 'skipped', 'failed')),
    sent_ms INTEGER,
    last_error TEXT,
    UNIQUE (event, recipient)
);

-- Workers look only at mails still waiting.
CREATE INDEX mail_outbox_waiting ON mail_outbox (due_ms) WHERE outcome IS NULL;

CREATE TABLE mail_optouts (
    -- The address in lower case.
    address TEXT PRIMARY KEY NOT NULL,
    created_ms INTEGER NOT NULL
);

-- One row: the key that signs unsubscribe links, made by the first server
-- that needs it and shared by every server on the database.
CREATE TABLE mail_key (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    key BLOB NOT NULL
);
