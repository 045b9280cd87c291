// GET /configuracoes/exportar: the member's data as a JSON download (LGPD portability).
import { exportAccountData } from "#app/features/accounts/account-export.server.ts";
import { requireViewer } from "#app/lib/auth-guard.server.ts";
import type { Route } from "./+types/export-data";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const body = JSON.stringify(await exportAccountData(viewer), null, 2);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="suporte-de-domingo-${viewer.handle}-${day}.json"`,
      "Cache-Control": "private, no-store",
    },
  });
}
