-- The playground's storage: user variants, rooms (which instance hosts
-- each) and finished games. Plain types only, so that one file serves
-- SQLite and PostgreSQL.
CREATE TABLE variants (
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    visibility TEXT NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE INDEX variants_public ON variants (visibility, created);

CREATE TABLE rooms (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    clock TEXT,
    instance TEXT NOT NULL,
    created BIGINT NOT NULL,
    closed BIGINT
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    room TEXT NOT NULL,
    number BIGINT NOT NULL,
    variant TEXT NOT NULL,
    format TEXT NOT NULL,
    result TEXT NOT NULL,
    record TEXT NOT NULL,
    finished BIGINT NOT NULL
);
CREATE INDEX games_room ON games (room, number);
