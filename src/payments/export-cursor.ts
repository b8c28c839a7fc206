import { invalidInput } from '../errors.js';

/**
 * Where an ERP export stopped: the transaction bound of that export. The cursor also names the
 * database it was made on: transaction ids of another database, or of a restored copy, would make
 * the next export skip or repeat payments.
 */
export const exportCursor = {
  encode: (installId: string, txid: string) => Buffer.from(`e:${installId}:${txid}`).toString('base64url'),

  /** The transaction bound inside a cursor, refused unless it comes from this database and is not ahead of it. */
  decode(cursor: string, installId: string, upperTxid: string, field = 'since'): string {
    const match = /^e:([A-Za-z0-9]+):(\d{1,20})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    const [, cursorInstall, txid] = match ?? [];
    if (cursorInstall === undefined || txid === undefined) throw invalidInput.unknownCursor(field);
    if (cursorInstall !== installId) throw invalidInput(field, 'this cursor comes from another database');
    if (BigInt(txid) > BigInt(upperTxid)) {
      throw invalidInput(field, 'this cursor is ahead of the database; was it restored from a backup?');
    }
    return txid;
  },
};
