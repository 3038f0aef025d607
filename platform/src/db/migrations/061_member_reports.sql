-- In-app reports (issue 27 item 6): a member reports another member of the same community with a
-- reason and an optional note; moderators and admins resolve each report with an action (dismiss,
-- hide the member's profile, block the member). One open report per reporter and reported member
-- (docs/decisions/0162-in-app-reports.md).

create table member_reports (
  community_id  text not null,
  id            uuid not null default gen_random_uuid(),
  reporter_id   uuid not null,
  reported_id   uuid not null,
  reason        text not null check (reason in ('SPAM', 'INAPPROPRIATE', 'FAKE', 'HARASSMENT', 'OTHER')),
  note          text check (char_length(note) <= 1000),
  status        text not null default 'OPEN' check (status in ('OPEN', 'RESOLVED')),
  action        text check (action in ('DISMISS', 'HIDE', 'BLOCK')),
  -- The moderator's or admin's participant id; null when a platform operator resolved it.
  resolved_by   uuid,
  resolved_at   timestamptz,
  created_at    timestamptz not null default now(),
  primary key (community_id, id),
  check (reporter_id <> reported_id),
  check ((status = 'OPEN') = (action is null)),
  check ((status = 'OPEN') = (resolved_at is null)),
  foreign key (community_id, reporter_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, reported_id) references participants (community_id, id) on delete cascade,
  foreign key (community_id, resolved_by) references participants (community_id, id) on delete set null (resolved_by)
);
create unique index member_reports_open_pair on member_reports (community_id, reporter_id, reported_id) where status = 'OPEN';
create index member_reports_queue on member_reports (community_id, status, created_at desc, id desc);
create index member_reports_reported on member_reports (community_id, reported_id) where status = 'OPEN';

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'INTRO_RECEIVED', 'INTRO_ACCEPTED', 'MATCH_OF_THE_WEEK', 'EVENT_APPROVED', 'EVENT_REMINDER', 'CHAT_MESSAGE',
  'MEETING_PROPOSED', 'MEETING_PICKED', 'MEETING_CONFIRMED', 'MEETING_CANCELLED', 'MEETING_REMINDER', 'REPORT_REVIEWED'));
