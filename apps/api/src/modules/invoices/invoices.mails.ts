import { formatPrice } from '@spesa/shared/format/price';
import type { MailService } from '../mail/mail.service';
import type { IssuedListener } from './invoices.service';
import type { InvoicesRepository } from './invoices.repository';

/**
 * The customer's e-mail when a document is issued (decision 087): its number and total, the order's page where
 * the courtesy copy and the XML are. Written to the outbox in the document's transaction: no document, no mail.
 */
export function issuedMail(
  repo: InvoicesRepository,
  mail: Pick<MailService, 'send'>,
  publicUrl: string,
): IssuedListener {
  return async (doc, tx) => {
    const contact = await repo.customerContact(doc.userId, tx);
    if (!contact) return;
    await mail.send(
      contact.email,
      {
        template: 'invoice-issued',
        firstName: contact.firstName,
        kindLabel: doc.kind === 'TD04' ? 'Nota di credito' : 'Fattura',
        number: doc.numberText,
        orderId: doc.orderId,
        total: formatPrice(doc.totalCents / 100),
        link: `${publicUrl}/profile/orders/${doc.orderId}`,
      },
      [],
      tx,
    );
  };
}
