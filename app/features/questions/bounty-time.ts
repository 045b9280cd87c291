// How long an open bounty still runs, in words ("expira em 6 dias").
import { plural } from "#app/lib/plural.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export function bountyTimeLeft(expiresAt: Date | string, now: Date = new Date()): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (!(ms > 0)) return "expirado";
  if (ms >= DAY) {
    const days = Math.floor(ms / DAY);
    return `expira em ${days} ${plural(days, "dia", "dias")}`;
  }
  if (ms >= HOUR) {
    const hours = Math.floor(ms / HOUR);
    return `expira em ${hours} ${plural(hours, "hora", "horas")}`;
  }
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  return `expira em ${minutes} ${plural(minutes, "minuto", "minutos")}`;
}
