// Spec §Footer newsletter: 'Receba Atualizações', an e-mail field and 'Registrar-se'. Answers in place with
// JavaScript; without it the form posts to /newsletter, which answers on its own page.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { newsletterSchema, type NewsletterActionData } from "#app/features/newsletter/schemas.ts";

export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterActionData>();
  const [form, fields] = useForm({
    id: "newsletter",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const message = fetcher.state === "idle" ? fetcher.data?.message : undefined;
  const emailError = fields.email.errors?.[0];

  return (
    <section aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="text-base font-semibold text-white">
        Receba Atualizações
      </h2>
      <fetcher.Form
        method="post"
        action="/newsletter"
        {...getFormProps(form)}
        className="mt-3 flex flex-col gap-2"
      >
        <label htmlFor={fields.email.id} className="text-sm text-slate-200">
          Email
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            {...getInputProps(fields.email, { type: "email" })}
            key={fields.email.key}
            placeholder="Digite seu email"
            autoComplete="email"
            className="focus:ring-green w-full rounded-md border border-white/30 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:outline-none"
          />
          <button type="submit" className="btn-green shrink-0" disabled={fetcher.state !== "idle"}>
            Registrar-se
          </button>
        </div>
        {emailError ? (
          <p id={fields.email.errorId} className="text-sm font-medium text-red-200">
            {emailError}
          </p>
        ) : null}
        <p role="status" className="text-sm text-green-200">
          {message ?? ""}
        </p>
      </fetcher.Form>
    </section>
  );
}
