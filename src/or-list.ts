/** A list as a sentence names it, for help and descriptions: "mt940, camt053 or csv". */
export function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
