// Dates in Brazilian Portuguese as the spec shows them: '21 Nov, 2026' ('' for an invalid date).
const MONTHS = ["Jan", "Fev", "Mar", "Abr", "Mai", "Jun", "Jul", "Ago", "Set", "Out", "Nov", "Dez"];

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Building an Intl.DateTimeFormat costs far more than using one: one per process, made on first use.
let dayFormatter: Intl.DateTimeFormat | undefined;
function dayFormat() {
  dayFormatter ??= new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    day: "numeric",
    month: "numeric",
    year: "numeric",
  });
  return dayFormatter;
}

/** Formatted in São Paulo time so the server and the browser print the same day. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return "";
  // pt-BR's numeric date is "30/11/2026": split, it costs a third of formatToParts (pages print dozens).
  const [day, month, year] = dayFormat().format(date).split("/").map(Number);
  return `${day} ${MONTHS[month! - 1]}, ${year}`;
}

export function isoDate(value: Date | string | number | null | undefined): string {
  return toDate(value)?.toISOString() ?? "";
}

const relative = new Intl.RelativeTimeFormat("pt-BR", { numeric: "auto" });

/** 'há 3 horas', 'ontem'… for activity lines; falls back to the date after a week. */
export function formatRelative(value: Date | string | number | null | undefined, now = new Date()): string {
  const date = toDate(value);
  if (!date) return "";
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "agora mesmo";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86400) return relative.format(Math.round(seconds / 86400), "day");
  return formatDate(date);
}
