-- Accounts, their sessions and the seats they own (issue 67). An account
-- is optional: seats keep their tokens, and a game needs no account.
--
-- `name` is the name as it was typed (shown); `name_key` is its look-alike
-- key (carolus_accounts::PlayerName::skeleton), unique, so that names that
-- differ only by case or by look-alike letters are one name. Passwords are
-- kept as Argon2id PHC strings; session ids only as SHA-256 hashes.

CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    email TEXT,
    -- 1 when the person asked for e-mails about their games.
    mail_on INTEGER NOT NULL DEFAULT 0,
    -- The language of the person's e-mails and pages: en, de or fr.
    language TEXT NOT NULL DEFAULT 'en',
    created_ms INTEGER NOT NULL
);

CREATE TABLE sessions (
    -- SHA-256 of the session id (with the kind's label); never the id.
    id_hash BLOB PRIMARY KEY NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_ms INTEGER NOT NULL,
    -- When the session ends unless a use renews it.
    expires_ms INTEGER NOT NULL
);

CREATE INDEX sessions_by_account ON sessions (account_id);

-- The seats that belong to an account: created or claimed by a person who
-- was signed in. The seat's token is kept here (and only here) so that its
-- owner gets it from any device where they sign in; the seats table keeps
-- only its hash, as for every other seat.
CREATE TABLE seat_owners (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    token TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX seat_owners_by_account ON seat_owners (account_id, game_id);

-- One-time password-reset tokens, as SHA-256 hashes: valid an hour, used
-- once (`used_ms` set by one conditional write).
CREATE TABLE password_resets (
    token_hash BLOB PRIMARY KEY NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    expires_ms INTEGER NOT NULL,
    used_ms INTEGER
);

-- Failed sign-ins, for the login throttle (carolus_accounts::throttle),
-- kept here so that every server on the database counts the same: one row
-- per key, `a:ADDRESS` (an address or IPv6 /64), `n:NAMEKEY` (an account,
-- from every address) or `p:NAMEKEY ADDRESS` (an account at an address),
-- with its failures not yet forgiven and the last one's time.
CREATE TABLE login_failures (
    key TEXT PRIMARY KEY NOT NULL,
    count INTEGER NOT NULL,
    last_ms INTEGER NOT NULL
);

-- The addresses from which an account signed in, and when last: there the
-- account's own limit does not apply (a person is not locked out at home).
CREATE TABLE login_trust (
    name_key TEXT NOT NULL,
    address TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (name_key, address)
);
