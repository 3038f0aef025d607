import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, isApiFailure } from "../../api/client.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { realtime, useRealtimeConnected } from "../../lib/realtime.ts";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { LinkedText } from "../../ui/linked-text.tsx";
import { Skeleton } from "../../ui/skeleton.tsx";
import { PresenceDot } from "./chats-page.tsx";
import { MembersPanel } from "./members-panel.tsx";
import { type ChatMessage, chatQueries, chatTitle, chatsChanged, openChat, seedPresence, useMyParticipantId, usePresenceTopic } from "./model.ts";
import "./chats.css";

const MESSAGE_MAX = 2000;

/** /chats/:chatId: the history paged backwards, live messages over the socket, sending while connected. */
export function ChatPage({ chatId }: { chatId: string }) {
  const { t, i18n } = useTranslation("chats");
  const errorText = useErrorText();
  const community = useCommunity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useMyParticipantId(community.id);
  const meRef = useRef(me);
  meRef.current = me;
  const connected = useRealtimeConnected();
  const history = useInfiniteQuery(chatQueries.history(chatId));
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [text, setText] = useState("");
  const [sendError, setSendError] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  usePresenceTopic(community.id);

  const chat = history.data?.pages[0]?.chat;
  const readAt = history.data?.pages[0]?.readAt;
  useEffect(() => {
    if (chat) seedPresence(chat.participants, readAt);
  }, [chat, readAt]);

  // Live messages on the chat's topic; the subscription waits for the connection if needed.
  useEffect(() => {
    setLive([]);
    return realtime.subscribe(`chat/${chatId}`, (body) => {
      const b = body as { type?: string; message?: ChatMessage; removed?: string[] };
      if (b?.type === "CHAT_UPDATED") {
        // A group's name or members changed: removed from it, back to the list; else reload the chat.
        if (meRef.current && b.removed?.includes(meRef.current)) {
          void chatsChanged(queryClient);
          void navigate({ to: "/chats" });
        } else void queryClient.invalidateQueries({ queryKey: chatQueries.history(chatId).queryKey });
        return;
      }
      if (b?.type === "MESSAGE" && b.message?.chatId === chatId) {
        const message = b.message;
        setLive((prev) => (prev.some((m) => m.id === message.id) ? prev : [...prev, message]));
      }
      // Messages sent before the subscription took are in the history, read again (shown once: by id).
    }, () => void queryClient.invalidateQueries({ queryKey: chatQueries.history(chatId).queryKey }));
  }, [chatId, navigate, queryClient]);

  // While on screen its messages are read: no toast, no unread count; reading the history moved
  // the read marker, so the list (and the bar's badge) is read again.
  useEffect(() => {
    openChat.id = chatId;
    return () => {
      if (openChat.id === chatId) openChat.id = null;
    };
  }, [chatId]);
  const historyLoaded = history.isSuccess;
  useEffect(() => {
    if (historyLoaded) void chatsChanged(queryClient);
  }, [historyLoaded, queryClient]);

  // Leaving the chat reads its newest page once more (which moves the read marker) and refreshes the list.
  useEffect(
    () => () => {
      void api.GET("/api/chats/{id}", { params: { path: { id: chatId }, query: { size: 1 } } }).finally(() => void chatsChanged(queryClient));
    },
    [chatId, queryClient],
  );

  const messages = useMemo(() => {
    const pages = history.data?.pages ?? [];
    const seen = new Set<string>();
    const out: ChatMessage[] = [];
    for (const m of [...pages].reverse().flatMap((p) => p.items).concat(live)) {
      if (!m || seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
    return out;
  }, [history.data, live]);

  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    const el = listRef.current;
    if (el && newestId && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  if (history.isPending) {
    return (
      <main className="page page-narrow" id="content">
        <Skeleton lines={6} label={t("loading", { ns: "common" })} />
      </main>
    );
  }
  if (history.isError) {
    const denied = isApiFailure(history.error) && [403, 404].includes(history.error.status);
    return (
      <main className="page page-narrow" id="content">
        <h1>{t("title")}</h1>
        <Alert kind="error">{denied ? t("notAvailable") : errorText(history.error)}</Alert>
        {denied ? null : (
          <Button variant="secondary" onClick={() => void history.refetch()}>
            {t("retry", { ns: "common" })}
          </Button>
        )}
        <p>
          <Link to="/chats">{t("backToChats")}</Link>
        </p>
      </main>
    );
  }

  const names = new Map((chat?.participants ?? []).map((p) => [p.id, `${p.firstName} ${p.lastName}`.trim()]));
  const others = (chat?.participants ?? []).filter((p) => p.id !== me);
  const trimmed = text.trim();
  const canSend = connected && trimmed.length > 0 && trimmed.length <= MESSAGE_MAX;

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    // Spec 4.8: sending works only when connected.
    if (realtime.send(`chat/${chatId}`, { text: trimmed })) {
      setText("");
      setSendError(false);
      atBottom.current = true;
    } else setSendError(true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      send();
    }
  };

  return (
    <main className="page page-narrow" id="content">
      <p>
        <Link to="/chats">← {t("backToChats")}</Link>
      </p>
      <header className="chat-header">
        <h1>{chat ? chatTitle(chat, me) : t("title")}</h1>
        <div className="chat-members">
          {others.map((p) => (
            <span key={p.id} className="chat-member">
              <PresenceDot participantId={p.id} />
              {names.get(p.id)}
            </span>
          ))}
        </div>
        {chat?.type === "GROUP" ? <MembersPanel chat={chat} me={me} communityId={community.id} /> : null}
      </header>
      {history.hasNextPage ? (
        <div className="center">
          <Button variant="secondary" busy={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {t("earlier")}
          </Button>
        </div>
      ) : null}
      <ol
        className="chat-messages"
        ref={listRef}
        aria-label={t("messages")}
        aria-live="polite"
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
        }}
      >
        {messages.length === 0 ? <li className="muted">{t("noMessagesYet")}</li> : null}
        {messages.map((m) => (
          <li key={m.id} className="chat-message" data-mine={m.senderId === me} data-testid="chat-message">
            <LinkedText text={m.text} />
            <span className="chat-message-meta">
              {m.senderId === me ? t("me") : m.senderId ? (names.get(m.senderId) ?? "") : t("formerMember")} ·{" "}
              <time dateTime={m.createdAt}>{new Date(m.createdAt).toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit" })}</time>
            </span>
          </li>
        ))}
      </ol>
      <form className="chat-compose" onSubmit={send}>
        <textarea
          aria-label={t("messagePlaceholder")}
          placeholder={t("messagePlaceholder")}
          value={text}
          maxLength={MESSAGE_MAX}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
        />
        <Button type="submit" disabled={!canSend}>
          {t("send")}
        </Button>
      </form>
      <p className="chat-status" role="status" data-testid="chat-connection">
        {connected ? t("connected") : t("connecting")}
      </p>
      {sendError ? <Alert kind="error">{t("sendFailed")}</Alert> : null}
    </main>
  );
}
