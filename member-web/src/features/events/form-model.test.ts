import { describe, expect, it } from "vitest";
import { emptyForm, isRequired, validateEvent } from "./form-model.ts";

/** The event form's place: country and city are asked of an offline event only. */
describe("validateEvent: the place of an online event", () => {
  const filled = { ...emptyForm("Europe/Berlin"), title: "T", description: "D", date: "2030-01-10", time: "18:00", organizerContact: "a@example.com" };
  it("an offline event needs country and city", () => {
    expect(validateEvent({ ...filled, type: "OFFLINE" })).toMatchObject({ country: "required", city: "required" });
    expect(isRequired({ type: "OFFLINE" }, "city")).toBe(true);
  });
  it("an online event with its link needs neither", () => {
    const errors = validateEvent({ ...filled, type: "ONLINE", onlineLink: "https://meet.example.com/r" });
    expect(errors).toEqual({});
    expect(isRequired({ type: "ONLINE" }, "country")).toBe(false);
  });
});
