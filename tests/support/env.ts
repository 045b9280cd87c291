// Configuration for the tests of one file. Test files share their worker's modules (vitest.config.ts), so a file
// that needs ADMIN_EMAIL or SEED_DEMO sets them for itself and gives the previous values back when it ends.
import { afterAll } from "vitest";
import { forgetEnv } from "#app/lib/env.server.ts";

/** Call at the top of a test file, before the first test reads the configuration. */
export function useTestEnv(values: Record<string, string>): void {
  const previous = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  forgetEnv();
  afterAll(() => {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    forgetEnv();
  });
}
