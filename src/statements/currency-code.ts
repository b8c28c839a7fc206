// ICU's list of the ISO 4217 codes in use, from the platform: it knows KES and USD but not the
// KSH or KShs that a bank's hand-made export may write, which no payment would be recorded in.
const CODES = new Set(Intl.supportedValuesOf('currency'));

export function isCurrencyCode(text: string): boolean {
  return CODES.has(text);
}
