// The tags' limits and messages, without the validation library or the database: the tag selector, the forms'
// schemas and the server's checks of questions and posts all read them here.

/** Most tags a question or a post may have. */
export const TAGS_MAX = 5;
/** Longest tag name, in characters. */
export const TAG_NAME_MAX_LENGTH = 35;

export const TAG_MESSAGES = {
  tooMany: `Escolha no máximo ${TAGS_MAX} tags.`,
  nameTooLong: `Cada tag deve ter no máximo ${TAG_NAME_MAX_LENGTH} caracteres.`,
} as const;
