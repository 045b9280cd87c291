// /u/{handle}: a member's public profile — picture, name, role line, bio, member since, reputation, the verified
// badge, their numbers, and their questions, answers and posts in tabs (?tab=…&page=N). Admins give roles here;
// moderators suspend (intent `suspend`, `unsuspend`); members block (`block`, `unblock`). A moderation form
// sent from elsewhere (the review queue) names a `returnTo` path to come back to.
import { badgesOf, type AwardedBadge } from "#app/features/badges/badges.server.ts";
import { BadgeMark } from "#app/features/badges/components/badge-mark.tsx";
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation, href } from "react-router";
import { AvatarImage } from "#app/components/avatar.tsx";
import { visibleRoleLine } from "#app/lib/role-line.ts";
import { Field, FormStatus, Label } from "#app/components/form/field.tsx";
import { FollowButton } from "#app/features/social/components/follow-button.tsx";
import { Pagination, pageFromUrl } from "#app/components/pagination.tsx";
import {
  getProfile,
  listProfileAnswers,
  listProfilePosts,
  listProfileQuestions,
  PROFILE_PAGE_SIZE,
} from "#app/features/accounts/profiles.server.ts";
import { ROLE_LABELS } from "#app/features/accounts/roles.ts";
import type { AccountActionData } from "#app/features/accounts/schemas.ts";
import { isBlocking } from "#app/features/moderation/blocks.server.ts";
import {
  BlockControl,
  SuspensionPanel,
  type MemberModerationReply,
} from "#app/features/moderation/components/member-moderation.tsx";
import { canSuspend, suspensionOf } from "#app/features/moderation/suspensions.server.ts";
import { isFollowing, listFollowPage } from "#app/features/social/follows.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { formatDate, formatRelative, isoDate } from "#app/lib/dates.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { countLabel, plural } from "#app/lib/plural.ts";
import { pageShows, topic } from "#app/lib/visitor-page-topics.server.ts";
import { profileAction } from "./profile-action.server.ts";
import type { Route } from "./+types/profile";
import { canChangeRole } from "#app/lib/permissions.ts";
import {
  REPUTATION_DAYS_PER_PAGE,
  reputationByDay,
  topTagsOf,
} from "#app/features/questions/reputation-history.server.ts";

const TABS = [
  { id: "perguntas", label: "Perguntas", count: "questions" },
  { id: "respostas", label: "Respostas", count: "answers" },
  { id: "posts", label: "Posts", count: "posts" },
  { id: "reputacao", label: "Reputação", count: null },
  { id: "medalhas", label: "Medalhas", count: null },
  { id: "seguidores", label: "Seguidores", count: "followers" },
  { id: "seguindo", label: "Seguindo", count: "following" },
] as const;
type TabId = (typeof TABS)[number]["id"];
type CountKey = NonNullable<(typeof TABS)[number]["count"]>;

/** The tab in the address, else the first one with something in it. */
function tabOf(url: URL, counts: Record<CountKey, number>): TabId {
  const value = url.searchParams.get("tab");
  const chosen =
    TABS.find((t) => t.id === value) ?? TABS.find((t) => t.count && counts[t.count] > 0) ?? TABS[0];
  return chosen.id;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lookup = await getProfile(params.handle);
  if (lookup.status === "missing") throw data("Membro não encontrado.", { status: 404 });
  if (lookup.status === "removed") return data({ removed: true as const }, { status: 410 });
  const { profile } = lookup;
  pageShows(context, topic.member(profile.id));
  const url = new URL(request.url);
  // One address per profile: /u/Ana → /u/ana.
  if (params.handle !== profile.handle) {
    throw redirect(`${href("/u/:handle", { handle: profile.handle })}${url.search}`, 301);
  }
  const viewer = context.get(viewerContext);
  const tab = tabOf(url, profile.counts);
  const page = pageFromUrl(url);
  const countKey = TABS.find((t) => t.id === tab)!.count;
  // Read once: the counts under the numbers, and the Medalhas tab's list.
  const badgesRead = badgesOf(profile.id);
  const [list, followed, topTags, badges] = await Promise.all([
    tab === "reputacao"
      ? reputationByDay(profile.id, page).then((history) => ({ tab: "reputacao" as const, ...history }))
      : tab === "perguntas"
        ? listProfileQuestions(profile.id, page).then((items) => ({ tab: "perguntas" as const, items }))
        : tab === "respostas"
          ? listProfileAnswers(profile.id, page).then((items) => ({ tab: "respostas" as const, items }))
          : tab === "posts"
            ? listProfilePosts(profile.id, page).then((items) => ({ tab: "posts" as const, items }))
            : tab === "medalhas"
              ? badgesRead.then((items) => ({ tab: "medalhas" as const, items }))
              : listFollowPage(profile.id, tab === "seguidores" ? "followers" : "following", {
                  page,
                  perPage: PROFILE_PAGE_SIZE,
                }).then((items) => ({ tab: tab as "seguidores" | "seguindo", items })),
    isFollowing(viewer?.id, [profile.id]),
    topTagsOf(profile.id),
    badgesRead,
  ]);
  const totalPages =
    list.tab === "reputacao"
      ? Math.ceil(list.totalDays / REPUTATION_DAYS_PER_PAGE)
      : list.tab === "medalhas"
        ? 1
        : Math.ceil((countKey ? profile.counts[countKey] : 0) / PROFILE_PAGE_SIZE);
  const isSelf = viewer?.id === profile.id;
  const moderates = canSuspend(viewer, profile);
  const [suspension, blocking] = await Promise.all([
    moderates ? suspensionOf(profile.id) : null,
    viewer && !isSelf ? isBlocking(viewer.id, profile.id) : false,
  ]);
  return {
    removed: false as const,
    profile,
    list,
    topTags,
    badges,
    page,
    totalPages: Math.max(1, totalPages),
    following: followed.has(profile.id),
    isSelf,
    signedIn: Boolean(viewer),
    canChangeRole: canChangeRole(viewer, profile.id),
    moderation: moderates ? { suspension } : null,
    blocking,
    url: `${publicUrl()}/u/${profile.handle}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData || loaderData.removed) return pageMeta({ title: "Membro removido", noindex: true });
  const { profile, url } = loaderData;
  return pageMeta({
    title: `${profile.name} (@${profile.handle})`,
    description: profile.bio || `${profile.name} na Suporte de Domingo: perguntas, respostas e posts.`,
    url,
    image: profile.avatarUrl ?? undefined,
  });
};

type ProfileActionData = Partial<AccountActionData> & MemberModerationReply;

export async function action(args: Route.ActionArgs) {
  return profileAction(args);
}

function CheckBadgeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
      <path d="M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-.9 2.8.9 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7.9-2.8-.9-2.8 2.5-1.7.9-2.9 3 .2z" />
      <path d="M8.5 12.2l2.3 2.3 4.7-4.9" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Stat({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex flex-col">
      <dd className="text-lg font-bold text-slate-900">{value.toLocaleString("pt-BR")}</dd>
      <dt className="order-first text-xs text-slate-600">{label}</dt>
    </div>
  );
}

function RoleForm({ role, actionData }: { role: keyof typeof ROLE_LABELS; actionData?: ProfileActionData }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "role",
    lastResult: actionData?.intent === "role" ? actionData.result : undefined,
    defaultValue: { role },
    // Checked on the server only: a select of three roles, and Zod stays off a read page (ADR 030).
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="role" />
      <Field>
        <Label htmlFor={fields.role.id}>Papel na comunidade</Label>
        <select {...getSelectProps(fields.role)} key={fields.role.key} className="field-input">
          {Object.entries(ROLE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="btn-outline" disabled={navigation.state !== "idle"}>
        Salvar papel
      </button>
      <FormStatus
        message={actionData?.intent === "role" ? actionData.message : undefined}
        className="w-full text-sm text-green-800"
      />
      {form.errors?.[0] ? (
        <p role="alert" className="field-error w-full">
          {form.errors[0]}
        </p>
      ) : null}
    </Form>
  );
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.removed) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Membro removido</h1>
        <p className="mt-4 text-slate-700">
          Esta conta foi removida a pedido de quem a usava. As perguntas, respostas e posts dela continuam na
          comunidade, sem os dados pessoais.
        </p>
        <Link to={href("/questions")} className="btn-primary mt-8">
          Ver perguntas
        </Link>
      </div>
    );
  }
  const { profile, list, page, totalPages, following, isSelf } = loaderData;
  const roleBadge = profile.role === "member" ? null : ROLE_LABELS[profile.role];
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:py-10">
      <section aria-labelledby="perfil-nome" className="card p-6 sm:p-8">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <AvatarImage
            src={profile.avatarUrl}
            handle={profile.handle}
            size="xl"
            className="ring-primary-light ring-4"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h1 id="perfil-nome" className="text-2xl font-bold text-slate-900">
                {profile.name}
              </h1>
              {profile.verified ? (
                <span className="bg-green/10 text-green-dark inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold">
                  <CheckBadgeIcon />
                  Verificado
                </span>
              ) : null}
              {roleBadge ? (
                <span className="bg-primary-light text-primary rounded-full px-2 py-0.5 text-xs font-semibold">
                  {roleBadge}
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-sm text-slate-600">
              @{profile.handle}
              {visibleRoleLine(profile.roleLine) ? ` · ${visibleRoleLine(profile.roleLine)}` : null}
            </p>
            {profile.bio ? <p className="mt-4 whitespace-pre-line text-slate-800">{profile.bio}</p> : null}
            <p className="mt-4 text-sm text-slate-600">
              Membro desde{" "}
              <time dateTime={isoDate(profile.memberSince)}>{formatDate(profile.memberSince)}</time>
              {" · "}
              Visto por último{" "}
              {/* Relative to now: a page served from the visitors' cache may be a minute old. */}
              <time dateTime={isoDate(profile.lastActiveAt)} suppressHydrationWarning>
                {formatRelative(profile.lastActiveAt)}
              </time>
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            {isSelf ? (
              <Link to={href("/configuracoes")} className="btn-outline">
                Editar perfil
              </Link>
            ) : (
              <>
                <FollowButton userId={profile.id} following={following} name={profile.name} size="regular" />
                {loaderData.signedIn ? (
                  <BlockControl name={profile.name} blocking={loaderData.blocking} reply={actionData} />
                ) : null}
              </>
            )}
          </div>
        </div>
        <dl className="mt-6 grid grid-cols-3 gap-4 border-t border-slate-200 pt-6 sm:grid-cols-6">
          <Stat value={profile.reputation} label="Reputação" />
          <Stat value={profile.counts.questions} label="Perguntas" />
          <Stat value={profile.counts.answers} label="Respostas" />
          <Stat value={profile.counts.posts} label="Posts" />
          <Stat value={profile.counts.followers} label="Seguidores" />
          <Stat value={profile.counts.following} label="Seguindo" />
        </dl>
        {loaderData.badges.length ? <BadgeCounts badges={loaderData.badges} /> : null}
        {loaderData.topTags.length ? (
          <div className="mt-6">
            <h2 id="perfil-tags" className="text-sm font-semibold text-slate-900">
              Principais tags
            </h2>
            <ul aria-labelledby="perfil-tags" className="mt-2 flex flex-wrap gap-2">
              {loaderData.topTags.map((tag) => (
                <li key={tag.slug}>
                  <Link
                    to={href("/questions/tagged/:tag", { tag: tag.slug })}
                    className="bg-primary-light text-primary inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium hover:underline"
                  >
                    {tag.name}
                    <span className="text-xs text-slate-700">
                      {countLabel(tag.score, "ponto", "pontos")} ·{" "}
                      {countLabel(tag.answers, "resposta", "respostas")}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {loaderData.canChangeRole ? <RoleForm role={profile.role} actionData={actionData} /> : null}
        {loaderData.moderation ? (
          <SuspensionPanel
            name={profile.name}
            suspension={loaderData.moderation.suspension}
            reply={actionData}
          />
        ) : null}
      </section>

      <section aria-labelledby="perfil-atividade" className="mt-8">
        <h2 id="perfil-atividade" className="sr-only">
          Atividade
        </h2>
        <nav aria-label="Atividade do membro" className="border-b border-slate-200">
          <ul className="scroll-fade -mb-px flex gap-2 overflow-x-auto">
            {TABS.map((tab) => {
              const current = tab.id === list.tab;
              return (
                <li key={tab.id}>
                  <Link
                    to={`?tab=${tab.id}`}
                    preventScrollReset
                    aria-current={current ? "page" : undefined}
                    className={`inline-block border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap ${
                      current
                        ? "border-primary text-primary"
                        : "border-transparent text-slate-700 hover:border-slate-300"
                    }`}
                  >
                    {tab.label}
                    {tab.count ? ` (${profile.counts[tab.count].toLocaleString("pt-BR")})` : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <ActivityList list={list} name={profile.name} />
        <div className="mt-6">
          <Pagination page={page} totalPages={totalPages} />
        </div>
      </section>
    </div>
  );
}

type LoadedList = Extract<Route.ComponentProps["loaderData"], { removed: false }>["list"];

function Empty({ text }: { text: string }) {
  return <p className="py-10 text-center text-sm text-slate-600">{text}</p>;
}

function ReputationHistory({
  list,
  name,
}: {
  list: Extract<LoadedList, { tab: "reputacao" }>;
  name: string;
}) {
  if (list.days.length === 0)
    return <Empty text={`${name.split(" ")[0]} ainda não ganhou nem perdeu reputação.`} />;
  const signed = (n: number) => (n > 0 ? `+${n.toLocaleString("pt-BR")}` : n.toLocaleString("pt-BR"));
  return (
    <ol aria-label="Reputação por dia" className="flex flex-col gap-4 py-4">
      {list.days.map((day) => (
        <li key={day.day} className="rounded-lg border border-slate-200">
          <h3 className="flex items-center justify-between bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-900">
            <time dateTime={day.day}>{formatDate(new Date(`${day.day}T12:00:00-03:00`))}</time>
            <span className={day.total >= 0 ? "text-green-dark" : "text-red-700"}>{signed(day.total)}</span>
          </h3>
          <ul className="divide-y divide-slate-100">
            {day.changes.map((change, index) => (
              <li key={index} className="flex gap-3 px-4 py-2 text-sm">
                <span
                  className={`w-12 shrink-0 text-right font-semibold ${change.delta >= 0 ? "text-green-dark" : "text-red-700"}`}
                >
                  {signed(change.delta)}
                </span>
                <span className="min-w-0 text-slate-700">
                  {change.label}
                  {change.question ? (
                    <>
                      {" "}
                      {change.question.answerId ? "numa resposta a " : "em "}
                      <Link
                        to={`${href("/questions/:id", { id: String(change.question.id) })}${
                          change.question.answerId ? `#resposta-${change.question.answerId}` : ""
                        }`}
                        className="text-primary break-words hover:underline"
                      >
                        {change.question.title}
                      </Link>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** How many badges of each tier, under the numbers (the Medalhas tab lists them). */
function BadgeCounts({ badges }: { badges: AwardedBadge[] }) {
  const tiers = (["ouro", "prata", "bronze"] as const)
    .map((tier) => ({ tier, n: badges.filter((b) => b.tier === tier).length }))
    .filter((t) => t.n > 0);
  return (
    <p className="mt-4 flex flex-wrap items-center gap-4 text-sm text-slate-700">
      <Link to="?tab=medalhas" className="hover:underline">
        Medalhas:
      </Link>
      {tiers.map(({ tier, n }) => (
        <span key={tier} className="inline-flex items-center gap-1.5">
          <BadgeMark tier={tier} />
          {n}
        </span>
      ))}
    </p>
  );
}

function BadgeList({ badges, name }: { badges: AwardedBadge[]; name: string }) {
  if (badges.length === 0) return <Empty text={`${name.split(" ")[0]} ainda não ganhou medalhas.`} />;
  return (
    <ul aria-label="Medalhas" className="flex flex-col divide-y divide-slate-100 py-2">
      {badges.map((badge) => (
        <li key={`${badge.badge}-${badge.tag?.slug ?? ""}`} className="flex items-center gap-3 py-3 text-sm">
          <BadgeMark tier={badge.tier} />
          <Link
            to={`${href("/medalhas")}#${badge.badge}`}
            className="font-semibold text-slate-900 hover:underline"
          >
            {badge.name}
          </Link>
          <time dateTime={isoDate(badge.at)} className="ml-auto text-xs text-slate-600">
            {formatDate(badge.at)}
          </time>
        </li>
      ))}
    </ul>
  );
}

function ActivityList({ list, name }: { list: LoadedList; name: string }) {
  const first = name.split(" ")[0];
  if (list.tab === "reputacao") return <ReputationHistory list={list} name={name} />;
  if (list.tab === "medalhas") return <BadgeList badges={list.items} name={name} />;
  if (list.tab === "seguidores" || list.tab === "seguindo") {
    if (list.items.length === 0) {
      return (
        <Empty
          text={
            list.tab === "seguidores" ? `Ninguém segue ${first} ainda.` : `${first} ainda não segue ninguém.`
          }
        />
      );
    }
    return (
      <ul className="grid gap-3 py-4 sm:grid-cols-2">
        {list.items.map((member) => (
          <li key={member.id} className="flex items-center gap-3 rounded-lg border border-slate-200 p-3">
            <AvatarImage src={member.avatarUrl} handle={member.handle} size="md" />
            <div className="min-w-0">
              <Link
                to={href("/u/:handle", { handle: member.handle })}
                className="text-primary font-medium hover:underline"
              >
                {member.name}
              </Link>
              {visibleRoleLine(member.roleLine) ? (
                <p className="truncate text-xs text-slate-600">{visibleRoleLine(member.roleLine)}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (list.tab === "perguntas") {
    if (list.items.length === 0) return <Empty text={`${first} ainda não fez perguntas.`} />;
    return (
      <ul className="divide-y divide-slate-200">
        {list.items.map((q) => (
          <li key={q.id} className="flex items-start gap-4 py-4">
            {/* The count over its word, so "12 respostas" fits its pill at any width. */}
            <span
              className={`flex w-20 shrink-0 flex-col items-center rounded-md px-2 py-1 text-xs font-semibold whitespace-nowrap ${
                q.accepted ? "bg-green-dark text-white" : "bg-slate-100 text-slate-700"
              }`}
            >
              <span className="text-base leading-tight">{q.answerCount}</span>{" "}
              {plural(q.answerCount, "resposta", "respostas")}
            </span>
            <div className="min-w-0">
              <Link
                to={href("/questions/:id", { id: String(q.id) })}
                className="text-primary font-medium break-words hover:underline"
              >
                {q.title}
              </Link>
              <p className="mt-1 text-xs text-slate-600">
                {q.score} {plural(Math.abs(q.score), "voto", "votos")} ·{" "}
                <time dateTime={isoDate(q.createdAt)}>{formatDate(q.createdAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (list.tab === "respostas") {
    if (list.items.length === 0) return <Empty text={`${first} ainda não respondeu perguntas.`} />;
    return (
      <ul className="divide-y divide-slate-200">
        {list.items.map((a) => (
          <li key={a.id} className="flex items-start gap-4 py-4">
            <span
              className={`w-16 shrink-0 rounded-md px-2 py-1 text-center text-xs font-semibold ${
                a.accepted ? "bg-green-dark text-white" : "bg-slate-100 text-slate-700"
              }`}
            >
              {a.score} {plural(Math.abs(a.score), "voto", "votos")}
            </span>
            <div className="min-w-0">
              <Link
                to={`${href("/questions/:id", { id: String(a.questionId) })}#resposta-${a.id}`}
                className="text-primary font-medium break-words hover:underline"
              >
                {a.questionTitle}
              </Link>
              <p className="mt-1 text-xs text-slate-600">
                {a.accepted ? "Resposta aceita · " : ""}
                <time dateTime={isoDate(a.createdAt)}>{formatDate(a.createdAt)}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (list.tab !== "posts") return null;
  if (list.items.length === 0) return <Empty text={`${first} ainda não publicou posts.`} />;
  return (
    <ul className="divide-y divide-slate-200">
      {list.items.map((p) => (
        <li key={p.id} className="py-4">
          <Link
            to={href("/blog/:slug", { slug: p.slug })}
            className="text-primary font-medium break-words hover:underline"
          >
            {p.title}
          </Link>
          {p.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-700">{p.description}</p> : null}
          <p className="mt-1 text-xs text-slate-600">
            <time dateTime={isoDate(p.createdAt)}>{formatDate(p.createdAt)}</time> · {p.likeCount}{" "}
            {plural(p.likeCount, "curtida", "curtidas")} · {p.commentCount}{" "}
            {plural(p.commentCount, "comentário", "comentários")}
          </p>
        </li>
      ))}
    </ul>
  );
}
