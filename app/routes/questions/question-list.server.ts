// What /questions and /questions/tagged/{slug} share on the server: reading the address, loading the page's
// data, and the filter actions (save and delete a custom filter).
import { writeChangesNothingVisitorsSee } from "#app/lib/visitor-page-topics.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider, href } from "react-router";
import { pageFromUrl } from "#app/components/pagination.tsx";
import { deleteSavedFilter, listSavedFilters, saveFilter } from "#app/features/questions/filters.server.ts";
import { listQueryToSearch, parseListQuery } from "#app/features/questions/list-query.ts";
import { listQuestions } from "#app/features/questions/question-list.server.ts";
import { saveFilterSchema, type FormActionData } from "#app/features/questions/schemas.ts";
import { recommendedTags } from "#app/features/tags/tags.server.ts";
import { keepFragmentsOf } from "#app/lib/page-html.server.ts";
import { optionalViewer, refererPath, signInUrl } from "#app/lib/auth-guard.server.ts";
import { publicUrl } from "#app/lib/env.server.ts";
import { isAppError } from "#app/lib/errors.ts";
import { formRowId } from "#app/lib/ids.ts";

/** Fields only the filter form sends: an address carrying them is redirected to its tidy form. */
const FORM_ONLY_PARAMS = ["tagged", "name", "intent"];

export async function loadQuestionList(
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: { basePath: string; onlyTag?: string },
) {
  const url = new URL(request.url);
  const query = { ...parseListQuery(url.searchParams), page: pageFromUrl(url) };
  if (FORM_ONLY_PARAMS.some((p) => url.searchParams.has(p))) {
    const search = listQueryToSearch({ ...query, page: 1 });
    throw redirect(`${options.basePath}${search ? `?${search}` : ""}`);
  }
  const viewer = optionalViewer(context);
  const [list, recommended, savedFilters] = await Promise.all([
    listQuestions(viewer, query, { onlyTag: options.onlyTag }),
    recommendedTags(),
    listSavedFilters(viewer),
  ]);
  // The cards are rendered once per shared page of the list (the member's own parts around them are not).
  keepFragmentsOf(context, list);
  const search = listQueryToSearch(query);
  return {
    list,
    query,
    recommended,
    savedFilters,
    signedIn: Boolean(viewer),
    basePath: options.basePath,
    url: `${publicUrl()}${options.basePath}${search ? `?${search}` : ""}`,
    /** Filtered and sorted variants are not worth indexing; the plain list and its pages are. */
    noindex: query.filters.length > 0 || query.tags.length > 0 || query.followedTags || query.sort !== "new",
  };
}

export async function questionListAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  basePath: string,
) {
  // Saved filters and applied filters are the member's own: no visitor's page changes.
  writeChangesNothingVisitorsSee(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const viewer = optionalViewer(context);
  const params = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === "string") params.append(key, value);
  const query = { ...parseListQuery(params), page: 1 };
  const search = listQueryToSearch(query);
  const back = `${basePath}${search ? `?${search}` : ""}`;

  if (intent === "save-filter") {
    // Visitors may apply filters; saving one asks them to sign in, then brings them back to it.
    if (!viewer) throw redirect(signInUrl(back));
    const submission = parseWithZod(form, { schema: saveFilterSchema });
    if (submission.status !== "success") {
      const message = submission.error?.name?.[0];
      return data<FormActionData>({ intent: "save-filter", message }, { status: 400 });
    }
    try {
      const saved = await saveFilter(viewer, { name: submission.value.name, query });
      return redirect(`${href("/questions")}${saved.query ? `?${saved.query}` : ""}`);
    } catch (error) {
      if (!isAppError(error)) throw error;
      return data<FormActionData>(
        { intent: "save-filter", message: error.message },
        { status: error.status },
      );
    }
  }

  if (intent === "delete-filter") {
    if (!viewer) throw redirect(signInUrl(basePath));
    try {
      await deleteSavedFilter(viewer, formRowId(form.get("filterId")));
    } catch (error) {
      if (!isAppError(error)) throw error;
      return data<FormActionData>(
        { intent: "delete-filter", message: error.message },
        { status: error.status },
      );
    }
    return redirect(refererPath(request) ?? basePath);
  }
  return data<FormActionData>({ message: "Ação desconhecida." }, { status: 400 });
}
