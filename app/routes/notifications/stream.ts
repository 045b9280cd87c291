// GET /notifications/stream — server-sent events with the member's unread count, pushed whenever it changes
// on any app server (PostgreSQL LISTEN/NOTIFY). A comment every 25 s keeps proxies from closing the stream.
import { subscribeToUnreadCount } from "#app/features/notifications/notifications.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import type { Route } from "./+types/stream";

const HEARTBEAT_MS = 25_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  // No session (it ended in another tab, or expired while the bell was open): 204 is how a server tells an
  // EventSource to stop reconnecting; a 401 did the same but left an error in the member's console each time.
  if (!viewer) return new Response(null, { status: 204 });

  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send("retry: 5000\n\n");
      const unsubscribe = await subscribeToUnreadCount(viewer.id, (unread) =>
        send(`event: unread\ndata: ${unread}\n\n`),
      );
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
