// /questions/tagged/{slug} — the questions with one tag, with the same sorts, filters and pages as the list.
import { data, href } from "react-router";
import { QuestionListView } from "#app/features/questions/components/question-list-view.tsx";
import { countLabel } from "#app/lib/plural.ts";
import { getTagBySlug } from "#app/features/tags/tag-directory.server.ts";
import { TagFollowButton } from "#app/features/social/components/tag-follow-button.tsx";
import { tagFollowState } from "#app/features/social/tag-follows.server.ts";
import { viewerContext } from "#app/lib/context.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { loadQuestionList, questionListAction } from "./question-list.server.ts";
import type { Route } from "./+types/questions-tagged";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const tag = await getTagBySlug(params.tag);
  if (!tag) throw data("Tag não encontrada.", { status: 404 });
  const basePath = href("/questions/tagged/:tag", { tag: tag.slug });
  const [list, follow] = await Promise.all([
    loadQuestionList(request, context, { basePath, onlyTag: tag.slug }),
    tagFollowState(context.get(viewerContext), tag.id),
  ]);
  return { tag, follow, ...list };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return questionListAction(request, context, `/questions/tagged/${params.tag}`);
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title: loaderData ? `Perguntas sobre ${loaderData.tag.name}` : "Perguntas por tag",
    description: loaderData?.tag.description || undefined,
    url: loaderData?.url,
    noindex: loaderData?.noindex,
  });

export default function QuestionsTagged({ loaderData, actionData }: Route.ComponentProps) {
  const { tag } = loaderData;
  return (
    <QuestionListView
      heading={`Perguntas sobre ${tag.name}`}
      intro={
        <div className="mt-2 flex flex-col gap-2">
          {tag.description ? <p className="max-w-prose text-slate-700">{tag.description}</p> : null}
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
            <span>{countLabel(tag.questionCount, "pergunta", "perguntas")} com esta tag</span>
            <TagFollowButton
              tagId={tag.id}
              tagName={tag.name}
              following={loaderData.follow.following}
              followers={loaderData.follow.followers}
            />
          </div>
        </div>
      }
      basePath={loaderData.basePath}
      list={loaderData.list}
      query={loaderData.query}
      recommended={loaderData.recommended}
      savedFilters={loaderData.savedFilters}
      signedIn={loaderData.signedIn}
      saveError={actionData?.intent === "save-filter" ? actionData.message : undefined}
    />
  );
}
