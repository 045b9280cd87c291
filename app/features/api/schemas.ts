// The REST API's shapes (ADR 036): every request and response of /api/v1 as a Zod schema. The operations table
// (operations.ts) names them; the dispatcher parses requests with them and the OpenAPI document is generated
// from them, so what is documented is what is checked. Field names are English snake_case (what JSON APIs and
// their clients expect, and the names the feature functions' errors already use for their fields); every
// message a person reads is Portuguese.
import "zod-openapi";
import { z } from "zod";
import { CLOSE_REASONS } from "#app/features/moderation/rules.ts";
import {
  POST_CATEGORIES,
  BODY_MIN,
  DESCRIPTION_MAX,
  TITLE_MAX as POST_TITLE_MAX,
} from "#app/features/posts/rules.ts";
import {
  ANSWER_MIN,
  ANSWER_VERSIONS_MAX,
  COMMENT_MAX,
  COMMENT_MIN,
  OUTDATED_MARKS_TO_SHOW,
  TEXT_MIN,
  TITLE_MAX,
  TITLE_MIN,
  VERSION_TEXT_MAX,
} from "#app/features/questions/rules.ts";
import { TAG_NAME_MAX_LENGTH, TAGS_MAX } from "#app/features/tags/rules.ts";
import { API_ERROR_CODES } from "./errors.ts";

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
/** The longest Markdown a rich-text field takes (the site's own HTML limit is 200,000 characters). */
const MARKDOWN_MAX = 100_000;

// ------------------------------------------------------------------------------------------------- errors

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(API_ERROR_CODES).meta({ description: "Código estável, para programas." }),
      message: z.string().meta({ description: "Mensagem em português, para pessoas." }),
      field: z
        .string()
        .optional()
        .meta({ description: "O campo do corpo ou do endereço a que a mensagem se refere, quando há um." }),
    }),
  })
  .meta({ id: "Error", description: "A forma de todo erro da API." });

// ------------------------------------------------------------------------------------------------ pieces

const id = z.number().int().positive();
const dateTime = z.iso.datetime({ offset: true });
const url = z.string().meta({ description: "Endereço absoluto da página no site." });

const tagRefSchema = z
  .object({ name: z.string(), slug: z.string() })
  .meta({ id: "TagRef", description: "Uma tag como aparece numa pergunta ou num post." });

export const memberRefSchema = z
  .object({
    id,
    handle: z.string(),
    name: z.string(),
    avatar_url: z
      .string()
      .optional()
      .meta({ description: "A foto do membro, ou o avatar gerado do seu @ (ausente nos comentários)." }),
    reputation: z.number().int().optional().meta({ description: "Ausente nos comentários." }),
    url,
  })
  .meta({ id: "MemberRef", description: "O autor de um conteúdo: só dados públicos (nunca o e-mail)." });

export const questionStateSchema = z
  .object({
    closed: z.boolean(),
    close_reason: z.enum(Object.keys(CLOSE_REASONS) as [keyof typeof CLOSE_REASONS]).nullable(),
    duplicate_of_id: id.nullable().meta({ description: "A pergunta original, se fechada como duplicada." }),
    locked: z
      .boolean()
      .meta({ description: "Bloqueada pela moderação: não aceita respostas, comentários nem votos." }),
  })
  .meta({ id: "QuestionState" });

const bountySchema = z.object({ amount: z.number().int(), expires_at: dateTime }).nullable();

export const questionSummarySchema = z
  .object({
    id,
    title: z.string(),
    excerpt: z.string().meta({ description: "O começo da descrição, em texto puro." }),
    tags: z.array(tagRefSchema),
    author: memberRefSchema,
    score: z.number().int(),
    answer_count: z.number().int(),
    view_count: z.number().int(),
    has_accepted_answer: z.boolean(),
    bounty: bountySchema,
    state: questionStateSchema,
    created_at: dateTime,
    last_activity_at: dateTime,
    url,
  })
  .meta({ id: "QuestionSummary" });

export const commentSchema = z
  .object({
    id,
    body: z.string().meta({ description: "O texto como foi escrito (mini-Markdown de comentários)." }),
    body_html: z.string().meta({ description: "O texto renderizado e sanitizado." }),
    author: memberRefSchema,
    created_at: dateTime,
  })
  .meta({ id: "Comment" });

/** A blog post linked from a question or an answer (ADR 043). */
export const linkedPostSchema = z
  .object({ id, slug: z.string(), title: z.string(), url })
  .meta({ id: "LinkedPost" });

const testedVersionSchema = z
  .object({
    tag: z.string().meta({ description: "Uma tag da pergunta." }),
    version: z
      .string()
      .max(VERSION_TEXT_MAX)
      .meta({ description: "Números separados por ponto (até 4 partes), comparados como versões." }),
  })
  .meta({ id: "TestedVersion" });

export const answerSchema = z
  .object({
    id,
    question_id: id,
    body_html: z.string().meta({ description: "HTML sanitizado." }),
    score: z.number().int(),
    accepted: z.boolean(),
    comment_count: z.number().int(),
    author: memberRefSchema,
    comments: z.array(commentSchema),
    created_at: dateTime,
    updated_at: dateTime.nullable(),
    versions: z.array(testedVersionSchema).meta({
      description: "As versões em que a resposta foi testada (uma por tag da pergunta), ex.: node 24.",
    }),
    outdated_since: testedVersionSchema.nullable().meta({
      description: `"Pode estar desatualizada desde": a marca do próprio autor ou de ${OUTDATED_MARKS_TO_SHOW} membros.`,
    }),
    url,
    post: linkedPostSchema
      .nullable()
      .meta({ description: 'O post publicado feito desta resposta ("Virou post"); null se não há.' }),
  })
  .meta({ id: "Answer" });

export const questionSchema = z
  .object({
    id,
    title: z.string(),
    description_html: z.string().meta({ description: "Os detalhes do problema, HTML sanitizado." }),
    details_html: z.string().meta({ description: "O que foi tentado e o que se esperava, HTML sanitizado." }),
    tags: z.array(tagRefSchema),
    author: memberRefSchema,
    score: z.number().int(),
    answer_count: z.number().int(),
    comment_count: z.number().int(),
    view_count: z.number().int(),
    favorite_count: z.number().int(),
    accepted_answer_id: id.nullable(),
    bounty: bountySchema,
    state: questionStateSchema,
    created_at: dateTime,
    updated_at: dateTime.nullable(),
    last_activity_at: dateTime,
    url,
    about_post: linkedPostSchema
      .nullable()
      .meta({ description: "O post publicado sobre o qual a pergunta foi feita; null se não há." }),
    comments: z.array(commentSchema),
    answers: z.array(answerSchema),
    viewer: z
      .object({ vote: z.union([z.literal(-1), z.literal(0), z.literal(1)]), favorited: z.boolean() })
      .nullable()
      .meta({ description: "O voto e o favorito de quem pergunta com um token; null sem token." }),
  })
  .meta({ id: "Question" });

export const postSummarySchema = z
  .object({
    id,
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.enum(POST_CATEGORIES),
    tags: z.array(tagRefSchema),
    author: memberRefSchema,
    like_count: z.number().int(),
    comment_count: z.number().int(),
    reading_minutes: z.number().int(),
    created_at: dateTime,
    url,
  })
  .meta({ id: "PostSummary" });

type PostCommentShape = {
  id: number;
  body: string;
  removed: boolean;
  author: z.infer<typeof memberRefSchema> | null;
  created_at: string;
  replies: PostCommentShape[];
};

export const postCommentSchema: z.ZodType<PostCommentShape> = z
  .object({
    id,
    body: z.string().meta({ description: "O texto como foi escrito; vazio num comentário removido." }),
    removed: z.boolean().meta({ description: "Removido, mantido só porque tem respostas." }),
    author: memberRefSchema.nullable(),
    created_at: dateTime,
    get replies() {
      return z.array(postCommentSchema);
    },
  })
  .meta({ id: "PostComment" });

export const postSchema = postSummarySchema
  .extend({
    body_html: z.string().meta({ description: "HTML sanitizado." }),
    cover_url: z.string().nullable(),
    favorite_count: z.number().int(),
    updated_at: dateTime.nullable(),
    comments: z.array(postCommentSchema),
    from_answer: z.object({ question_id: id, answer_id: id, url }).nullable().meta({
      description: "A resposta de que o post nasceu (enquanto visível); null se não nasceu de uma.",
    }),
    questions_about: z
      .array(z.object({ id, title: z.string(), answered: z.boolean(), url }))
      .meta({ description: "As perguntas mais recentes feitas sobre o post (no máximo 10)." }),
    questions_about_count: z.number().int().meta({ description: "Quantas perguntas há sobre o post." }),
  })
  .meta({ id: "Post" });

export const memberSchema = z
  .object({
    id,
    handle: z.string(),
    name: z.string(),
    role_line: z.string(),
    bio: z.string(),
    avatar_url: z.string(),
    role: z.enum(["member", "moderator", "admin"]),
    reputation: z.number().int(),
    member_since: dateTime,
    counts: z.object({
      questions: z.number().int(),
      answers: z.number().int(),
      posts: z.number().int(),
      followers: z.number().int(),
      following: z.number().int(),
    }),
    url,
  })
  .meta({ id: "Member", description: "O perfil público de um membro." });

export const tagSchema = z
  .object({
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    question_count: z.number().int(),
    post_count: z.number().int(),
    url,
  })
  .meta({ id: "Tag" });

export const searchHitSchema = z
  .object({
    kind: z.enum(["questions", "posts", "members", "tags"]),
    title: z.string(),
    snippet: z.string().meta({ description: "Trecho em texto puro, ou vazio." }),
    url,
  })
  .meta({ id: "SearchHit" });

export const viewerSchema = z
  .object({
    member: memberRefSchema,
    scopes: z.array(z.enum(["read", "write"])),
  })
  .meta({ id: "TokenOwner", description: "Quem o token representa e o que ele pode fazer." });

/** A page of a list: `next_cursor` goes back as `cursor` for the next page; null at the end. */
export function pageOf<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      items: z.array(item),
      next_cursor: z
        .string()
        .nullable()
        .meta({ description: "Passe como `cursor` para a próxima página; null quando não há mais." }),
    })
    .meta({ id: name });
}

// ------------------------------------------------------------------------------------------------ inputs

const cursorQuery = {
  cursor: z.string().max(500).optional().meta({ description: "O `next_cursor` da página anterior (opaco)." }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_LIMIT_MAX)
    .default(PAGE_LIMIT_DEFAULT)
    .meta({ description: `Itens por página (1 a ${PAGE_LIMIT_MAX}).` }),
};

export const questionIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: "O número da pergunta." }),
});
export const answerIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647).meta({ description: "O número da resposta." }),
});
export const slugParams = z.object({
  slug: z.string().min(1).max(120).meta({ description: "O endereço do post." }),
});
export const tagSlugParams = z.object({ slug: z.string().min(1).max(80).meta({ description: "A tag." }) });
export const handleParams = z.object({
  handle: z.string().min(1).max(60).meta({ description: "O @ do membro, sem o @." }),
});

const csv = (values: readonly [string, ...string[]], description: string) =>
  z
    .string()
    .max(200)
    .optional()
    .meta({ description: `${description} Valores: ${values.join(", ")}; separados por vírgula.` });

export const questionListQuery = z.object({
  sort: z
    .enum(["new", "top", "week", "month", "activity", "answers", "bounty", "expiring"])
    .default("new")
    .meta({
      description:
        "new: mais recentes; top: mais votadas; week/month: mais votadas dos últimos 7/30 dias; activity: atividade recente; answers: mais respostas; bounty: maior bounty aberto; expiring: bounty prestes a expirar.",
    }),
  filter: csv(["unanswered", "no-accepted", "bounty"], "Filtros."),
  status: z
    .enum(["all", "open", "closed"])
    .default("all")
    .meta({ description: "Abertas, fechadas ou todas." }),
  tags: z
    .string()
    .max(400)
    .optional()
    .meta({ description: "Slugs de tags separados por vírgula (qualquer uma)." }),
  ...cursorQuery,
});

export const answerOrderQuery = z.object({
  order: z.enum(["votes", "newest", "oldest", "newest-version"]).default("votes").meta({
    description:
      "A ordem das respostas (a aceita vem primeiro, menos em newest-version: testadas na versão mais nova primeiro, as desatualizadas depois).",
  }),
});

export const postListQuery = z.object({
  category: z.enum(POST_CATEGORIES).optional(),
  tag: z.string().max(80).optional().meta({ description: "O slug de uma tag." }),
  ...cursorQuery,
});

export const tagListQuery = z.object({
  sort: z.enum(["popular", "name"]).default("popular"),
  filter: z.string().max(35).optional().meta({ description: "Parte do nome da tag." }),
  ...cursorQuery,
});

export const searchQuery = z.object({
  q: z.string().min(1).max(200).meta({
    description:
      'O que procurar, com os mesmos operadores da busca do site ([tag], user:@handle, is:answered, "frase exata"…).',
  }),
  type: z.enum(["questions", "posts", "members", "tags"]).default("questions"),
  ...cursorQuery,
});

/** A pasted error: a message or a whole stack trace. */
export const errorMatchQuery = z.object({
  text: z.string().min(1).max(4000).meta({
    description:
      "A mensagem de erro ou o stack trace colado. Caminhos, números de linha, ids e valores entre aspas são ignorados; valem os códigos (`ERR_MODULE_NOT_FOUND`, `TS2345`, `ORA-00942`, SQLSTATE), os nomes das exceções e o texto da mensagem.",
  }),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

export const errorMatchesSchema = z
  .object({
    signatures: z
      .array(
        z.object({
          signature: z.string().meta({
            description:
              "`code:…`, `sqlstate:…`, `exc:…` (exceção), `msg:…` (mensagem normalizada), `tpl:…` (mensagem sem a exceção) ou `http:…`.",
          }),
          weight: z.number(),
        }),
      )
      .meta({ description: "Os erros encontrados no texto, do mais forte ao mais fraco." }),
    items: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        url,
        answer_count: z.number().int(),
        has_accepted_answer: z.boolean(),
        closed: z.enum(["closed", "duplicate"]).nullable(),
        match: z.number().meta({ description: "A soma dos pesos dos erros em comum." }),
        line: z
          .string()
          .meta({ description: "A linha da pergunta (ou de uma resposta) com o erro em comum." }),
        error_signatures: z.array(z.string()).meta({ description: "Os erros em comum." }),
      }),
    ),
  })
  .meta({ id: "ErrorMatches" });

const markdown = (description: string) =>
  z
    .string()
    .max(MARKDOWN_MAX)
    .meta({
      description: `${description} Em Markdown (GFM); HTML embutido passa pelo mesmo sanitizador do site.`,
    });

const tagNames = z
  .array(z.string().min(1).max(TAG_NAME_MAX_LENGTH))
  .max(TAGS_MAX)
  .meta({ description: `Nomes das tags (até ${TAGS_MAX}); tags novas são criadas.` });

export const newQuestionBody = z
  .object({
    title: z
      .string()
      .min(TITLE_MIN)
      .max(TITLE_MAX)
      .meta({ description: `De ${TITLE_MIN} a ${TITLE_MAX} caracteres.` }),
    description: markdown(`O problema, com pelo menos ${TEXT_MIN} caracteres de texto.`),
    details: markdown(
      `O que foi tentado e o que se esperava, com pelo menos ${TEXT_MIN} caracteres de texto.`,
    ),
    tags: tagNames.min(1),
    about_post_id: id
      .optional()
      .meta({ description: "Um post publicado do blog sobre o qual é a pergunta (opcional)." }),
  })
  .meta({ id: "NewQuestion" });

export const newAnswerBody = z
  .object({
    body: markdown(`A resposta, com pelo menos ${ANSWER_MIN} caracteres de texto.`).min(1),
    versions: z
      .array(testedVersionSchema)
      .max(ANSWER_VERSIONS_MAX)
      .optional()
      .meta({ description: "Testada em: pares tag + versão, só das tags da pergunta." }),
  })
  .meta({ id: "NewAnswer" });

export const newCommentBody = z
  .object({
    body: z
      .string()
      .min(COMMENT_MIN)
      .max(COMMENT_MAX)
      .meta({
        description: `De ${COMMENT_MIN} a ${COMMENT_MAX} caracteres, texto com o mini-Markdown dos comentários (\`código\`, **negrito**, *itálico*, [link](https://…)).`,
      }),
  })
  .meta({ id: "NewComment" });

export const voteBody = z
  .object({
    value: z
      .union([z.literal(1), z.literal(0), z.literal(-1)])
      .meta({ description: "1 vota positivamente, -1 negativamente (exige reputação), 0 retira o voto." }),
  })
  .meta({ id: "Vote" });

export const newPostBody = z
  .object({
    title: z.string().min(1).max(POST_TITLE_MAX),
    description: z.string().max(DESCRIPTION_MAX).optional().meta({ description: "O subtítulo." }),
    category: z.enum(POST_CATEGORIES),
    tags: tagNames.optional(),
    body: markdown(`O texto do post, com pelo menos ${BODY_MIN} caracteres.`),
  })
  .meta({ id: "NewPost" });

// ------------------------------------------------------------------------------------------------ results

export const createdSchema = z
  .object({
    id,
    url,
    held: z
      .boolean()
      .meta({ description: "Retido para revisão pelos filtros de spam: só aparece depois de aprovado." }),
  })
  .meta({ id: "Created" });

export const createdPostSchema = createdSchema.extend({ slug: z.string() }).meta({ id: "CreatedPost" });

export const voteResultSchema = z
  .object({ score: z.number().int(), vote: z.union([z.literal(-1), z.literal(0), z.literal(1)]) })
  .meta({ id: "VoteResult" });

export const acceptResultSchema = z
  .object({ question_id: id, accepted_answer_id: id.nullable() })
  .meta({ id: "AcceptResult" });

export const favoriteResultSchema = z.object({ favorited: z.boolean() }).meta({ id: "FavoriteResult" });

export const openApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
  .meta({ id: "OpenApiDocument", description: "Este documento OpenAPI 3.1." });
