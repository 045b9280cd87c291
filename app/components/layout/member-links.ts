// Where a signed-in member goes from their own menu (the avatar menu and the phone menu list the same places).
import { href } from "react-router";
import type { Viewer } from "#app/lib/viewer.ts";

export type MemberLink = { label: string; to: string; accessibleName?: string };

export function memberLinks(
  viewer: Pick<Viewer, "handle" | "role">,
  reviewItems: number | null = null,
): MemberLink[] {
  return [
    { label: "Ver Perfil", to: href("/u/:handle", { handle: viewer.handle }) },
    { label: "Favoritos", to: href("/favoritos") },
    { label: "Rascunhos", to: href("/rascunhos") },
    { label: "Notificações", to: href("/notifications") },
    // Only for those who can review (moderators, the `review` privilege): the queue and its open items.
    ...(reviewItems === null
      ? []
      : [
          {
            label: `Revisão (${reviewItems})`,
            to: href("/revisao"),
            accessibleName: reviewLabel(reviewItems),
          },
        ]),
    { label: "Configurações", to: href("/configuracoes") },
    ...(viewer.role === "moderator" || viewer.role === "admin"
      ? [{ label: "Registro de moderação", to: href("/moderacao/registro") }]
      : []),
    // The blocked words and e-mail domains are the administrators' (the moderation's spam defences).
    ...(viewer.role === "admin"
      ? [
          { label: "Administração", to: href("/administracao") },
          { label: "Filtros contra spam", to: href("/moderacao/filtros") },
          { label: "E-mails não enviados", to: href("/moderacao/emails") },
        ]
      : []),
  ];
}

/** "Revisão (3 itens)": the review link's accessible name. */
export function reviewLabel(items: number): string {
  return `Revisão (${items} ${items === 1 ? "item" : "itens"})`;
}
