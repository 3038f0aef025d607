import type { Db } from "../db/client.ts";
import type { TenantConfig } from "../tenancy/schema.ts";
import { type ParticipantRow, setProfileCompletedAt } from "./queries.ts";
import { type ProfileCompletion, STEPS, type Step } from "./schemas.ts";

/** Steps a member may skip: a blank professional-network link skips its step (spec 5); so may the photo. */
const OPTIONAL_STEPS = new Set<Step>(["networks", "avatar"]);

type CompletionInput = Pick<ParticipantRow, "firstName" | "lastName" | "lookingFor" | "contacts" | "about" | "avatar">;
type CompletionConfig = Pick<TenantConfig, "stepsConfig" | "requiredContacts" | "requiredContactsMin" | "contactsConfig">;

function stepDone(step: Step, p: CompletionInput, config: CompletionConfig): boolean {
  switch (step) {
    case "profile":
      return p.firstName.trim() !== "" && p.lastName.trim() !== "";
    case "lookingFor":
      return p.lookingFor.length > 0;
    case "contacts": {
      const listed = config.requiredContacts.filter((t) => config.contactsConfig.includes(t));
      const pool = listed.length ? listed : config.contactsConfig;
      const given = pool.filter((t) => p.contacts[t] !== undefined).length;
      return given >= Math.max(1, Math.min(config.requiredContactsMin, pool.length));
    }
    case "networks":
      return p.contacts.LINKEDIN !== undefined;
    case "avatar":
      return p.avatar !== null;
    case "about":
      return (p.about ?? "").trim() !== "";
  }
}

/** Completion from the community's stepsConfig: the percentage counts visible steps; `completed` needs the required ones. */
export function computeCompletion(p: CompletionInput, config: CompletionConfig): ProfileCompletion {
  const steps = STEPS.map((step) => ({
    step,
    visible: config.stepsConfig[step],
    required: !OPTIONAL_STEPS.has(step),
    done: stepDone(step, p, config),
  }));
  const visible = steps.filter((s) => s.visible);
  const percent = visible.length ? Math.round((100 * visible.filter((s) => s.done).length) / visible.length) : 100;
  const completed = visible.every((s) => s.done || !s.required);
  return { percent, completed, steps };
}

/**
 * Recomputes completion and keeps `profile_completed_at` in step with it (contacts of others are
 * shown only to complete profiles). Call after any write that can change a step, in its transaction.
 */
export async function refreshProfileCompletion(db: Db, config: CompletionConfig, p: ParticipantRow): Promise<ProfileCompletion> {
  const completion = computeCompletion(p, config);
  if (completion.completed !== (p.profileCompletedAt !== null)) await setProfileCompletedAt(db, p.communityId, p.id, completion.completed);
  return completion;
}
