-- Quote entries kept on the server (issue 12, finding 6): the browser keeps one small signed
-- cookie per position holding only the entry's id, so twenty entries stay well under 4 KB of
-- Cookie header whatever the file names.
CREATE TABLE quote_entries (
    id TEXT PRIMARY KEY,                      -- random, 128 bits, URL-safe base64
    data TEXT NOT NULL,                       -- the entry as JSON
    expires_at BIGINT NOT NULL
);
CREATE INDEX quote_entries_expiry ON quote_entries(expires_at);

-- Uploads remember the address they came from: the daily quota counts per address and per
-- account (issue 12, finding 5).
ALTER TABLE temp_uploads ADD COLUMN ip TEXT NOT NULL DEFAULT '';
CREATE INDEX temp_uploads_ip ON temp_uploads(ip, created_at);
CREATE INDEX temp_uploads_account ON temp_uploads(account_id, created_at);

-- The server's analysis of a file, by the file's sha256 and the analysis options (unit and
-- machines): the same file dropped again, by anybody, is not analysed again.
CREATE TABLE analysis_cache (
    sha256 TEXT NOT NULL,
    options_key TEXT NOT NULL,                -- sha256 of the options' JSON (unit included)
    analysis TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (sha256, options_key)
);
