/**
 * A stand-in for the Telegram Bot API on a local port (node:http): answers sendMessage (JSON) and
 * sendPhoto (multipart) like Telegram does and records every call.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export type BotCall = {
  method: string;
  token: string;
  // biome-ignore lint/suspicious/noExplicitAny: the recorded JSON body
  json?: Record<string, any>;
  form?: { chatId: string; caption: string | null; photo: { name: string; type: string; bytes: Uint8Array } | null };
};

export type BotApiStandIn = {
  url: string;
  calls: BotCall[];
  /** Chat ids whose sends fail with this Telegram error. */
  failFor: Map<string, { status: number; description: string }>;
  close: () => Promise<void>;
};

export async function startBotApi(): Promise<BotApiStandIn> {
  const calls: BotCall[] = [];
  const failFor = new Map<string, { status: number; description: string }>();
  let messageId = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (!m?.[1] || !m[2]) return answer(404, { ok: false, error_code: 404, description: "Not Found" });
    const [, token, method] = m;
    const call: BotCall = { method, token };
    let chatId = "";
    if (method === "sendMessage") {
      call.json = JSON.parse(raw.toString("utf8"));
      chatId = String(call.json?.chat_id);
    } else if (method === "sendPhoto") {
      const form = await new Request("http://stand-in/", { method: "POST", headers: { "content-type": req.headers["content-type"] ?? "" }, body: raw }).formData();
      const photo = form.get("photo");
      chatId = String(form.get("chat_id"));
      call.form = {
        chatId,
        caption: (form.get("caption") as string | null) ?? null,
        photo: photo instanceof File ? { name: photo.name, type: photo.type, bytes: new Uint8Array(await photo.arrayBuffer()) } : null,
      };
    } else {
      return answer(404, { ok: false, error_code: 404, description: "Not Found: method not found" });
    }
    calls.push(call);
    const fail = failFor.get(chatId);
    if (fail) return answer(fail.status, { ok: false, error_code: fail.status, description: fail.description });
    answer(200, { ok: true, result: { message_id: ++messageId, chat: { id: Number(chatId) }, date: Math.floor(Date.now() / 1000) } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
