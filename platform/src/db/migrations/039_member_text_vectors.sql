-- Matching by meaning: one vector per member text (need, offer, about) from a sentence encoder,
-- stored with the encoder's model id and a hash of the text it read, so a changed text or another
-- model is seen and re-embedded by the matching.embed job (never on the request path).

create table member_text_vectors (
  community_id    text not null references communities(id) on delete cascade,
  participant_id  uuid not null,
  field           text not null check (field in ('need', 'offer', 'about')),
  model           text not null,
  -- SHA-256 (hex) of the text as the encoder read it.
  text_hash       text not null,
  -- float32 little-endian, unit length.
  vector          bytea not null,
  updated_at      timestamptz not null default now(),
  primary key (community_id, model, participant_id, field),
  foreign key (community_id, participant_id) references participants (community_id, id) on delete cascade
);

-- Which models' vectors a community has, and since when every member's texts are embedded with
-- one (ready_at). Matching reads the most recently ready model: during a switch the old model's
-- vectors keep serving until the new one is complete.
create table matching_vector_models (
  community_id  text not null references communities(id) on delete cascade,
  model         text not null,
  dim           integer not null check (dim > 0),
  ready_at      timestamptz,
  primary key (community_id, model)
);
