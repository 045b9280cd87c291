// /api/v1/* — the public REST API (ADR 036). Every method lands in one dispatcher, which finds the operation
// in the operations table (features/api/operations.ts) and answers JSON.
import { dispatch } from "./dispatch.server.ts";
import { handlers } from "./handlers.server.ts";
import type { Route } from "./+types/api-v1";

export async function loader({ request, context }: Route.LoaderArgs) {
  return dispatch(request, context, handlers);
}

export async function action({ request, context }: Route.ActionArgs) {
  return dispatch(request, context, handlers);
}
