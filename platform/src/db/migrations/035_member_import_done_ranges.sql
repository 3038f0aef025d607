-- `tuesday members import` writes two batches at once (two transactions), so batches can commit out
-- of file order and the checkpoint can no longer be one "rows done" count: it becomes the set of
-- data rows (1-based) that committed batches covered, each batch adding its own range in its own
-- transaction. A resumed import skips exactly those rows.
alter table member_import_checkpoints add column done int8multirange not null default '{}';
update member_import_checkpoints set done = int8multirange(int8range(1, rows_done, '[]')) where rows_done > 0;
alter table member_import_checkpoints drop column rows_done;
