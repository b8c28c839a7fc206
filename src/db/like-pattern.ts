/** `%`, `_` and `\` match only themselves in a LIKE pattern (backslash is PostgreSQL's escape). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
