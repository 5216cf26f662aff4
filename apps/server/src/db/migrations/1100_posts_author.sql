-- R37: a writer's posts of the last hour, counted before each publish (features/community/communityPosts.ts).
create index posts_author on posts (uid, created_at desc);
