// The member's unread notifications, read with their session in one statement (null: not read, ask): set by the
// root middleware, read by the root loader. Apart from app/lib/context.ts because the browser never needs it
// (every byte of the root's code is on every page).
import { createContext } from "react-router";

export const unreadNotificationsContext = createContext<number | null>(null);
