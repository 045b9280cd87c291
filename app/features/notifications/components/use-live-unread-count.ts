// The bell's unread count, kept live by the server-sent events of /notifications/stream.
import { useEffect, useState } from "react";
import { href } from "react-router";

export function useLiveUnreadCount(initial: number, enabled: boolean): number {
  const [unread, setUnread] = useState(initial);
  useEffect(() => setUnread(initial), [initial]);
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource(href("/notifications/stream"));
    const onUnread = (event: MessageEvent<string>) => setUnread(Number(event.data) || 0);
    source.addEventListener("unread", onUnread);
    return () => {
      source.removeEventListener("unread", onUnread);
      source.close();
    };
  }, [enabled]);
  return unread;
}
