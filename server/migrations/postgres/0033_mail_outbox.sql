-- The durable outbox of e-mails (issue 12): every message the site sends is first a row here,
-- written in the transaction of the change that causes it where the message can be built there
-- (a part's review status, an order shipped), otherwise before the request answers. A drainer
-- on every instance sends the due rows through SMTP or the file outbox, each under a row claim
-- (`claimed_by`, `claimed_until`), so that two instances never send one message and the row
-- of an instance that died is sent by another once its claim expired. Times are Unix seconds.
CREATE TABLE mail_outbox (
    id BIGSERIAL PRIMARY KEY,
    recipient TEXT NOT NULL,                  -- the envelope recipient
    purpose TEXT NOT NULL,                    -- account_creation, order_shipped, ...
    subject TEXT NOT NULL,
    message BYTEA NOT NULL,                   -- the formatted RFC 5322 message, sent as it is
    created_at BIGINT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,       -- claims taken to send it
    next_attempt_at BIGINT NOT NULL,          -- not sent before (back-off after a failure)
    claimed_by TEXT,                          -- the instance sending it (or that sent it)
    claimed_until BIGINT,                     -- another instance may take it after this
    sent_at BIGINT,
    failed_at BIGINT,                         -- given up: refused for good by the SMTP server
    last_error TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX mail_outbox_sent ON mail_outbox(sent_at);
