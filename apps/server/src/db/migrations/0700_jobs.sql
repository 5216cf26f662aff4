-- Periodic jobs shared by every server process (issue 4 "stateless": jobs live in the database).
-- One row per job. A process runs a due job only while it holds the row's lease, taken with a
-- conditional update, so N processes on one PostgreSQL run each job once per interval; the lease of a
-- process that died simply expires and another process takes the job over.
create table jobs (
  name text primary key,
  interval_ms bigint not null check (interval_ms > 0),
  next_run_at timestamptz not null,
  lease_owner text,
  lease_expires_at timestamptz,
  -- when the last run started and finished; last_error is that run's error (null: it succeeded)
  last_started_at timestamptz,
  last_run_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  run_count bigint not null default 0 check (run_count >= 0),
  failure_count bigint not null default 0 check (failure_count >= 0),
  check ((lease_owner is null) = (lease_expires_at is null))
);
