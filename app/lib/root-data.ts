// What the root loader gives every page (app/root.tsx), read from anywhere in the tree. Kept apart from root.tsx
// so shared UI (the brand placeholder) reads it without importing the root route, which imports that UI back.
import { useRouteLoaderData } from "react-router";
import type { publicConfig } from "./env.server.ts";
import type { Viewer } from "./viewer.ts";

export type RootData = {
  viewer: Viewer | null;
  unreadNotifications: number;
  /** Open review items, for those who can review (null for everyone else: visitors' pages never carry it). */
  reviewItems: number | null;
  config: ReturnType<typeof publicConfig>;
};

/** The root loader's data from anywhere in the tree (undefined while an error boundary renders). */
export function useRootData() {
  return useRouteLoaderData<RootData>("root");
}
