// `npm run notifications:digest`: e-mails the weekly digest to the members who asked for it. Run it once a
// week from the scheduler of your choice (cron, a systemd timer, a platform's scheduled job).
import { closeDatabase } from "../app/lib/db.server.ts";
import { parseEnv } from "../app/lib/env.server.ts";
import { sendWeeklyDigests } from "../app/features/notifications/notifications.server.ts";

try {
  parseEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const sent = await sendWeeklyDigests();
await closeDatabase();
console.log(sent === 1 ? "1 resumo semanal enviado." : `${sent} resumos semanais enviados.`);
