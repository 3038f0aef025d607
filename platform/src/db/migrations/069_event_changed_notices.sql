-- A changed or cancelled event tells its attendees (decision 0231): in the app as well as by mail.

alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'INTRO_RECEIVED', 'INTRO_ACCEPTED', 'MATCH_OF_THE_WEEK', 'EVENT_APPROVED', 'EVENT_REMINDER', 'EVENT_CHANGED', 'EVENT_CANCELLED', 'CHAT_MESSAGE',
  'MEETING_PROPOSED', 'MEETING_PICKED', 'MEETING_CONFIRMED', 'MEETING_CANCELLED', 'MEETING_REMINDER',
  'EVENT_MEETING_REQUESTED', 'EVENT_MEETING_BOOKED', 'EVENT_MEETING_DECLINED', 'EVENT_MEETING_CANCELLED', 'EVENT_MEETING_REMINDER', 'REPORT_REVIEWED'));
