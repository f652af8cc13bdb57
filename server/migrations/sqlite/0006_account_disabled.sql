-- An admin may disable an account (issue 11): its sessions are deleted at once, it cannot sign
-- in again, and its orders, parts and invoices stay. NULL while the account is active.
ALTER TABLE accounts ADD COLUMN disabled_at BIGINT;
CREATE INDEX accounts_created ON accounts(created_at, id);
