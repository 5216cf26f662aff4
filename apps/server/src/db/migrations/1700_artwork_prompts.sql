-- quick, quick_mj and agent artworks keep the prompt they were drawn with in their parameters (GA5:
-- same-style carries it to /aigc or /intelligent, the detail shows it). Rows made before this had
-- none; their task still holds it, so they are filled from there. Rows without a task (demo data,
-- uploads) are left alone: the contract reads a missing prompt as "".
update artworks a
set parameters = a.parameters || jsonb_build_object('prompt', t.prompt)
from tasks t
where a.id = any (t.artwork_ids)
  and a.type in ('quick', 'quick_mj', 'agent')
  and not (a.parameters ? 'prompt')
  and t.prompt <> '';
