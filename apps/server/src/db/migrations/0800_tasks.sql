-- Drawing and tool tasks (issue 13). A task is the user's record and the money's anchor: the debit
-- (bean_ledger kind gen_charge, ref = the task id) and at most one refund (kind gen_refund, same ref)
-- hang on it; the queue job (pg-boss, schema pgboss) carries only the task id. Every state change
-- is a conditional update on `status`, so a job delivered twice runs once and a task settles once.
create table tasks (
  id uuid primary key,
  uid bigint not null,
  type text not null check (type in ('quick', 'quick_mj', 'sd', 'agent', 'tool')),
  tool text,
  status text not null default 'queued' check (status in ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  engine_kind text not null,
  engine_label text not null,
  queue text not null,
  -- the submit as decoded, seed -1 replaced by the seed drawn; random_seed remembers the -1 for retry
  params jsonb not null,
  seed bigint not null,
  random_seed boolean not null default false,
  prompt text not null default '',
  model text,
  num integer not null check (num between 1 and 4),
  cost bigint not null check (cost >= 0),
  refunded bigint not null default 0 check (refunded >= 0 and refunded <= cost),
  progress integer not null default 0 check (progress between 0 and 100),
  preview_key text,
  reason text,
  request_id text,
  retry_of uuid,
  attempts integer not null default 0,
  artwork_ids bigint[] not null default '{}',
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  heartbeat_at timestamptz
);

-- one task per (user, request_id): a repeated submit answers the first task
create unique index tasks_request on tasks (uid, request_id) where request_id is not null;
-- my tasks, newest first (keyset on created_at, id)
create index tasks_mine on tasks (uid, created_at desc, id desc);
-- queue position and the per-user limits
create index tasks_open on tasks (queue, created_at, id) where status = 'queued';
create index tasks_user_open on tasks (uid, status) where status in ('queued', 'running');
-- the recovery pass: running tasks whose worker stopped beating
create index tasks_running on tasks (heartbeat_at) where status = 'running';
