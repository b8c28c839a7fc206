/**
 * How a statement's text is cut into the words that may name a member. Names and narrations are
 * split at the same ASCII spaces and punctuation (the index members_name_words, migration 019,
 * splits full names the same way), so "WANJIRU KAMAU/MPESA" holds "Wanjiru Kamau" as whole words.
 */
const NAME_SPLIT = /[\s.,;:/()&_"]+/;
/** A full name of one word would match too much; longer than this, a name is not looked for. */
const MIN_NAME_WORDS = 2;
const MAX_NAME_WORDS = 5;
const MEMBER_NUMBER_TOKEN = /^[0-9]{7}$/;

/** Every run of two to five consecutive words of the text, single-spaced, as written (case is the database's). */
export function nameCandidates(text: string): string[] {
  const words = text.split(NAME_SPLIT).filter((word) => word !== '');
  const found = new Set<string>();
  for (let start = 0; start < words.length; start += 1) {
    for (let n = MIN_NAME_WORDS; n <= MAX_NAME_WORDS && start + n <= words.length; n += 1) {
      found.add(words.slice(start, start + n).join(' '));
    }
  }
  return [...found];
}

/** Seven-digit tokens of the text: digits with no letter or digit either side ("REF:7000001", not "ACC7000001"). */
export function memberNumberCandidates(text: string): string[] {
  return [...new Set(text.split(/[^0-9A-Za-z]+/).filter((token) => MEMBER_NUMBER_TOKEN.test(token)))];
}
