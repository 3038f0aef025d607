-- Unique keys of tenant tables carry community_id (docs/operations.md, "Past one database"): Citus
-- accepts a unique constraint on a table distributed by community_id only when it includes
-- community_id. Every lookup through these keys names the community already.

-- A mail's dedupe key is unique within its community (the keys carry ids that are unique anyway).
alter table mail_outbox add constraint mail_outbox_community_dedupe_key unique (community_id, dedupe_key);
alter table mail_outbox drop constraint mail_outbox_dedupe_key_key;

-- A one-click unsubscribe link is looked up within the community whose address it was sent from.
alter table mailing_recipients add constraint mailing_recipients_community_unsubscribe_hash unique (community_id, unsubscribe_hash);
alter table mailing_recipients drop constraint mailing_recipients_unsubscribe_hash_key;
alter table mailing_recipients drop constraint mailing_recipients_pkey;
alter table mailing_recipients add primary key (community_id, mailing_id, participant_id);

-- An API key's secret is looked up with the community of the request's host.
alter table api_keys add constraint api_keys_community_key_hash unique (community_id, key_hash);
alter table api_keys drop constraint api_keys_key_hash_key;
-- Idempotency records point at their key within the community; api_keys (id) alone is then unused.
alter table api_idempotency drop constraint api_idempotency_key_id_fkey;
alter table api_idempotency add constraint api_idempotency_key_fkey foreign key (community_id, key_id) references api_keys (community_id, id) on delete cascade;
drop index api_keys_id;

-- Webhook endpoints are read and written by (community_id, id), their primary key.
drop index webhook_endpoints_id;
