import { Client } from "@stomp/stompjs";
import { useEffect, useRef, useState } from "react";
import { readToken } from "../api.ts";

/** What the platform's admin topic carries (platform/src/realtime/topics.ts `adminTopic`). */
export type AdminChange = { type: "mailing"; id: string };

/** As the member app: reconnect after 5 s, heart-beats every 10 s each way (spec 9). */
const RECONNECT_DELAY_MS = 5_000;
const HEARTBEAT_MS = 10_000;

function socketUrl(token: string): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/api/ws?token=${encodeURIComponent(token)}`;
}

/**
 * Listens to the community's admin topic (`/topic/community/{id}/admin`) while the screen is
 * open: `onChange` gets each record that changed, and the screen reads it again through the API.
 * Returns whether the topic is live, so a screen polls only while it is not (an operator without a
 * participant here, or a refused socket, still sees changes by polling).
 */
export function useAdminTopic(communityId: string | undefined, onChange: (change: AdminChange) => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    const token = readToken();
    if (!communityId || !token) return;
    const client = new Client({
      brokerURL: socketUrl(token),
      reconnectDelay: RECONNECT_DELAY_MS,
      heartbeatIncoming: HEARTBEAT_MS,
      heartbeatOutgoing: HEARTBEAT_MS,
      debug: () => {},
    });
    client.onConnect = () => {
      // Live once the server has taken the subscription (its receipt): what is sent from then on arrives.
      const receipt = `admin-${Date.now()}`;
      client.watchForReceipt(receipt, () => setLive(true));
      client.subscribe(
        `/topic/community/${communityId}/admin`,
        (message) => {
          try {
            handler.current(JSON.parse(message.body) as AdminChange);
          } catch {
            // Not JSON: nothing to read again.
          }
        },
        { receipt },
      );
    };
    client.onStompError = () => setLive(false);
    client.onWebSocketClose = () => setLive(false);
    client.activate();
    return () => {
      setLive(false);
      void client.deactivate();
    };
  }, [communityId]);
  return live;
}
