// A member's home (`/`): a greeting with what they came to do, a nudge while their e-mail is unconfirmed, a
// start for a new member (tags to follow), and what is new for them: questions in their tags and those still
// unanswered, what the people they follow asked and wrote, their latest notifications and their drafts (kept on
// the server, from every device).
import { Form, Link, href } from "react-router";
import { shortName } from "#app/components/avatar.tsx";
import { DRAFT_KIND_LABELS, draftResumeHref, draftTitle } from "#app/features/drafts/draft-links.ts";
import type { MemberHomeData } from "../member-home.server.ts";
import { formatDate, isoDate } from "#app/lib/dates.ts";
import { countLabel } from "#app/lib/plural.ts";
import type { Viewer } from "#app/lib/viewer.ts";

type QuestionRowData = MemberHomeData["inMyTags"][number];

function QuestionRows({ questions, empty }: { questions: QuestionRowData[]; empty: string }) {
  if (questions.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-200">
      {questions.map((question) => (
        <li key={question.id} className="flex flex-col gap-1 py-3">
          <Link
            to={href("/questions/:id", { id: String(question.id) })}
            className="text-primary font-semibold break-words hover:underline"
          >
            {question.title}
          </Link>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
            <span>{countLabel(question.score, "voto", "votos")}</span>
            <span className={question.hasAcceptedAnswer ? "text-green-dark font-semibold" : undefined}>
              {countLabel(question.answerCount, "resposta", "respostas")}
            </span>
            <span>
              {question.author.name} ·{" "}
              <time dateTime={isoDate(question.createdAt)}>{formatDate(question.createdAt)}</time>
            </span>
            {question.tags.slice(0, 3).map((tag) => (
              <Link
                key={tag.slug}
                to={href("/questions/tagged/:tag", { tag: tag.slug })}
                className="bg-primary-light text-primary rounded-full px-2 py-0.5 hover:underline"
              >
                {tag.name}
              </Link>
            ))}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="text-primary text-sm font-medium hover:underline">
            {more.label}
          </Link>
        ) : null}
      </div>
      <div className="mt-2">{children}</div>
    </section>
  );
}

/** The member's newest drafts, with the way to all of them (/rascunhos). */
function Drafts({ drafts }: { drafts: MemberHomeData["drafts"] }) {
  if (drafts.length === 0) return null;
  return (
    <Section
      id="inicio-rascunhos"
      title="Seus rascunhos"
      more={{ to: href("/rascunhos"), label: "Ver rascunhos" }}
    >
      <ul className="flex flex-col gap-2 text-sm">
        {drafts.map((draft) => (
          <li key={draft.key}>
            <span className="text-slate-600">{DRAFT_KIND_LABELS[draft.kind]}: </span>
            <Link
              to={draftResumeHref(draft)}
              className="text-primary font-medium break-words hover:underline"
            >
              {draftTitle(draft)}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function MemberHome({ viewer, home }: { viewer: Viewer; home: MemberHomeData }) {
  const newHere = home.followedTags.length === 0 && home.fromFollowed.length === 0;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">
            {newHere ? "Boas-vindas" : "Olá"}, {shortName(viewer.name)}!
          </h1>
          <p className="mt-1 text-slate-700">
            {newHere
              ? "Siga algumas tags e pessoas: esta página passa a mostrar o que importa para você."
              : "O que há de novo nas suas tags e de quem você segue."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={href("/ask-a-question")} className="btn-primary">
            Fazer uma pergunta
          </Link>
          <Link to={href("/write-a-post")} className="btn-outline">
            Escrever post
          </Link>
        </div>
      </div>

      {viewer.emailVerified ? null : (
        <div
          role="status"
          className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <p>
            Confirme seu e-mail: enviamos um link para <strong>{viewer.email}</strong>. Votar e sinalizar só
            contam depois de confirmado.
          </p>
          <Form method="post" action={href("/configuracoes")}>
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="btn-outline py-1.5">
              Reenviar o link
            </button>
          </Form>
        </div>
      )}

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="flex min-w-0 flex-col gap-6">
          {home.followedTags.length === 0 ? (
            <Section id="inicio-comece" title="Comece pelas tags que você usa">
              <p className="text-sm text-slate-700">
                Abra uma tag e toque em “Seguir”: as perguntas dela aparecem aqui, e as sem resposta também.
              </p>
              <ul aria-label="Tags para seguir" className="mt-3 flex flex-wrap gap-2">
                {home.suggestedTags.map((tag) => (
                  <li key={tag.slug}>
                    <Link
                      to={href("/questions/tagged/:tag", { tag: tag.slug })}
                      className="bg-primary-light text-primary inline-block rounded-full px-3 py-1 text-sm font-medium hover:underline"
                    >
                      {tag.name}
                    </Link>
                  </li>
                ))}
                <li>
                  <Link
                    to={href("/tags")}
                    className="text-primary inline-block px-2 py-1 text-sm hover:underline"
                  >
                    Todas as tags
                  </Link>
                </li>
              </ul>
            </Section>
          ) : (
            <>
              <Section
                id="inicio-tags"
                title="Nas suas tags"
                more={{ to: `${href("/questions")}?followed=1&sort=activity`, label: "Ver todas" }}
              >
                <p className="text-xs text-slate-600">
                  Você segue {home.followedTags.map((tag) => tag.name).join(", ")}.
                </p>
                <QuestionRows questions={home.inMyTags} empty="Nenhuma pergunta nas suas tags ainda." />
              </Section>
              <Section
                id="inicio-sem-resposta"
                title="Sem resposta nas suas tags"
                more={{ to: `${href("/questions")}?followed=1&filter=unanswered`, label: "Ver todas" }}
              >
                <QuestionRows
                  questions={home.unansweredInMyTags}
                  empty="Todas as perguntas das suas tags têm resposta. Que comunidade!"
                />
              </Section>
            </>
          )}
          <Section
            id="inicio-seguindo"
            title="Perguntas de quem você segue"
            more={{ to: href("/membros"), label: "Quem seguir" }}
          >
            <QuestionRows
              questions={home.fromFollowed}
              empty="Quem você segue ainda não perguntou nada. Encontre gente para seguir em Membros."
            />
          </Section>
        </div>

        <aside aria-label="Para você" className="flex min-w-0 flex-col gap-6">
          <Section
            id="inicio-novidades"
            title="Novidades"
            more={{ to: href("/notifications"), label: "Ver notificações" }}
          >
            {home.notifications.length === 0 ? (
              <p className="text-sm text-slate-600">Nada novo por enquanto.</p>
            ) : (
              <ul className="flex flex-col gap-2 text-sm">
                {home.notifications.map((notification) => (
                  <li key={notification.id} className="flex gap-2">
                    <span
                      aria-hidden="true"
                      className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.unread ? "bg-primary" : ""}`}
                    />
                    <Link
                      to={notification.url}
                      className={`break-words hover:underline ${notification.unread ? "font-semibold text-slate-900" : "text-slate-700"}`}
                    >
                      {notification.unread ? <span className="sr-only">Não lida: </span> : null}
                      {notification.title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section
            id="inicio-posts"
            title="Posts de quem você segue"
            more={{ to: `${href("/blog")}?tab=seguindo`, label: "Ver todos" }}
          >
            {home.postsFromFollowed.length === 0 ? (
              <p className="text-sm text-slate-600">Nenhum post novo de quem você segue.</p>
            ) : (
              <ul className="flex flex-col gap-3 text-sm">
                {home.postsFromFollowed.map((post) => (
                  <li key={post.id}>
                    <Link
                      to={href("/blog/:slug", { slug: post.slug })}
                      className="text-primary font-semibold break-words hover:underline"
                    >
                      {post.title}
                    </Link>
                    <p className="text-xs text-slate-600">
                      {post.author.name} ·{" "}
                      <time dateTime={isoDate(post.createdAt)}>{formatDate(post.createdAt)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Drafts drafts={home.drafts} />
        </aside>
      </div>
    </div>
  );
}
