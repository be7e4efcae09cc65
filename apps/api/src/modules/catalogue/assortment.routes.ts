import {
  adminAssortmentEndpoints as api,
  ASSORTMENT_GRANTS,
  CATEGORY_GRANTS,
  IMPORT_MAX_BYTES,
  IMPORT_REPORT_HEADER,
  type AdminImport,
} from '@spesa/shared/contracts/admin-assortment';
import multipart from '@fastify/multipart';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failWith } from '../../lib/result';
import { ACCESS, adminOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { ASSORTMENT_TEXT } from './assortment.messages';
import type { AssortmentService } from './assortment.service';
import type { CatalogueImports } from './catalogue-import';

const tags = ['backoffice'];
const writers = ACCESS.admin(ASSORTMENT_GRANTS.write);
const categoryWriters = ACCESS.admin(CATEGORY_GRANTS.write);

/**
 * A report cell as a spreadsheet reads it: a cell starting with = + - @ (or a tab or carriage return) would
 * be taken for a formula (CSV injection, `=cmd|' /C calc'!A0`): it gets a leading apostrophe, shown as text.
 */
export const neutralisedCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The refused rows as CSV for Excel (";" separated, UTF-8 with BOM, CRLF), every cell neutralised. */
export function refusalsCsv(
  rows: ReadonlyArray<{ line: number; column: string; value: string; message: string }>,
) {
  const body = stringify(
    rows.map((r) => [String(r.line), r.column, r.value, r.message].map(neutralisedCell)),
    { header: true, columns: [...IMPORT_REPORT_HEADER], delimiter: ';', record_delimiter: 'windows' },
  );
  return `\uFEFF${body}`;
}

/**
 * The assortment in the back office (decision 092), under /ebsn/api/admin: products and categories created
 * and retired, and the product master imported from a file with its dry run, progress and report.
 */
const assortmentRoutes: FastifyPluginAsyncZod<{
  service: AssortmentService;
  imports: CatalogueImports;
}> = async (app, { service, imports }) => {
  app.route({
    ...contractRoute(api.createProduct, {
      access: writers,
      tags,
      config: { fieldMessages: true },
      summary:
        'Creates a product from its master data (the rules of the import); refused when its code exists',
    }),
    handler: async (request) => answer(request, await service.createProduct(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.retireProduct, {
      access: writers,
      tags,
      summary: 'Retires a product: it leaves listings, search and carts; orders keep their lines',
    }),
    handler: async (request) =>
      answer(
        request,
        await service.setOnSale(adminOf(request), request.params.id, request.body.updatedAt, false),
      ),
  });

  app.route({
    ...contractRoute(api.restoreProduct, {
      access: writers,
      tags,
      summary: 'Puts a retired product on sale again',
    }),
    handler: async (request) =>
      answer(
        request,
        await service.setOnSale(adminOf(request), request.params.id, request.body.updatedAt, true),
      ),
  });

  app.route({
    ...contractRoute(api.createCategory, {
      access: categoryWriters,
      tags,
      config: { fieldMessages: true },
      summary: 'A new product category under a department or category, last among its siblings',
    }),
    handler: async (request) => answer(request, await service.createCategory(adminOf(request), request.body)),
  });

  app.route({
    ...contractRoute(api.retireCategory, {
      access: categoryWriters,
      tags,
      summary: 'Takes an empty category out of the menu (refused while products on sale are in it)',
    }),
    handler: async (request) =>
      answer(
        request,
        await service.retireCategory(adminOf(request), request.params.id, request.body.updatedAt),
      ),
  });

  // the import file arrives as multipart/form-data (one file), streamed; the reader cuts it at the limit
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 0, parts: 1 },
  });

  app.route({
    ...contractRoute(api.uploadImport, {
      access: writers,
      tags,
      summary:
        'Uploads a CSV or .xlsx product master (multipart `file`, 10 MB, 100,000 rows): its rows are kept for the preview',
    }),
    handler: async (request) => {
      if (!request.isMultipart())
        return answer<{ data: AdminImport }>(request, failWith(ASSORTMENT_TEXT.fileMissing));
      const part = await request.file().catch(() => undefined);
      if (!part) return answer<{ data: AdminImport }>(request, failWith(ASSORTMENT_TEXT.fileMissing));
      return answer(request, await imports.stage(adminOf(request), part.filename, part.file));
    },
  });

  app.route({
    ...contractRoute(api.importStatus, {
      access: writers,
      tags,
      summary: "An import's state and progress (doneRows of totalRows) and its counts so far",
    }),
    handler: async (request) => answer(request, await imports.status(request.params.id)),
  });

  app.route({
    ...contractRoute(api.importPreview, {
      access: writers,
      tags,
      summary: 'The first 20 rows as read, each with what it would be refused for',
    }),
    handler: async (request) => answer(request, await imports.preview(request.params.id)),
  });

  app.route({
    ...contractRoute(api.checkImport, {
      access: writers,
      tags,
      summary: 'Starts a dry run in the background: every row checked and counted, nothing written',
    }),
    handler: async (request) =>
      answer(request, await imports.start(adminOf(request), request.params.id, 'dryRun')),
  });

  app.route({
    ...contractRoute(api.applyImport, {
      access: writers,
      tags,
      summary:
        'Starts the import in the background: the rows that pass are written by code, the others reported',
    }),
    handler: async (request) =>
      answer(request, await imports.start(adminOf(request), request.params.id, 'apply')),
  });

  app.route({
    ...contractRoute(api.importRefusals, {
      access: writers,
      tags,
      summary: "The last run's refused rows: line, column, value and the Italian reason",
    }),
    handler: async (request) =>
      answer(request, await imports.refusals(request.params.id, request.query.page, request.query.perPage)),
  });

  app.get(
    '/admin/catalogue-imports/:id/report.csv',
    {
      config: { access: writers },
      schema: {
        tags,
        summary: "The last run's refused rows as CSV (';' separated, UTF-8 with BOM, formulas neutralised)",
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
      },
    },
    async (request, reply) => {
      const found = await imports.status(request.params.id);
      if (!found.ok) return answer(request, found);
      const rows = [];
      for (let offset = 0; ; offset += 5000) {
        const page = await imports.refusalRows(request.params.id, 5000, offset);
        rows.push(...page);
        if (page.length < 5000) break;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="scarti-importazione-${request.params.id}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(refusalsCsv(rows));
    },
  );
};

export default assortmentRoutes;
