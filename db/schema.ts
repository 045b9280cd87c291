// The whole data model in one file: drizzle-kit turns it into the SQL migrations under db/migrations.
// Counters (score, answer_count, like_count…) are denormalised for cheap list pages; each one is kept
// exact by the feature that writes it, inside the same transaction as the row it counts.
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  unique,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The search configuration `pt_unaccent` (Portuguese stemming, accents ignored) is created by migration 0000. */
const searchVector = (weighted: SQL) => tsvector("search").generatedAlwaysAs(weighted);

/**
 * Text as search reads it, documents and queries alike (ADR 033): nasal plurals written as their singular
 * (funções, funcoes → funcao; sessões → sessao), since the Portuguese stemmer keeps them apart ('funco' and
 * 'funca'). Without accents only after c, s or x, where English words do not end in "oes" (does, goes).
 */
export const searchText = (text: SQL) =>
  sql`regexp_replace(regexp_replace(regexp_replace(regexp_replace(${text}, '[õÕ][eE][sS][[:>:]]', 'ao', 'g'), '[cCçÇ][oO][eE][sS][[:>:]]', 'cao', 'g'), '[sS][oO][eE][sS][[:>:]]', 'sao', 'g'), '[xX][oO][eE][sS][[:>:]]', 'xao', 'g')`;
/** `to_tsvector` in the search configuration over `searchText`. */
const searchWords = (text: SQL) => sql`to_tsvector('pt_unaccent', ${searchText(text)})`;
const weighted = (text: SQL, weight: "A" | "B" | "C") =>
  sql`setweight(${searchWords(text)}, ${sql.raw(`'${weight}'`)})`;
const withoutTags = (html: SQL) => sql`regexp_replace(${html}, '<[^>]*>', ' ', 'g')`;

export const roleEnum = pgEnum("role", ["member", "moderator", "admin"]);
export const postCategoryEnum = pgEnum("post_category", ["design", "desenvolvimento", "ux", "ui"]);
export const tokenKindEnum = pgEnum("token_kind", ["verify_email", "reset_password", "change_email"]);
export const targetKindEnum = pgEnum("target_kind", ["question", "answer", "post"]);
/** What a flag (or a review item) points at: the kinds of content that can be flagged. */
export const flagTargetEnum = pgEnum("flag_target", [
  "question",
  "answer",
  "comment",
  "post",
  // Posts' comments had a table of their own; they are `comment`s now, and no flag is written with this.
  "post_comment",
]);
/**
 * Members flag for the first five; the site itself opens `held` (content the spam defences kept back) and
 * `first_post` (a new member's first question, answer or post) items in the review queue.
 */
export const flagReasonEnum = pgEnum("flag_reason", [
  "spam",
  "offensive",
  "needs_improvement",
  "duplicate",
  "other",
  "held",
  "first_post",
]);
export const flagStatusEnum = pgEnum("flag_status", ["open", "helpful", "declined"]);
export const closeReasonEnum = pgEnum("close_reason", [
  "duplicate",
  "off_topic",
  "needs_details",
  "opinion_based",
]);

// ---------------------------------------------------------------------------------------------- accounts

/**
 * Full-text search looks for the newest matches of a word (app/features/search): the text indexes of
 * questions, answers and posts also hold each row's id bucket (btree_gin), so "the matches among the newest
 * ten thousand rows" is one index scan whose cost follows those rows, not every row holding the word.
 */
export const SEARCH_ID_BUCKET = 1024;
const searchBucket = (id: AnyPgColumn) => sql`(${id} / ${sql.raw(String(SEARCH_ID_BUCKET))})`;

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    handle: text("handle").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerifiedAt: ts("email_verified_at"),
    passwordHash: text("password_hash"),
    role: roleEnum("role").notNull().default("member"),
    roleLine: text("role_line").notNull().default("Membro"),
    bio: text("bio").notNull().default(""),
    avatarUrl: text("avatar_url"),
    /** Claro, Escuro or Sistema (app/lib/theme.ts): kept with the member, so every device shows their choice. */
    theme: text("theme").notNull().default("sistema"),
    reputation: integer("reputation").notNull().default(1),
    /**
     * The part of the reputation that buys the powers over other people's content (trusted flags, review, direct
     * edits, close votes): 1 + the ledger's events caused by established members (ADR 047). A ring of new
     * accounts voting for each other moves `reputation`, never this.
     */
    trustedReputation: integer("trusted_reputation").notNull().default(1),
    /** How many badges of each tier the member holds (badge_awards), shown beside their name. */
    goldBadges: integer("gold_badges").notNull().default(0),
    silverBadges: integer("silver_badges").notNull().default(0),
    bronzeBadges: integer("bronze_badges").notNull().default(0),
    /** A suspended member reads but cannot write until then; the reason is shown to them. */
    suspendedUntil: ts("suspended_until"),
    suspensionReason: text("suspension_reason"),
    weeklyDigest: boolean("weekly_digest").notNull().default(false),
    createdAt: createdAt(),
    lastActiveAt: ts("last_active_at").notNull().defaultNow(),
    /**
     * When the member first published a question, an answer or a post; set by the database as the row goes in
     * (migration 0021's triggers). "Quem seguir" walks its partial index instead of every member who only reads.
     */
    publishedAt: ts("published_at"),
    /**
     * A keyed hash of the network (IPv4 /24, IPv6 /64) the member last signed up or signed in from: votes between
     * members on one network move no reputation (ADR 047). Never the address itself.
     */
    network: text("network"),
    /**
     * Two-factor sign-in (ADR 049): the authenticator app's base32 secret, kept from "Ativar" on; the second step is
     * asked only once `totp_enabled_at` is set (the member typed a code from it). `totp_last_step` is the 30-second
     * step of the last code accepted, so a code seen over someone's shoulder cannot be used again.
     */
    totpSecret: text("totp_secret"),
    totpEnabledAt: ts("totp_enabled_at"),
    totpLastStep: integer("totp_last_step"),
    search: searchVector(
      sql`${weighted(sql`coalesce(name, '')`, "A")} || ${weighted(sql`coalesce(handle, '')`, "A")} || ${weighted(sql`coalesce(bio, '')`, "C")}`,
    ),
  },
  (t) => [
    uniqueIndex("users_handle_key").on(sql`lower(${t.handle})`),
    // Search's handle prefix (`lower(handle) like 'ana%'`): the default collation's index cannot answer LIKE.
    index("users_handle_prefix_idx").on(sql`lower(${t.handle}) text_pattern_ops`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_search_idx").using("gin", t.search),
    index("users_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("users_last_active_idx").on(t.lastActiveAt),
    index("users_publishers_recent_idx")
      .on(t.lastActiveAt, t.id)
      .where(sql`${t.publishedAt} is not null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's random token: a stolen database does not yield live cookies. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    userAgent: text("user_agent"),
    /** What the sessions page names a session by: the cookie's hash never leaves the server. */
    publicId: uuid("public_id").notNull().defaultRandom(),
    /** Where the session began, as the sessions page shows it: the address with its last part hidden. */
    place: text("place"),
  },
  (t) => [
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
    uniqueIndex("sessions_public_id_key").on(t.publicId),
  ],
);

/**
 * The second step of a sign-in (ADR 049): the password (or provider) was right and the account asks for a code.
 * The browser holds the random token in a short-lived cookie; five wrong codes end the attempt.
 */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    attempts: smallint("attempts").notNull().default(0),
    redirectTo: text("redirect_to").notNull().default("/"),
  },
  (t) => [index("sign_in_challenges_user_idx").on(t.userId)],
);

/** Ten single-use recovery codes per member with two-factor sign-in, kept as SHA-256 (ADR 049). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * Personal access tokens for the REST API: a member creates one in Configurações, sees it once, and sends it
 * as `Authorization: Bearer sdd_…`. Only its SHA-256 is kept; `prefix` (the first characters) lets the member
 * tell their tokens apart. Revoked tokens stay listed until removed with the account.
 */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    prefix: text("prefix").notNull(),
    /** `read` or `read write`: writing always includes reading. */
    scopes: text("scopes").array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("access_tokens_user_idx").on(t.userId, t.createdAt)],
);

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: tokenKindEnum("kind").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    newEmail: text("new_email"),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_tokens_user_idx").on(t.userId, t.kind)],
);

/**
 * Browsers a member has signed in from (ADR 023): the SHA-256 of a long-lived cookie's random token. Such a
 * browser is let past the account-wide sign-in limit, so guesses by others never lock the member out of it.
 * Forgotten when the password is changed or reset, and with the account.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** "Confiar neste navegador": the second step of sign-in is skipped here until then (ADR 049). */
    twoFactorUntil: ts("two_factor_until"),
  },
  (t) => [index("known_devices_user_idx").on(t.userId, t.createdAt)],
);

/**
 * Sign-in providers linked to a member (ADR 044): GitHub's numeric account id or Google's `sub` is the stable
 * key, the e-mail is what the provider said when it was linked. No provider token is kept.
 */
export const accountProviders = pgTable(
  "account_providers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    email: text("email").notNull(),
    linkedAt: ts("linked_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_providers_identity_key").on(t.provider, t.providerUserId),
    uniqueIndex("account_providers_user_provider_key").on(t.userId, t.provider),
  ],
);

/**
 * A sign-in with a provider under way (ADR 044): keyed by the SHA-256 of a random id kept in an httpOnly,
 * SameSite=Lax cookie; holds the `state`, the PKCE verifier and the OIDC nonce, what the person asked for and
 * where to go back to. Single use (deleted when the provider answers), ten minutes. After the answer, a
 * provider e-mail that matches an existing account leaves a second row holding the verified `profile` and the
 * account it matched, until the member proves they own it (the password once).
 */
export const signInFlows = pgTable(
  "sign_in_flows",
  {
    idHash: text("id_hash").primaryKey(),
    provider: text("provider").notNull(),
    /** `sign-in`, `sign-up`, `link` (from Configurações) or `pending-link` (waiting for the password). */
    intent: text("intent").notNull(),
    state: text("state"),
    codeVerifier: text("code_verifier"),
    nonce: text("nonce"),
    returnTo: text("return_to").notNull().default("/"),
    /** `link`: the member who started it; `pending-link`: the account whose e-mail matched. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    profile: jsonb("profile").$type<{ providerUserId: string; email: string; name: string }>(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("sign_in_flows_expires_idx").on(t.expiresAt)],
);

/**
 * E-mails waiting to leave (ADR 048): written in the same transaction as the change that causes them, sent by
 * a sender on every app server that claims rows with `FOR UPDATE SKIP LOCKED`, retried with back-off, and kept
 * with their last error when they give up. `kind` "mail" holds a whole message; "password_reset" holds only the
 * address typed in the forgot form, so the request does the same work whether or not it has an account.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull().default("mail"),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    text: text("text").notNull().default(""),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** What a job needs besides the recipient (the site's origin for links). */
    payload: jsonb("payload").$type<Record<string, string>>(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    sentAt: ts("sent_at"),
    failedAt: ts("failed_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
);

/** Fixed-window counters shared by every app server. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_window_idx").on(t.windowStart)],
);

export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: serial("id").primaryKey(),
  email: text("email").notNull().unique(),
  tokenHash: text("token_hash").notNull().unique(),
  confirmedAt: ts("confirmed_at"),
  createdAt: createdAt(),
});

export const uploads = pgTable(
  "uploads",
  {
    id: serial("id").primaryKey(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    key: text("key").notNull().unique(),
    mime: text("mime").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId)],
);

// -------------------------------------------------------------------------------------------------- tags

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description").notNull().default(""),
    /** Position among the ten predefined suggestions of the tag selector (spec §3), null otherwise. */
    suggestedRank: smallint("suggested_rank"),
    /** Position among the recommended topics of the side columns, null otherwise. */
    recommendedRank: smallint("recommended_rank"),
    questionCount: integer("question_count").notNull().default(0),
    postCount: integer("post_count").notNull().default(0),
    createdAt: createdAt(),
    search: searchVector(
      sql`${weighted(sql`coalesce(name, '')`, "A")} || ${weighted(sql`coalesce(description, '')`, "C")}`,
    ),
  },
  (t) => [
    uniqueIndex("tags_name_key").on(sql`lower(${t.name})`),
    index("tags_search_idx").using("gin", t.search),
    index("tags_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const tagFollows = pgTable(
  "tag_follows",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] }), index("tag_follows_tag_idx").on(t.tagId)],
);

/**
 * "Acompanhar": a member watching a question or a post hears of its new answers, comments and edits. Authors
 * watch their own from the start.
 */
export const threadWatches = pgTable(
  "thread_watches",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** question | post */
    targetKind: text("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetKind, t.targetId] }),
    index("thread_watches_target_idx").on(t.targetKind, t.targetId),
  ],
);

export const follows = pgTable(
  "follows",
  {
    followerId: integer("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    followeeId: integer("followee_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index("follows_followee_idx").on(t.followeeId),
    check("follows_not_self", sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

// ------------------------------------------------------------------------------------ questions & answers

export const questions = pgTable(
  "questions",
  {
    /** Numeric and sequential, as the spec's ids. */
    id: serial("id").primaryKey(),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    /** The details editor (HTML, sanitised). */
    description: text("description").notNull(),
    /** What was tried and what was expected (HTML, sanitised). */
    details: text("details").notNull().default(""),
    score: integer("score").notNull().default(0),
    answerCount: integer("answer_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    viewCount: integer("view_count").notNull().default(0),
    favoriteCount: integer("favorite_count").notNull().default(0),
    acceptedAnswerId: integer("accepted_answer_id"),
    bountyAmount: integer("bounty_amount"),
    bountyExpiresAt: ts("bounty_expires_at"),
    createdAt: createdAt(),
    updatedAt: ts("updated_at"),
    lastActivityAt: ts("last_activity_at").notNull().defaultNow(),
    deletedAt: ts("deleted_at"),
    deletedBy: integer("deleted_by").references(() => users.id),
    /** Closed questions refuse new answers; the reason, the original of a duplicate and who closed it. */
    closedAt: ts("closed_at"),
    closeReason: closeReasonEnum("close_reason"),
    duplicateOfId: integer("duplicate_of_id"),
    closedBy: integer("closed_by").array(),
    /** A locked question takes no answers, comments, votes or edits (a moderator's decision). */
    lockedAt: ts("locked_at"),
    /** The blog post this question asks about ("Perguntar sobre este post", ADR 043). */
    aboutPostId: integer("about_post_id").references((): AnyPgColumn => posts.id, { onDelete: "set null" }),
    /**
     * The names of the question's tags, kept by triggers on question_tags and tags (migration 0008): a tag
     * is a word of the question for search, weighted as the title.
     */
    tagNames: text("tag_names").notNull().default(""),
    search: searchVector(
      sql`${weighted(sql`coalesce(title, '')`, "A")} || ${weighted(sql`coalesce(tag_names, '')`, "A")} || ${weighted(withoutTags(sql`coalesce(description, '') || ' ' || coalesce(details, '')`), "B")}`,
    ),
  },
  (t) => [
    // DESC NULLS FIRST is what a plain `order by … desc` asks for; an index built otherwise is not used.
    index("questions_created_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("questions_activity_idx").on(t.lastActivityAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("questions_score_idx").on(t.score.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("questions_answers_idx").on(t.answerCount.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("questions_author_idx").on(t.authorId, t.createdAt.desc().nullsFirst()),
    index("questions_bounty_idx")
      .on(t.bountyExpiresAt)
      .where(sql`${t.bountyAmount} is not null`),
    index("questions_search_recent_idx").using("gin", searchBucket(t.id), t.search),
    index("questions_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    // `?status=closed` and `is:closed`: closed questions are few, so the list reads them from their own index.
    index("questions_closed_created_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.closedAt} is not null and ${t.deletedAt} is null`),
    index("questions_duplicate_of_idx")
      .on(t.duplicateOfId)
      .where(sql`${t.duplicateOfId} is not null`),
    // "Perguntas sobre este post", newest first.
    index("questions_about_post_idx")
      .on(t.aboutPostId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.aboutPostId} is not null`),
  ],
);

export const questionTags = pgTable(
  "question_tags",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: smallint("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.tagId] }),
    index("question_tags_tag_idx").on(t.tagId, t.questionId),
  ],
);

export const answers = pgTable(
  "answers",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    score: integer("score").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts("updated_at"),
    deletedAt: ts("deleted_at"),
    deletedBy: integer("deleted_by").references(() => users.id),
    search: searchVector(searchWords(withoutTags(sql`coalesce(body, '')`))),
    /**
     * Denormalised from answer_versions and answer_outdated_marks, written in the same transaction: the page
     * reads them with the answer, and the row's version changes with them (ADR 031).
     */
    testedVersions: jsonb("tested_versions")
      .$type<{ tag: string; version: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    outdatedSince: jsonb("outdated_since").$type<{ tag: string; version: string } | null>(),
  },
  (t) => [
    index("answers_question_idx").on(t.questionId, t.createdAt),
    index("answers_author_idx").on(t.authorId, t.createdAt.desc().nullsFirst()),
    index("answers_search_recent_idx").using("gin", searchBucket(t.id), t.search),
  ],
);

/**
 * The versions an answer says it was tested on: one per tag of the question; `version_key` holds the
 * numeric parts so versions compare as versions (3.9 < 3.13).
 */
export const answerVersions = pgTable(
  "answer_versions",
  {
    answerId: integer("answer_id")
      .notNull()
      .references(() => answers.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    version: text("version").notNull(),
    versionKey: integer("version_key").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.tag] }),
    index("answer_versions_tag_key_idx").on(t.tag, t.versionKey),
  ],
);

/** "Não funciona mais na versão X": one mark per member per answer (marking again replaces it). */
export const answerOutdatedMarks = pgTable(
  "answer_outdated_marks",
  {
    answerId: integer("answer_id")
      .notNull()
      .references(() => answers.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tag: text("tag").notNull(),
    version: text("version").notNull(),
    versionKey: integer("version_key").array().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.answerId, t.memberId] }),
    index("answer_outdated_marks_member_idx").on(t.memberId),
  ],
);

/** One vote per member per question or answer; value is +1 or -1. */
export const votes = pgTable(
  "votes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: targetKindEnum("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    value: smallint("value").notNull(),
    /**
     * Whether the vote moved its author's reputation: not when cast from the author's network, nor once serial
     * voting was reversed (ADR 047). Undoing a vote gives back only what it moved.
     */
    counted: boolean("counted").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetKind, t.targetId] }),
    index("votes_target_idx").on(t.targetKind, t.targetId),
    check("votes_value_check", sql`${t.value} in (-1, 1)`),
  ],
);

/** Plain-text comments (a mini-Markdown) under questions, answers and posts. */
export const comments = pgTable(
  "comments",
  {
    id: serial("id").primaryKey(),
    targetKind: targetKindEnum("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    /** Posts' comments have one level of replies: a reply's parent is always a top-level comment. */
    parentId: integer("parent_id"),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    /** Up-votes (comment_votes): they give no reputation. */
    score: integer("score").notNull().default(0),
    createdAt: createdAt(),
    /** Its author's last edit (within COMMENT_EDIT_MINUTES) or a moderator's; the older bodies are in comment_edits. */
    editedAt: ts("edited_at"),
    deletedAt: ts("deleted_at"),
  },
  (t) => [index("comments_target_idx").on(t.targetKind, t.targetId, t.createdAt)],
);

/** One member's up-vote on a comment. */
export const commentVotes = pgTable(
  "comment_votes",
  {
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index("comment_votes_user_idx").on(t.userId)],
);

/** A comment's body before each edit, for the moderators (the comment's history). */
export const commentEdits = pgTable(
  "comment_edits",
  {
    id: serial("id").primaryKey(),
    commentId: integer("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    editorId: integer("editor_id")
      .notNull()
      .references(() => users.id),
    /** The body as it was before this edit. */
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("comment_edits_comment_idx").on(t.commentId, t.id)],
);

/** Every saved state of a question or answer, the first one included. */
export const revisions = pgTable(
  "revisions",
  {
    id: serial("id").primaryKey(),
    targetKind: targetKindEnum("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    editorId: integer("editor_id")
      .notNull()
      .references(() => users.id),
    title: text("title"),
    body: text("body").notNull(),
    details: text("details"),
    tags: jsonb("tags").$type<string[]>(),
    /** The editor's optional "resumo da edição" (plain text; null for the first version and unsummarised edits). */
    summary: text("summary"),
    createdAt: createdAt(),
  },
  (t) => [
    index("revisions_target_idx").on(t.targetKind, t.targetId, t.createdAt),
    // A member's edits (the badges' "Revisão").
    index("revisions_editor_idx").on(t.editorId),
  ],
);

export const bounties = pgTable(
  "bounties",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    offererId: integer("offerer_id")
      .notNull()
      .references(() => users.id),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    awardedAnswerId: integer("awarded_answer_id").references(() => answers.id),
    awardedAt: ts("awarded_at"),
  },
  (t) => [
    index("bounties_question_idx").on(t.questionId),
    check("bounties_amount_check", sql`${t.amount} between 50 and 500`),
  ],
);

/** Reputation is a ledger so it can be recomputed from the votes, acceptances and bounties behind it. */
export const reputationEvents = pgTable(
  "reputation_events",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason").notNull(),
    targetKind: targetKindEnum("target_kind"),
    targetId: integer("target_id"),
    /** Caused by an established member (or the site): counts toward `users.trusted_reputation` too. */
    trusted: boolean("trusted").notNull().default(true),
    /** The member whose act caused it (the voter, the asker who accepted); never shown, it pairs undo with act. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("reputation_events_user_idx").on(t.userId, t.createdAt)],
);

/** A view counts once per visitor per hour: the unique key carries the hour. */
export const questionViews = pgTable(
  "question_views",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    viewerKey: text("viewer_key").notNull(),
    hour: ts("hour").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.viewerKey, t.hour] }),
    index("question_views_hour_idx").on(t.hour),
  ],
);

export const savedFilters = pgTable(
  "saved_filters",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The query string the filter modal applies, e.g. `filter=unanswered&sort=recent&tags=sql`. */
    query: text("query").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("saved_filters_user_idx").on(t.userId)],
);

// --------------------------------------------------------------------------------------------------- blog

export const posts = pgTable(
  "posts",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    authorId: integer("author_id")
      .notNull()
      .references(() => users.id),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    body: text("body").notNull(),
    category: postCategoryEnum("category").notNull().default("desenvolvimento"),
    coverUrl: text("cover_url"),
    /** Position on the landing page's stack of featured cards, null when not featured. */
    featuredRank: smallint("featured_rank"),
    /** Position among the posts an administrator pinned to the top of 'Escolhas da Comunidade', null otherwise. */
    pickRank: smallint("pick_rank"),
    likeCount: integer("like_count").notNull().default(0),
    commentCount: integer("comment_count").notNull().default(0),
    favoriteCount: integer("favorite_count").notNull().default(0),
    readingMinutes: smallint("reading_minutes").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: ts("updated_at"),
    deletedAt: ts("deleted_at"),
    /** The answer this post was made from ("Transformar em post", ADR 043); its link back. */
    fromAnswerId: integer("from_answer_id").references((): AnyPgColumn => answers.id, {
      onDelete: "set null",
    }),
    /** The names of the post's tags, kept by triggers on post_tags and tags (migration 0008), as for questions. */
    tagNames: text("tag_names").notNull().default(""),
    search: searchVector(
      sql`${weighted(sql`coalesce(title, '')`, "A")} || ${weighted(sql`coalesce(tag_names, '')`, "A")} || ${weighted(sql`coalesce(description, '')`, "B")} || ${weighted(withoutTags(sql`coalesce(body, '')`), "C")}`,
    ),
  },
  (t) => [
    index("posts_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("posts_category_idx").on(t.category, t.createdAt.desc()),
    index("posts_author_idx").on(t.authorId, t.createdAt.desc()),
    index("posts_search_recent_idx").using("gin", searchBucket(t.id), t.search),
    index("posts_title_trgm_idx").using("gin", sql`${t.title} gin_trgm_ops`),
    index("posts_from_answer_idx")
      .on(t.fromAnswerId)
      .where(sql`${t.fromAnswerId} is not null`),
  ],
);

/**
 * A post not yet published, made from an answer by "Transformar em post" (ADR 043): it belongs to the answer's
 * author, opens in the writer, and becomes a post (with `from_answer_id`) when published. One per answer.
 */
export const postDrafts = pgTable("post_drafts", {
  id: serial("id").primaryKey(),
  authorId: integer("author_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  answerId: integer("answer_id")
    .notNull()
    .unique()
    .references(() => answers.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  /** The answer's HTML as stored (sanitised). */
  body: text("body").notNull(),
  tagNames: text("tag_names").array().notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const postTags = pgTable(
  "post_tags",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    position: smallint("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index("post_tags_tag_idx").on(t.tagId, t.postId)],
);

export const postLikes = pgTable(
  "post_likes",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index("post_likes_post_idx").on(t.postId, t.createdAt),
    /** 'Escolhas da Comunidade' counts the likes of the last 30 days. */
    index("post_likes_created_idx").on(t.createdAt),
  ],
);

/** Favourites of posts and questions (spec's favourite icons, /favoritos). */
export const favorites = pgTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    targetKind: targetKindEnum("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetKind, t.targetId] }),
    index("favorites_target_idx").on(t.targetKind, t.targetId),
  ],
);

// ---------------------------------------------------------------------------------------- notifications

export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** answer | comment | accepted | follower | like | tag_question */
    kind: text("kind").notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Notifications with the same group key collapse into one line while unread. */
    groupKey: text("group_key"),
    count: integer("count").notNull().default(1),
    title: text("title").notNull(),
    url: text("url").notNull(),
    readAt: ts("read_at"),
    emailedAt: ts("emailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_group_key")
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.groupKey} is not null`),
    // Deleting a post or a comment deletes the notifications that lead to it, found by their address.
    index("notifications_url_idx").using("btree", sql`${t.url} text_pattern_ops`),
  ],
);

export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    byEmail: boolean("by_email").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

// ------------------------------------------------------------------------------------------------ moderation

/**
 * Flags raised by members and review items opened by the site (`held`, `first_post`, with no reporter). One
 * open flag per member per item; the outcome stays with the flag.
 */
export const flags = pgTable(
  "flags",
  {
    id: serial("id").primaryKey(),
    targetKind: flagTargetEnum("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    /** The author of the flagged content, so the queue and the log can name them after the content is gone. */
    authorId: integer("author_id").references(() => users.id, { onDelete: "cascade" }),
    reporterId: integer("reporter_id").references(() => users.id, { onDelete: "cascade" }),
    reason: flagReasonEnum("reason").notNull(),
    duplicateOfId: integer("duplicate_of_id"),
    note: text("note").notNull().default(""),
    status: flagStatusEnum("status").notNull().default("open"),
    handledBy: integer("handled_by").references(() => users.id, { onDelete: "set null" }),
    handledAt: ts("handled_at"),
    /** What the reviewer did, as the flagger is told ("Conteúdo removido", "Sinalização recusada"…). */
    outcome: text("outcome"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("flags_one_open_per_member")
      .on(t.reporterId, t.targetKind, t.targetId)
      .where(sql`${t.status} = 'open' and ${t.reporterId} is not null`),
    index("flags_open_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index("flags_target_idx").on(t.targetKind, t.targetId),
    // A flagger's record of decided flags (helpful vs declined) weighs each new flag (flagWeight in rules.ts).
    index("flags_reporter_status_idx").on(t.reporterId, t.status),
  ],
);

/** Votes to close or to reopen a question, kept until the question changes state. */
export const closeVotes = pgTable(
  "close_votes",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** close | reopen */
    kind: text("kind").notNull(),
    reason: closeReasonEnum("reason"),
    duplicateOfId: integer("duplicate_of_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.questionId, t.userId, t.kind] }),
    check("close_votes_kind_check", sql`${t.kind} in ('close', 'reopen')`),
  ],
);

/** Edits by members who may not edit directly yet: they wait in the review queue. */
export const suggestedEdits = pgTable(
  "suggested_edits",
  {
    id: serial("id").primaryKey(),
    targetKind: targetKindEnum("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    editorId: integer("editor_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title"),
    body: text("body").notNull(),
    details: text("details"),
    tags: jsonb("tags").$type<string[]>(),
    summary: text("summary").notNull().default(""),
    /** pending | approved | rejected */
    status: text("status").notNull().default("pending"),
    /** A reviewer's approval still waiting for a second one (APPROVALS_TO_PUBLISH_EDIT); a moderator's publishes. */
    firstApproverId: integer("first_approver_id").references(() => users.id, { onDelete: "set null" }),
    reviewerId: integer("reviewer_id").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("suggested_edits_pending_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("suggested_edits_one_pending")
      .on(t.targetKind, t.targetId, t.editorId)
      .where(sql`${t.status} = 'pending'`),
    check("suggested_edits_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** Every moderator action (and the site's own: automatic hides, holds), for moderators to read and filter. */
export const moderationLog = pgTable(
  "moderation_log",
  {
    id: serial("id").primaryKey(),
    /** The moderator or reviewer; null for the site itself. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** delete | restore | close | reopen | lock | unlock | suspend | unsuspend | role | flag_helpful | flag_declined | hide | hold | approve_edit | reject_edit | blocked_term | feature | recommend_tag | pick | site_notice */
    action: text("action").notNull(),
    targetKind: text("target_kind"),
    targetId: integer("target_id"),
    /** The member the action was about (the author, the suspended member). */
    subjectId: integer("subject_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("moderation_log_action_idx").on(t.action, t.createdAt.desc()),
    index("moderation_log_subject_idx").on(t.subjectId, t.createdAt.desc()),
  ],
);

/** A member who blocked another sees their content collapsed and gets no notifications from them. */
export const memberBlocks = pgTable(
  "member_blocks",
  {
    blockerId: integer("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index("member_blocks_blocked_idx").on(t.blockedId),
  ],
);

/** Administrator-managed words (in content) and e-mail domains (at sign-up) that hold content or refuse accounts. */
export const blockedTerms = pgTable(
  "blocked_terms",
  {
    id: serial("id").primaryKey(),
    /** word | email_domain */
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("blocked_terms_value_key").on(t.kind, sql`lower(${t.value})`),
    check("blocked_terms_kind_check", sql`${t.kind} in ('word', 'email_domain')`),
  ],
);

// ------------------------------------------------------------------------------------------ error signatures

/**
 * The errors a question or an answer carries (ADR 041): codes, exception names and message templates from
 * features/errors/error-signatures.ts, rewritten with the text in the same transaction. Rows of deleted or
 * hidden content stay (a restore brings them back) and are left out when matching.
 */
export const errorSignatures = pgTable(
  "error_signatures",
  {
    kind: targetKindEnum("kind").notNull(),
    /** The question's or the answer's id. */
    itemId: integer("item_id").notNull(),
    questionId: integer("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    /** `code:ERR_MODULE_NOT_FOUND`, `exc:KeyError`, `msg:typeerror cannot read properties of undefined reading *`… */
    signature: text("signature").notNull(),
    weight: real("weight").notNull(),
    /** The line of the text it came from, shown beside a match. */
    line: text("line").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.itemId, t.signature] }),
    // A match reads the newest rows of each signature: an index range, never the table.
    index("error_signatures_signature_idx").on(t.signature, t.questionId.desc().nullsFirst()),
    index("error_signatures_question_idx").on(t.questionId),
  ],
);

// ---------------------------------------------------------------------------------------------------- badges

/** A badge a member earned (app/features/badges/rules.ts): once per badge, once per tag for tag badges. */
export const badgeAwards = pgTable(
  "badge_awards",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The badge's key in rules.ts. */
    badge: text("badge").notNull(),
    /** The tag of a tag badge; null for the others. */
    tagId: integer("tag_id").references(() => tags.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("badge_awards_once").on(t.userId, t.badge, t.tagId).nullsNotDistinct(),
    index("badge_awards_badge_idx").on(t.badge, t.createdAt),
  ],
);

/** The days a member came to the site (one row a day), for the badges of visits in a row. */
export const memberVisitDays = pgTable(
  "member_visit_days",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * What a member is writing and has not published yet (the ask form, an answer, a post), kept on the server so
 * it follows them to any device. `key` is the editor's draft key (the same as the browser's local copy).
 */
export const memberDrafts = pgTable(
  "member_drafts",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** question | answer | post: which form the draft belongs to, for the list of drafts. */
    kind: text("kind").notNull(),
    /** The question an answer draft answers; null for the others. */
    questionId: integer("question_id").references(() => questions.id, { onDelete: "cascade" }),
    title: text("title").notNull().default(""),
    /** The draft's fields as the form keeps them (the editor's HTML, the tags, a post's meta). */
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index("member_drafts_recent_idx").on(t.userId, t.updatedAt.desc()),
    check("member_drafts_kind_check", sql`${t.kind} in ('question', 'answer', 'post')`),
  ],
);

/** The site-wide settings administrators change from /admin (the notice above every page). One row per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<Record<string, unknown>>().notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
