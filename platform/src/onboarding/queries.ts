import type { Db } from "../db/client.ts";
import type { OptionType, QuestionType } from "./schemas.ts";

type Translations = { en?: string; ru?: string };

export type QuestionRow = {
  id: string;
  key: string;
  text: string;
  position: number;
  type: QuestionType;
  visible: boolean;
  required: boolean;
  translationKey: string;
  translations: Translations;
  maxChoices: number | null;
};

export type OptionRow = {
  id: string;
  questionId: string;
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

export type AnswerRow = { questionId: string; optionIds: string[]; text: string | null; answeredAt: Date };

export async function listQuestions(db: Db, communityId: string): Promise<QuestionRow[]> {
  return db<QuestionRow[]>`
    select id, key, text, position, type, visible, required, translation_key as "translationKey", translations,
           max_choices as "maxChoices"
    from community_questions where community_id = ${communityId}
    order by position, key`;
}

export async function listOptions(db: Db, communityId: string): Promise<OptionRow[]> {
  return db<OptionRow[]>`
    select id, question_id as "questionId", key, text, position, visible, active, "group", category, type, translations
    from community_question_options where community_id = ${communityId}
    order by question_id, position, key`;
}

export async function listAnswers(db: Db, communityId: string, participantId: string): Promise<AnswerRow[]> {
  return db<AnswerRow[]>`
    select a.question_id as "questionId", a.option_ids as "optionIds", a.text, a.answered_at as "answeredAt"
    from participant_answers a
    join community_questions q on q.community_id = a.community_id and q.id = a.question_id
    where a.community_id = ${communityId} and a.participant_id = ${participantId}
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
