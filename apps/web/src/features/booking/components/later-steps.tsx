// Steps 2 and 3 of the booking page and what they show (sign-in or sign-up, the customer's choices,
// the factura's request, the payment): one chunk that loads after step 1 is drawn (ADR 0053).
export { InvoiceRequest } from './invoice-request.tsx';
export { PayNow } from './pay-now.tsx';
export { StepContact } from './step-contact.tsx';
export { StepPayment } from './step-payment.tsx';
