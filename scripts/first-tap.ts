// `node scripts/first-tap.ts [--port 3330] [--runs 3] [--rates 1,4]`: how long the first tap on a read page takes
// to answer, and how much JavaScript each read page costs, on the production build (BUILD_DIR, else ./build).
// Starts the server on a fresh embedded database with the demo content, opens each page in a fresh Chromium
// context (nothing cached: a reader arriving from a search engine) with the CPU slowed by CDP's
// Emulation.setCPUThrottlingRate, taps a real control right when the page has loaded, and measures in the page,
// from the input event's timestamp:
// - feedback: the Event Timing entries of the interaction (what INP counts: input to the next paint);
// - answer: the first frame in which the control's real effect is in the DOM (the menu is open, the dialog is
//   shown, the next page is there, the vote is pressed).
// JavaScript is counted from what Chromium actually fetched (scripts, gzipped at level 9): a visitor after the
// first interaction and a member at open. Prints a markdown table, writes bench/results/runs/first-tap-*.json.
// scripts/bench.ts calls `measureFirstTap`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { signUp, startServer, stopServer, type Member } from "./resilience/harness.ts";

export type TapRow = {
  who: "visitante" | "membro";
  page: string;
  control: string;
  rate: number;
  /** When the tap lands: this many ms after the load event (0: at once, the worst case). */
  afterLoadMs: number;
  /** Median over the runs, in ms: input → next paint (Event Timing) and input → the control's effect. */
  feedbackMs: number;
  answerMs: number;
  /** Whether React had hydrated the page when the tap landed, in how many of the runs. */
  hydratedBeforeTap: string;
  /** Runs in which the tap got no answer within 20 s. */
  failed: number;
};

export type JsRow = { page: string; visitorAfterInteractionKb: number; memberAtOpenKb: number };

export type FirstTapResult = { taps: TapRow[]; js: JsRow[] };

export type FirstTapOptions = {
  /** The server's origin; when unset, a production server is started on `port`. */
  origin?: string;
  member?: Member;
  port?: number;
  rates?: number[];
  /** Taps this many ms after the load event; the default is at once and after a reader's first second. */
  delays?: number[];
  runs?: number;
  /**
   * Also count each read page's JavaScript (default). The bench's short run (CI's) leaves it to the
   * resilience suite's JavaScript budget, which counts the same pages and fails when one is over.
   */
  javascript?: boolean;
  chromiumPath?: string;
  log?: (line: string) => void;
};

type Scenario = {
  who: TapRow["who"];
  page: string;
  control: string;
  phone?: boolean;
  /** The control to tap. */
  target: string;
  /** The probe's check (PROBE) that is true once the tap's effect is there. */
  answered: "menuOpen" | "signInForm" | "signUpForm" | "onAQuestion" | "onHome" | "votePressed";
};

const READ_PAGES = ["/", "/questions", "/questions/1", "/blog", "/blog/{post}", "/u/{handle}", "/tags"];

function scenarios(post: string): Scenario[] {
  return [
    {
      who: "visitante",
      page: "/questions",
      control: "menu (celular)",
      phone: true,
      target: 'header button[commandfor="menu-movel"]',
      answered: "menuOpen",
    },
    {
      who: "visitante",
      page: "/",
      control: "Login (o formulário à mostra)",
      target: 'header [data-auth-opener="signIn"]',
      answered: "signInForm",
    },
    {
      who: "visitante",
      page: "/questions/1",
      control: "Cadastro (o formulário à mostra)",
      target: 'header [data-auth-opener="signUp"]',
      answered: "signUpForm",
    },
    {
      who: "visitante",
      page: "/questions/1",
      control: "Votar sem conta (o Login à mostra)",
      target: 'main button[aria-label="Votar positivamente"]',
      answered: "signInForm",
    },
    {
      who: "visitante",
      page: "/questions",
      control: "uma pergunta da lista",
      target: 'main h2 a[href^="/questions/"]',
      answered: "onAQuestion",
    },
    {
      who: "visitante",
      page: `/blog/${post}`,
      control: "Home no cabeçalho",
      target: 'header nav a[href="/"]',
      answered: "onHome",
    },
    {
      who: "membro",
      page: "/questions/1",
      control: "Votar positivamente",
      target: 'main button[aria-label="Votar positivamente"]',
      answered: "votePressed",
    },
  ];
}

// Installed before the page's own scripts: remembers the first input's timestamp and the interaction's
// Event Timing entries (durationThreshold 16, the smallest the browser allows).
// The checks live here because the site's CSP (rightly) refuses strings evaluated as code.
const PROBE = `(() => {
  const probe = (window.__firstTap = { input: null, events: [], voteBefore: null, checks: {
    menuOpen: () => document.querySelector("#menu-movel[open]") !== null,
    // The dialog counts once its form can be typed into, not while it says "Carregando…".
    signInForm: () => { const f = document.querySelector('dialog[open] input[autocomplete="current-password"], [role="dialog"] input[autocomplete="current-password"]'); return !!f && f.getClientRects().length > 0; },
    signUpForm: () => { const f = document.querySelector('dialog[open] input[autocomplete="new-password"], [role="dialog"] input[autocomplete="new-password"]'); return !!f && f.getClientRects().length > 0; },
    onAQuestion: () => /^\\/questions\\/\\d+$/.test(location.pathname) && document.querySelector("main h1") !== null,
    onHome: () => location.pathname === "/" && document.querySelector("main h1") !== null,
    // A new member may not have the reputation to vote yet: the refusal next to the arrows answers the tap too.
    // The same member taps in every run: the vote goes in, then back out; either change is the answer.
    votePressed: () => { const up = document.querySelector('main button[aria-label="Votar positivamente"]'); return up?.getAttribute("aria-pressed") !== probe.voteBefore || up?.closest("form")?.parentElement?.querySelector('[role="alert"]') != null; },
  } });
  for (const type of ["pointerdown", "touchstart", "mousedown"]) {
    addEventListener(type, (e) => { if (probe.input === null) probe.input = e.timeStamp; }, { capture: true });
  }
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.events.push({ name: e.name, start: e.startTime, duration: e.duration, id: e.interactionId });
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
})()`;

type Probe = {
  input: number | null;
  answeredAt?: number;
  events: { duration: number; start: number }[];
  voteBefore: string | null;
  checks: Record<Scenario["answered"], () => boolean>;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};

async function memberContext(browser: Browser, origin: string, member: Member, phone = false) {
  const context = await newContext(browser, phone);
  const url = new URL(origin);
  await context.addCookies(
    member.cookie.split("; ").map((pair) => {
      const [name, ...rest] = pair.split("=");
      return { name: name!, value: rest.join("="), domain: url.hostname, path: "/" };
    }),
  );
  return context;
}

function newContext(browser: Browser, phone = false): Promise<BrowserContext> {
  return browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: "pt-BR" }
      : { viewport: { width: 1280, height: 800 }, locale: "pt-BR" },
  );
}

async function throttle(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

/** One tap, right after the load event, in a fresh context. */
async function tapOnce(
  browser: Browser,
  origin: string,
  member: Member,
  s: Scenario,
  rate: number,
  delay: number,
) {
  const context =
    s.who === "membro"
      ? await memberContext(browser, origin, member, s.phone)
      : await newContext(browser, s.phone);
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    await throttle(page, rate);
    await page.goto(`${origin}${s.page}`, { waitUntil: "load" });
    if (delay > 0) await page.waitForTimeout(delay);
    const target = page.locator(s.target).first();
    const box = await target.boundingBox();
    if (!box) throw new Error(`${s.page}: ${s.target} não está visível`);
    const hydrated = await page.evaluate(() => document.documentElement.dataset.hydrated === "true");
    // The answer is watched frame by frame from before the input, in the page's own clock.
    await page.evaluate((answered) => {
      const probe = (window as unknown as { __firstTap: Probe }).__firstTap;
      probe.voteBefore =
        document
          .querySelector('main button[aria-label="Votar positivamente"]')
          ?.getAttribute("aria-pressed") ?? null;
      const check = probe.checks[answered];
      const frame = (now: number) => {
        if (check()) probe.answeredAt = now;
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, s.answered);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (s.phone) await page.touchscreen.tap(x, y);
    else {
      // A desktop pointer travels to the control before it presses (the earliest sign of intent).
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.up();
    }
    await page.waitForFunction(
      (answered) => (window as unknown as { __firstTap?: Probe }).__firstTap?.checks[answered](),
      s.answered,
      { timeout: 20_000 },
    );
    // The navigation scenarios answer on a new document only if the app did not take the click: then the
    // probe is gone with the old page and the timing is read from the navigation instead.
    await page.waitForTimeout(300);
    const probe = await page.evaluate(() => {
      const p = (window as unknown as { __firstTap?: Probe }).__firstTap;
      if (!p) return null;
      const events = p.events.filter((e) => p.input !== null && e.start >= p.input - 1);
      return {
        input: p.input,
        answeredAt: p.answeredAt ?? null,
        feedback: events.length ? Math.max(...events.map((e) => e.duration)) : null,
      };
    });
    if (!probe || probe.input === null || probe.answeredAt === null)
      throw new Error(`${s.page} / ${s.control}: a página recarregou em vez de responder no lugar`);
    // No Event Timing entry above 16 ms means the next paint came within 16 ms.
    return { feedback: probe.feedback ?? 16, answer: probe.answeredAt - probe.input, hydrated };
  } finally {
    await context.close();
  }
}

/** Gzipped JavaScript Chromium fetched for a page, after `settle` (in a fresh context: nothing cached). */
async function jsOf(context: BrowserContext, url: string, settle: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const bodies: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response.body().then(
        (b) => gzipSync(b, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  await page.goto(url, { waitUntil: "load" });
  await settle(page);
  await page.waitForLoadState("networkidle");
  // Inline scripts (the loader, React Router's context and data) are JavaScript the page runs too.
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((s) => !s.getAttribute("type") || s.getAttribute("type") === "module")
      .map((s) => s.textContent ?? "")
      .join("\n"),
  );
  const total =
    (await Promise.all(bodies)).reduce((a, b) => a + b, 0) + gzipSync(inline, { level: 9 }).length;
  await page.close();
  return Math.round((total / 1024) * 10) / 10;
}

export async function measureFirstTap(options: FirstTapOptions = {}): Promise<FirstTapResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rates = options.rates ?? [1, 4];
  const delays = options.delays ?? [0, 2000];
  const runs = options.runs ?? 3;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let dataDir: string | undefined;
  let origin = options.origin;
  if (!origin) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "sdd-first-tap-"));
    server = await startServer({ kind: "pglite", dataDir }, options.port ?? 3330);
    origin = server.origin;
  }
  const browser = await chromium.launch({
    executablePath: options.chromiumPath ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const member = options.member ?? (await signUp(origin));
    const blog = await (await fetch(`${origin}/blog`)).text();
    const post = blog.match(/href="\/blog\/([a-z0-9-]+)"/)?.[1] ?? "";
    const question = await (await fetch(`${origin}/questions/1`)).text();
    const handle = question.match(/href="\/u\/([^"/?#]+)"/)?.[1] ?? "";
    // Warm the server's caches so the first measured run is not the server's first render.
    for (const page of READ_PAGES)
      await fetch(`${origin}${page.replace("{post}", post).replace("{handle}", handle)}`);

    const taps: TapRow[] = [];
    for (const rate of rates) {
      for (const delay of delays)
        for (const s of scenarios(post)) {
          const results = [];
          let failed = 0;
          for (let run = 0; run < runs; run++) {
            // A tap that got no answer in 20 s is counted as failed, not hidden by the median.
            try {
              results.push(await tapOnce(browser, origin, member, s, rate, delay));
            } catch (error) {
              failed++;
              log(
                `  ${rate}× +${delay} ms ${s.page} ${s.control}: sem resposta (${(error as Error).message.split("\n")[0]})`,
              );
            }
          }
          const row: TapRow = {
            who: s.who,
            page: s.page,
            control: s.control,
            rate,
            afterLoadMs: delay,
            feedbackMs: Math.round(median(results.map((r) => r.feedback))),
            answerMs: Math.round(median(results.map((r) => r.answer))),
            hydratedBeforeTap: `${results.filter((r) => r.hydrated).length}/${runs}`,
            failed,
          };
          log(
            `  ${rate}× +${delay} ms ${row.who} ${row.page} ${row.control}: resposta ${row.answerMs} ms, pintura ${row.feedbackMs} ms`,
          );
          taps.push(row);
        }
    }

    const js: JsRow[] = [];
    for (const template of options.javascript === false ? [] : READ_PAGES) {
      const page = template.replace("{post}", post).replace("{handle}", handle);
      const visitor = await newContext(browser);
      // After the first interaction: everything the page loads once the app owns it.
      const visitorKb = await jsOf(visitor, `${origin}${page}`, async (p) => {
        await p.mouse.move(5, 5);
        await p.keyboard.press("Shift");
        await p.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
          timeout: 20_000,
        });
      });
      await visitor.close();
      const signedIn = await memberContext(browser, origin, member);
      const memberKb = await jsOf(signedIn, `${origin}${page}`, (p) =>
        p
          .waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
            timeout: 20_000,
          })
          .then(() => undefined),
      );
      await signedIn.close();
      js.push({ page: template, visitorAfterInteractionKb: visitorKb, memberAtOpenKb: memberKb });
      log(`  ${page}: visitante ${visitorKb} KB, membro ${memberKb} KB`);
    }
    return { taps, js };
  } finally {
    await browser.close();
    if (server) await stopServer(server);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export function firstTapMarkdown({ taps, js }: FirstTapResult): string {
  const lines = [
    "| quem | página | controle | CPU | toque após o load | pintura após o toque (ms) | resposta (ms) | hidratada antes do toque | sem resposta |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...taps.map(
      (t) =>
        `| ${t.who} | ${t.page} | ${t.control} | ${t.rate}× | ${t.afterLoadMs} ms | ${t.feedbackMs} | ${t.answerMs} | ${t.hydratedBeforeTap} | ${t.failed} |`,
    ),
    ...(js.length
      ? [
          "",
          "| página | JS gzip, visitante após a 1ª interação (KB) | JS gzip, membro ao abrir (KB) |",
          "| --- | --- | --- |",
          ...js.map((j) => `| ${j.page} | ${j.visitorAfterInteractionKb} | ${j.memberAtOpenKb} |`),
        ]
      : []),
  ];
  return lines.join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "3330" },
      runs: { type: "string", default: "3" },
      rates: { type: "string", default: "1,4" },
      delays: { type: "string", default: "0,2000" },
    },
  });
  const result = await measureFirstTap({
    port: Number(values.port),
    runs: Number(values.runs),
    rates: values.rates.split(",").filter(Boolean).map(Number),
    delays: values.delays.split(",").filter(Boolean).map(Number),
  });
  const markdown = firstTapMarkdown(result);
  console.log(`\n${markdown}`);
  const dir = path.join("bench", "results", "runs");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `first-tap-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      { when: new Date().toISOString(), build: process.env.BUILD_DIR ?? "build", ...result },
      null,
      2,
    ),
  );
  console.log(`\n${file}`);
}
