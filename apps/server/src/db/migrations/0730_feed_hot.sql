-- The inspiration square's 最热 sort (issue 12): keyset paging on (like_count, id), most liked first,
-- over the same public, approved, live rows as artworks_feed, with and without the type filter.
create index artworks_feed_hot on artworks (like_count desc, id desc)
  where deleted_at is null and is_public and audit_status = 'approved';
create index artworks_feed_type_hot on artworks (type, like_count desc, id desc)
  where deleted_at is null and is_public and audit_status = 'approved';
