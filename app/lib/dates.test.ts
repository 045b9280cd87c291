import { describe, expect, it } from "vitest";
import { formatDate, formatRelative } from "./dates.ts";

describe("formatDate", () => {
  it("prints 'day Month, year' in pt-BR with the month abbreviated and capitalised", () => {
    expect(formatDate("2026-11-21T15:00:00Z")).toBe("21 Nov, 2026");
    expect(formatDate(new Date("2024-02-05T12:00:00Z"))).toBe("5 Fev, 2024");
  });
  it("uses São Paulo's day, not UTC's", () => {
    expect(formatDate("2026-01-01T02:00:00Z")).toBe("31 Dez, 2025");
  });
  it("returns an empty string for an invalid date", () => {
    expect(formatDate("não é data")).toBe("");
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
  });
});

describe("formatRelative", () => {
  it("speaks Portuguese", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(formatRelative(new Date("2026-11-21T09:00:00Z"), now)).toBe("há 3 horas");
    expect(formatRelative(new Date("2026-11-21T11:59:30Z"), now)).toBe("agora mesmo");
  });
});
