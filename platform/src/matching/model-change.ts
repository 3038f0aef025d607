import type { Db } from "../db/client.ts";
import type { Bus } from "../realtime/bus.ts";

/** Bus channel: `{ communityId }` whose engine model is stale in every process. */
export const MODEL_CHANGED = "matching.model";

/**
 * Every process drops the community's model once `db`'s transaction commits (at once when `db`
 * is a pool). Call it from inside the transaction that changed the model's input (profiles,
 * answers, relations, feedback, admin scores): a leaf, so those modules need nothing else of matching.
 */
export function publishModelChange(bus: Bus, db: Db, communityId: string): Promise<void> {
  return bus.publish(MODEL_CHANGED, { communityId }, db);
}
