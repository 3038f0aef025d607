import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { api, call } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { readAgain } from "../../lib/refresh.ts";

const statusQuery = () =>
  queryOptions({
    queryKey: ["telegram", "status", storage.token()],
    queryFn: () => call(api.GET("/api/telegram/status")),
    retry: false,
  });

/**
 * Waits on GET /api/sse/telegram-connect (read as a stream through the generated client, so the bearer
 * token goes along; an EventSource cannot send it) until the `connected` event; resolves false when the stream ended
 * without it. Reopens the stream once it closes (the server ends one after 10 minutes).
 */
async function waitForConnection(userId: string, signal: AbortSignal): Promise<boolean> {
  while (!signal.aborted) {
    const { data: body, response } = await api.GET("/api/sse/telegram-connect", {
      params: { query: { userId } },
      headers: { Accept: "text/event-stream" },
      parseAs: "stream",
      signal,
    });
    if (!response.ok || !body) return false;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (/^event: connected$/m.test(text)) {
        await reader.cancel().catch(() => {});
        return true;
      }
    }
  }
  return false;
}

/**
 * Profile, contacts: connect Telegram through the bot's deep link and see the result live. The
 * link is a plain anchor the member clicks (a window opened after the request would be blocked as
 * a pop-up).
 */
export function TelegramConnect() {
  const { t } = useTranslation("telegram");
  const queryClient = useQueryClient();
  const status = useQuery(statusQuery());
  const user = useQuery(accountQueries.currentUser()).data;
  const [link, setLink] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const refresh = () => readAgain(queryClient, { queryKey: ["telegram", "status"] });
  const connect = useMutation({
    mutationFn: () => call(api.POST("/api/telegram/connect-link")),
    onSuccess: (res) => {
      setFailed(false);
      setLink(res.url);
      if (!user) return;
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      waitForConnection(user.userId, controller.signal)
        .then((ok) => {
          if (ok) setLink(null);
          void refresh();
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    },
    onError: () => setFailed(true),
  });
  const disconnect = useMutation({
    mutationFn: () => api.DELETE("/api/telegram/connection"),
    onSuccess: () => void refresh(),
  });

  const s = status.data;
  // Without a bot on this server there is nothing to offer.
  if (!s?.enabled) return null;
  return (
    <div className="telegram-connect" data-testid="telegram-connect">
      <h3>{t("title")}</h3>
      {s.connected ? (
        <p role="status" data-testid="telegram-connected">
          {s.username ? t("connected", { name: `@${s.username}` }) : t("connectedNoName")}{" "}
          <Button variant="ghost" busy={disconnect.isPending} onClick={() => disconnect.mutate()}>
            {t("disconnect")}
          </Button>
        </p>
      ) : (
        <>
          {s.blocked ? <Alert kind="info">{t("blocked")}</Alert> : <p className="muted">{t("hint")}</p>}
          {link ? (
            <p role="status" data-testid="telegram-waiting">
              <a className="btn btn-primary" href={link} target="_blank" rel="noopener noreferrer" data-testid="telegram-open">
                {t("openAgain")}
              </a>{" "}
              {t("connecting")}
            </p>
          ) : (
            <Button variant="secondary" busy={connect.isPending} onClick={() => connect.mutate()} data-testid="telegram-connect-button">
              {t("connect")}
            </Button>
          )}
        </>
      )}
      {failed ? <Alert kind="error">{t("failed")}</Alert> : null}
    </div>
  );
}
