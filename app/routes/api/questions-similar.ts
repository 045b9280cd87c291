// GET /api/questions/similar?q=&exclude= — up to five live questions whose titles look like q (the ask form's
// hints), other than the question being edited (`exclude`).
import { formRowId } from "#app/lib/ids.ts";
import { findSimilarQuestions } from "#app/features/questions/question-list.server.ts";
import type { Route } from "./+types/questions-similar";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const questions = await findSimilarQuestions(params.get("q") ?? "", 5, formRowId(params.get("exclude")));
  return Response.json(
    { questions },
    { headers: { "Cache-Control": "public, max-age=30", Vary: "Accept-Encoding" } },
  );
}
