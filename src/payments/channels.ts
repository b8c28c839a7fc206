/**
 * The channels a payment comes by, the contract's paymentType: the one list that the bank API's
 * schema, the statement line's check, the admin API's descriptions and the CLI's help take, and
 * that the console takes from the OpenAPI document. A channel is added here and nowhere else.
 */
export const PAYMENT_TYPES = ['MPESA', 'RTGS', 'PESALINK', 'OTG', 'BRANCH', 'CHEQUE'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
