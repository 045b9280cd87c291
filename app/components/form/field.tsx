// The form kit: the markup every form field repeats — a field wrapper, its visible label, a hint, the error
// under it, and the form-wide error and status regions. No Conform or Zod here (ADR 019): the forms that
// validate on the server only (newsletter, comments) use it too without pulling the libraries into the page.
// Wiring stays explicit: Conform's getInputProps (or `fieldAria` for hand-built inputs) sets `aria-invalid` and
// `aria-describedby`; these pieces render the elements those ids point at.
import type { ReactNode } from "react";

type Errors = readonly string[] | null | undefined;

/** `aria-invalid` and `aria-describedby` of an input not spread from Conform: the hints first, then the error. */
export function fieldAria({
  error,
  errorId,
  describedBy,
}: {
  error?: string | null;
  errorId: string;
  /** Ids of hints that always describe the field. */
  describedBy?: string | false | null;
}) {
  const ids = [describedBy, error ? errorId : null].filter(Boolean).join(" ");
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids || undefined,
  } as const;
}

/** One field: label, control, hint and error stacked. */
export function Field({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className}>{children}</div>;
}

/** The field's visible label, tied to its control. */
export function Label({
  htmlFor,
  id,
  className = "field-label",
  children,
}: {
  htmlFor: string;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className={className}>
      {children}
    </label>
  );
}

/** A line of help under (or above) the control; give it an id and list it in `aria-describedby` to tie it. */
export function Hint({
  id,
  className = "mt-1 text-xs text-slate-600",
  children,
}: {
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <p id={id} className={className}>
      {children}
    </p>
  );
}

/**
 * The field's first error, under it, with the id its control's `aria-describedby` names; nothing when there is
 * none. `alert` also announces it as it appears (for errors that come from an action outside the form's own
 * validation, such as a refused upload).
 */
export function FieldError({
  id,
  errors,
  className = "field-error",
  alert,
}: {
  id: string;
  errors: Errors | string;
  className?: string;
  alert?: boolean;
}) {
  const error = typeof errors === "string" ? errors : errors?.[0];
  if (!error) return null;
  return (
    <p id={id} role={alert ? "alert" : undefined} className={className}>
      {error}
    </p>
  );
}

/**
 * Errors about the whole form (wrong credentials, too many attempts). The region is always in the page, empty
 * until an error comes, so screen readers announce it when it fills.
 */
export function FormError({ id, errors }: { id?: string; errors: Errors | string }) {
  const error = typeof errors === "string" ? errors : errors?.[0];
  return (
    <div id={id} role="alert" className={error ? "rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" : ""}>
      {error ?? ""}
    </div>
  );
}

/** The form's success message ("Perfil atualizado."), in a status region that is always in the page. */
export function FormStatus({
  message,
  className,
}: {
  message?: string | null;
  /** Replaces the default green box (shown only with a message) with a class kept at all times. */
  className?: string;
}) {
  return (
    <p
      role="status"
      className={className ?? (message ? "rounded-md bg-green-50 px-3 py-2 text-sm text-green-900" : "")}
    >
      {message ?? ""}
    </p>
  );
}
