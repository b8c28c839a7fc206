/** A list as a sentence names it, for help and descriptions: "a, b or c". */
export function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
