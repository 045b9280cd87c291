// Spec §9: hidden at one page; at most 5 numbered links with ellipses, first and last always shown;
// Anterior / Próxima disabled at the ends (links without a target, marked aria-disabled); the page lives in the
// address (?page=N). The numbered links are named by their number (the nav's name says what they are).
// On a phone the row stays one line: arrows stand for Anterior / Próxima (still their names) and the numbers
// shrink to the first, the current and the last page.
import { Link, useLocation } from "react-router";

export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/** The numbered items for `current` of `total` pages: a window of at most 5 numbers. */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  const clamped = Math.min(Math.max(current, 1), total);
  // First and last always shown; three around the current one in between.
  let start = Math.max(2, clamped - 1);
  let end = Math.min(total - 1, clamped + 1);
  if (clamped <= 3) {
    start = 2;
    end = 4;
  } else if (clamped >= total - 2) {
    start = total - 3;
    end = total - 1;
  }
  const items: PageItem[] = [1];
  if (start > 2) items.push("ellipsis-start");
  for (let page = start; page <= end; page++) items.push(page);
  if (end < total - 1) items.push("ellipsis-end");
  items.push(total);
  // Keep to five numbers: drop the ones furthest from the current page when the window overflows.
  while (items.filter((i) => typeof i === "number").length > 5) {
    const numbers = items.filter((i): i is number => typeof i === "number" && i !== 1 && i !== total);
    const furthest = numbers.reduce((a, b) => (Math.abs(b - clamped) > Math.abs(a - clamped) ? b : a));
    items.splice(items.indexOf(furthest), 1);
  }
  return items;
}

/** The phone's numbered items: the first, the current and the last page, with ellipses over the gaps. */
export function compactPageItems(current: number, total: number): PageItem[] {
  if (total <= 3) return Array.from({ length: total }, (_, i) => i + 1);
  const clamped = Math.min(Math.max(current, 1), total);
  const items: PageItem[] = [1];
  if (clamped > 2) items.push("ellipsis-start");
  if (clamped !== 1 && clamped !== total) items.push(clamped);
  if (clamped < total - 1) items.push("ellipsis-end");
  items.push(total);
  return items;
}

/** The deepest page an address may ask for: ten million rows at ten a page. Past it a page number is not one,
 * and as an SQL offset it would overflow instead of finding nothing. */
const MAX_PAGE = 1_000_000;

/** Reads `?page=N` (1 when absent or invalid). */
export function pageFromUrl(url: URL | string): number {
  const value = Number(new URL(url, "http://x").searchParams.get("page"));
  return Number.isInteger(value) && value >= 1 && value <= MAX_PAGE ? value : 1;
}

export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target === 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ""}`;
  };
  const edge =
    "inline-flex min-w-10 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium";
  const numbers = (items: PageItem[], className: string) => (
    <ol className={`${className} items-center gap-1`}>
      {items.map((item) =>
        typeof item === "number" ? (
          <li key={item}>
            <Link
              to={hrefFor(item)}
              aria-current={item === page ? "page" : undefined}
              className={`${edge} ${item === page ? "border-primary bg-primary text-white" : "border-slate-300 text-slate-800 hover:bg-slate-100"}`}
            >
              {item}
            </Link>
          </li>
        ) : (
          <li key={item} aria-hidden="true" className="px-1 text-slate-600">
            …
          </li>
        ),
      )}
    </ol>
  );
  const step = (label: string, arrow: string, target: number | null, rel: "prev" | "next") => {
    const content = (
      <>
        <span aria-hidden="true" className="sm:hidden">
          {arrow}
        </span>
        <span className="max-sm:sr-only">{label}</span>
      </>
    );
    return target === null ? (
      <span
        role="link"
        aria-disabled="true"
        className={`${edge} cursor-not-allowed border-slate-200 text-slate-500`}
      >
        {content}
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        rel={rel}
        className={`${edge} border-slate-300 text-slate-800 hover:bg-slate-100`}
      >
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label="Paginação" className="mt-8 flex items-center justify-center gap-2 sm:flex-wrap">
      {step("Anterior", "←", page > 1 ? page - 1 : null, "prev")}
      {numbers(pageItems(page, totalPages), "hidden sm:flex")}
      {numbers(compactPageItems(page, totalPages), "flex sm:hidden")}
      {step("Próxima", "→", page < totalPages ? page + 1 : null, "next")}
    </nav>
  );
}
