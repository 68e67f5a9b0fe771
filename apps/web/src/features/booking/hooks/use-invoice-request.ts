import { useState } from 'react';
import {
  checkInvoiceForm,
  invoiceOf,
  useInvoiceForm,
} from '../../../components/invoice/invoice-fields.tsx';
import { useSaveInvoice } from '../api/save-invoice.ts';

export const INVOICE_FIELDS_ID = 'booking-invoice';

/**
 * Step 3's "I need a factura (RUC)" (issue 30): whether the customer wants one, its details, and
 * their sending right after the booking is saved and before its checkout opens. A refusal is kept
 * (`error`) and said by the form; the booking stays saved, and `send` may be tried again.
 */
export function useInvoiceRequest() {
  const [wanted, setWanted] = useState(false);
  const form = useInvoiceForm();
  const save = useSaveInvoice();
  /** The booking whose factura details the server took. */
  const [sentFor, setSentFor] = useState<string | null>(null);

  /** Before the save: the details are right, or the first wrong one gets the focus. */
  const check = () => !wanted || checkInvoiceForm(form, INVOICE_FIELDS_ID);

  /** After the save: sends the details (when wanted), then `then` (opens the checkout). */
  const send = (code: string, then: () => void) => {
    if (!wanted || sentFor === code) return then();
    if (!checkInvoiceForm(form, INVOICE_FIELDS_ID)) return;
    save.mutate(
      { code, body: { invoice: invoiceOf(form.getValues()) } },
      {
        onSuccess: () => {
          setSentFor(code);
          then();
        },
      },
    );
  };

  return {
    wanted,
    setWanted,
    form,
    check,
    send,
    sending: save.isPending,
    error: save.error,
    /** The details were taken for this booking: they no longer change here. */
    sent: sentFor !== null,
  };
}

export type InvoiceRequest = ReturnType<typeof useInvoiceRequest>;
