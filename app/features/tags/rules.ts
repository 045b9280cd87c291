// The tags' limits and messages, without the validation library or the database: the tag selector, the forms'
// schemas and the server's checks of questions and posts all read them here.

/** Most tags a question or a post may have. */
export const TAGS_MAX = 5;
/** Longest tag name, in characters. */
export const TAG_NAME_MAX_LENGTH = 35;
/** Longest description of a tag (the line under its name on /tags), in characters. */
export const TAG_DESCRIPTION_MAX_LENGTH = 300;

export const TAG_MESSAGES = {
  tooMany: `Escolha no máximo ${TAGS_MAX} tags.`,
  nameTooLong: `Cada tag deve ter no máximo ${TAG_NAME_MAX_LENGTH} caracteres.`,
  nameMissing: "Escreva o nome da tag.",
  oneName: "Escreva o nome de uma tag só, sem vírgulas.",
  blocked: (name: string) => `A tag “${name}” não é permitida. Escolha uma tag da lista.`,
  descriptionTooLong: `A descrição deve ter no máximo ${TAG_DESCRIPTION_MAX_LENGTH} caracteres.`,
} as const;
