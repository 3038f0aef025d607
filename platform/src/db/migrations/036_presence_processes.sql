-- Presence liveness per server process instead of per member row: each process refreshes one row
-- here every 20 s (it used to update every presence_nodes row it holds, 5,000 rows at once with
-- 5,000 members connected). A presence_nodes row counts while its node's row here is fresh; rows
-- of a process that died (or left no row) are swept.
create table presence_processes (
  node    uuid primary key,
  seen_at timestamptz not null default now()
);

alter table presence_nodes drop column seen_at;
