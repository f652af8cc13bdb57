-- Quote entries kept on the server (issue 12, finding 6): the browser keeps one small signed
-- cookie per position holding only the entry's id, so twenty entries stay well under 4 KB of
-- Cookie header whatever the file names.
CREATE TABLE quote_entries (
    id TEXT PRIMARY KEY,                      -- random, 128 bits, URL-safe base64
    data TEXT NOT NULL,                       -- the entry as JSON
    expires_at BIGINT NOT NULL
);
CREATE INDEX quote_entries_expiry ON quote_entries(expires_at);
