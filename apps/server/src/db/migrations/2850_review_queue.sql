-- The operator console's review queue and reports (issue 29, features/review).
-- Works already had their way to the square (audit_status: draft → pending → approved | rejected).
-- Posts, comments and articles are published at once and reviewed afterwards: reviewed_at marks one
-- an operator has looked at (it leaves the queue); taken_down_at hides it from everyone but its
-- author's own record (the community's reads skip it), with the reason the author was told.
alter table posts add column reviewed_at timestamptz;
alter table posts add column taken_down_at timestamptz;
alter table posts add column takedown_reason text check (char_length(takedown_reason) <= 200);
alter table post_comments add column reviewed_at timestamptz;
alter table post_comments add column taken_down_at timestamptz;
alter table post_comments add column takedown_reason text check (char_length(takedown_reason) <= 200);
alter table articles add column reviewed_at timestamptz;
alter table articles add column taken_down_at timestamptz;
alter table articles add column takedown_reason text check (char_length(takedown_reason) <= 200);

-- the queue's pages: oldest waiting first, each kind through its own partial index (bench/review-queue.mjs
-- times the works' one on 100,000 rows); the works' queue replaces artworks_pending (one column, no tie-break)
drop index if exists artworks_pending;
create index artworks_review_queue on artworks (audit_submitted_at, id) where audit_status = 'pending' and deleted_at is null;
create index posts_review_queue on posts (id) where reviewed_at is null and taken_down_at is null;
create index post_comments_review_queue on post_comments (id) where reviewed_at is null and taken_down_at is null;
create index articles_review_queue on articles (id) where reviewed_at is null and taken_down_at is null;

-- a report is open until an operator resolves its target: every open report of the target at once,
-- dismissed (nothing wrong) or taken_down (the target left the community)
alter table post_reports add column resolved_at timestamptz;
alter table post_reports add column resolution text check (resolution in ('dismissed', 'taken_down'));
alter table post_reports add column resolved_by bigint references users (uid) on delete set null;
alter table post_reports add constraint post_reports_resolved check ((resolved_at is null) = (resolution is null));
create index post_reports_open on post_reports (post_id, created_at desc) where resolved_at is null;
