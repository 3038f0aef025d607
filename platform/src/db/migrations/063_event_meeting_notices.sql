-- Event 1:1 notices and reminders (docs/meetings.md "At events"): the other attendee hears of a
-- request, a booking, a decline and a cancel in the app; a booked 1:1 has a reminder job, whose
-- id is kept so that cancelling the meeting cancels the job too.

alter table event_meetings add column reminder_job_id uuid;

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'INTRO_RECEIVED', 'INTRO_ACCEPTED', 'MATCH_OF_THE_WEEK', 'EVENT_APPROVED', 'EVENT_REMINDER', 'CHAT_MESSAGE',
  'MEETING_PROPOSED', 'MEETING_PICKED', 'MEETING_CONFIRMED', 'MEETING_CANCELLED', 'MEETING_REMINDER',
  'EVENT_MEETING_REQUESTED', 'EVENT_MEETING_BOOKED', 'EVENT_MEETING_DECLINED', 'EVENT_MEETING_CANCELLED', 'EVENT_MEETING_REMINDER', 'REPORT_REVIEWED'));
