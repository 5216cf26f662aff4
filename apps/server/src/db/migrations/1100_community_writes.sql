-- R37: what a writer published in the last hour (posts, assignment hand-ins and comments), counted
-- before each new one. Kept when the post or comment is deleted, so deleting does not reset the limit;
-- rows older than a day are pruned by the writer's next write (features/community/communityWrites.ts).
create table community_writes (
  uid bigint not null,
  kind text not null check (kind in ('post', 'comment')),
  created_at timestamptz not null default now()
);
create index community_writes_recent on community_writes (uid, kind, created_at desc);
