export {
  HistoryEntry,
  ListedPayment,
  Note,
  Payment,
  PaymentStatus,
  PaymentWithHistory,
} from '../../../payments/payment-schemas.js';
export { PaymentsSearch, PaymentsTotalsQuery, PaymentTotals } from '../../../payments/query-schemas.js';
