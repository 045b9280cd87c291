import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// ------------------------------------------------------------------------------------------- boundaries
// The direction of imports (docs/architecture.md, ADR 026): routes → features → shared (app/components,
// app/lib) → db. A feature reaches another feature only through the files that feature lists here (paths
// inside app/features/<name>/; no barrel files). A feature missing from this table has no public file.
// Runtime import cycles are checked by scripts/import-cycles.ts, in the same `npm run lint`.
export const FEATURE_PUBLIC_FILES = {
  accounts: [
    "account-mail.server.ts", // mail that must not outlive shutdown (newsletter confirmations)
    "content-rate-limits.server.ts", // how often a member may write (posts, questions, answers, comments)
    "rate-limits.server.ts", // the shared rate_limits counters (newsletter, notification e-mail)
    "removed-members.server.ts", // removed members left out of lists and search
  ],
  errors: [
    "error-signatures.ts", // the pure extractor of error signatures (issue 21), for the ask form and search
    "error-index.server.ts", // the index written with questions and answers, and the matching
  ],
  moderation: [
    "rules.ts", // privileges, thresholds and reasons (issue 19): every gate reads its numbers here
    "moderation-log.server.ts", // every moderator (or automatic) action is logged with it
    "spam-defences.server.ts", // link limits, blocked words and domains, held content, first-post review
    "components/flag-link.tsx", // "Sinalizar" on questions, answers, comments, posts and post comments
    "review-count.server.ts", // the header's count of open review items, for those who can review
    "visibility.server.ts", // hiding an item pending review (held content) with its counters kept exact
    "components/blocked-content.tsx", // a blocked member's content, collapsed for the blocker (comments)
  ],
  posts: ["rules.ts"], // the post limits and categories, documented by the REST API's schemas (issue 20)
  newsletter: ["newsletter.server.ts"], // removing an account removes its subscription
  notifications: ["notify.server.ts"], // the one entry point writers call
  questions: ["rules.ts"], // the question, answer and comment limits, documented by the REST API's schemas
  social: [
    "follows.server.ts", // who follows whom, member summaries
    "components/follow-button.tsx", // the follow button on authors of posts and questions
  ],
  tags: [
    "tags.server.ts", // tag names and lookups for posts and questions
    "rules.ts", // the tag limit and its messages (TAGS_MAX), for forms and schemas too
    "components/tag-selector.tsx", // the tag field of the question and post forms
  ],
  uploads: ["uploads.server.ts"], // removing an account removes its images
};

const FEATURES = readdirSync(`${import.meta.dirname}/app/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
for (const name of Object.keys(FEATURE_PUBLIC_FILES)) {
  if (!FEATURES.includes(name))
    throw new Error(`eslint.config.js: no feature named "${name}" in app/features`);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Folder depths generated per area: a file at depth d leaves its area with d + 1 `../`. */
const DEPTHS = [0, 1, 2, 3, 4];
const filesAt = (area, depth) => [`${area}/${"*/".repeat(depth)}*.{ts,tsx,js,jsx}`];
const leavingByPath = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}`,
  message: "Leave this folder by its #app/ or #db/ name (so the boundary rule sees where the import goes).",
});

const APP_LEVEL = {
  regex: "^#app/[^/]+$",
  message:
    "root.tsx, entry.server.tsx, lifecycle and the root middleware compose the app: nothing below imports them.",
};
const NO_ROUTES = {
  regex: "^#app/routes/",
  message: "Only routes import routes: features and shared code never do.",
};

function featureRules(name) {
  const others = Object.entries(FEATURE_PUBLIC_FILES)
    .filter(([feature]) => feature !== name)
    .flatMap(([feature, files]) => files.map((file) => escape(`${feature}/${file}`)));
  const allowed = [escape(`${name}/`), ...others.map((file) => `${file}$`)].join("|");
  const listed = Object.entries(FEATURE_PUBLIC_FILES)
    .map(([feature, files]) => `${feature}: ${files.join(", ")}`)
    .join("; ");
  return [
    NO_ROUTES,
    APP_LEVEL,
    {
      regex: `^#app/features/(?!${allowed})`,
      message: `Another feature is reached only through the files it declares public in eslint.config.js (${listed}).`,
    },
  ];
}

const SHARED_RULES = [
  {
    regex: "^#app/(features|routes)/",
    message: "Shared code (app/components, app/lib) never imports features or routes: pass data or UI in.",
  },
  APP_LEVEL,
];

const ROUTE_RULES = [APP_LEVEL];

const DB_RULES = [
  {
    regex: "^(#app/|(\\.\\./)+app/)(features|routes|components|[^/]+$)",
    message: "db/ sits below the app: it may use app/lib, nothing above it.",
  },
];

/** One `no-restricted-imports` per file (flat config replaces a rule's options, it never merges them). */
function boundary(files, patterns) {
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

const boundaries = [
  ...FEATURES.flatMap((name) =>
    DEPTHS.map((depth) =>
      boundary(filesAt(`app/features/${name}`, depth), [...featureRules(name), leavingByPath(depth)]),
    ),
  ),
  ...["app/components", "app/lib"].flatMap((area) =>
    DEPTHS.map((depth) => boundary(filesAt(area, depth), [...SHARED_RULES, leavingByPath(depth)])),
  ),
  ...DEPTHS.map((depth) => boundary(filesAt("app/routes", depth), [...ROUTE_RULES, leavingByPath(depth)])),
  boundary(["db/**"], DB_RULES),
  {
    // A dynamic import() is not seen by no-restricted-imports: it only loads a module of the same folder.
    files: ["app/**", "db/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportExpression > Literal[value=/^(#|\\.\\.)/]",
          message:
            "A dynamic import() loads a module of its own folder (./); reach further with a static import.",
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-e2e-*/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/routes/**"], message: "Features and shared code never import routes." }] },
      ],
    },
  },
  ...boundaries,
  {
    // A focused test (`test.only`, `describe.only`, `test.describe.only`) would silently skip the rest.
    files: ["**/*.test.{ts,tsx}", "tests/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-properties": [
        "error",
        { property: "only", message: "No focused tests in the repository: remove `.only`." },
      ],
    },
  },
);
