-- The audit log (issue 11): every admin action, who, when, what, the state before and after
-- (JSON), written by server/src/audit.rs inside the action's own transaction. The actor's e-mail
-- is copied so that the line still names them if the account is deleted.
CREATE TABLE audit_log (
    id BIGSERIAL PRIMARY KEY,
    actor_account_id BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    actor_email TEXT NOT NULL,
    action TEXT NOT NULL,                     -- e.g. commande.statut, reduction.creation
    target TEXT NOT NULL DEFAULT '',          -- what was changed: CO-2026-000005, code BIENVENUE10
    before_json TEXT NOT NULL DEFAULT 'null',
    after_json TEXT NOT NULL DEFAULT 'null',
    created_at BIGINT NOT NULL
);
CREATE INDEX audit_log_created ON audit_log(created_at, id);
CREATE INDEX audit_log_action ON audit_log(action, created_at);
CREATE INDEX audit_log_actor ON audit_log(actor_email, created_at);

-- The statistics (server/src/db/statistics.rs) read orders by payment date, parts by creation
-- date and quotes by issue date over a period.
CREATE INDEX orders_paid_at ON orders(paid_at);
CREATE INDEX orders_created_at ON orders(created_at);
CREATE INDEX parts_created_at ON parts(created_at);
CREATE INDEX quotes_issued_at ON quotes(issued_at);
