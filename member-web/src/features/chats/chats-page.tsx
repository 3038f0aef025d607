import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCommunity } from "../../app/community-context.tsx";
import { useErrorText } from "../../lib/use-error-text.ts";
import { Alert } from "../../ui/alert.tsx";
import { Button } from "../../ui/button.tsx";
import { directoryQueries } from "../participants/model.ts";
import { LoadMore, ListState } from "../requests/list-state.tsx";
import { type Chat, chatQueries, chatTitle, chatsChanged, createChat, isOnline, useMyParticipantId, usePresence, usePresenceTopic } from "./model.ts";
import "./chats.css";

export function PresenceDot({ participantId }: { participantId: string }) {
  const { t } = useTranslation("chats");
  usePresence();
  const on = isOnline(participantId);
  return (
    <span className="presence-dot" data-online={on} data-testid={`presence-${participantId}`} title={on ? t("online") : t("offline")}>
      <span className="visually-hidden">{on ? t("online") : t("offline")}</span>
    </span>
  );
}

function ChatRow({ chat, me }: { chat: Chat; me: string | undefined }) {
  const { t, i18n } = useTranslation("chats");
  const others = chat.participants.filter((p) => p.id !== me);
  const last = chat.lastMessage;
  const lastText = last ? (last.senderId === me ? t("you", { text: last.text }) : last.text) : t("noMessagesYet");
  return (
    <li>
      <Link to="/chats/$chatId" params={{ chatId: chat.id }} className="chat-row" data-testid="chat-row">
        <div className="chat-row-main">
          <div className="chat-row-title">
            {chat.type === "DIRECT" && others[0] ? <PresenceDot participantId={others[0].id} /> : null}
            <span>{chatTitle(chat, me)}</span>
          </div>
          <p className="chat-row-last">{lastText}</p>
        </div>
        {last ? <time className="muted" dateTime={last.createdAt}>{new Date(last.createdAt).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" })}</time> : null}
        {chat.unreadCount > 0 ? (
          <span className="unread-badge" title={t("unread", { count: chat.unreadCount })}>
            {chat.unreadCount}
            <span className="visually-hidden"> {t("unread", { count: chat.unreadCount })}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function NewChat({ communityId, onClose }: { communityId: string; onClose: () => void }) {
  const { t } = useTranslation("chats");
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const [name, setName] = useState("");
  const me = useMyParticipantId(communityId);
  const members = useInfiniteQuery({ ...directoryQueries.search(communityId, { search: search.trim() }), enabled: search.trim().length > 0 });
  const results = (members.data?.pages.flatMap((p) => p.items) ?? []).filter((m) => m.id !== me);
  const create = useMutation({
    mutationFn: () => createChat(communityId, [...picked.keys()], picked.size > 1 ? name.trim() || undefined : undefined),
    onSuccess: (chat) => {
      void chatsChanged(queryClient);
      void navigate({ to: "/chats/$chatId", params: { chatId: chat.id } });
    },
  });
  const toggle = (id: string, label: string) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(id)) next.delete(id);
      else next.set(id, label);
      return next;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (picked.size > 0) create.mutate();
  };
  return (
    <form className="card new-chat" onSubmit={submit} aria-label={t("newChat")}>
      <h2>{t("newChat")}</h2>
      <label className="field">
        <span>{t("findMembers")}</span>
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t("findMembersPlaceholder")} />
      </label>
      {members.isError ? <Alert kind="error">{errorText(members.error)}</Alert> : null}
      {results.length > 0 ? (
        <ul className="new-chat-results">
          {results.map((m) => {
            const label = `${m.firstName} ${m.lastName}`.trim();
            return (
              <li key={m.id}>
                <label>
                  <input type="checkbox" checked={picked.has(m.id)} onChange={() => toggle(m.id, label)} /> {label}
                </label>
              </li>
            );
          })}
        </ul>
      ) : search.trim() && members.isSuccess ? (
        <p className="muted">{t("noMembersFound")}</p>
      ) : null}
      {picked.size > 0 ? <p className="muted">{t("picked", { names: [...picked.values()].join(", ") })}</p> : null}
      {picked.size > 1 ? (
        <label className="field">
          <span>{t("groupName")}</span>
          <input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </label>
      ) : null}
      {create.isError ? <Alert kind="error">{errorText(create.error)}</Alert> : null}
      <div className="page-actions">
        <Button type="submit" disabled={picked.size === 0} busy={create.isPending}>
          {t("start")}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}

/** /chats: the member's chats with their last message, unread counts and presence (spec 2.3). */
export function ChatsPage({ withParticipant }: { withParticipant?: string | undefined }) {
  const { t } = useTranslation("chats");
  const community = useCommunity();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const me = useMyParticipantId(community.id);
  const [composing, setComposing] = useState(false);
  const query = useInfiniteQuery(chatQueries.list(community.id));
  const chats = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  usePresenceTopic(community.id);
  // The list's presence is seeded by the realtime session, which reads the same list.

  // New messages and new chats reach this list through the realtime session (realtime-session.tsx).

  // /chats?with=<participantId>: open (or reopen) the one-to-one chat with that member.
  const open = useMutation({
    mutationFn: (participantId: string) => createChat(community.id, [participantId]),
    onSuccess: (chat) => {
      void chatsChanged(queryClient);
      void navigate({ to: "/chats/$chatId", params: { chatId: chat.id }, replace: true });
    },
  });
  const { mutate: openWith } = open;
  useEffect(() => {
    if (withParticipant) openWith(withParticipant);
  }, [withParticipant, openWith]);

  return (
    <main className="page page-narrow" id="content">
      <div className="page-actions">
        <h1>{t("title")}</h1>
        {composing ? null : <Button onClick={() => setComposing(true)}>{t("newChat")}</Button>}
      </div>
      {open.isError ? <Alert kind="error">{errorText(open.error)}</Alert> : null}
      {composing ? <NewChat communityId={community.id} onClose={() => setComposing(false)} /> : null}
      <ListState query={query} empty={chats.length === 0} emptyTitle={t("emptyTitle")} emptyText={t("emptyText")}>
        <ul className="chat-list" aria-label={t("title")}>
          {chats.map((chat) => (
            <ChatRow key={chat.id} chat={chat} me={me} />
          ))}
        </ul>
        <LoadMore query={query} />
      </ListState>
    </main>
  );
}
