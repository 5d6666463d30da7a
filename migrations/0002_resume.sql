-- Rooms that survive a restart: how each was set up (JSON) and every step
-- that changed it, in order, to replay on start.
ALTER TABLE rooms ADD COLUMN setup TEXT;
CREATE TABLE room_steps (
    room TEXT NOT NULL,
    n BIGINT NOT NULL,
    step TEXT NOT NULL,
    PRIMARY KEY (room, n)
);
