-- A post's share_count counts each sharer once a China day (R12: counts are the server's and cannot
-- be pumped by calling share in a loop). A sharer is `user:<uid>`, or `ip:<address>` when logged out.
create table post_shares (
  post_id bigint not null references posts (id) on delete cascade,
  sharer text not null,
  day text not null,
  primary key (post_id, sharer, day)
);
