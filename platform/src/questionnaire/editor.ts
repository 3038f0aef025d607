/**
 * Editing one owner's questions: create, update, hide and reorder, each in one transaction with
 * its audit event. Permission checks belong to the caller (community admins here, event organizers
 * next); the owner's community must be the request's.
 */
import { randomBytes } from "node:crypto";
import { recordAudit, sameJson } from "../audit/index.ts";
import { type Ctx, withDb } from "../context.ts";
import { type Db, withTx } from "../db/client.ts";
import { conflict, type FieldErrors, notFound, validation } from "../lib/errors.ts";
import { publishModelChange } from "../matching/model-change.ts";
import { questionFields } from "./localize.ts";
import { type QuestionnaireOwner, ownerTarget } from "./owner.ts";
import {
  countAnswers,
  findQuestion,
  insertOption,
  insertQuestion,
  listOptions,
  listQuestions,
  lockQuestionnaire,
  type OptionFields,
  type OptionRow,
  type QuestionRow,
  setQuestionPositions,
  updateOption,
  updateQuestion as updateQuestionRow,
} from "./queries.ts";
import {
  type QuestionCreate,
  type QuestionDetail,
  type QuestionOptionPatch,
  type QuestionPatch,
  type QuestionReorder,
  questionShapeIssues,
} from "./schemas.ts";

export function toQuestionDetail(q: QuestionRow, options: OptionRow[]): QuestionDetail {
  return {
    ...questionFields(q),
    options: options
      .filter((o) => o.questionId === q.id)
      .map((o) => ({
        id: o.id,
        key: o.key,
        text: o.text,
        order: o.position,
        visible: o.visible,
        active: o.active,
        group: o.group,
        category: o.category,
        type: o.type,
        translations: o.translations,
      })),
  };
}

/** Every question of the owner, hidden ones included, with every option and translation. */
export async function listQuestionDetails(ctx: Ctx, owner: QuestionnaireOwner): Promise<QuestionDetail[]> {
  requireOwnerHere(ctx, owner);
  const [questions, options] = await Promise.all([listQuestions(ctx.db, owner), listOptions(ctx.db, owner)]);
  return questions.map((q) => toQuestionDetail(q, options));
}

export async function getQuestionDetail(ctx: Ctx, owner: QuestionnaireOwner, id: string): Promise<QuestionDetail> {
  requireOwnerHere(ctx, owner);
  const q = await findQuestion(ctx.db, owner, id);
  if (!q) throw notFound("Question not found");
  return toQuestionDetail(q, await listOptions(ctx.db, owner, id));
}

function requireOwnerHere(ctx: Ctx, owner: QuestionnaireOwner): void {
  if (owner.communityId !== ctx.tenant.id) throw notFound("Question not found");
}

/**
 * A key for a question or option made through the API: readable from the text, with a random tail
 * so it never takes over a key a questions file may use.
 */
export function generateKey(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 40)
    .replace(/^-+|-+$/g, "");
  return `${slug || "q"}-${randomBytes(3).toString("hex")}`;
}

function shapeErrors(issues: { path: (string | number)[]; message: string }[]): FieldErrors {
  return Object.fromEntries(issues.map((i) => [i.path.join("."), i.message]));
}

function throwIfErrors(errors: FieldErrors): void {
  const first = Object.entries(errors)[0];
  if (first) throw validation(`${first[0]}: ${first[1]}`, errors);
}

/** `ids` with `id` moved to `index` (clamped to the end). */
function moveTo<T>(items: T[], item: T, index: number): T[] {
  const rest = items.filter((x) => x !== item);
  rest.splice(Math.min(index, rest.length), 0, item);
  return rest;
}

async function afterChange(ctx: Ctx, owner: QuestionnaireOwner): Promise<void> {
  // Community answers feed the matching model; event questionnaires do not.
  if (owner.kind === "community") await publishModelChange(ctx.deps.bus, ctx.db, owner.communityId);
}

export async function createQuestion(ctx: Ctx, owner: QuestionnaireOwner, input: QuestionCreate): Promise<QuestionDetail> {
  requireOwnerHere(ctx, owner);
  const options = input.options.map((o) => ({ ...o, key: o.key ?? generateKey(o.text) }));
  throwIfErrors(shapeErrors(questionShapeIssues({ type: input.type, maxChoices: input.maxChoices, options })));
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await lockQuestionnaire(tx, owner);
    const existing = await listQuestions(tx, owner);
    const id = await insertQuestion(tx, owner, {
      key: input.key ?? generateKey(input.text),
      text: input.text,
      position: existing.length,
      type: input.type,
      visible: input.visible,
      required: input.required,
      translations: input.translations,
      maxChoices: input.maxChoices,
    });
    for (const [position, o] of options.entries()) {
      await insertOption(tx, owner.communityId, id, {
        key: o.key,
        text: o.text,
        position,
        visible: o.visible,
        active: o.active,
        group: o.group ?? null,
        category: o.category ?? null,
        type: o.type,
        translations: o.translations,
      });
    }
    const ids = existing.map((q) => q.id);
    await setQuestionPositions(tx, owner, moveTo([...ids, id], id, input.order ?? ids.length));
    const after = await getQuestionDetail(txCtx, owner, id);
    await recordAudit(txCtx, { action: "question.create", target: { type: "question", id }, before: null, after });
    await afterChange(txCtx, owner);
    return after;
  });
}

type EditableOption = OptionFields & { id: string | null };

/** The question's options after a patch: edits applied, additions appended or placed at their order. */
function patchOptions(current: OptionRow[], patches: QuestionOptionPatch[]): EditableOption[] {
  let list: EditableOption[] = current.map((o) => ({ ...o }));
  const errors: FieldErrors = {};
  const keys = new Set(current.map((o) => o.key));
  for (const [i, p] of patches.entries()) {
    let option: EditableOption;
    if (p.id !== undefined) {
      const found = list.find((o) => o.id === p.id);
      if (!found) throw notFound("Answer option not found");
      option = found;
    } else {
      const key = p.key ?? generateKey(p.text ?? "");
      if (keys.has(key)) errors[`options.${i}.key`] = `"${key}" is used twice`;
      keys.add(key);
      option = { id: null, key, text: "", position: list.length, visible: true, active: true, group: null, category: null, type: "PREDEFINED", translations: {} };
      list.push(option);
    }
    if (p.text !== undefined) option.text = p.text;
    if (p.translations !== undefined) option.translations = p.translations;
    if (p.visible !== undefined) option.visible = p.visible;
    if (p.active !== undefined) option.active = p.active;
    if (p.group !== undefined) option.group = p.group;
    if (p.category !== undefined) option.category = p.category;
    if (p.type !== undefined) option.type = p.type;
    if (p.order !== undefined) list = moveTo(list, option, p.order);
  }
  throwIfErrors(errors);
  return list.map((o, position) => ({ ...o, position }));
}

/** The owner's questionnaire locked for writing, and the question as it is before the edit (404 when not the owner's). */
async function lockForEdit(tx: Db, owner: QuestionnaireOwner, id: string) {
  await lockQuestionnaire(tx, owner);
  const q = await findQuestion(tx, owner, id);
  if (!q) throw notFound("Question not found");
  const options = await listOptions(tx, owner, id);
  return { q, options, before: toQuestionDetail(q, options) };
}

export async function updateQuestion(ctx: Ctx, owner: QuestionnaireOwner, id: string, patch: QuestionPatch): Promise<QuestionDetail> {
  requireOwnerHere(ctx, owner);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const { q, options: currentOptions, before } = await lockForEdit(tx, owner, id);
    const type = patch.type ?? q.type;
    if (type !== q.type && (await countAnswers(tx, owner.communityId, id)) > 0) {
      throw conflict("The question has answers; its type cannot change");
    }
    const maxChoices = patch.maxChoices !== undefined ? patch.maxChoices : q.maxChoices;
    const options = patchOptions(currentOptions, patch.options ?? []);
    throwIfErrors(shapeErrors(questionShapeIssues({ type, maxChoices, options })));

    await updateQuestionRow(tx, owner, id, {
      text: patch.text ?? q.text,
      position: q.position,
      type,
      visible: patch.visible ?? q.visible,
      required: patch.required ?? q.required,
      translations: patch.translations ?? q.translations,
      maxChoices,
    });
    const byId = new Map(currentOptions.map((o) => [o.id, o]));
    for (const o of options) {
      const { id: optionId, key: _key, ...fields } = o;
      if (optionId === null) await insertOption(tx, owner.communityId, id, o);
      else if (!sameJson({ ...byId.get(optionId), ...fields }, byId.get(optionId))) await updateOption(tx, owner.communityId, id, optionId, fields);
    }
    if (patch.order !== undefined) {
      const ids = (await listQuestions(tx, owner)).map((x) => x.id);
      await setQuestionPositions(tx, owner, moveTo(ids, id, patch.order));
    }
    const after = await getQuestionDetail(txCtx, owner, id);
    if (!sameJson(before, after)) {
      await recordAudit(txCtx, { action: "question.update", target: { type: "question", id }, before, after });
      await afterChange(txCtx, owner);
    }
    return after;
  });
}

/** Hides the question and retires its options. Nothing is deleted: answers stay on record. */
export async function hideQuestion(ctx: Ctx, owner: QuestionnaireOwner, id: string): Promise<QuestionDetail> {
  requireOwnerHere(ctx, owner);
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    const { q, options, before } = await lockForEdit(tx, owner, id);
    await updateQuestionRow(tx, owner, id, { ...q, visible: false, required: false });
    for (const o of options) {
      if (o.visible || o.active) await updateOption(tx, owner.communityId, id, o.id, { ...o, visible: false, active: false });
    }
    const after = await getQuestionDetail(txCtx, owner, id);
    if (!sameJson(before, after)) {
      await recordAudit(txCtx, { action: "question.delete", target: { type: "question", id }, before, after });
      await afterChange(txCtx, owner);
    }
    return after;
  });
}

/** Puts the listed questions first, in the order given; the others follow in their current order. */
export async function reorderQuestions(ctx: Ctx, owner: QuestionnaireOwner, input: QuestionReorder): Promise<QuestionDetail[]> {
  requireOwnerHere(ctx, owner);
  if (new Set(input.questionIds).size !== input.questionIds.length) {
    throw validation("A question is listed twice", { questionIds: "A question is listed twice" });
  }
  return withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await lockQuestionnaire(tx, owner);
    const questions = await listQuestions(tx, owner);
    const known = new Set(questions.map((q) => q.id));
    if (input.questionIds.some((id) => !known.has(id))) throw notFound("Question not found");
    const beforeIds = questions.map((q) => q.id);
    const listed = new Set(input.questionIds);
    const afterIds = [...input.questionIds, ...beforeIds.filter((id) => !listed.has(id))];
    await setQuestionPositions(tx, owner, afterIds);
    if (!sameJson(beforeIds, afterIds)) {
      await recordAudit(txCtx, { action: "question.reorder", target: ownerTarget(owner), before: { questionIds: beforeIds }, after: { questionIds: afterIds } });
      await afterChange(txCtx, owner);
    }
    return listQuestionDetails(txCtx, owner);
  });
}
