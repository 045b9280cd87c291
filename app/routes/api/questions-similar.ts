// GET /api/questions/similar?q= — up to five live questions whose titles look like q (the ask form's hints).
import { findSimilarQuestions } from "#app/features/questions/question-list.server.ts";
import type { Route } from "./+types/questions-similar";

export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const questions = await findSimilarQuestions(q, 5);
  return Response.json(
    { questions },
    { headers: { "Cache-Control": "public, max-age=30", Vary: "Accept-Encoding" } },
  );
}
