/**
 * What AqBanking needs to be given, and what it gives back.
 *
 * AqBanking's SWIFT importer refuses some things banks really send; so that it reads the
 * entries at all, the bytes it is given are prepared, and nothing that bears on an entry is
 * changed: carriage returns are removed; text before the first :20: or {1: (a bank's prose,
 * a BOM) is left out; bank header lines on their own (ABNANL2A, 940, :940:, 0000 01INGBNL2A...)
 * are left out; so are the SWIFT envelope's header blocks ({1:...}{2:...}{4:), and its trailer
 * (-}{5:...}) becomes the plain "-" that ends a message; a line longer than 65 characters that is not a :61: is cut into lines of 65
 * (only :86: and other text fields are that long, and their lines are joined again).
 */

export interface AqbankingEntry {
  amount: string;
  creditDebit: 'C' | 'D';
  bookingDate: string;
  valueDate: string | null;
  references: Array<string | undefined>;
}

export interface AqbankingAccount {
  account: string;
  entries: AqbankingEntry[];
}

const SWIFT_HEADER_BLOCKS = /^(\{[123]:[^}]*\})*(\{4:)?$/;
const BANK_HEADER = /^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?|:?94[02]:?( 00)?|0000 01[A-Z0-9]+)$/;

export function mt940Prepared(bytes: Buffer): Buffer {
  // latin1 keeps every byte as one character, so the bytes come back unchanged.
  const lines = bytes.toString('latin1').replace(/\r/g, '').split('\n');
  const start = lines.findIndex((line) => line.startsWith(':20:') || line.startsWith('{1:'));
  const kept: string[] = [];
  for (const line of lines.slice(Math.max(start, 0))) {
    if (BANK_HEADER.test(line) || SWIFT_HEADER_BLOCKS.test(line)) continue;
    if (line.startsWith('-}')) {
      kept.push('-');
      continue;
    }
    if (line.length <= 65 || line.startsWith(':61:')) kept.push(line);
    else for (let at = 0; at < line.length; at += 65) kept.push(line.slice(at, at + 65));
  }
  return Buffer.from(kept.join('\n'), 'latin1');
}

interface Block {
  name: string;
  values: Map<string, string>;
  children: Block[];
}

/** AqBanking's context file: `name {` ... `} #name` blocks of `char key="percent-encoded value"`. */
function parseContext(text: string): Block {
  const top: Block = { name: '', values: new Map(), children: [] };
  const stack = [top];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const open = /^(\w+) \{$/.exec(line);
    const value = /^(?:char|int)\s+(\w+)="(.*)"$/.exec(line);
    const current = stack[stack.length - 1]!;
    if (open) {
      const block: Block = { name: open[1]!, values: new Map(), children: [] };
      current.children.push(block);
      stack.push(block);
    } else if (line.startsWith('}')) stack.pop();
    else if (value) current.values.set(value[1]!, decodeURIComponent(escapeNonUtf8(value[2]!)));
  }
  return top;
}

// AqBanking percent-encodes the bytes it read; a Latin-1 byte is not UTF-8, so it is kept as is.
function escapeNonUtf8(encoded: string): string {
  try {
    decodeURIComponent(encoded);
    return encoded;
  } catch {
    return encoded.replace(/%([89A-F][0-9A-F])/g, (_, hex: string) =>
      encodeURIComponent(String.fromCharCode(Number.parseInt(hex, 16))),
    );
  }
}

const children = (block: Block, name: string) => block.children.filter((child) => child.name === name);

const isoDay = (yyyymmdd: string | undefined) =>
  yyyymmdd ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}` : null;

/** "-2503/100:EUR" -> 25.03 and "-9:EUR" -> 9, as exact decimal strings. */
function rationalAmount(value: string): { amount: string; negative: boolean } {
  const match = /^(-?)(\d+)(?:\/(\d+))?:/.exec(value);
  if (!match) throw new Error(`an amount AqBanking wrote as "${value}"`);
  const numerator = BigInt(match[2]!);
  const denominator = BigInt(match[3] ?? '1');
  let places = 0;
  while (10n ** BigInt(places) % denominator !== 0n) places += 1;
  const scaled = (numerator * 10n ** BigInt(places)) / denominator;
  const text = String(scaled).padStart(places + 1, '0');
  const amount = places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
  return { amount, negative: match[1] === '-' };
}

export function readAqbankingContext(text: string): AqbankingAccount[] {
  const accounts: AqbankingAccount[] = [];
  for (const list of children(parseContext(text), 'accountInfoList')) {
    for (const info of children(list, 'accountInfo')) {
      const entries: AqbankingEntry[] = [];
      for (const transactions of children(info, 'transactionList')) {
        for (const transaction of children(transactions, 'transaction')) {
          const { amount, negative } = rationalAmount(transaction.values.get('value') ?? '');
          const valueDate = isoDay(transaction.values.get('valutaDate'));
          entries.push({
            amount,
            creditDebit: negative ? 'D' : 'C',
            bookingDate: isoDay(transaction.values.get('date')) ?? valueDate ?? '',
            valueDate,
            references: [transaction.values.get('customerReference'), transaction.values.get('bankReference')],
          });
        }
      }
      const account = info.values.get('iban') ?? info.values.get('accountNumber') ?? '';
      accounts.push({ account, entries });
    }
  }
  return accounts;
}
