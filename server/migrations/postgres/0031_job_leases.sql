-- Background jobs that must run once for the whole site (the hourly purge), whatever the number
-- of server instances: the instance that takes the job's lease runs it, the others skip until the
-- lease expires. `runs` counts the leases taken (the cluster test reads it).
CREATE TABLE job_leases (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    runs BIGINT NOT NULL DEFAULT 0
);
