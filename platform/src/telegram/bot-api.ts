/**
 * A small Telegram Bot API client: sendMessage (JSON) and sendPhoto (multipart, the picture's
 * bytes as a file part), against a configurable base URL (TELEGRAM_API_URL) so tests and staging
 * point it at a local server. Answers are Telegram's {ok, result} / {ok: false, error_code,
 * description, parameters.retry_after}.
 */
import type { TelegramConfig } from "../config.ts";

export class TelegramApiError extends Error {
  constructor(
    readonly status: number,
    readonly description: string,
    /** Seconds to wait (429 Too Many Requests). */
    readonly retryAfter: number | undefined,
  ) {
    super(`Telegram Bot API ${status}: ${description}`);
    this.name = "TelegramApiError";
  }

  /** The member blocked the bot or the chat is gone: retrying never helps. */
  get isPermanent(): boolean {
    return this.status === 403 || this.status === 400;
  }
}

export type SentMessage = { message_id: number; chat: { id: number } };

const TIMEOUT_MS = 10_000;

export type BotApi = {
  sendMessage: (chatId: string, text: string, opts?: { parseMode?: "HTML"; disablePreview?: boolean }) => Promise<SentMessage>;
  sendPhoto: (chatId: string, photo: { data: Uint8Array<ArrayBuffer>; filename: string; contentType: string }, caption?: string) => Promise<SentMessage>;
};

export function botApi(config: TelegramConfig): BotApi {
  const base = `${config.apiUrl.replace(/\/+$/, "")}/bot${config.botToken}`;

  async function call(method: string, body: BodyInit, headers: Record<string, string> = {}): Promise<SentMessage> {
    let res: Response;
    try {
      res = await fetch(`${base}/${method}`, { method: "POST", body, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (err) {
      throw new TelegramApiError(0, err instanceof Error ? err.message : "network error", undefined);
    }
    const answer = (await res.json().catch(() => undefined)) as
      | { ok?: boolean; result?: SentMessage; error_code?: number; description?: string; parameters?: { retry_after?: number } }
      | undefined;
    if (!res.ok || !answer?.ok || !answer.result) {
      throw new TelegramApiError(answer?.error_code ?? res.status, answer?.description ?? res.statusText, answer?.parameters?.retry_after);
    }
    return answer.result;
  }

  return {
    sendMessage: (chatId, text, opts = {}) =>
      call(
        "sendMessage",
        JSON.stringify({
          chat_id: chatId,
          text,
          ...(opts.parseMode ? { parse_mode: opts.parseMode } : {}),
          ...(opts.disablePreview ? { link_preview_options: { is_disabled: true } } : {}),
        }),
        { "content-type": "application/json" },
      ),
    sendPhoto: (chatId, photo, caption) => {
      const form = new FormData();
      form.set("chat_id", chatId);
      form.set("photo", new Blob([photo.data], { type: photo.contentType }), photo.filename);
      if (caption) form.set("caption", caption);
      return call("sendPhoto", form);
    },
  };
}

/** The deep link that opens the bot with `/start <code>`. */
export function deepLink(config: TelegramConfig, code: string): string {
  return `https://t.me/${config.botUsername}?start=${encodeURIComponent(code)}`;
}
