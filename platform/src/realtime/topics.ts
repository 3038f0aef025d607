/**
 * STOMP topics (`/topic/{name}`) and how domain modules publish to them. A publish is one NOTIFY
 * on the bus channel TOPIC_CHANNEL; every server process (this one included) hands it to its own
 * subscribers of the topic, so sockets on any process see it. Modules never touch sockets.
 */
import type { Db } from "../db/client.ts";
import type { Bus } from "./bus.ts";

export const TOPIC_CHANNEL = "stomp.topic";
export const TOPIC_PREFIX = "/topic/";

/** A topic of one community; the body is the MESSAGE frame's JSON. */
export type TopicEvent = { communityId: string; topic: string; body: unknown };

/** What crosses the bus: short keys, NOTIFY carries under 8000 bytes. */
export type TopicEnvelope = { c: string; t: string; b: unknown };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const CHAT_TOPIC = new RegExp(`^chat/(${UUID})$`);
const PRESENCE_TOPIC = /^community\/([^/]{1,100})\/presence$/;
const NOTIFICATIONS_TOPIC = new RegExp(`^notifications/(${UUID})$`);
const ADMIN_TOPIC = /^community\/([^/]{1,100})\/admin$/;

/** The topics a client may name, parsed from a destination; undefined for anything else. */
export type Topic =
  | { kind: "chat"; name: string; chatId: string }
  | { kind: "presence"; name: string; communityId: string }
  | { kind: "notifications"; name: string; participantId: string }
  | { kind: "admin"; name: string; communityId: string };

export const chatTopic = (chatId: string) => `chat/${chatId}`;
export const presenceTopic = (communityId: string) => `community/${communityId}/presence`;
export const notificationsTopic = (participantId: string) => `notifications/${participantId}`;
/**
 * What the console keeps live (its admins only): `{ type, id }` of a record that changed (a
 * mailing started or advanced); the console reads the record again through the API, so nothing a
 * former admin should not see travels on it.
 */
export const adminTopic = (communityId: string) => `community/${communityId}/admin`;
export type AdminTopicBody = { type: "mailing"; id: string };

export function parseDestination(destination: string): Topic | undefined {
  if (!destination.startsWith(TOPIC_PREFIX)) return undefined;
  const name = destination.slice(TOPIC_PREFIX.length);
  let m = CHAT_TOPIC.exec(name);
  if (m?.[1]) return { kind: "chat", name, chatId: m[1] };
  m = PRESENCE_TOPIC.exec(name);
  if (m?.[1]) return { kind: "presence", name, communityId: m[1] };
  m = NOTIFICATIONS_TOPIC.exec(name);
  if (m?.[1]) return { kind: "notifications", name, participantId: m[1] };
  m = ADMIN_TOPIC.exec(name);
  if (m?.[1]) return { kind: "admin", name, communityId: m[1] };
  return undefined;
}

/**
 * Publishes `event` to the topic's subscribers in every process. Inside a transaction opened by
 * withTx it goes out on commit and never on rollback (bus.publish).
 */
export function publishTopic(bus: Bus, event: TopicEvent, db?: Db): Promise<void> {
  const envelope: TopicEnvelope = { c: event.communityId, t: event.topic, b: event.body };
  return bus.publish(TOPIC_CHANNEL, envelope, db);
}
