// The shape of the code, checked on every `npm run lint` and in `npm test`'s static step (ADR 026, ADR 054):
// `depcruise app db server scripts tests bench` fails on an import that breaks one of these rules, and
// `npm run graph` draws the folders and their arrows.
//
// The direction of imports (docs/architecture.md): routes → features → shared (app/components, app/lib) → db.
// A feature reaches another feature only through the files that feature lists in FEATURE_PUBLIC_FILES (paths
// inside app/features/<name>/; no barrel files). A feature missing from the table has no public file.

/** @type {Record<string, string[]>} */
export const FEATURE_PUBLIC_FILES = {
  badges: [
    "badges.server.ts", // awarding badges, from the reputation ledger and the moderation's decisions
    "rules.ts", // every badge and what earns it, for the pages that show them
    "components/badge-mark.tsx", // a badge's tier beside its name or count
  ],
  comments: [
    "comments.server.ts", // the one comment stack, under questions, answers and posts
    "components/comment-controls.tsx", // a comment's up-vote, "Editar" and "editado", on every page
  ],
  curation: [
    "site-notice.server.ts", // the administrators' notice, read by the site layout
    "components/site-notice-banner.tsx", // the notice above every page's content
  ],
  drafts: ["keys.ts"], // the draft keys and fields, for the question, answer and post forms (ADR 062)
  errors: [
    "error-signatures.ts", // the pure extractor of error signatures, for the ask form and search
    "error-index.server.ts", // the index written with questions and answers, and the matching
  ],
  moderation: [
    "rules.ts", // privileges, thresholds and reasons: every gate reads its numbers here
    "moderation-log.server.ts", // every moderator (or automatic) action is logged with it
    "spam-defences.server.ts", // link limits, blocked words and domains, held content, first-post review
    "components/flag-link.tsx", // "Sinalizar" on questions, answers, comments and posts
    "review-count.server.ts", // the header's count of open review items, for those who can review
    "visibility.server.ts", // hiding an item pending review (held content) with its counters kept exact
    "components/blocked-content.tsx", // a blocked member's content, collapsed for the blocker (comments)
    "blocks.server.ts", // which of some members the viewer blocked (the question page collapses them)
  ],
  posts: ["rules.ts"], // the post limits and categories, documented by the REST API's schemas
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

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const publicFiles = Object.entries(FEATURE_PUBLIC_FILES).flatMap(([feature, files]) =>
  files.map((file) => `^app/features/${escape(`${feature}/${file}`)}$`),
);
const listed = Object.entries(FEATURE_PUBLIC_FILES)
  .map(([feature, files]) => `${feature}: ${files.join(", ")}`)
  .join("; ");

/** The modules that compose the app (root.tsx, entry.server.tsx, lifecycle, the root middleware). */
const APP_LEVEL = "^app/[^/]+$";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-runtime-cycle",
      comment:
        "Modules must not load each other in a circle: one of them would run half-initialised. `import type` " +
        "is erased before anything runs and a dynamic import() runs after every static one has settled, so " +
        "neither closes a circle.",
      severity: "error",
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ["type-only", "type-import", "dynamic-import"],
        viaOnly: { dependencyTypesNot: ["type-only", "type-import", "dynamic-import"] },
      },
    },
    {
      name: "feature-through-public-files",
      comment: `Another feature is reached only through the files it declares public in .dependency-cruiser.js (${listed}).`,
      severity: "error",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/", pathNot: ["^app/features/$1/", ...publicFiles] },
    },
    {
      name: "only-routes-import-routes",
      comment: "Features and shared code never import routes: routes compose them.",
      severity: "error",
      from: { path: "^(app/(features|components|lib)|db)/" },
      to: { path: "^app/routes/" },
    },
    {
      name: "shared-code-below-features",
      comment: "Shared code (app/components, app/lib) never imports features: pass data or UI in.",
      severity: "error",
      from: { path: "^app/(components|lib)/" },
      to: { path: "^app/features/" },
    },
    {
      name: "nothing-imports-the-app-root",
      comment:
        "root.tsx, entry.server.tsx, lifecycle and the root middleware compose the app: nothing below imports them.",
      severity: "error",
      from: { path: "^(app/(features|components|lib|routes)|db)/" },
      to: { path: APP_LEVEL },
    },
    {
      name: "db-below-the-app",
      comment: "db/ sits below the app: it may use app/lib, nothing above it.",
      severity: "error",
      from: { path: "^db/" },
      to: { path: "^app/(features|components)/" },
    },
    {
      name: "no-unresolvable",
      comment: "An import of this tree that resolves to nothing is a typo the bundler would only find later.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true, pathNot: ["/\\+types/", "^virtual:react-router/"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|build-e2e-[^/]+|data|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
    reporterOptions: {
      dot: {
        collapsePattern:
          "^(app/(features|routes|components|lib)/[^/]+|app/[^/]+|db|server|scripts|tests|bench)",
      },
    },
  },
};
