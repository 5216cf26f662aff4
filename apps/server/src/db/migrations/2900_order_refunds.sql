-- Issue 29: refunds of paid orders, asked by an operator from the console (features/commerce/orderRefunds.ts).
-- One refund per order (a full refund): the primary key is what makes a double click refund once. The
-- refund number is what the provider keys its idempotency on (Alipay out_request_no, WeChat Pay
-- out_refund_no). What was taken back (beans, membership days) is recorded, so a refund the provider
-- refuses gives exactly that back. The order itself stays 'success' for the buyer's API (a refunded order
-- was paid); the console shows 已退款 from this table.
create table order_refunds (
  order_id bigint primary key references orders (id),
  refund_no text not null unique,
  amount_fen bigint not null check (amount_fen > 0),
  state text not null check (state in ('processing', 'refunded', 'failed')),
  beans_taken bigint not null default 0 check (beans_taken >= 0),
  vip_days_taken integer not null default 0 check (vip_days_taken >= 0),
  -- a refund the provider refused is given back; asking again takes back again (ledger ref <trade_no>#<attempt>)
  attempts integer not null default 1 check (attempts >= 1),
  reason text not null,
  actor_uid bigint not null,
  detail text not null default '',
  created_at timestamptz not null,
  finished_at timestamptz
);
create index order_refunds_processing on order_refunds (created_at) where state = 'processing';

-- The sandbox provider's own books of refunds (the real providers keep theirs): the pay page shows 已退款.
create table sandbox_refunds (
  refund_no text primary key,
  trade_no text not null unique,
  amount_fen bigint not null check (amount_fen > 0),
  created_at timestamptz not null
);

-- Issue 29: a reconciliation break is resolved by an operator with a note saying what was done.
alter table reconciliation_breaks add column if not exists resolved_by bigint;
alter table reconciliation_breaks add column if not exists resolution_note text;
