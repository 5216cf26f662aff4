-- WeChat's UnionID (issue 27): one person across the apps of one WeChat Open Platform account. An
-- Official Account bound to one reports it (cgi-bin/user/info); a login finds the account by openid,
-- else by unionid. A QR key waiting for a phone keeps it until the account is made.
alter table users add column wechat_unionid text unique;
alter table wechat_qr_keys add column unionid text;
