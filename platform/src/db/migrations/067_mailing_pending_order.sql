-- A mailing's chunk takes the next 500 pending recipients in participant order. With the pending
-- index on mailing_id alone every chunk read and sorted all the mailing's pending rows (100,000,
-- then 99,500, ...); in this order a chunk reads its 500 rows and stops.
create index mailing_recipients_pending_order on mailing_recipients (community_id, mailing_id, participant_id) where status = 'pending';
drop index mailing_recipients_pending;
