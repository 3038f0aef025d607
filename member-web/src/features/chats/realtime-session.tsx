import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { accountQueries } from "../../api/account.ts";
import { useCommunity } from "../../app/community-context.tsx";
import { realtime, useRealtimeConnected } from "../../lib/realtime.ts";
import { useToken } from "../../lib/session.ts";
import { toastStore } from "../../lib/toasts.ts";
import { type Notification, notificationsChanged } from "../notifications/model.ts";
import { usePresenceTopic } from "./model.ts";

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
    realtime.start(token);
    return () => realtime.stop();
  }, [token, participantId]);

  usePresenceTopic(token && participantId ? community.id : "");

  // Whatever arrived while the socket was not yet (or no longer) connected is fetched once it is.
  const connected = useRealtimeConnected();
  useEffect(() => {
    // Marked on the page for the browser tests (and debugging): live events flow from here on.
    document.body.dataset.realtime = connected ? "connected" : "disconnected";
    if (connected) void notificationsChanged(queryClient);
  }, [connected, queryClient]);

  useEffect(() => {
    if (!token || !participantId) return;
    return realtime.subscribe(`notifications/${participantId}`, (body) => {
      const b = body as { type?: string; notification?: Notification };
      if (b?.type !== "NOTIFICATION" || !b.notification) return;
      void notificationsChanged(queryClient);
      if (b.notification.type === "CHAT_MESSAGE") void queryClient.invalidateQueries({ queryKey: ["chats", "list"] });
      toastStore.show({ type: "default", variant: "top-right", title: t("toasts:newNotification"), content: t(`notifications:type.${b.notification.type}`) });
    });
  }, [token, participantId, queryClient, t]);

  return null;
}
