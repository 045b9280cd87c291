import { pino } from "pino";
import { env } from "./env.server.ts";

export const logger = pino({
  level: process.env.NODE_ENV === "test" && !process.env.LOG_LEVEL ? "warn" : env().LOG_LEVEL,
  base: undefined,
});
