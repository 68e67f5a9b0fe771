/** A pattern for ILIKE that finds `text` anywhere, its own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
