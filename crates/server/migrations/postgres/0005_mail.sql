-- Mail (turn by e-mail), as migrations/sqlite/0005_mail.sql keeps it, in
-- PostgreSQL's types: the outbox, the addresses that asked for no more
-- mails, and the key that signs unsubscribe links.
--
-- Several servers share the outbox: a worker claims waiting rows with
-- FOR UPDATE SKIP LOCKED and a lease counted in the database's time
-- (claimed_by, lease_until_ms), so that exactly one server sends each
-- mail, and a server that dies leaves its rows to another once the lease
-- lapses. The unique key (event, recipient) keeps one event from being
-- queued twice for one address, whichever server queues it.

CREATE TABLE mail_outbox (
    id BIGSERIAL PRIMARY KEY,
    event TEXT NOT NULL,
    recipient TEXT NOT NULL,
    language TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('turn', 'ended', 'reset')),
    payload TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    due_ms BIGINT NOT NULL,
    claimed_by TEXT,
    lease_until_ms BIGINT,
    attempts BIGINT NOT NULL DEFAULT 0,
    outcome TEXT CHECK (outcome IN ('sent', 'skipped', 'failed')),
    sent_ms BIGINT,
    last_error TEXT,
    UNIQUE (event, recipient)
);

CREATE INDEX mail_outbox_waiting ON mail_outbox (due_ms) WHERE outcome IS NULL;

CREATE TABLE mail_optouts (
    address TEXT PRIMARY KEY NOT NULL,
    created_ms BIGINT NOT NULL
);

CREATE TABLE mail_key (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    key BYTEA NOT NULL
);
