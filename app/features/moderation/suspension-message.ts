// How a suspension is told to the member (the banner, the refusal of a write, the notification): pure, so the
// server's refusal and the page's banner say the same words.
import type { Suspension } from "#app/lib/viewer.ts";

let dateTimeFormatter: Intl.DateTimeFormat | undefined;

/** "28/11/2026, 16:45" in São Paulo time, as the server and the browser both print it. */
export function suspensionEnd(until: Date): string {
  dateTimeFormatter ??= new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return dateTimeFormatter.format(until);
}

/** The refusal of a suspended member's write, and the banner's text. */
export function suspensionMessage(suspension: Suspension): string {
  return `Sua conta está suspensa até ${suspensionEnd(suspension.until)}: ${suspension.reason}`;
}
