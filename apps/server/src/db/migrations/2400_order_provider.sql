-- Issue 27: an order records which payment provider took it (sandbox, alipay, wechat) and the QR
-- content that provider answered (Alipay qr_code, WeChat Pay code_url): the purchase dialog shows it on
-- every check, and query, close and reconciliation go to that provider even if the settings change.
-- Orders from before have neither: they were the sandbox's.
alter table orders add column if not exists provider text;
alter table orders add column if not exists pay_qr text;
