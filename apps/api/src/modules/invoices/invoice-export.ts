import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import type { FatturaDocument } from './fatturapa/fatturapa-xml';
import type { DocumentRow, InvoicesRepository } from './invoices.repository';
import { sdiFileName } from './sdi-exchange';

const PAGE = 500;
const csvAmount = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/**
 * The register of a period's documents as CSV for the accountant, in the payments report's dialect (decision
 * 085): `;`, decimal comma, UTF-8 with BOM, CRLF. One row per document: number, date, kind, customer, tax
 * ids, then taxable and VAT for each rate found in the period, the total and the state at the SDI. Credit
 * notes' amounts are negative, so a column's sum is the period's net.
 */
export function invoiceRegisterCsv(rows: readonly DocumentRow[]): string {
  const docs = rows.map((r) => ({ r, d: r.data as FatturaDocument }));
  const rates = [...new Set(docs.flatMap(({ d }) => d.amounts.summary.map((s) => s.vatRate)))].sort(
    (a, b) => a - b,
  );
  const header = [
    'numero',
    'data',
    'tipo',
    'ordine',
    'cliente',
    'partita_iva',
    'codice_fiscale',
    ...rates.flatMap((r) => [`imponibile_${r}`, `iva_${r}`]),
    'totale',
    'stato_sdi',
    'file',
  ];
  const body = stringify(
    docs.map(({ r, d }) => {
      const sign = r.kind === 'TD04' ? -1 : 1;
      const byRate = new Map(d.amounts.summary.map((s) => [s.vatRate, s]));
      return [
        r.numberText,
        r.issuedOn,
        r.kind,
        r.orderId,
        r.customerName,
        d.buyer.vatNumber ?? '',
        d.buyer.fiscalCode ?? '',
        ...rates.flatMap((rate) => {
          const s = byRate.get(rate);
          return s ? [csvAmount(sign * s.taxableCents), csvAmount(sign * s.vatCents)] : ['', ''];
        }),
        csvAmount(sign * r.totalCents),
        r.sdiState,
        sdiFileName(d.seller.vatNumber, r.documentId),
      ];
    }),
    { header: true, columns: header, delimiter: ';', record_delimiter: 'windows' },
  );
  return `\uFEFF${body}`;
}

/**
 * Every document issued between two days (Italian dates, both included), oldest first; a rejected file a
 * corrected document replaced was never issued (decision 094) and is left out.
 */
async function documentsOf(repo: InvoicesRepository, period: { from: string; to: string }) {
  const all: DocumentRow[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await repo.list({ ...period, issuedOnly: true }, PAGE, offset);
    all.push(...page);
    if (page.length < PAGE) break;
  }
  return all.reverse();
}

/** The ZIP of a period: each document's XML under its SDI file name, and registro.csv. */
export async function invoiceExportZip(
  repo: InvoicesRepository,
  period: { from: string; to: string },
  sellerVat: string,
): Promise<{ bytes: Uint8Array; count: number }> {
  const rows = await documentsOf(repo, period);
  const files: Record<string, Uint8Array> = { 'registro.csv': strToU8(invoiceRegisterCsv(rows)) };
  for (const r of rows)
    files[sdiFileName(sellerVat, r.documentId)] = strToU8((await repo.xmlOf(r.documentId)) ?? '');
  return { bytes: zipSync(files, { level: 6 }), count: rows.length };
}
