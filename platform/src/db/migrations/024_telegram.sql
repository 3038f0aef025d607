-- Telegram: the chats members connected through the bot, the one-time codes of the bot's deep
-- link, notifications sent through Telegram, and Telegram mailings (on the mailings tables).

-- A member's Telegram chat in one community. `blocked_at`: the Bot API answered 403 (the member
-- blocked the bot); nothing is sent until they connect again.
create table telegram_links (
  community_id   text not null,
  participant_id uuid not null,
  user_id        uuid not null references users(id) on delete cascade,
  chat_id        text not null check (chat_id ~ '^-?[0-9]{1,20}$'),
  username       text,
  connected_at   timestamptz not null default now(),
  blocked_at     timestamptz,
  primary key (community_id, participant_id),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);

-- The start parameter of t.me/<bot>?start=<code>: only its SHA-256 is kept; one per member at a time.
create table telegram_connect_codes (
  code_hash      text primary key,
  community_id   text not null,
  participant_id uuid not null,
  user_id        uuid not null references users(id) on delete cascade,
  expires_at     timestamptz not null,
  unique (community_id, participant_id),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);

-- A notification also goes to the member's Telegram when they connected it and did not turn the
-- channel off: 'pending' when stored, then 'sent' or 'failed' by the telegram.notifications job.
alter table notifications add column telegram_status text check (telegram_status in ('pending', 'sent', 'failed'));
create index notifications_telegram_pending on notifications (created_at) where telegram_status = 'pending';

-- Telegram mailings share the mailings tables: a recipient has a Telegram chat instead of an
-- e-mail, and is sent (or failed) by the job itself rather than through the mail outbox.
alter table mailings drop constraint mailings_kind_check;
alter table mailings add constraint mailings_kind_check check (kind in ('email', 'telegram', 'telegram_image'));
-- telegram_image: the media key of the (already re-encoded) picture sent to every recipient.
alter table mailings add column image_key text;
alter table mailing_recipients alter column email drop not null;
alter table mailing_recipients add column telegram_chat_id text;
alter table mailing_recipients add column error text;
alter table mailing_recipients drop constraint mailing_recipients_status_check;
alter table mailing_recipients add constraint mailing_recipients_status_check check (status in ('pending', 'queued', 'skipped', 'sent', 'failed'));
