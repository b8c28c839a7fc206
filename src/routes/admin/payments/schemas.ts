export { HistoryEntry, Note, Payment, PaymentStatus, PaymentWithHistory } from '../../../payments/payment-schemas.js';
export { PaymentsSearch } from '../../../payments/query-schemas.js';
