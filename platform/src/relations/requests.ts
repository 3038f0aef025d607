import { requireMember } from "../authz/index.ts";
import { recordAudit } from "../audit/index.ts";
import type { Ctx } from "../context.ts";
import { withDb } from "../context.ts";
import { withTx } from "../db/client.ts";
import { accessDenied, conflict, notFound } from "../lib/errors.ts";
import { pageRows, pageWindow } from "../lib/paging.ts";
import { queueMail } from "../mail/service.ts";
import { meetingProposeQueue } from "../meetings/index.ts";
import { notify } from "../notifications/index.ts";
import { findMyResult, markConnected } from "../matching/results.ts";
import { cardsOf, iso, isoOrNull, langIn, loadMe, memberViewer } from "../members/index.ts";
import { isCommunityStaff, type Viewer, visibleContacts } from "../participant/privacy.ts";
import { findMemberCard, findParticipant, listStaffCards, lockParticipant, type MemberCardRow } from "../participant/queries.ts";
import { spendCredits } from "./credits.ts";
import { contactLines, introAnswered, introToMember, introToModerator } from "./intro-mail.ts";
import { answerIntro, findIntro, hasIntro, insertIntro, type IntroRow, listIntrosForModeration, listIntrosTo } from "./queries.ts";
import { emitWebhook } from "../webhooks/index.ts";
import type { AnswerBody, AnswerResult, IntroRequest, IntroRequestPage, RequestsQuery, SendIntroBody, SendIntroResult } from "./schemas.ts";

const requestsLink = (ctx: Ctx) => `${ctx.tenant.url}/my_communities?tab=requests`;
const contactsLink = (ctx: Ctx) => `${ctx.tenant.url}/my_communities`;

/** An intro's webhook payload: who and which state, never the message (it is the recipient's to read). */
function introWebhookData(r: IntroRow) {
  return { introId: r.id, fromParticipantId: r.fromId, toParticipantId: r.toId, matchingResultId: r.matchingResultId, status: r.status === "ACCEPTED" ? ("ACCEPTED" as const) : ("PENDING" as const) };
}

/** intro.sent and intro.accepted of one intro reach an endpoint in that order. */
const introOrderingKey = (r: IntroRow) => `intro:${r.id}`;

async function toIntros(ctx: Ctx, viewer: Viewer, rows: readonly IntroRow[]): Promise<IntroRequest[]> {
  const cards = await cardsOf(
    ctx,
    viewer,
    rows.flatMap((r) => [r.fromId, r.toId]),
  );
  const out: IntroRequest[] = [];
  for (const r of rows) {
    const from = cards.get(r.fromId);
    const to = cards.get(r.toId);
    if (!from || !to) continue;
    out.push({
      id: r.id,
      status: r.status,
      message: r.message,
      answer: r.answer,
      viaModerator: r.viaModerator,
      matchingResultId: r.matchingResultId,
      createdAt: iso(r.createdAt),
      answeredAt: isoOrNull(r.answeredAt),
      from,
      to,
    });
  }
  return out;
}

async function oneIntro(ctx: Ctx, viewer: Viewer, row: IntroRow): Promise<IntroRequest> {
  const [intro] = await toIntros(ctx, viewer, [row]);
  if (!intro) throw notFound("Request not found");
  return intro;
}

/** What participant `viewerId` may see of `owner`'s contacts, as lines for a mail. */
async function contactsFor(ctx: Ctx, viewerId: string, owner: MemberCardRow): Promise<string[]> {
  const p = await findParticipant(ctx.db, ctx.tenant.id, { id: viewerId });
  if (!p) return [];
  const view = visibleContacts(memberViewer(p), owner, ctx.tenant);
  return contactLines(view.contacts, view.phone);
}

/**
 * POST /matching/send-intro: "Connect" on one of my results. Costs INTERESTED_CLICK credits,
 * marks the result CONNECTED and mails the intro: to the member, or — when they keep contacts
 * hidden — to the community's admins and moderators, who forward it (spec 4.6). One intro per
 * sender and recipient (409 the second time, charged nothing).
 */
export async function sendIntro(ctx: Ctx, body: SendIntroBody): Promise<SendIntroResult> {
  const me = await loadMe(ctx, await requireMember(ctx));
  if (body.from !== me.participant.id) throw accessDenied("Intros are sent in your own name");
  if (me.participant.moderationStatus !== "confirmed") throw accessDenied("Your profile is not confirmed by the community yet");
  const result = await findMyResult(ctx.db, ctx.tenant.id, me.participant.id, body.matchingResultId);
  if (!result) throw notFound("Match not found");
  const recipient = await findMemberCard(ctx.db, ctx.tenant.id, result.subjectId);
  if (!recipient) throw notFound("This member is no longer in the community");
  if (await hasIntro(ctx.db, ctx.tenant.id, me.participant.id, recipient.id)) throw conflict("You already sent an intro to this member");
  const viaModerator = visibleContacts(me.viewer, recipient, ctx.tenant).hasHiddenContacts;
  const sender = me.participant;

  const { intro, credits } = await withTx(ctx.db, async (tx) => {
    const txCtx = withDb(ctx, tx);
    await lockParticipant(tx, ctx.tenant.id, me.participant.id, "credits");
    const intro = await insertIntro(tx, {
      communityId: ctx.tenant.id,
      fromId: me.participant.id,
      toId: recipient.id,
      matchingResultId: result.id,
      message: body.introMessage,
      viaModerator,
    });
    const credits = await spendCredits(tx, ctx, me.participant.id, "INTERESTED_CLICK");
    await emitWebhook(txCtx, "intro.sent", introWebhookData(intro), introOrderingKey(intro));
    await markConnected(tx, ctx.tenant.id, result.id, body.introMessage);
    if (viaModerator) {
      for (const staff of await listStaffCards(tx, ctx.tenant.id)) {
        if (!staff.email || staff.id === recipient.id || staff.id === me.participant.id) continue;
        await queueMail(txCtx, {
          to: staff.email,
          template: "notice",
          lang: langIn(ctx, staff.lang),
          vars: introToModerator(langIn(ctx, staff.lang), { from: sender, to: recipient, message: body.introMessage, link: requestsLink(ctx) }),
          dedupeKey: `intro:${intro.id}:moderator:${staff.id}`,
        });
      }
    } else if (recipient.email) {
      const lang = langIn(ctx, recipient.lang);
      await queueMail(txCtx, {
        to: recipient.email,
        template: "notice",
        lang,
        vars: introToMember(lang, { from: sender, message: body.introMessage, link: requestsLink(ctx), forwarded: false, contacts: [] }),
        dedupeKey: `intro:${intro.id}:member`,
      });
    }
    // A held intro reaches the recipient (and notifies them) once a moderator forwards it.
    if (!viaModerator) {
      await notify(tx, ctx.deps.bus, {
        communityId: ctx.tenant.id,
        participantId: recipient.id,
        type: "INTRO_RECEIVED",
        data: { introId: intro.id, fromId: me.participant.id },
        dedupeKey: `intro:${intro.id}:received`,
      });
    }
    return { intro, credits };
  });
  if (viaModerator) ctx.log.info({ introId: intro.id }, "intro held for the moderators: the recipient hides contacts");
  return { request: await oneIntro(ctx, me.viewer, intro), credits };
}

/**
 * GET /requests: intros sent to me (scope=mine; those a moderator still holds are not shown yet),
 * or, for admins and moderators, intros waiting for a moderator (scope=moderation).
 */
export async function listRequests(ctx: Ctx, query: RequestsQuery): Promise<IntroRequestPage> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const page = pageWindow(query);
  let rows: IntroRow[];
  if (query.scope === "moderation") {
    if (!isCommunityStaff(me.viewer)) throw accessDenied("Only the community's admins and moderators can see this");
    rows = await listIntrosForModeration(ctx.db, ctx.tenant.id, page);
  } else {
    rows = await listIntrosTo(ctx.db, ctx.tenant.id, me.participant.id, page);
  }
  const shown = pageRows(rows, query);
  return { items: await toIntros(ctx, me.viewer, shown.rows), page: query.page, size: query.size, hasMore: shown.hasMore };
}

/**
 * POST /requests/{id}/answer: the recipient accepts or declines; for an intro held for the
 * moderators, an admin or moderator forwards it (ACCEPTED) or declines it. On acceptance the
 * sender is mailed the recipient's contacts as privacy lets them see them; a forwarded intro is
 * also mailed to the recipient with the sender's contacts.
 */
export async function answerRequest(ctx: Ctx, id: string, body: AnswerBody): Promise<AnswerResult> {
  const me = await loadMe(ctx, await requireMember(ctx));
  const staff = isCommunityStaff(me.viewer);
  const answered = await withTx(ctx.db, async (tx) => {
    const intro = await findIntro(tx, ctx.tenant.id, id, { forUpdate: true });
    if (!intro) throw notFound("Request not found");
    const heldForModerators = intro.viaModerator && intro.status === "PENDING";
    const isRecipient = intro.toId === me.participant.id;
    const allowed = heldForModerators ? staff : isRecipient || (intro.viaModerator && staff);
    if (!allowed) throw accessDenied(heldForModerators ? "A moderator answers this request" : "Only the recipient can answer this request");
    const row = await answerIntro(tx, ctx.tenant.id, intro.id, body.answer, body.message || null);
    if (!row) throw conflict("This request was already answered");
    if (!isRecipient) {
      // A moderator decided on someone else's intro: that is a staff write.
      await recordAudit(withDb(ctx, tx), {
        action: "intro_request.moderate",
        target: { type: "intro_request", id: row.id },
        before: { status: intro.status },
        after: { status: row.status, answer: row.answer },
      });
    }
    if (row.status === "ACCEPTED") {
      const txCtx = withDb(ctx, tx);
      await emitWebhook(txCtx, "intro.accepted", introWebhookData(row), introOrderingKey(row));
      // An accepted intro connects the two: meeting times are proposed to them (when the community has meetings on).
      await ctx.deps.jobs.send(
        meetingProposeQueue,
        { communityId: ctx.tenant.id, a: row.fromId, b: row.toId, source: "INTRO", matchId: null, introId: row.id },
        { db: tx, singletonKey: `meeting-propose:intro:${row.id}` },
      );
      await notify(tx, ctx.deps.bus, {
        communityId: ctx.tenant.id,
        participantId: row.fromId,
        type: "INTRO_ACCEPTED",
        data: { introId: row.id, toId: row.toId },
        dedupeKey: `intro:${row.id}:accepted`,
      });
      if (row.viaModerator) {
        await notify(tx, ctx.deps.bus, {
          communityId: ctx.tenant.id,
          participantId: row.toId,
          type: "INTRO_RECEIVED",
          data: { introId: row.id, fromId: row.fromId },
          dedupeKey: `intro:${row.id}:received`,
        });
      }
      const [from, to] = await Promise.all([findMemberCard(tx, ctx.tenant.id, row.fromId), findMemberCard(tx, ctx.tenant.id, row.toId)]);
      if (from?.email && to) {
        const lang = langIn(ctx, from.lang);
        await queueMail(txCtx, {
          to: from.email,
          template: "notice",
          lang,
          vars: introAnswered(lang, { to, forwarded: row.viaModerator, answer: row.answer, contacts: await contactsFor(txCtx, from.id, to), link: contactsLink(ctx) }),
          dedupeKey: `intro:${row.id}:answered`,
        });
      }
      if (row.viaModerator && from && to?.email) {
        const lang = langIn(ctx, to.lang);
        await queueMail(txCtx, {
          to: to.email,
          template: "notice",
          lang,
          vars: introToMember(lang, { from, message: row.message, link: requestsLink(ctx), forwarded: true, contacts: await contactsFor(txCtx, to.id, from) }),
          dedupeKey: `intro:${row.id}:forwarded`,
        });
      }
    }
    return row;
  });
  return { request: await oneIntro(ctx, me.viewer, answered) };
}
