import { expect, test } from "@playwright/test";
import { acceptedIntro, participant, signedInContext, uniqueWord } from "./chat-support.ts";
import { apiLogin, ownCommunity, registerUser, signInByCode, TENANTS, tenantUrl, uniqueEmail } from "./support.ts";

test.describe("chats: live messages and presence over the chat socket (founders)", () => {
  test("a notification arrives live; two members chat without reloading, see each other online then offline; another community's member cannot open the chat", async ({ browser, request }) => {
    test.setTimeout(90_000);
    // A community of its own made from founders' files: a finds b among its members alone.
    const f = await ownCommunity(TENANTS.founders, "chats");
    const rare = uniqueWord("chattag");
    const rarer = uniqueWord("chatpilot");
    const a = await participant(request, f, await signInByCode(request, uniqueEmail("chat-a"), f), uniqueWord("Alba"), [rare, rarer]);
    const b = await participant(request, f, await signInByCode(request, uniqueEmail("chat-b"), f), uniqueWord("Bruno"), [rare, rarer]);

    // B waits on /notifications: A's intro arrives there live, with a toast, without a reload.
    const contextB = await signedInContext(browser, b.token);
    const pageB = await contextB.newPage();
    await pageB.goto(tenantUrl(f, "/notifications"));
    await expect(pageB.getByText("No notifications")).toBeVisible();
    // Live means over the socket: the intro is sent once B's socket is up.
    await expect(pageB.locator("body[data-realtime=connected]")).toBeAttached();
    await acceptedIntro(request, a, b);
    const note = pageB.getByTestId("notification").filter({ hasText: "You received an intro request" });
    await expect(note).toBeVisible();
    await expect(note).toHaveAttribute("data-seen", "false");
    await expect(pageB.getByTestId("toast").filter({ hasText: "New notification" })).toBeVisible();
    await note.getByRole("button", { name: "Mark as seen" }).click();
    await expect(note).toHaveAttribute("data-seen", "true");
    await note.getByRole("button", { name: /^Dismiss/ }).click();
    await expect(pageB.getByTestId("notification")).toHaveCount(0);

    // Offline: one "Offline" toast while the browser is offline, gone when it is back.
    await contextB.setOffline(true);
    await expect(pageB.getByTestId("toast").filter({ hasText: "The app is offline" })).toHaveCount(1);
    await contextB.setOffline(false);
    await expect(pageB.getByTestId("toast").filter({ hasText: "The app is offline" })).toHaveCount(0);

    // A opens the chat with B (the one-to-one chat opens once the intro was accepted).
    const contextA = await signedInContext(browser, a.token);
    const pageA = await contextA.newPage();
    // What the app's STOMP client says on connect: spec 9's heart-beats, 10000 ms each way.
    const sentFrames: string[] = [];
    pageA.on("websocket", (ws) => ws.on("framesent", (f) => sentFrames.push(String(f.payload))));
    await pageA.goto(tenantUrl(f, `/chats?with=${b.participantId}`));
    await expect(pageA).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
    const chatId = new URL(pageA.url()).pathname.split("/").pop() ?? "";
    await expect(pageA.getByRole("heading", { level: 1 })).toContainText(b.firstName);
    await expect(pageA.getByTestId("chat-connection")).toHaveText("Connected");
    const connectFrame = sentFrames.find((f) => /^(CONNECT|STOMP)\n/.test(f));
    expect(connectFrame).toContain("heart-beat:10000,10000");
    expect(sentFrames.some((f) => f.startsWith("SUBSCRIBE\n") && f.includes(`destination:/topic/chat/${chatId}`))).toBe(true);

    // B sees the chat in the list with A online, and opens it.
    await pageB.goto(tenantUrl(f, "/chats"));
    const row = pageB.getByTestId("chat-row").filter({ hasText: a.firstName });
    await expect(row).toBeVisible();
    await expect(row.getByTestId(`presence-${a.participantId}`)).toHaveAttribute("data-online", "true");
    await row.click();
    await expect(pageB).toHaveURL(new RegExp(`/chats/${chatId}$`));
    await expect(pageB.getByTestId("chat-connection")).toHaveText("Connected");

    // A message from A appears on B's side without a reload, and the answer on A's.
    const hello = `Hi ${b.firstName}, coffee on Tuesday? ${rare}`;
    await pageA.getByLabel("Write a message").fill(hello);
    await pageA.getByRole("button", { name: "Send" }).click();
    await expect(pageB.getByTestId("chat-message").filter({ hasText: hello })).toBeVisible();
    await expect(pageA.getByTestId("chat-message").filter({ hasText: hello })).toHaveAttribute("data-mine", "true");
    const reply = `Sure ${a.firstName}, see you there. Agenda: https://example.org/agenda?day=tue, map at www.example.net, or mail host@example.org (not links: javascript:alert(1), ftp://files.example.org/deck)`;
    await pageB.getByLabel("Write a message").fill(reply);
    await pageB.keyboard.press("Enter");
    const answer = pageA.getByTestId("chat-message").filter({ hasText: reply });
    await expect(answer).toBeVisible();
    // Its addresses are links (a new tab, no opener), the rest of it text.
    const agenda = answer.getByRole("link", { name: "https://example.org/agenda?day=tue" });
    await expect(agenda).toHaveAttribute("href", "https://example.org/agenda?day=tue");
    await expect(agenda).toHaveAttribute("target", "_blank");
    await expect(agenda).toHaveAttribute("rel", /noopener/);
    await expect(answer.getByRole("link", { name: "www.example.net" })).toHaveAttribute("href", "https://www.example.net");
    await expect(answer.getByRole("link", { name: "host@example.org" })).toHaveAttribute("href", "mailto:host@example.org");
    await expect(answer.getByRole("link")).toHaveCount(3);

    // Presence: A is online on B's screen, then offline once A's browser is gone (after the grace period).
    const dotOfA = pageB.locator(".chat-header").getByTestId(`presence-${a.participantId}`);
    await expect(dotOfA).toHaveAttribute("data-online", "true");
    await contextA.close();
    await expect(dotOfA).toHaveAttribute("data-online", "false", { timeout: 20_000 });

    // The history is there after a reload.
    await pageB.reload();
    await expect(pageB.getByTestId("chat-message").filter({ hasText: hello })).toBeVisible();
    await expect(pageB.getByTestId("chat-message").filter({ hasText: reply })).toBeVisible();
    await contextB.close();

    // A member of another community cannot open the chat: the page says so and shows no message.
    const outsiderEmail = uniqueEmail("chat-outsider");
    await registerUser(request, TENANTS.devguild, outsiderEmail, "outsider-pass-123");
    const outsiderToken = await apiLogin(request, TENANTS.devguild, outsiderEmail, "outsider-pass-123");
    await participant(request, TENANTS.devguild, outsiderToken, uniqueWord("Otto"), [uniqueWord("other"), uniqueWord("tags")]);
    const contextC = await signedInContext(browser, outsiderToken);
    const pageC = await contextC.newPage();
    const warnings: string[] = [];
    pageC.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await pageC.goto(tenantUrl(TENANTS.devguild, `/chats/${chatId}`));
    await expect(pageC.getByRole("alert")).toContainText("This chat is not available to you.");
    await expect(pageC.getByTestId("chat-message")).toHaveCount(0);
    // The socket's refusal of that chat's topic is only logged (spec 6): no toast, the page stays as it is.
    await expect.poll(() => warnings.some((w) => w.includes("Chat access denied") && w.includes(chatId))).toBe(true);
    await expect(pageC.getByTestId("toast")).toHaveCount(0);
    await contextC.close();
  });
});
