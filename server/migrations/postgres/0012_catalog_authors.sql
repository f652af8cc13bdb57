-- Who saved each catalog version (the seed has none): the admin's account, kept as an e-mail
-- too so that the history still names an account removed since.
ALTER TABLE catalogs ADD COLUMN created_by_account_id BIGINT REFERENCES accounts(id) ON DELETE SET NULL;
ALTER TABLE catalogs ADD COLUMN created_by_email TEXT NOT NULL DEFAULT '';
