-- Payment terms for approved companies (issue 25, part 4).
-- `payment_terms`: one request per account: the company's name, SIREN and accounts e-mail, its
-- state (`demandee`, `accordee`, `refusee`), the credit limit an admin granted (cents incl. VAT)
-- or the reason of a refusal, and who decided when. Times are Unix seconds.
CREATE TABLE payment_terms (
    account_id BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    company_name TEXT NOT NULL,
    siren TEXT NOT NULL,
    accounts_email TEXT NOT NULL,
    state TEXT NOT NULL,
    credit_limit_cents BIGINT,
    refusal_reason TEXT NOT NULL DEFAULT '',
    requested_at BIGINT NOT NULL,
    decided_at BIGINT,
    decided_by BIGINT
);
CREATE INDEX payment_terms_state ON payment_terms(state, requested_at);
-- An order paid on terms (`payment_method` = 'virement_30_jours'): its invoice is issued when it is
-- placed and falls due on `due_at`; `settled_at` is when the transfer was received (NULL while
-- outstanding). Both NULL for the orders paid before production.
ALTER TABLE orders ADD COLUMN due_at BIGINT;
ALTER TABLE orders ADD COLUMN settled_at BIGINT;
CREATE INDEX orders_outstanding ON orders(due_at) WHERE due_at IS NOT NULL AND settled_at IS NULL;
-- The reminders of an invoice on terms, each sent once (`avant_echeance`, `j1`, `j15`).
CREATE TABLE payment_reminders (
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    stage TEXT NOT NULL,
    sent_at BIGINT NOT NULL,
    PRIMARY KEY (order_id, stage)
);
