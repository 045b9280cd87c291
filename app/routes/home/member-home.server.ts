// A member's `/`: what is new for them — questions in the tags they follow (and those still unanswered), what
// the people they follow asked and wrote, their notifications, their drafts — instead of the landing page
// visitors get.
import { listMemberDrafts } from "#app/features/drafts/drafts.server.ts";
import { listBlogPosts } from "#app/features/posts/lists.server.ts";
import { listNotifications } from "#app/features/notifications/notifications.server.ts";
import { DEFAULT_LIST_QUERY } from "#app/features/questions/list-query.ts";
import { listQuestions, listQuestionsOfFollowed } from "#app/features/questions/question-list.server.ts";
import { followedTags } from "#app/features/social/tag-follows.server.ts";
import { recommendedTags } from "#app/features/tags/tags.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";

/** How many of each a section shows; each links to its whole list. */
const SECTION_SIZE = 5;

export async function memberHome(viewer: Viewer) {
  const tags = await followedTags(viewer.id);
  const inMyTags = { ...DEFAULT_LIST_QUERY, followedTags: true, sort: "activity" as const };
  const [recent, unanswered, fromFollowed, posts, notifications, suggestedTags, drafts] = await Promise.all([
    tags.length ? listQuestions(viewer, inMyTags, { pageSize: SECTION_SIZE }) : null,
    tags.length
      ? listQuestions(
          viewer,
          { ...inMyTags, sort: "new", filters: ["unanswered"] },
          { pageSize: SECTION_SIZE },
        )
      : null,
    listQuestionsOfFollowed(viewer, SECTION_SIZE),
    listBlogPosts(viewer, { tab: "seguindo", perPage: 3 }),
    listNotifications(viewer, 1, SECTION_SIZE),
    tags.length ? Promise.resolve([]) : recommendedTags(),
    // Their drafts kept on the server, from every device (ADR 062).
    listMemberDrafts(viewer, SECTION_SIZE),
  ]);
  return {
    followedTags: tags.map(({ name, slug }) => ({ name, slug })),
    suggestedTags: suggestedTags.slice(0, 8),
    inMyTags: recent?.items ?? [],
    unansweredInMyTags: unanswered?.items ?? [],
    fromFollowed,
    postsFromFollowed: posts.items,
    notifications: notifications.items,
    drafts,
  };
}

export type MemberHomeData = Awaited<ReturnType<typeof memberHome>>;
