import i18next from "i18next";
import type { components } from "@tuesday/api-client";
import { infiniteQueryOptions, type QueryClient, useQuery } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import { accountQueries } from "../../api/account.ts";
import { api, call, isApiFailure } from "../../api/client.ts";
import { storage } from "../../lib/storage.ts";
import { realtime } from "../../lib/realtime.ts";

export type Chat = components["schemas"]["Chat"];
export type ChatPage = components["schemas"]["ChatPage"];
/** The generated component is nullable (it is also Chat.lastMessage); a message itself never is. */
export type ChatMessage = NonNullable<components["schemas"]["ChatMessage"]>;
export type ChatHistory = components["schemas"]["ChatHistory"];
export type ChatParticipant = components["schemas"]["ChatParticipant"];

export const CHAT_PAGE_SIZE = 20;
export const HISTORY_PAGE_SIZE = 50;

const noRetryOn4xx = (count: number, err: unknown) => count < 1 && !(isApiFailure(err) && err.status < 500);

/** A page of the chat list with the moment its read was sent (the presence it tells is as of then). */
export type ListedPage = ChatPage & { readAt: number };

/** What `read` answers, with the moment it was sent (performance.now()). */
async function stamped<T extends object>(read: () => Promise<T>): Promise<T & { readAt: number }> {
  const readAt = performance.now();
  return { ...(await read()), readAt };
}

export const chatQueries = {
  list: (communityId: string) =>
    infiniteQueryOptions({
      queryKey: ["chats", "list", communityId, storage.token()],
      queryFn: ({ pageParam }): Promise<ListedPage> => stamped(() => call(api.GET("/api/chats", { params: { query: { communityId, page: pageParam, size: CHAT_PAGE_SIZE } } }))),
      initialPageParam: 0,
      getNextPageParam: (last: ListedPage) => (last.hasMore ? last.page + 1 : undefined),
      retry: noRetryOn4xx,
    }),
  /** Pages of one chat's history, newest page first; each page's items are oldest first. */
  history: (chatId: string) =>
    infiniteQueryOptions({
      queryKey: ["chats", "history", chatId, storage.token()],
      queryFn: ({ pageParam }) =>
        stamped(() => call(api.GET("/api/chats/{id}", { params: { path: { id: chatId }, query: { size: HISTORY_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) } } }))),
      initialPageParam: "",
      getNextPageParam: (last: ChatHistory) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
      retry: noRetryOn4xx,
      // Live messages arrive over the socket; refetching would only reset the paging.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    }),
};

export function createChat(communityId: string, participants: string[], name?: string): Promise<Chat> {
  return call(api.POST("/api/chats", { params: { query: { communityId, ...(name ? { name } : {}) } }, body: { participants } }));
}

export function postMessage(chatId: string, text: string): Promise<ChatMessage> {
  return call(api.POST("/api/chats/{id}", { params: { path: { id: chatId } }, body: { text } })) as Promise<ChatMessage>;
}

/** The chat on screen (set by the chat page): its messages raise no toast and count as read. */
export const openChat = { id: null as string | null };

type ChatListData = { pages: ListedPage[]; pageParams: unknown[] };

/**
 * A message heard on a chat's topic, written into the cached chat list (no refetch per message):
 * its chat moves to the top with this as its last message, and others' messages in a chat that is
 * not on screen count as unread. False when the chat is not in the cached list (then refetch it).
 */
export function applyChatMessage(queryClient: QueryClient, communityId: string, message: ChatMessage, me: string | undefined): boolean {
  const key = chatQueries.list(communityId).queryKey;
  const data = queryClient.getQueryData<ChatListData>(key);
  const first = data?.pages[0];
  if (!data || !first) return false;
  const chat = data.pages.flatMap((p) => p.items).find((c) => c.id === message.chatId);
  if (!chat) return false;
  if (chat.lastMessage?.id === message.id) return true;
  const unread = message.senderId !== me && openChat.id !== message.chatId ? 1 : 0;
  const moved: Chat = { ...chat, lastMessage: message, unreadCount: chat.unreadCount + unread, lastActivityAt: message.createdAt };
  const pages = data.pages.map((p, i) => ({ ...p, items: [...(i === 0 ? [moved] : []), ...p.items.filter((c) => c.id !== chat.id)] }));
  queryClient.setQueryData<ChatListData>(key, { ...data, pages });
  // A read of the list already on its way may have left the server before this message was
  // stored: its answer would put the old list back over this one. It is dropped for a new read,
  // which starts after the message was stored (the topic hears it only after the commit).
  if (queryClient.isFetching({ queryKey: key }) > 0) void queryClient.invalidateQueries({ queryKey: key }, { cancelRefetch: true });
  return true;
}

export const chatsChanged = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ["chats", "list"] });

/**
 * Reads the member's chat list again and gives the messages it now shows as a listed chat's last,
 * unread, that were not its last before: what arrived while the chat's subscription was not yet in
 * place (decision 0211), for the toast the live message would have shown.
 */
export async function rereadChatList(queryClient: QueryClient, communityId: string): Promise<ChatMessage[]> {
  const key = chatQueries.list(communityId).queryKey;
  const listed = () => (queryClient.getQueryData<ChatListData>(key)?.pages ?? []).flatMap((p) => p.items);
  const before = new Map(listed().map((c) => [c.id, c.lastMessage?.id ?? null]));
  await queryClient.invalidateQueries({ queryKey: key });
  return listed().flatMap((c) => (c.lastMessage && c.unreadCount > 0 && before.has(c.id) && before.get(c.id) !== c.lastMessage.id ? [c.lastMessage] : []));
}

/** The caller's participant in this community (the first connected one is the current community's). */
export function useMyParticipantId(communityId: string): string | undefined {
  const user = useQuery({ ...accountQueries.currentUser(), enabled: storage.token() !== null });
  return user.data?.connectedParticipants.find((p) => p.communityId === communityId)?.id;
}

/** A chat's title: a group's name, else the other members' names ("Former member" once they deleted their account). */
export function chatTitle(chat: Chat, me: string | undefined): string {
  if (chat.name) return chat.name;
  const others = chat.participants.filter((p) => p.id !== me);
  if (others.length === 0 && me !== undefined && chat.participants.some((p) => p.id === me)) return i18next.t("formerMember", { ns: "chats" });
  return (others.length > 0 ? others : chat.participants).map((p) => `${p.firstName} ${p.lastName}`.trim()).join(", ");
}

// Presence (spec 4.8): who is online, from the chat lists and the community's presence topic.
type PresenceBody = { type: "PRESENCE"; participantId: string; status: "ONLINE" | "OFFLINE" };
const online = new Map<string, boolean>();
/** When the topic last told each member's presence (performance.now()). */
const heardAt = new Map<string, number>();
const presenceListeners = new Set<() => void>();
let presenceVersion = 0;

function setOnline(participantId: string, value: boolean): void {
  if (online.get(participantId) === value) return;
  online.set(participantId, value);
  presenceVersion += 1;
  for (const l of presenceListeners) l();
}

/**
 * Presence as the server said with the chats (the topic then tells the changes). `readAt`: when
 * that read was sent; what the topic told of a member after it is newer and stays.
 */
export function seedPresence(participants: readonly ChatParticipant[], readAt = Number.NEGATIVE_INFINITY): void {
  for (const p of participants) {
    if ((heardAt.get(p.id) ?? Number.NEGATIVE_INFINITY) > readAt) continue;
    setOnline(p.id, p.online);
  }
}

export function isOnline(participantId: string): boolean {
  return online.get(participantId) ?? false;
}

/** Re-renders on any presence change. */
export function usePresence(): number {
  return useSyncExternalStore(
    (l) => {
      presenceListeners.add(l);
      return () => presenceListeners.delete(l);
    },
    () => presenceVersion,
  );
}

/**
 * Listens to the community's presence topic while mounted. `onSubscribed`: as realtime.subscribe's
 * (what changed before the subscription took is read again there).
 */
export function usePresenceTopic(communityId: string, onSubscribed?: () => void): void {
  useEffect(() => {
    if (!communityId) return;
    return realtime.subscribe(
      `community/${communityId}/presence`,
      (body) => {
        const b = body as PresenceBody;
        if (b?.type !== "PRESENCE" || typeof b.participantId !== "string") return;
        heardAt.set(b.participantId, performance.now());
        setOnline(b.participantId, b.status === "ONLINE");
      },
      onSubscribed,
    );
  }, [communityId, onSubscribed]);
}
