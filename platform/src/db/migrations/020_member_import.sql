-- Resumable member imports (`tuesday members import`): how many data rows of a file committed
-- batches have imported, written in each batch's transaction. A finished import deletes its row,
-- so importing the same file again starts from the top (an idempotent upsert by e-mail).
create table member_import_checkpoints (
  community_id  text not null references communities(id) on delete cascade,
  file_key      text not null,
  rows_done     bigint not null check (rows_done >= 0),
  updated_at    timestamptz not null default now(),
  primary key (community_id, file_key)
);
