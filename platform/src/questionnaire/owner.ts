/**
 * Whose questionnaire: the community's onboarding questions, or one event's. Questions, options and
 * answers always carry the owner's community, so tenant isolation holds for both kinds.
 */
export type QuestionnaireOwner = { kind: "community"; communityId: string } | { kind: "event"; communityId: string; eventId: string };

export const communityOwner = (communityId: string): QuestionnaireOwner => ({ kind: "community", communityId });

export const eventOwner = (communityId: string, eventId: string): QuestionnaireOwner => ({ kind: "event", communityId, eventId });

/** The audit target of a whole questionnaire (a reorder). */
export function ownerTarget(owner: QuestionnaireOwner): { type: string; id: string } {
  return owner.kind === "community"
    ? { type: "community_questionnaire", id: owner.communityId }
    : { type: "event_questionnaire", id: owner.eventId };
}
