-- R45 / R30: order create takes an Idempotency-Key header, scoped to the user. The key row is
-- inserted first in the create transaction (a concurrent request with the same key waits on the
-- primary key), so one key makes one order; a retry answers that order, and a different payload
-- under the same key is refused. Keys older than a day are purged by the jobs.
create table order_idempotency_keys (
  uid bigint not null references users (uid),
  key text not null check (length(key) between 1 and 255),
  request_hash text not null,
  order_id bigint references orders (id),
  created_at timestamptz not null,
  primary key (uid, key)
);
create index order_idempotency_keys_created on order_idempotency_keys (created_at);

-- Fixed-window request counters shared by every process (R29: order status polls per user).
create table rate_windows (
  key text not null,
  window_start timestamptz not null,
  hits integer not null check (hits > 0),
  primary key (key, window_start)
);
create index rate_windows_start on rate_windows (window_start);
