-- The customer's RGPD rights (issue 26, part 3). Times are Unix seconds.
--
-- An account closed by its owner (« Supprimer mon compte ») or for inactivity keeps its row,
-- anonymised: the invoices issued to it (kept ten years, Code de commerce L123-22) name it through
-- their orders. `closed_at` says it was closed; nothing reopens it.
ALTER TABLE accounts ADD COLUMN closed_at BIGINT;
-- The last successful sign-in (password accepted), and when the account was warned that it would
-- be anonymised after three years without one. Accounts that existed before start from their
-- latest session, else from their creation.
ALTER TABLE accounts ADD COLUMN last_sign_in_at BIGINT;
ALTER TABLE accounts ADD COLUMN inactivity_warned_at BIGINT;
UPDATE accounts SET last_sign_in_at = COALESCE(
    (SELECT MAX(s.created_at) FROM sessions s WHERE s.account_id = accounts.id),
    accounts.created_at);
CREATE INDEX accounts_last_sign_in ON accounts(last_sign_in_at);

-- « Télécharger mes données »: each request is built in the background by one instance, under a
-- row claim (`claimed_by`, `claimed_until`, as the mail outbox), stored as a ZIP under
-- `exports/` and e-mailed as a link whose token (its sha256 here) is valid 24 hours.
CREATE TABLE data_exports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    status TEXT NOT NULL DEFAULT 'en_attente' CHECK (status IN ('en_attente', 'prete', 'echec')),
    requested_at BIGINT NOT NULL,
    claimed_by TEXT,
    claimed_until BIGINT,
    attempts BIGINT NOT NULL DEFAULT 0,
    storage_key TEXT NOT NULL DEFAULT '',
    size_bytes BIGINT NOT NULL DEFAULT 0,
    token_hash TEXT UNIQUE,
    ready_at BIGINT,
    expires_at BIGINT
);
CREATE INDEX data_exports_account ON data_exports(account_id, id);
CREATE INDEX data_exports_status ON data_exports(status, id);
