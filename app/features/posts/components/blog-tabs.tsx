// The tabs of 'Todos os Posts': each is its own address, so they are links in a nav, the current one marked.
import { Link, href } from "react-router";
import { BLOG_TABS, type BlogTab } from "../rules.ts";

export function blogTabHref(tab: BlogTab, tagSlug?: string | null): string {
  const params = new URLSearchParams();
  if (tab !== "para-voce") params.set("tab", tab);
  if (tagSlug) params.set("tag", tagSlug);
  const query = params.toString();
  return `${href("/blog")}${query ? `?${query}` : ""}`;
}

export function BlogTabs({ current, tagSlug }: { current: BlogTab; tagSlug?: string | null }) {
  return (
    <nav aria-label="Filtrar posts" className="scroll-fade -mx-4 overflow-x-auto px-4">
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {BLOG_TABS.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={blogTabHref(tab.id, tagSlug)}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={`-mb-px inline-block border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition ${
                  active
                    ? "border-primary text-primary"
                    : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
