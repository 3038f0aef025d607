import type { Ctx } from "../context.ts";
import { afterCommit, type Db } from "../db/client.ts";
import { notificationsTopic, publishTopic } from "../realtime/index.ts";

/**
 * Staff changed a participant (a toggle, a moderation decision, a report's outcome): once `tx`
 * commits, the member's cached views are dropped and their open app is told PARTICIPANT_UPDATED,
 * so it reads its state again at once (spec 2.4). The views go first: this process delivers the
 * push right after the commit, before the database's own announcement of the change comes back.
 */
export async function announceParticipantUpdated(ctx: Pick<Ctx, "deps" | "tenant">, tx: Db, participant: { id: string; userId: string }): Promise<void> {
  afterCommit(tx, () => ctx.deps.views.forgetUser(participant.userId));
  await publishTopic(ctx.deps.bus, { communityId: ctx.tenant.id, topic: notificationsTopic(participant.id), body: { type: "PARTICIPANT_UPDATED", participantId: participant.id } }, tx);
}
