// Values the HTTP server and the root middleware put on React Router's request context.
import { createContext } from "react-router";
import type { Viewer } from "./viewer.ts";

/** The CSP nonce of this response (set by server/server.ts). */
export const nonceContext = createContext<string>("");

/** The signed-in member asking, or null for a visitor (set by the root middleware). */
export const viewerContext = createContext<Viewer | null>(null);

/** The client's IP address as Express sees it (`req.ip`, proxies trusted per TRUST_PROXY); "" when unknown. */
export const clientIpContext = createContext<string>("");
