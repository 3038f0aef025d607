-- Directory: indexes for the member list's default order, its city filter and the location views.
-- The search itself uses the GIN indexes of 002 (search_document, full_name trigrams, tags).

-- The unsearched list walks this index in its order (complete profiles first, newest first), so a
-- page costs its own rows, not a sort of the whole community. Only listed members are indexed.
create index participants_directory_order on participants
  (community_id, (profile_completed_at is null), created_at desc, id desc)
  where moderation_status = 'confirmed' and profile_enabled;

-- City filter and the cities of the filter options: only members who share their location.
create index participants_directory_city on participants (community_id, lower(btrim(city)))
  where share_location and city is not null;

-- Map and "near me": members who share coordinates, bounded by latitude first.
create index participants_directory_location on participants (community_id, latitude, longitude)
  where share_location and latitude is not null and longitude is not null;
