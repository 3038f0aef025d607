import { describe, expect, it } from "vitest";
import { AppError } from "../lib/errors.ts";
import { ANSWER_MESSAGES, checkAnswers, type Questionnaire } from "./checker.ts";
import type { OptionRow, QuestionRow } from "./queries.ts";

const Q = { radio: "00000000-0000-4000-8000-000000000001", box: "00000000-0000-4000-8000-000000000002", text: "00000000-0000-4000-8000-000000000003", hidden: "00000000-0000-4000-8000-000000000004" };

function question(id: string, type: QuestionRow["type"], over: Partial<QuestionRow> = {}): QuestionRow {
  return { id, key: id.slice(-1), text: "?", position: 0, type, visible: true, required: false, translationKey: id, translations: {}, maxChoices: null, ...over };
}
function option(id: string, questionId: string, over: Partial<OptionRow> = {}): OptionRow {
  return { id, questionId, key: id, text: id, position: 0, visible: true, active: true, group: null, category: null, type: "PREDEFINED", translations: {}, ...over };
}

const questionnaire: Questionnaire = {
  questions: [
    question(Q.radio, "RADIO", { required: true }),
    question(Q.box, "CHECKBOX", { maxChoices: 2 }),
    question(Q.text, "TEXT"),
    question(Q.hidden, "TEXT", { visible: false, required: true }),
  ],
  options: [
    option("r1", Q.radio),
    option("r2", Q.radio),
    option("rfree", Q.radio, { type: "FREE_TEXT" }),
    option("b1", Q.box),
    option("b2", Q.box),
    option("b3", Q.box),
    option("bold", Q.box, { active: false }),
    option("bhidden", Q.box, { visible: false }),
  ],
};

function errorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected an AppError");
}

const check = (input: Parameters<typeof checkAnswers>[2], answered: string[] = []) => checkAnswers(questionnaire, answered, input);
const radio = { questionId: Q.radio, optionIds: ["r1"] };

describe("checkAnswers", () => {
  it("returns the answers to set and to clear, with text trimmed and options deduplicated", () => {
    const changes = check([radio, { questionId: Q.box, optionIds: ["b1", "b2", "b1"] }, { questionId: Q.text, text: "  hi  " }]);
    expect(Object.fromEntries(changes)).toEqual({
      [Q.radio]: { optionIds: ["r1"], text: null },
      [Q.box]: { optionIds: ["b1", "b2"], text: null },
      [Q.text]: { optionIds: [], text: "hi" },
    });
    expect(Object.fromEntries(check([{ questionId: Q.text, text: "  " }], [Q.radio]))).toEqual({ [Q.text]: null });
  });

  it("requires visible required questions, counting earlier answers; a hidden required question is not asked", () => {
    const missing = errorOf(() => check([{ questionId: Q.text, text: "x" }]));
    expect(missing.status).toBe(400);
    expect(missing.message).toBe(ANSWER_MESSAGES.required);
    expect(missing.errors).toEqual({ [Q.radio]: ANSWER_MESSAGES.required });
    expect(check([{ questionId: Q.text, text: "x" }], [Q.radio]).size).toBe(1);
    expect(errorOf(() => check([{ questionId: Q.radio, optionIds: [] }], [Q.radio])).errors).toEqual({ [Q.radio]: ANSWER_MESSAGES.required });
  });

  it("RADIO takes exactly one option; CHECKBOX one up to maxChoices", () => {
    expect(errorOf(() => check([{ questionId: Q.radio, optionIds: ["r1", "r2"] }])).errors?.[Q.radio]).toBe(ANSWER_MESSAGES.one);
    expect(errorOf(() => check([radio, { questionId: Q.box, optionIds: ["b1", "b2", "b3"] }])).errors).toEqual({ [Q.box]: ANSWER_MESSAGES.upTo(2) });
    expect(errorOf(() => check([radio, { questionId: Q.box, text: "x" }])).errors?.[Q.box]).toBe(ANSWER_MESSAGES.atLeastOne);
  });

  it("refuses inactive, hidden, unknown and other questions' options with 400", () => {
    for (const id of ["bold", "bhidden", "nope", "r2"]) {
      const err = errorOf(() => check([radio, { questionId: Q.box, optionIds: [id] }]));
      expect(err.status).toBe(400);
      expect(err.errors?.[Q.box]).toBe(ANSWER_MESSAGES.badOption);
    }
  });

  it("limits text to under 256 characters and ties it to FREE_TEXT options on choice questions", () => {
    expect(errorOf(() => check([radio, { questionId: Q.text, text: "x".repeat(256) }])).errors?.[Q.text]).toBe(ANSWER_MESSAGES.tooLong);
    expect(check([radio, { questionId: Q.text, text: "й".repeat(255) }]).size).toBe(2);
    expect(errorOf(() => check([{ questionId: Q.radio, optionIds: ["rfree"] }])).errors?.[Q.radio]).toBe(ANSWER_MESSAGES.freeTextMissing);
    expect(errorOf(() => check([{ questionId: Q.radio, optionIds: ["r1"], text: "x" }])).errors?.[Q.radio]).toBe(ANSWER_MESSAGES.freeTextNotAllowed);
    expect(errorOf(() => check([radio, { questionId: Q.text, optionIds: ["r1"] }])).errors?.[Q.text]).toBe(ANSWER_MESSAGES.noOptions);
    expect(check([{ questionId: Q.radio, optionIds: ["rfree"], text: "Biotech" }]).get(Q.radio)).toEqual({ optionIds: ["rfree"], text: "Biotech" });
  });

  it("refuses a question answered twice in one submission", () => {
    expect(errorOf(() => check([radio, radio])).errors).toEqual({ [Q.radio]: ANSWER_MESSAGES.twice });
  });

  it("an unknown or hidden question is 404, as if it did not exist", () => {
    expect(errorOf(() => check([{ questionId: Q.hidden, text: "x" }])).status).toBe(404);
    expect(errorOf(() => check([{ questionId: "00000000-0000-4000-8000-00000000000f", text: "x" }])).status).toBe(404);
  });
});
