import type { Db } from "../db/client.ts";
import { isUniqueViolation } from "../db/client.ts";
import { conflict } from "../lib/errors.ts";
import type { QuestionnaireOwner } from "./owner.ts";
import type { OptionType, QuestionFile, QuestionType, Translations } from "./schemas.ts";

export type QuestionRow = { id: string; translationKey: string } & QuestionFields;

export type OptionRow = { id: string; questionId: string } & OptionFields;

export type AnswerRow = { questionId: string; optionIds: string[]; text: string | null; answeredAt: Date };

/** The owner's questions, as `q`: a community's own have no event. */
function ownedBy(db: Db, owner: QuestionnaireOwner) {
  return owner.kind === "community"
    ? db`q.community_id = ${owner.communityId} and q.event_id is null`
    : db`q.community_id = ${owner.communityId} and q.event_id = ${owner.eventId}`;
}

/** The unique key a question's `key` is matched on, per owner kind (partial indexes of 012). */
function keyConflict(db: Db, owner: QuestionnaireOwner) {
  return owner.kind === "community" ? db`(community_id, key) where event_id is null` : db`(community_id, event_id, key) where event_id is not null`;
}

const eventIdOf = (owner: QuestionnaireOwner) => (owner.kind === "event" ? owner.eventId : null);

const QUESTION_COLUMNS = (db: Db) => db`
  q.id, q.key, q.text, q.position, q.type, q.visible, q.required, q.translation_key as "translationKey", q.translations,
  q.max_choices as "maxChoices"`;

export async function listQuestions(db: Db, owner: QuestionnaireOwner): Promise<QuestionRow[]> {
  return db<QuestionRow[]>`
    select ${QUESTION_COLUMNS(db)} from community_questions q where ${ownedBy(db, owner)}
    order by q.position, q.key`;
}

export async function findQuestion(db: Db, owner: QuestionnaireOwner, id: string): Promise<QuestionRow | undefined> {
  const [row] = await db<QuestionRow[]>`
    select ${QUESTION_COLUMNS(db)} from community_questions q where ${ownedBy(db, owner)} and q.id = ${id}`;
  return row;
}

/**
 * Serialises writers of one owner's questionnaire until the transaction ends (edits renumber
 * positions from what they read; an empty questionnaire has no rows to lock).
 */
export async function lockQuestionnaire(db: Db, owner: QuestionnaireOwner): Promise<void> {
  await db`select pg_advisory_xact_lock(hashtextextended(${`questionnaire:${owner.communityId}:${eventIdOf(owner) ?? ""}`}, 0))`;
}

export async function listOptions(db: Db, owner: QuestionnaireOwner, questionId?: string): Promise<OptionRow[]> {
  return db<OptionRow[]>`
    select o.id, o.question_id as "questionId", o.key, o.text, o.position, o.visible, o.active, o."group", o.category, o.type,
           o.translations
    from community_question_options o
    join community_questions q on q.community_id = o.community_id and q.id = o.question_id
    where ${ownedBy(db, owner)} ${questionId ? db`and q.id = ${questionId}` : db``}
    order by o.question_id, o.position, o.key`;
}

export type QuestionFields = {
  key: string;
  text: string;
  position: number;
  type: QuestionType;
  visible: boolean;
  required: boolean;
  translations: Translations;
  maxChoices: number | null;
};

export async function insertQuestion(db: Db, owner: QuestionnaireOwner, q: QuestionFields): Promise<string> {
  try {
    const [row] = await db<{ id: string }[]>`
      insert into community_questions (community_id, event_id, key, text, position, type, visible, required, translations, max_choices)
      values (${owner.communityId}, ${eventIdOf(owner)}, ${q.key}, ${q.text}, ${q.position}, ${q.type}, ${q.visible}, ${q.required},
              ${db.json(q.translations)}, ${q.maxChoices})
      returning id`;
    if (!row) throw new Error("question insert returned no row");
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`A question with the key "${q.key}" exists`);
    throw err;
  }
}

export async function updateQuestion(db: Db, owner: QuestionnaireOwner, id: string, q: Omit<QuestionFields, "key">): Promise<void> {
  await db`
    update community_questions q set
      text = ${q.text}, position = ${q.position}, type = ${q.type}, visible = ${q.visible}, required = ${q.required},
      translations = ${db.json(q.translations)}, max_choices = ${q.maxChoices}, updated_at = now()
    where ${ownedBy(db, owner)} and q.id = ${id}`;
}

/** Sets positions 0..n-1 in the order given. */
export async function setQuestionPositions(db: Db, owner: QuestionnaireOwner, ids: string[]): Promise<void> {
  await db`
    update community_questions q set position = (x.n - 1)::int, updated_at = now()
    from unnest(${ids}::uuid[]) with ordinality as x(id, n)
    where ${ownedBy(db, owner)} and q.id = x.id and q.position is distinct from (x.n - 1)::int`;
}

export type OptionFields = {
  key: string;
  text: string;
  position: number;
  visible: boolean;
  active: boolean;
  group: string | null;
  category: string | null;
  type: OptionType;
  translations: Translations;
};

export async function insertOption(db: Db, communityId: string, questionId: string, o: OptionFields): Promise<void> {
  try {
    await db`
      insert into community_question_options
        (community_id, question_id, key, text, position, visible, active, "group", category, type, translations)
      values (${communityId}, ${questionId}, ${o.key}, ${o.text}, ${o.position}, ${o.visible}, ${o.active},
              ${o.group}, ${o.category}, ${o.type}, ${db.json(o.translations)})`;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`An option with the key "${o.key}" exists`);
    throw err;
  }
}

export async function updateOption(db: Db, communityId: string, questionId: string, id: string, o: Omit<OptionFields, "key">): Promise<void> {
  await db`
    update community_question_options set
      text = ${o.text}, position = ${o.position}, visible = ${o.visible}, active = ${o.active}, "group" = ${o.group},
      category = ${o.category}, type = ${o.type}, translations = ${db.json(o.translations)}, updated_at = now()
    where community_id = ${communityId} and question_id = ${questionId} and id = ${id}`;
}

export async function countAnswers(db: Db, communityId: string, questionId: string): Promise<number> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from participant_answers where community_id = ${communityId} and question_id = ${questionId}`;
  return row?.n ?? 0;
}

export async function listAnswers(db: Db, owner: QuestionnaireOwner, participantId: string): Promise<AnswerRow[]> {
  return db<AnswerRow[]>`
    select a.question_id as "questionId", a.option_ids as "optionIds", a.text, a.answered_at as "answeredAt"
    from participant_answers a
    join community_questions q on q.community_id = a.community_id and q.id = a.question_id
    where ${ownedBy(db, owner)} and a.participant_id = ${participantId}
    order by q.position, q.key`;
}

/** Sets one answer; an unchanged answer keeps its answered time, so a repeated submission changes nothing. */
export async function upsertAnswer(
  db: Db,
  a: { communityId: string; participantId: string; questionId: string; optionIds: string[]; text: string | null },
): Promise<void> {
  await db`
    insert into participant_answers as pa (community_id, participant_id, question_id, option_ids, text)
    values (${a.communityId}, ${a.participantId}, ${a.questionId}, ${a.optionIds}::uuid[], ${a.text})
    on conflict (community_id, participant_id, question_id) do update set
      option_ids = excluded.option_ids, text = excluded.text, answered_at = now()
    where pa.option_ids is distinct from excluded.option_ids or pa.text is distinct from excluded.text`;
}

export async function deleteAnswer(db: Db, communityId: string, participantId: string, questionId: string): Promise<void> {
  await db`
    delete from participant_answers
    where community_id = ${communityId} and participant_id = ${participantId} and question_id = ${questionId}`;
}

/**
 * Makes the owner's questions match a questions file, keyed by `key`. Questions and options missing
 * from the file are hidden and deactivated, never deleted: members' answers to them stay on record.
 */
export async function upsertQuestionFiles(db: Db, owner: QuestionnaireOwner, questions: QuestionFile[]): Promise<void> {
  const keys: string[] = [];
  for (const [position, q] of questions.entries()) {
    keys.push(q.key);
    const [row] = await db<{ id: string }[]>`
      insert into community_questions (community_id, event_id, key, text, position, type, visible, required, translations, max_choices)
      values (${owner.communityId}, ${eventIdOf(owner)}, ${q.key}, ${q.text}, ${position}, ${q.type}, ${q.visible}, ${q.required},
              ${db.json(q.translations)}, ${q.maxChoices ?? null})
      on conflict ${keyConflict(db, owner)} do update set
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
        values (${owner.communityId}, ${row.id}, ${o.key}, ${o.text}, ${optionPosition}, ${o.visible}, ${o.active},
                ${o.group ?? null}, ${o.category ?? null}, ${o.type}, ${db.json(o.translations)})
        on conflict (community_id, question_id, key) do update set
          text = excluded.text, position = excluded.position, visible = excluded.visible, active = excluded.active,
          "group" = excluded."group", category = excluded.category, type = excluded.type,
          translations = excluded.translations, updated_at = now()`;
    }
    await db`
      update community_question_options set visible = false, active = false, updated_at = now()
      where community_id = ${owner.communityId} and question_id = ${row.id} and key <> all(${optionKeys})
        and (visible or active)`;
  }
  await db`
    update community_questions q set visible = false, required = false, updated_at = now()
    where ${ownedBy(db, owner)} and q.key <> all(${keys}) and (q.visible or q.required)`;
}

/** The owner's questions and options as comparable documents (no ids or timestamps). */
export async function listQuestionDocs(db: Db, owner: QuestionnaireOwner): Promise<unknown[]> {
  const [row] = await db<{ doc: unknown[] }[]>`
    select coalesce(jsonb_agg(jsonb_build_object(
      'key', q.key, 'text', q.text, 'position', q.position, 'type', q.type, 'visible', q.visible, 'required', q.required,
      'translations', q.translations, 'maxChoices', q.max_choices,
      'options', (select coalesce(jsonb_agg(jsonb_build_object(
                    'key', o.key, 'text', o.text, 'position', o.position, 'visible', o.visible, 'active', o.active,
                    'group', o."group", 'category', o.category, 'type', o.type, 'translations', o.translations) order by o.position, o.key), '[]'::jsonb)
                  from community_question_options o where o.community_id = q.community_id and o.question_id = q.id)
    ) order by q.position, q.key), '[]'::jsonb) as doc
    from community_questions q where ${ownedBy(db, owner)}`;
  return row?.doc ?? [];
}
