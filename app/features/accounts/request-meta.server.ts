// What the accounts need to know about a request: the client's IP (rate limits), its user agent (listed with
// the session), the public origin (links in e-mails), and the session and known-device cookies it carries.
import type { RouterContextProvider } from "react-router";
import { clientIpContext } from "#app/lib/context.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { readDeviceToken } from "./known-devices.server.ts";
import { readSessionToken, type RequestMeta } from "./sessions.server.ts";

export function requestMeta(request: Request, context: Readonly<RouterContextProvider>): RequestMeta {
  return {
    ip: context.get(clientIpContext) || "unknown",
    userAgent: request.headers.get("user-agent"),
    origin: publicUrl(),
    currentToken: readSessionToken(request),
    deviceToken: readDeviceToken(request),
  };
}
