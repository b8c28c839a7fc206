import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum, Timestamp } from '../../../http/schemas.js';
import { orList } from '../../../or-list.js';
import { TOTAL_NAMES } from '../../../reconciliation/reconciliation-tables.js';
import { Category } from '../../../reconciliation/run-query.js';
import { STATEMENT_FORMATS } from '../../../statements/formats.js';
import { ItemExtras, OpenFigures } from './item-schemas.js';

export { Category };

const Total = Type.Object({
  count: Type.Integer(),
  sum: Type.String({ description: 'Exact decimal, "0.00" when none' }),
});

const Totals = (description: string) =>
  Type.Object(Object.fromEntries(TOTAL_NAMES.map((name) => [name, Total])), { description });

const Period = Type.Object(
  { from: Type.String({ format: 'date' }), to: Type.String({ format: 'date' }) },
  { description: 'The days the statement covers, inclusive, in BIS_TIME_ZONE; null for an empty statement' },
);

const RunAccount = Type.Object({
  accountId: Nullable(Type.String({ description: 'As the file names it; null when it does not' })),
  currency: Nullable(Type.String()),
  period: Nullable(Period),
  lines: Type.Integer({ description: "The account's entries, debits included" }),
  credits: Type.Integer(),
  ofThisBank: Type.Boolean({
    description:
      'The bank has this account on file (or has none on file): its credits were matched. false: its credits are other_account',
  }),
  totals: Totals("This account's own count and exact sum per category, in its own currency"),
});

export const Run = Type.Object({
  reconciliationId: Type.Integer(),
  clientId: Type.String(),
  clientName: Type.String({ description: "The bank's name" }),
  format: StringEnum(STATEMENT_FORMATS, { description: orList(STATEMENT_FORMATS) }),
  accountId: Nullable(
    Type.String({ description: 'The account the statement is for, as it says; null when the file holds several' }),
  ),
  currency: Nullable(Type.String({ description: "The account's currency; null when the file holds several accounts" })),
  period: Nullable(Period),
  accounts: Type.Array(RunAccount, {
    description: 'Each account of the file, in the order it names them: each reconciled on its own',
  }),
  lines: Type.Integer({ description: 'Entries on the statement, debits included' }),
  credits: Type.Integer({ description: 'Entries that are credits: the ones matched' }),
  totals: Totals('Count and exact sum per category, every account of the file together'),
  open: OpenFigures,
  createdAt: Timestamp('When it was reconciled'),
  createdBy: Type.String({ description: 'Who reconciled it' }),
});

export const Item = Type.Object({
  line: Nullable(
    Type.Integer({ description: "The entry's number on the statement (1 = first); null for not_on_statement" }),
  ),
  position: Nullable(Type.String({ description: 'Where it is in the file: "line 14" or an element path' })),
  bookingDate: Nullable(Type.String({ format: 'date' })),
  valueDate: Nullable(Type.String({ format: 'date' })),
  reference: Type.String({ description: "The bank reference (for not_on_statement: the payment's)" }),
  amount: Type.String(),
  creditDebit: Nullable(Type.String({ description: 'C, D, RC (reversed credit) or RD (reversed debit)' })),
  currency: Nullable(Type.String()),
  narration: Nullable(Type.String()),
  category: Category,
  accountId: Nullable(
    Type.String({
      description: 'The account whose statement holds the line; null for a payment or when the file does not say',
    }),
  ),
  dateFromStatement: Type.Boolean({ description: "The entry gave no date: bookingDate is the statement's own" }),
  foundIn: Nullable(
    Type.String({
      description:
        'Where the payment\'s reference was found: the file\'s field (such as ":61: bank reference" or "EndToEndId"), or "narration"',
    }),
  ),
  sameReferenceAsLine: Nullable(
    Type.Integer({ description: 'Another line of this statement already matched the payment with this reference' }),
  ),
  recorded: Type.Boolean({ description: 'Finance recorded the payment from this line' }),
  payment: Nullable(
    Type.Object(
      {
        paymentId: Type.Integer(),
        erpRefId: Nullable(Type.String()),
        status: Type.String({ description: 'As it is now' }),
        amount: Type.String(),
        currency: Type.String(),
        transactionDate: Timestamp('When the bank says the payment was made'),
        memberNumber: Nullable(Type.String()),
        memberName: Nullable(Type.String()),
      },
      { description: 'The payment the item concerns, as it is now' },
    ),
  ),
  ...ItemExtras,
});

const column = (description: string) => Type.Optional(Type.Unknown({ description }));

export const CsvMapping = Type.Object(
  {
    delimiter: column('"," (default), ";", "|" or a tab'),
    headerRow: column('true (default) when the first row names the columns'),
    skipLines: column('Title lines above the table (default 0)'),
    date: column('The booking date\'s column: its header text, or its number such as "1"'),
    dateFormat: column('How dates are written, such as "DD/MM/YYYY", "YYYY-MM-DD" or "DD-MMM-YYYY"'),
    valueDate: column("The value date's column (optional)"),
    reference: column("The bank reference's column"),
    amount: column('One signed amount column (negative, a DR/CR mark or parentheses for a debit)...'),
    credit: column('...or separate credit and debit columns'),
    debit: column('The debit column, with credit'),
    narration: column("The narration's column (optional)"),
    currency: column("The currency's column (optional)"),
    decimalSeparator: column('"." (default) or ","'),
  },
  { description: "Which columns of the bank's CSV statement hold what" },
);
