// /mcp — the Model Context Protocol server (Streamable HTTP): assistants search, read and quote the community,
// and with a personal token ask and answer (mcp-server.server.ts; the client configuration is in /api/docs).
import { answerMcp } from "./mcp-server.server.ts";
import type { Route } from "./+types/mcp";

export async function loader({ request, context }: Route.LoaderArgs) {
  return answerMcp(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return answerMcp(request, context);
}
