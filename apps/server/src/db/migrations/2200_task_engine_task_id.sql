-- MJ actions (ADR 0020): the engine's own id of a task's job (midjourney-proxy's task id of a grid),
-- so U1–U4 / V1–V4 / 重新生成 can name the grid to the proxy's /mj/submit/change. Null for engines
-- that keep none (the offline engine redraws from the grid's prompt and seed instead).
alter table tasks add column engine_task_id text;
