-- The assistant that draws (/intelligent, issue 14). A conversation belongs to one user; its messages
-- are the user's (text, attached images) and the assistant's (text, and maybe a proposed drawing: the
-- prompt, its structured parts, the image it edits, the cost shown). A drawing is charged only when the
-- user confirms it: then task_id links the agent task (tasks, 0800) that drew it.
create table assistant_conversations (
  id bigserial primary key,
  uid bigint not null,
  title text not null,
  last_text text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- my conversations, the latest active first (keyset on updated_at, id)
create index assistant_conversations_mine on assistant_conversations (uid, updated_at desc, id desc);

create table assistant_messages (
  id bigserial primary key,
  conversation_id bigint not null references assistant_conversations (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  text text not null default '',
  image_urls jsonb not null default '[]',
  -- assistant only: who answered (本地演示引擎 or the chat model)
  engine text,
  -- a proposed drawing: {prompt, structured: {subject, style, composition, lighting}, edit_of?, cost}
  drawing jsonb,
  -- the agent task once the drawing is confirmed; set once
  task_id uuid,
  created_at timestamptz not null default now()
);
-- a conversation's messages, newest first (keyset on id)
create index assistant_messages_conversation on assistant_messages (conversation_id, id desc);
