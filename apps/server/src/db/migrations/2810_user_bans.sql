-- 用户 in the operator console (issue 29): a banned account's sessions end at the ban and every write
-- it makes afterwards is refused (platform/contract.ts, 账号已被封禁); reads stay.
alter table users add column banned_at timestamptz;
alter table users add column ban_reason text;
