-- R11: a task may read an image that a published artwork already shows to everyone (its cover or one
-- of its MJ reference images), so 做同款 from another user's work can be drawn with. The submit and
-- the worker ask "is this address public" by cover equality and by jsonb containment on the image
-- lists; these two indexes answer both without scanning the artworks.
create index if not exists artworks_cover on artworks (cover);
create index if not exists artworks_parameters_images on artworks using gin (parameters jsonb_path_ops);
