// The bench's bank statement: a camt.053 of several accounts, most entries batches of several
// transactions (one Ntry, several TxDtls each with its own amount and EndToEndId), as banks send
// a day's mobile-money collections. It is written as it is made, so its size costs no memory.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** The accounts of the file and their share of its lines; the last is not one the bank has on file. */
export const BENCH_ACCOUNTS = [
  { id: '0100012345678', share: 0.6, onFile: true },
  { id: '0100087654321', share: 0.3, onFile: true },
  { id: '0200099999999', share: 0.1, onFile: false },
];
const BATCH = 4;

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

interface Options {
  /** Lines in all (one per transaction of a batch). */
  lines: number;
  /** Payments seeded: those of the first bank are every third n, the newest last. */
  payments: number;
  /** The day the seeded payment n was made (YYYY-MM-DD). */
  dayOf: (n: number) => string;
}

/**
 * Line i of the file is the first bank's payment n (the newest first): most notified with the
 * same amount, one in twenty never notified, one in twenty with another amount, one in ten a
 * single entry whose reference is only in its narration.
 */
function lineOf(i: number, lastN: number) {
  // With fewer payments seeded than lines (a small run), the lines past the oldest were never notified.
  const n = Math.max(lastN - 3 * i, 0);
  const cents = 100 + ((n * 7919) % 500000) + (i % 20 === 1 ? 100 : 0);
  const reference = i % 20 === 0 || n === 0 ? `LOST-${i}` : `B0-${n}`;
  return { n, cents, reference };
}

export async function writeDeskStatement(file: string, { lines, payments, dayOf }: Options): Promise<void> {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const lastN = payments - (payments % 3);
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-11-24T06:00:00</CreDtTm></GrpHdr>
`);
  let i = 0;
  for (const [number, account] of BENCH_ACCOUNTS.entries()) {
    const end = number === BENCH_ACCOUNTS.length - 1 ? lines : i + Math.round(lines * account.share);
    const from = dayOf(lineOf(end - 1, lastN).n);
    const to = dayOf(lineOf(i, lastN).n);
    await write(`<Stmt><Id>BENCH-${number + 1}</Id><CreDtTm>2026-11-24T06:00:00</CreDtTm>
<FrToDt><FrDtTm>${from}T00:00:00</FrDtTm><ToDtTm>${to}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><Othr><Id>${account.id}</Id></Othr></Id><Ccy>KES</Ccy></Acct>
`);
    while (i < end) {
      const single = i % 10 === 9 || end - i < BATCH;
      const size = single ? 1 : BATCH;
      const parts = Array.from({ length: size }, (_, k) => lineOf(i + k, lastN));
      const total = parts.reduce((sum, part) => sum + part.cents, 0);
      const day = dayOf(parts[0]?.n ?? 0);
      const head = `<Ntry><Amt Ccy="KES">${money(total)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${day}</Dt></BookgDt><ValDt><Dt>${day}</Dt></ValDt><AcctSvcrRef>E${i}</AcctSvcrRef><BkTxCd><Prtry><Cd>MPESA</Cd></Prtry></BkTxCd>`;
      if (single) {
        const [part] = parts;
        await write(`${head}<AddtlNtryInf>MPESA C2B REF:${part?.reference}/JOHN DOE</AddtlNtryInf></Ntry>\n`);
      } else {
        const txs = parts
          .map(
            (part) =>
              `<TxDtls><Refs><EndToEndId>${part.reference}</EndToEndId></Refs><Amt Ccy="KES">${money(part.cents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><RmtInf><Ustrd>PAYBILL ${part.n % 50000}</Ustrd></RmtInf></TxDtls>`,
          )
          .join('');
        await write(`${head}<NtryDtls><Btch><NbOfTxs>${size}</NbOfTxs></Btch>${txs}</NtryDtls></Ntry>\n`);
      }
      i += size;
    }
    await write('</Stmt>\n');
  }
  await write('</BkToCstmrStmt></Document>\n');
  out.end();
  await once(out, 'finish');
}
