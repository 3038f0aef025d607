-- Attendee matchmaking (issue 12, point 8): an event with networking on recommends contacts among
-- its confirmed attendees. networking_opens_hours: how many hours before the start the
-- recommendations show (null: as soon as the attendance is confirmed).

alter table events
  add column networking boolean not null default false,
  add column networking_opens_hours integer check (networking_opens_hours between 0 and 8760);
