// The explicit route table: the spec's routes first, then the real product's.
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Pages with the site's header and footer.
  layout("routes/layouts/site-layout.tsx", [
    index("routes/home/home.tsx"),
    route("blog", "routes/blog/blog-list.tsx"),
    route("blog/ranking", "routes/blog/ranking.tsx"),
    route("blog/:slug", "routes/blog/post-page.tsx"),
    route("blog/:slug/editar", "routes/blog/post-edit.tsx"),
    route("write-a-post", "routes/blog/write-a-post.tsx"),
    route("favoritos", "routes/favorites/favorites.tsx"),
    // A member's drafts, kept on the server (ADR 062).
    route("rascunhos", "routes/drafts/drafts.tsx"),
    route("membros", "routes/members/members.tsx"),
    route("questions", "routes/questions/question-list.tsx"),
    // Questions and answers.
    route("questions/tagged/:tag", "routes/questions/questions-tagged.tsx"),
    route("questions/:id", "routes/questions/question-detail.tsx"),
    route("questions/:id/editar", "routes/questions/question-edit.tsx"),
    route("questions/:id/historico", "routes/questions/question-history.tsx"),
    route("questions/:id/respostas/:answerId/editar", "routes/questions/answer-edit.tsx"),
    route("questions/:id/respostas/:answerId/historico", "routes/questions/answer-history.tsx"),
    route("ask-a-question", "routes/questions/ask-question.tsx"),
    route("tags", "routes/tags/tag-list.tsx"),
    route("medalhas", "routes/badges/badges.tsx"),
    route("test", "routes/test/style-guide.tsx"),
    route("test/editor", "routes/test/editor-playground.tsx"),
    route("search", "routes/search/search.tsx"),
    route("newsletter", "routes/newsletter/newsletter.tsx"),
    route("newsletter/confirmar/:token", "routes/newsletter/newsletter-confirm.tsx"),
    route("newsletter/cancelar/:token", "routes/newsletter/newsletter-unsubscribe.tsx"),
    // Accounts.
    route("entrar", "routes/auth/sign-in.tsx"),
    route("cadastro", "routes/auth/sign-up.tsx"),
    // Sign-in with GitHub and Google (ADR 044).
    route("entrar/vincular", "routes/auth/provider-link.tsx"),
    // The second step of sign-in (ADR 049).
    route("entrar/verificacao", "routes/auth/second-step.tsx"),
    route("entrar/:provider", "routes/auth/provider-start.tsx"),
    route("entrar/:provider/retorno", "routes/auth/provider-callback.tsx"),
    route("esqueci-a-senha", "routes/auth/forgot-password.tsx"),
    route("recuperar-senha", "routes/auth/reset-password.tsx"),
    route("sair", "routes/auth/sign-out.tsx"),
    route("confirmar-email/:token", "routes/auth/confirm-email.tsx"),
    route("u/:handle", "routes/profile/profile.tsx"),
    route("configuracoes", "routes/settings/settings.tsx"),
    route("configuracoes/seguranca", "routes/settings/security.tsx"),
    route("conta-removida", "routes/settings/account-removed.tsx"),
    route("notifications", "routes/notifications/notifications.tsx"),
    // Moderation: privileges earned by reputation, the administrators' spam filters, flags and the review queue.
    route("privilegios", "routes/moderation/privileges.tsx"),
    route("moderacao/filtros", "routes/moderation/filters.tsx"),
    route("sinalizar", "routes/moderation/flag.tsx"),
    route("revisao", "routes/moderation/review-queue.tsx"),
    route("moderacao/registro", "routes/moderation/moderation-log.tsx"),
    route("comentarios/:id/historico", "routes/moderation/comment-history.tsx"),
    // E-mails the outbox gave up on (ADR 048), for administrators.
    route("moderacao/emails", "routes/moderation/failed-mail.tsx"),
    // What administrators curate: the site notice, featured posts, pinned picks, recommended topics, roles.
    route("administracao", "routes/admin/administration.tsx"),
    // The REST API's reference page, generated from its OpenAPI document.
    route("api/docs", "routes/api-docs/api-docs.tsx"),
  ]),
  // Brand placeholder pages with their own top bar.
  route("coming-soon", "routes/coming-soon/coming-soon.tsx"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  // "Transformar em post" (ADR 043): a form post that opens the writer on the answer's draft.
  route("respostas/:answerId/transformar-em-post", "routes/blog/answer-to-post.tsx"),
  route("tema", "routes/theme/theme.ts"),
  route("api/follows", "routes/api/follows.ts"),
  route("api/post-like", "routes/api/post-like.ts"),
  route("api/post-favorite", "routes/api/post-favorite.ts"),
  route("blog/feed.xml", "routes/blog/feed.ts"),
  route("blog/tag/:tag/feed.xml", "routes/blog/tag-feed.ts"),
  route("api/search", "routes/api/search.ts"),
  route("notifications/stream", "routes/notifications/stream.ts"),
  route("api/tag-follows", "routes/api/tag-follows.ts"),
  route("api/uploads", "routes/api/uploads.ts"),
  route("api/drafts", "routes/api/drafts.ts"),
  route("api/tags", "routes/api/tags.ts"),
  route("api/members/suggest", "routes/api/member-suggestions.ts"),
  route("api/questions/similar", "routes/api/questions-similar.ts"),
  route("api/questions/same-error", "routes/api/questions-same-error.ts"),
  route("configuracoes/exportar", "routes/settings/export-data.ts"),
  // The public REST API v1 (ADR 036): every operation answered by one dispatcher.
  route("api/v1/*", "routes/api-v1/api-v1.ts"),
  // The Model Context Protocol server: the API's operations as tools for assistants (ADR 064).
  route("mcp", "routes/mcp/mcp.ts"),
  route("*", "routes/not-found/not-found.tsx"),
] satisfies RouteConfig;
