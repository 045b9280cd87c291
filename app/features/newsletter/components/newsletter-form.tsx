// Spec §Footer newsletter: 'Receba Atualizações', an e-mail field and 'Registrar-se'. Answers in place with
// JavaScript; without it the form posts to /newsletter, which answers on its own page. The server validates
// (one rule, one message, app/features/newsletter/schemas.ts): the footer is on every page, and checking one
// field in the browser is not worth shipping the validation libraries to every visitor's first click.
import { useEffect, useRef } from "react";
import { useFetcher, href } from "react-router";
import { FieldError, fieldAria, FormStatus, Label } from "#app/components/form/field.tsx";
import type { NewsletterActionData } from "../schemas.ts";

export function NewsletterForm() {
  const fetcher = useFetcher<NewsletterActionData>();
  // A fixed id: the footer, kept across pages as rendered once (ADR 069), holds the page's only one.
  const fieldId = "newsletter-email";
  const formRef = useRef<HTMLFormElement>(null);
  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  const message = reply?.message;
  const emailError = reply?.result.error?.email?.[0];
  const errorId = `${fieldId}-erro`;

  useEffect(() => {
    // A subscription went through: the field empties for the next address.
    if (reply?.message) formRef.current?.reset();
  }, [reply]);

  return (
    <section aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="text-base font-semibold text-white">
        Receba Atualizações
      </h2>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={href("/newsletter")}
        noValidate
        className="mt-3 flex flex-col gap-2"
      >
        <Label htmlFor={fieldId} className="text-sm font-semibold text-slate-200">
          Email
        </Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={fieldId}
            name="email"
            type="email"
            placeholder="Digite seu email"
            autoComplete="email"
            {...fieldAria({ error: emailError, errorId })}
            className="focus:ring-green w-full rounded-md border border-white/30 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-2 focus:outline-none"
          />
          <button type="submit" className="btn-green shrink-0" disabled={fetcher.state !== "idle"}>
            Registrar-se
          </button>
        </div>
        <FieldError id={errorId} errors={emailError} className="text-sm font-medium text-red-200" />
        <FormStatus message={message} className="text-sm text-green-200" />
      </fetcher.Form>
    </section>
  );
}
