-- AL8 (docs/spec/aigc-labels.md): the AIGC attribute of a work, for the notice on its card and detail
-- (GB 45438-2025: 1 generated, 2 possibly, 3 suspected); null: a plain upload, no notice. What Mido
-- drew or a tool made is generated; an upload keeps the label its file carried or 3 when its metadata
-- or its uploader says it was generated.
alter table artworks add column if not exists aigc_label smallint check (aigc_label in (1, 2, 3));
update artworks set aigc_label = 1 where origin in ('draw', 'tool') and aigc_label is null;
