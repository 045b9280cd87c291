// The roles' names as the pages show them, without the schemas: a profile page (a read page) shows them and
// must not pull Zod into its JavaScript (ADR 030).
export const ROLE_LABELS = { member: "Membro", moderator: "Moderador", admin: "Administrador" } as const;
