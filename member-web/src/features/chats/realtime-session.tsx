import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { api } from "../../api/client.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { realtime, useRealtimeConnected } from "../../lib/realtime.ts";
import { session, useToken } from "../../lib/session.ts";
import { toastStore } from "../../lib/toasts.ts";
import { type Notification, notificationsChanged } from "../notifications/model.ts";
import { applyChatMessage, type ChatMessage, chatQueries, chatsChanged, openChat, rereadChatList, seedPresence, usePresenceTopic } from "./model.ts";

/** Receipts for the chats subscribed together arrive within this of each other: one read of the list for them. */
const SUBSCRIBED_SETTLE_MS = 50;

/**
 * Spec 4.8: the realtime connection opens while a user is signed in with a participant in this
 * community and closes (dropping its subscriptions) when that participant is gone. It listens
 * to the community's presence topic and the member's own notifications topic: a new
 * notification refreshes the lists and shows a toast.
 */
export function RealtimeSession() {
  const token = useToken();
  const community = useCommunity();
  const queryClient = useQueryClient();
  const { t } = useTranslation(["toasts", "notifications"]);
  const user = useQuery({ ...accountQueries.currentUser(), enabled: token !== null });
  const participantId = token ? user.data?.connectedParticipants.find((p) => p.communityId === community.id)?.id : undefined;

  useEffect(() => {
    if (!token || !participantId) return;
    realtime.start(token, {
      // A 401 here ends the session (api/client.ts): the socket stops retrying with a revoked
      // token and the login page says why. Any other answer, or none, leaves the retries going.
      // A disabled account is said so on the login page, as a refused sign-in is.
      onRefused: (reason) => {
        if (reason) session.setEndReason(reason);
        void api.GET("/api/current-user").catch(() => {});
      },
    });
    return () => realtime.stop();
  }, [token, participantId]);

  // Presence told before the topic's subscription took is read again with the chat list.
  const presenceSubscribed = useCallback(() => void chatsChanged(queryClient), [queryClient]);
  usePresenceTopic(token && participantId ? community.id : "", presenceSubscribed);

  const connected = useRealtimeConnected();
  useEffect(() => {
    // Marked on the page for the browser tests (and debugging): live events flow from here on.
    document.body.dataset.realtime = connected ? "connected" : "disconnected";
  }, [connected]);

  useEffect(() => {
    if (!token || !participantId) return;
    // Whatever arrived while the topic was not (yet, or no longer) subscribed is read once it is.
    const subscribed = () => void notificationsChanged(queryClient);
    return realtime.subscribe(`notifications/${participantId}`, (body) => {
      const b = body as { type?: string; notification?: Notification };
      if (b?.type === "CHAT_CREATED") {
        // Someone opened a chat with this member: the list (and so its topic) changes now.
        void chatsChanged(queryClient);
        toastStore.show({ type: "default", variant: "top-right", title: t("toasts:newChat"), content: t("toasts:newChatText") });
        return;
      }
      if (b?.type === "PARTICIPANT_UPDATED") {
        // The member's standing changed (approved, rejected): what is on screen is read again.
        void queryClient.invalidateQueries();
        return;
      }
      if (b?.type !== "NOTIFICATION" || !b.notification) return;
      // A notification may change any screen (requests, contacts, events): the shown ones are read again.
      void queryClient.invalidateQueries({ refetchType: "active" });
      toastStore.show({ type: "default", variant: "top-right", title: t("toasts:newNotification"), content: t(`notifications:type.${b.notification.type}`) });
    }, subscribed);
  }, [token, participantId, queryClient, t]);

  // Every chat of the member's first page is listened to wherever they are in the app: a message
  // updates the cached list in place (the bar's unread badge follows it) and, outside that chat,
  // shows a toast.
  const chats = useInfiniteQuery({ ...chatQueries.list(community.id), enabled: Boolean(token && participantId) });
  const chatIds = (chats.data?.pages[0]?.items ?? []).map((c) => c.id).join(",");
  // Who is online, as each read of the list says (a newer word from the presence topic stays).
  useEffect(() => {
    for (const page of chats.data?.pages ?? []) for (const chat of page.items) seedPresence(chat.participants, page.readAt);
  }, [chats.data]);
  useEffect(() => {
    if (!token || !participantId || !chatIds) return;
    // A message is toasted once, whether it came live or with the reading below.
    const toasted = new Set<string>();
    const toast = (message: ChatMessage) => {
      if (message.senderId === participantId || openChat.id === message.chatId || toasted.has(message.id)) return;
      toasted.add(message.id);
      toastStore.show({ type: "default", variant: "top-right", title: t("toasts:newMessage"), content: message.text.slice(0, 120) });
    };
    // A message published after the list was read but before a chat's subscription took is not
    // delivered: once subscriptions are confirmed the list is read again, once for all that are
    // confirmed together (the list's chats are subscribed at the same moment).
    let reread: ReturnType<typeof setTimeout> | undefined;
    const subscribed = () => {
      clearTimeout(reread);
      reread = setTimeout(() => {
        void rereadChatList(queryClient, community.id).then((missed) => {
          for (const message of missed) toast(message);
        });
      }, SUBSCRIBED_SETTLE_MS);
    };
    const offs = chatIds.split(",").map((id) =>
      realtime.subscribe(`chat/${id}`, (body) => {
        const b = body as { type?: string; message?: ChatMessage };
        if (b?.type !== "MESSAGE" || !b.message) {
          void chatsChanged(queryClient);
          return;
        }
        if (!applyChatMessage(queryClient, community.id, b.message, participantId)) void chatsChanged(queryClient);
        toast(b.message);
      }, subscribed),
    );
    return () => {
      clearTimeout(reread);
      for (const off of offs) off();
    };
  }, [token, participantId, chatIds, community.id, queryClient, t]);

  return null;
}
