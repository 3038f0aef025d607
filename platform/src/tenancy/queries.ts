import type { Db } from "../db/client.ts";
import type { QuestionFile } from "../onboarding/schemas.ts";
import type { NavigationConfig, TenantConfig } from "./schema.ts";

export type CommunityRow = {
  id: string;
  domain: string;
  config: TenantConfig;
  landing: Record<string, Record<string, unknown>>;
  navigation: NavigationConfig | null;
  version: number;
  updatedAt: Date;
};

export async function findCommunityById(db: Db, id: string): Promise<CommunityRow | undefined> {
  const [row] = await db<CommunityRow[]>`
    select id, domain, config, landing, navigation, version, updated_at as "updatedAt"
    from communities where id = ${id}`;
  return row;
}

export async function findCommunityIdByDomain(db: Db, domain: string): Promise<string | undefined> {
  const [row] = await db<{ communityId: string }[]>`
    select community_id as "communityId" from community_domains where domain = ${domain}`;
  return row?.communityId;
}

export async function listCommunities(db: Db): Promise<CommunityRow[]> {
  return db<CommunityRow[]>`
    select id, domain, config, landing, navigation, version, updated_at as "updatedAt"
    from communities order by id`;
}

export type UpsertResult = { id: string; created: boolean };

export async function upsertCommunity(
  db: Db,
  input: { config: TenantConfig; landing: Record<string, Record<string, unknown>>; navigation: NavigationConfig | null },
): Promise<UpsertResult> {
  const { config } = input;
  const [row] = await db<{ id: string; created: boolean }[]>`
    insert into communities (id, domain, config, landing, navigation, version)
    values (${config.id}, ${config.domain}, ${db.json(config as never)}, ${db.json(input.landing as never)},
            ${input.navigation ? db.json(input.navigation as never) : null}, ${config.version})
    on conflict (id) do update set
      domain = excluded.domain, config = excluded.config, landing = excluded.landing,
      navigation = excluded.navigation, version = excluded.version, updated_at = now()
    returning id, (xmax = 0) as created`;
  const domains = [config.domain, ...config.aliases];
  await db`delete from community_domains where community_id = ${config.id} and domain <> all(${domains})`;
  for (const d of domains) {
    await db`
      insert into community_domains (domain, community_id) values (${d}, ${config.id})
      on conflict (domain) do update set community_id = excluded.community_id`;
  }
  if (!row) throw new Error("upsert returned no row");
  return row;
}

/**
 * Makes the community's onboarding questions match questions.json, keyed by `key`. Questions and
 * options missing from the file are hidden and deactivated, never deleted: members' answers to
 * them stay on record.
 */
export async function upsertCommunityQuestions(db: Db, communityId: string, questions: QuestionFile[]): Promise<void> {
  const keys: string[] = [];
  for (const [position, q] of questions.entries()) {
    keys.push(q.key);
    const [row] = await db<{ id: string }[]>`
      insert into community_questions (community_id, key, text, position, type, visible, required, translations, max_choices)
      values (${communityId}, ${q.key}, ${q.text}, ${position}, ${q.type}, ${q.visible}, ${q.required},
              ${db.json(q.translations)}, ${q.maxChoices ?? null})
      on conflict (community_id, key) do update set
        text = excluded.text, position = excluded.position, type = excluded.type, visible = excluded.visible,
        required = excluded.required, translations = excluded.translations, max_choices = excluded.max_choices,
        updated_at = now()
      returning id`;
    if (!row) throw new Error("question upsert returned no row");
    const optionKeys: string[] = [];
    for (const [optionPosition, o] of q.options.entries()) {
      optionKeys.push(o.key);
      await db`
        insert into community_question_options
          (community_id, question_id, key, text, position, visible, active, "group", category, type, translations)
        values (${communityId}, ${row.id}, ${o.key}, ${o.text}, ${optionPosition}, ${o.visible}, ${o.active},
                ${o.group ?? null}, ${o.category ?? null}, ${o.type}, ${db.json(o.translations)})
        on conflict (community_id, question_id, key) do update set
          text = excluded.text, position = excluded.position, visible = excluded.visible, active = excluded.active,
          "group" = excluded."group", category = excluded.category, type = excluded.type,
          translations = excluded.translations, updated_at = now()`;
    }
    await db`
      update community_question_options set visible = false, active = false, updated_at = now()
      where community_id = ${communityId} and question_id = ${row.id} and key <> all(${optionKeys})
        and (visible or active)`;
  }
  await db`
    update community_questions set visible = false, required = false, updated_at = now()
    where community_id = ${communityId} and key <> all(${keys}) and (visible or required)`;
}

/** The row as it is before an apply, locked until the apply's transaction ends. */
export async function findCommunityForUpdate(db: Db, id: string): Promise<CommunityRow | undefined> {
  const [row] = await db<CommunityRow[]>`
    select id, domain, config, landing, navigation, version, updated_at as "updatedAt"
    from communities where id = ${id} for update`;
  return row;
}

/** The community's questions and options as comparable documents (no ids or timestamps). */
export async function listQuestionFiles(db: Db, communityId: string): Promise<unknown[]> {
  const [row] = await db<{ doc: unknown[] }[]>`
    select coalesce(jsonb_agg(jsonb_build_object(
      'key', q.key, 'text', q.text, 'position', q.position, 'type', q.type, 'visible', q.visible, 'required', q.required,
      'translations', q.translations, 'maxChoices', q.max_choices,
      'options', (select coalesce(jsonb_agg(jsonb_build_object(
                    'key', o.key, 'text', o.text, 'position', o.position, 'visible', o.visible, 'active', o.active,
                    'group', o."group", 'category', o.category, 'type', o.type, 'translations', o.translations) order by o.position, o.key), '[]'::jsonb)
                  from community_question_options o where o.community_id = q.community_id and o.question_id = q.id)
    ) order by q.position, q.key), '[]'::jsonb) as doc
    from community_questions q where q.community_id = ${communityId}`;
  return row?.doc ?? [];
}
