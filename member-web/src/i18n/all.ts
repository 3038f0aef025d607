/**
 * Every text of the member app by language, loaded at once: for the completeness tests only (the
 * app loads them per group, see index.ts).
 */
import { accountEn } from "./account.en.ts";
import { accountRu } from "./account.ru.ts";
import { adminEn } from "./admin.en.ts";
import { adminRu } from "./admin.ru.ts";
import { chat2En } from "./chat2.en.ts";
import { chat2Ru } from "./chat2.ru.ts";
import { chatsEn } from "./chats.en.ts";
import { chatsRu } from "./chats.ru.ts";
import { en as baseEn } from "./en.ts";
import { eventsEn } from "./events.en.ts";
import { eventsRu } from "./events.ru.ts";
import { matchingEn } from "./matching.en.ts";
import { matchingRu } from "./matching.ru.ts";
import { meetingsEn } from "./meetings.en.ts";
import { meetingsRu } from "./meetings.ru.ts";
import { membersEn } from "./members.en.ts";
import { membersRu } from "./members.ru.ts";
import { ru as baseRu } from "./ru.ts";
import { tenantEn } from "./tenant.en.ts";
import { tenantRu } from "./tenant.ru.ts";

const en = { ...baseEn, ...membersEn, ...matchingEn, ...chatsEn, ...chat2En, ...eventsEn, ...adminEn, ...tenantEn, ...accountEn, ...meetingsEn };
const ru = { ...baseRu, ...membersRu, ...matchingRu, ...chatsRu, ...chat2Ru, ...eventsRu, ...adminRu, ...tenantRu, ...accountRu, ...meetingsRu };

export const TRANSLATIONS = { en, ru };
