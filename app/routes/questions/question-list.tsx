// /questions — 'Todas as Perguntas': the question list with its sorts, filters, saved filters and pages.
import { QuestionListView } from "#app/features/questions/components/question-list-view.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import { loadQuestionList, questionListAction } from "./question-list.server.ts";
import type { Route } from "./+types/question-list";
import { href } from "react-router";

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadQuestionList(request, context, { basePath: href("/questions") });
}

export async function action({ request, context }: Route.ActionArgs) {
  return questionListAction(request, context, href("/questions"));
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({
    title:
      loaderData && loaderData.list.page > 1
        ? `Todas as Perguntas — página ${loaderData.list.page}`
        : "Todas as Perguntas",
    description:
      "Perguntas e respostas da comunidade brasileira de desenvolvedores: tire dúvidas de programação, design e dados.",
    url: loaderData?.url,
    noindex: loaderData?.noindex,
  });

export default function QuestionList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <QuestionListView
      heading="Todas as Perguntas"
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
