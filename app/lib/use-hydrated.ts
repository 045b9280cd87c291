import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true once React runs in the browser. Controls that only work with
 * JavaScript (a dialog, a fetcher's optimistic toggle) show their plain-HTML form until then.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
