-- WeChat Official Account login (issue 27). One access_token per app id, shared by every process:
-- whoever finds it stale takes the refresh lease (refreshing_until) with a conditional update, fetches
-- a new one, and writes it back; the others wait for it instead of fetching their own (ADR 0019).
create table wechat_mp_tokens (
  app_id text primary key,
  access_token text,
  expires_at timestamptz,
  refreshing_until timestamptz
);

-- The events the message callback acted on, by WeChat's own de-duplication key (FromUserName +
-- CreateTime for events, MsgId for messages): a retried or replayed push finds its key taken.
create table wechat_mp_events (
  dedupe_key text primary key,
  received_at timestamptz not null
);
create index wechat_mp_events_received on wechat_mp_events (received_at);
