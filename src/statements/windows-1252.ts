// Where Windows-1252 differs from Latin-1: 0x80 to 0x9F are printable (€, ‚, ƒ, „, …, Š, Œ, ž and
// so on) rather than control characters. Node's TextDecoder reads "windows-1252" as Latin-1, so
// the table is here. The five bytes Windows-1252 leaves undefined stay control characters.
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d, 0x017d,
  0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x9d,
  0x017e, 0x0178,
].map((code) => String.fromCharCode(code));

/** Bytes in Windows-1252 (which Latin-1 text is too, but for 0x80 to 0x9F) as text. */
export function windows1252(bytes: Buffer): string {
  return bytes.toString('latin1').replace(/[\x80-\x9f]/g, (character) => HIGH[character.charCodeAt(0) - 0x80] ?? '');
}
