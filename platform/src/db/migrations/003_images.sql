-- Images: a participant's avatar and the stored media files behind it.

-- Shape: {id, key, sizes: {"108": url, "256": url, "512": url}, width, height, updatedAt}.
alter table participants add column if not exists avatar jsonb;

-- Every stored image belongs to one community, so a tenant's media can be listed and removed
-- with it. Files live in the media storage under the keys below; this row is their index.
create table media_objects (
  id             text not null check (id ~ '^[a-z2-7]{26}$'),
  community_id   text not null references communities(id) on delete cascade,
  owner_user_id  uuid references users(id) on delete set null,
  participant_id uuid references participants(id) on delete set null,  -- same community: the service writes both
  kind           text not null check (kind in ('avatar', 'image')),
  keys           jsonb not null,                -- size -> storage key, e.g. {"108": "alpha/<id>/108.jpg"}
  bytes          int not null,                  -- total size of the stored files
  width          int not null,                  -- the source image, upright, after rotation
  height         int not null,
  created_at     timestamptz not null default now(),
  primary key (community_id, id)
);
create index media_objects_owner on media_objects (community_id, owner_user_id, kind);
create index media_objects_participant on media_objects (community_id, participant_id) where participant_id is not null;
