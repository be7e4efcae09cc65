import { useState } from 'react';

/**
 * The invoice request: whether one is wanted, for which saved holder, and the refusal shown when none is
 * chosen. It lives outside the checkout's form element (adding invoice data is a form of its own).
 */
export function useInvoiceChoice(initialNeed: boolean) {
  const [needInvoice, setNeedInvoice] = useState(initialNeed);
  const [personFiscalId, setPersonFiscalId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    needInvoice,
    personFiscalId,
    error,
    setError,
    onNeedInvoice: (v: boolean) => {
      setNeedInvoice(v);
      setError(null);
    },
    onPersonFiscal: (id: number) => {
      setPersonFiscalId(id);
      setError(null);
    },
  };
}

export type InvoiceChoiceState = ReturnType<typeof useInvoiceChoice>;
