// A new member's pages on several running servers (builds side by side, or one build with a setting on and off),
// measured in one run and interleaved, so the machine's changes of pace fall on all of them alike
// (docs/performance.md). Start each server yourself on core 0, then, on core 1:
//
//   taskset -c 1 node bench/compare-builds.ts http://localhost:4100 http://localhost:4101 [--rounds 2] [--seconds 5]
//
// Each server gets its own member, signed up through the form. Prints one line per measurement: the server, the
// connections, the page, requests a second, p50 and p99 in milliseconds.
import { parseArgs } from "node:util";
import { runLoad } from "./load-generator.ts";
import { signUp } from "./site.ts";

const { values, positionals: origins } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: "string", default: "2" },
    seconds: { type: "string", default: "5" },
    pages: { type: "string", default: "/questions/1,/questions,/blog" },
  },
});
if (origins.length === 0) throw new Error("uso: node bench/compare-builds.ts ORIGEM [ORIGEM…]");

const cookies = await Promise.all(origins.map((origin) => signUp(origin)));
const pages = values.pages.split(",");
// Warm each page once on each server, and say how it was answered (a kept member page says so).
for (const [index, origin] of origins.entries()) {
  for (const page of pages) {
    for (let warm = 0; warm < 2; warm++) {
      const response = await fetch(`${origin}${page}`, { headers: { cookie: cookies[index]! } });
      await response.text();
      if (warm === 1)
        console.log(`${origin}${page}: ${response.status} ${response.headers.get("x-member-page") ?? ""}`);
    }
  }
}
console.log(["servidor", "conexões", "página", "req/s", "p50 (ms)", "p99 (ms)"].join("\t"));
for (const connections of [50, 1]) {
  for (const page of pages) {
    for (let round = 0; round < Number(values.rounds); round++) {
      for (const [index, origin] of origins.entries()) {
        const result = await runLoad({
          origin,
          connections,
          durationMs: Number(values.seconds) * 1000,
          warmupMs: 800,
          targets: [{ name: page, path: page, headers: { cookie: cookies[index]! } }],
        });
        console.log(
          [origin, connections, page, result.requestsPerSecond, result.latency.p50, result.latency.p99].join(
            "\t",
          ),
        );
      }
    }
  }
}
