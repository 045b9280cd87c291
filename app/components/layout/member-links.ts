// Where a signed-in member goes from their own menu (the avatar menu and the phone menu list the same places).
import { href } from "react-router";
import { isModerator, type Viewer } from "#app/lib/viewer.ts";

export function memberLinks(viewer: Pick<Viewer, "handle" | "role">): Array<{ label: string; to: string }> {
  return [
    { label: "Ver Perfil", to: href("/u/:handle", { handle: viewer.handle }) },
    { label: "Favoritos", to: href("/favoritos") },
    { label: "Notificações", to: href("/notifications") },
    { label: "Configurações", to: href("/configuracoes") },
    ...(isModerator(viewer as Viewer)
      ? [{ label: "Registro de moderação", to: href("/moderacao/registro") }]
      : []),
  ];
}
