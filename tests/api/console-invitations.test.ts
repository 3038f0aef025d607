/** Issue 14, point 6: admins invite by e-mail (one or many); the invitedBy value is carried through sign-up (spec 4.3). */
import { describe, expect, it } from "vitest";
import { testEnvForFile } from "../support/harness.ts";
import { createMember } from "../support/users.ts";
import { member } from "./matching-api-helpers.ts";

const env = await testEnvForFile();

describe("invitations", () => {
  it("invites one address: a mail with the inviter's invitedBy link; the invitee signs up, accepts, and shows as joined", async () => {
    const admin = await member(env, "alpha", { firstName: "Ada" }, "admin");
    const res = await env.request("POST", "/api/admin/alpha/invitations", {
      tenant: "alpha",
      token: admin.token,
      body: { emails: ["Newbie@Example.org"], message: "See you on Tuesday!" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [{ email: "newbie@example.org", status: "invited" }] });
    const [mail] = await env.mailTo("newbie@example.org");
    expect(mail?.subject).toBe("You are invited to alpha brand");
    expect(mail?.text).toContain("See you on Tuesday!");
    // The invitee may have no account: the footer says why they got it.
    expect(mail?.text).toContain("because a member of alpha brand invited you");
    expect(mail?.text).not.toContain("because of your account");
    const link = mail?.text.match(/https?:\/\/\S+\/invite\?\S+/)?.[0] ?? "";
    const url = new URL(link);
    expect(url.searchParams.get("invitedBy")).toBe(admin.id);
    expect(url.searchParams.get("email")).toBe("newbie@example.org");

    let list = await env.request("GET", "/api/admin/alpha/invitations", { tenant: "alpha", token: admin.token });
    expect(list.body).toEqual([expect.objectContaining({ email: "newbie@example.org", invitedBy: admin.id, sends: 1, joined: false, participantId: null })]);

    // Sign-up, then the member app sends the stored invitedBy value (spec 4.3).
    const invitee = await createMember(env, { tenant: "alpha", email: "newbie@example.org" });
    const accepted = await env.request("POST", `/api/invitation/${url.searchParams.get("invitedBy")}`, { tenant: "alpha", token: invitee.token });
    expect(accepted.status).toBe(200);
    const [user] = await env.db<{ invitedBy: string | null }[]>`select invited_by as "invitedBy" from users where id = ${invitee.user.id}`;
    expect(user?.invitedBy).toBe(admin.id);
    list = await env.request("GET", "/api/admin/alpha/invitations", { tenant: "alpha", token: admin.token });
    expect(list.body[0]).toMatchObject({ joined: true, participantId: invitee.participantId });
    const audit = await env.db`select action from audit_events where community_id = 'alpha' and action = 'invitation.send'`;
    expect(audit).toHaveLength(1);
  });

  it("invites in bulk: duplicates once, members skipped, a second invitation resent; Russian communities invite in Russian", async () => {
    const admin = await member(env, "beta", { firstName: "Ада" }, "admin");
    const existing = await member(env, "beta", { firstName: "Ива" });
    const body = { emails: ["a1@example.org", "a2@example.org", "a1@example.org", existing.email] };
    const res = await env.request("POST", "/api/admin/beta/invitations", { tenant: "beta", token: admin.token, body });
    expect(res.body.results).toEqual([
      { email: "a1@example.org", status: "invited" },
      { email: "a2@example.org", status: "invited" },
      { email: existing.email, status: "member" },
    ]);
    const again = await env.request("POST", "/api/admin/beta/invitations", { tenant: "beta", token: admin.token, body: { emails: ["a1@example.org"] } });
    expect(again.body.results).toEqual([{ email: "a1@example.org", status: "resent" }]);
    const mails = await env.mailTo("a1@example.org");
    expect(mails).toHaveLength(2);
    expect(mails[0]?.lang).toBe("ru");
    expect(mails[0]?.subject).toBe("Приглашение в beta brand");
    expect(mails[0]?.text).toContain("потому что вас пригласили в сообщество «beta brand»");
    expect(await env.mailTo(existing.email)).toHaveLength(0);
  });

  it("refuses bad input, members, moderators and other communities", async () => {
    const admin = await member(env, "alpha", {}, "admin");
    const moderator = await member(env, "alpha", {}, "moderator");
    const betaAdmin = await member(env, "beta", {}, "admin");
    const send = (who: { token: string }, communityId: string, body: unknown, tenant = "alpha") =>
      env.request("POST", `/api/admin/${communityId}/invitations`, { tenant, token: who.token, body });
    expect((await send(admin, "alpha", { emails: [] })).status).toBe(400);
    expect((await send(admin, "alpha", { emails: ["not-an-email"] })).status).toBe(400);
    expect((await send(admin, "alpha", { emails: Array.from({ length: 201 }, (_, i) => `x${i}@example.org`) })).status).toBe(400);
    expect((await send(moderator, "alpha", { emails: ["m@example.org"] })).status).toBe(403);
    // beta's admin naming alpha from beta: 404; with beta's session on alpha's host: 401.
    expect((await send(betaAdmin, "alpha", { emails: ["m@example.org"] }, "beta")).status).toBe(404);
    expect((await send(betaAdmin, "alpha", { emails: ["m@example.org"] })).status).toBe(401);
    expect((await env.request("GET", "/api/admin/alpha/invitations", { tenant: "beta", token: betaAdmin.token })).status).toBe(404);
    expect(await env.mailTo("m@example.org")).toHaveLength(0);
  });
});
