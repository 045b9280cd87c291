// Every unknown path: answered with HTTP 404 and the brand's not-found page.
import { data } from "react-router";
import { NOT_FOUND_SUBTITLE, NotFoundPage } from "#app/components/brand/not-found-content.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "404 - Page not Found", description: NOT_FOUND_SUBTITLE, noindex: true });

export default function NotFound() {
  return <NotFoundPage />;
}
