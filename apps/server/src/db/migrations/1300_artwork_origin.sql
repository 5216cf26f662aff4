-- How an artwork came to be, so the asset library counts uploads (上传) and AI-toolbox results (工具)
-- in tabs of their own instead of 在线 SD (docs/spec/library.md LB2). Both stay sd artworks: spec §3
-- has four types, and the detail dialog reads their parameters as sd.
alter table artworks add column origin text not null default 'draw'
  check (origin in ('draw', 'upload', 'tool'));

-- LB3: rows from before. A tool result is an sd artwork whose args name the tool (GA3); an upload is
-- an sd artwork whose image lies under a user's own upload prefix (uploads/u/{uid}/, the only place
-- POST /api/v2/artwork/upload accepts), while tasks store theirs under uploads/generated/u/{uid}/.
update artworks set origin = 'tool'
  where type = 'sd' and jsonb_typeof(parameters -> 'args') = 'array' and parameters -> 'args' @> '[{"key": "tool"}]';
update artworks set origin = 'upload'
  where type = 'sd' and origin = 'draw' and cover ~ '/uploads/u/[0-9]+/';
