-- Login and identity: image captchas (R1), the SMS send log the limiter counts (R2), hashed one-time
-- codes (R3, R4), WeChat QR keys (R5) and phone-change tickets (R6). Every time is written by the
-- server's clock (deps.now), never by now(), so tests can seed the past.

-- R1: a captcha is issued for a subject ('phone:<number>' or 'user:<uid>'), single use, hashed.
create table login_captchas (
  id bigint generated always as identity primary key,
  subject text not null,
  answer_hash text not null,
  ip text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_captchas_subject on login_captchas (subject, id desc);
create index login_captchas_ip on login_captchas (ip, created_at);

-- R2: one row per SMS handed to the provider; the per-phone and per-IP limits count these rows.
create table sms_send_log (
  id bigint generated always as identity primary key,
  phone text not null,
  ip text not null,
  purpose text not null,
  sent_at timestamptz not null
);
create index sms_send_log_phone on sms_send_log (phone, sent_at);
create index sms_send_log_ip on sms_send_log (ip, sent_at);
create index sms_send_log_sent_at on sms_send_log (sent_at);

-- R3/R4: only an HMAC of the code is kept, keyed by (phone, purpose); used_at marks used, burned or replaced.
create table sms_codes (
  id bigint generated always as identity primary key,
  phone text not null,
  purpose text not null check (purpose in ('login', 'wechat_bind', 'user', 'bind')),
  code_hash text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  failed_attempts integer not null default 0 check (failed_attempts >= 0),
  used_at timestamptz
);
create index sms_codes_phone on sms_codes (phone, purpose, id desc);
create index sms_codes_recent on sms_codes (phone, created_at);

-- R5: a QR key (only its hash) for a login, or for binding WeChat to the logged-in user (uid).
create table wechat_qr_keys (
  key_hash text primary key,
  purpose text not null check (purpose in ('login', 'bind')),
  uid bigint references users (uid) on delete cascade,
  nonce_hash text,
  ip text not null,
  status text not null default 'waiting'
    check (status in ('waiting', 'scanned', 'confirmed', 'bind_phone', 'failed', 'done')),
  openid text,
  result_uid bigint references users (uid) on delete cascade,
  is_register boolean not null default false,
  error text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  poll_window_start timestamptz,
  poll_count integer not null default 0
);
create index wechat_qr_keys_ip on wechat_qr_keys (ip, created_at);

-- R6: proof that the current phone was verified, for the change_phone call that follows.
create table phone_change_tickets (
  ticket_hash text primary key,
  uid bigint not null references users (uid) on delete cascade,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index phone_change_tickets_uid on phone_change_tickets (uid);
