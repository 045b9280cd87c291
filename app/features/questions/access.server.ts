// Who may do what with questions, answers and comments, in one place. Every write of this feature starts
// with one of these checks; they throw an AppError with the Portuguese message the person reads.
import { AppError } from "#app/lib/errors.ts";
import { isModerator, type Viewer } from "#app/lib/viewer.ts";

export const ACCESS_MESSAGES = {
  signIn: "Entre na sua conta para continuar.",
  questionNotFound: "Esta pergunta não existe ou foi removida.",
  answerNotFound: "Esta resposta não existe ou foi removida.",
  commentNotFound: "Este comentário não existe ou já foi removido.",
  notAuthor: "Só quem escreveu ou a moderação pode fazer isso.",
  moderatorsOnly: "Só a moderação pode fazer isso.",
} as const;

/** The signed-in member, or an `unauthenticated` error (routes turn it into the sign-in page). */
export function requireMember(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("unauthenticated", ACCESS_MESSAGES.signIn);
  return viewer;
}

export function requireModerator(viewer: Viewer | null): Viewer {
  const member = requireMember(viewer);
  if (!isModerator(member)) throw new AppError("forbidden", ACCESS_MESSAGES.moderatorsOnly);
  return member;
}

/** The author of a post, or a moderator. */
export function canModify(viewer: Viewer | null, authorId: number): boolean {
  return Boolean(viewer && (viewer.id === authorId || isModerator(viewer)));
}

export function requireAuthorOrModerator(viewer: Viewer | null, authorId: number): Viewer {
  const member = requireMember(viewer);
  if (!canModify(member, authorId)) throw new AppError("forbidden", ACCESS_MESSAGES.notAuthor);
  return member;
}

/** A deleted question or answer is seen by moderators only. */
export function canSeeDeleted(viewer: Viewer | null): boolean {
  return isModerator(viewer);
}
