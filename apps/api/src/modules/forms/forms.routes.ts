import multipart from '@fastify/multipart';
import {
  formsEndpoints as api,
  type AdminAjaxAnswer,
  type UploadedFile,
} from '@spesa/shared/contracts/forms';
import { MAX_FORM_DATA_CHARS, MAX_UPLOAD_BYTES } from '@spesa/shared/forms/form-fields';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failWith, ok, type Result } from '../../lib/result';
import { ACCESS, userIdOf } from '../../plugins/access';
import { contractRoute } from '../../plugins/contract-route';
import { answer } from '../../plugins/envelope';
import { FORMS_TEXT } from './forms.messages';
import type { FormsService } from './forms.service';

const tags = ['forms'];
const FIELD_NAMES = new Set(['action', 'security', 'formData', 'form_id', 'field_id', 'nonce']);
const uidOf = (request: FastifyRequest) => request.session?.userId ?? null;
const positiveInt = (v: string | undefined) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * The content system's forms at the spec's paths (issue 23, decision 051). `admin-ajax.php` reads its
 * multipart body part by part: the text fields first, then each file streamed to disk by the service (never
 * buffered), so a file over 2 MB is cut while it arrives. It stores files and sends mail to the chain, so
 * it is throttled per client address (`maxPerAddress` calls in the throttle's window, decision 026).
 */
const formsRoutes: FastifyPluginAsyncZod<{ forms: FormsService; maxPerAddress: number }> = async (
  app,
  { forms, maxPerAddress },
) => {
  const throttle = app.authThrottle('form-send', undefined, { maxPerAddress });
  await app.register(multipart, {
    // the name as sent, path included: a name with a path is refused, not quietly cut to its last part
    preservePath: true,
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 3,
      fields: 8,
      parts: 12,
      fieldSize: MAX_FORM_DATA_CHARS + 1,
      fieldNameSize: 40,
    },
  });

  app.route({
    ...contractRoute(api.mailPars, {
      access: ACCESS.customerOrAnonymous(
        'forms are public unless their settings ask for a signed-in customer (checked by the service)',
      ),
      tags,
      summary: 'A form with its fields sorted by order and a single-use nonce for this view (get_mail_pars)',
    }),
    handler: async (request) => answer(request, await forms.mailPars(request.query.form_id, uidOf(request))),
  });

  app.route({
    ...contractRoute(api.adminAjax, {
      access: ACCESS.customerOrAnonymous(
        'a form is sent by visitors too (throttled per address); the single-use nonce of the form view is checked by the service',
      ),
      tags,
      summary:
        'Multipart: `nf_ajax_submit` (security, formData) stores and mails a submission; `nf_fu_upload` (form_id, field_id, nonce, files) stores files up to 2 MB checked by content',
    }),
    preHandler: throttle,
    handler: async (request) => answer(request, await adminAjax(request)),
  });

  app.route({
    ...contractRoute(api.myTickets, {
      access: ACCESS.customer,
      tags,
      summary: "The signed-in customer's own tickets (requests sent through the forms), newest first",
    }),
    handler: async (request) => answer(request, await forms.myTickets(userIdOf(request))),
  });

  async function adminAjax(request: FastifyRequest): Promise<Result<AdminAjaxAnswer>> {
    if (!request.isMultipart()) return failWith(FORMS_TEXT.notMultipart);
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let refusal: Result<AdminAjaxAnswer> | null = null;
    let target: Awaited<ReturnType<FormsService['uploadTarget']>> | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (!FIELD_NAMES.has(part.fieldname) || typeof part.value !== 'string' || part.valueTruncated)
            refusal ??= failWith(part.valueTruncated ? FORMS_TEXT.tooLong : FORMS_TEXT.badAction);
          else fields[part.fieldname] = part.value;
          continue;
        }
        // a file: only for nf_fu_upload, after its form, field and nonce
        if (refusal || fields.action !== 'nf_fu_upload') {
          refusal ??= failWith(FORMS_TEXT.badAction);
          part.file.resume();
          continue;
        }
        target ??= await uploadTargetOf(fields, request);
        if (!target.ok) {
          refusal = target;
          part.file.resume();
          continue;
        }
        const stored = await forms.upload(target.data, part.filename, part.file);
        if (!stored.ok) refusal = stored;
        else files.push(stored.data);
      }
    } catch (err) {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError)
        return failWith(FORMS_TEXT.fileTooLarge);
      if (err instanceof app.multipartErrors.FilesLimitError) return failWith(FORMS_TEXT.tooManyFiles);
      if (err instanceof Error && 'code' in err && String(err.code).startsWith('FST_'))
        return failWith(FORMS_TEXT.invalid);
      throw err;
    }
    if (refusal) return refusal;
    if (fields.action === 'nf_ajax_submit') {
      const submitted = await forms.submit(fields.security ?? '', fields.formData ?? '', uidOf(request));
      return submitted.ok
        ? ok({ action: 'nf_ajax_submit', submission: submitted.data, files: [] })
        : submitted;
    }
    if (fields.action === 'nf_fu_upload') {
      if (files.length === 0) {
        const checked = await uploadTargetOf(fields, request);
        return checked.ok ? failWith(FORMS_TEXT.fileMissing) : checked;
      }
      return ok({ action: 'nf_fu_upload', submission: null, files });
    }
    return failWith(FORMS_TEXT.badAction);
  }

  function uploadTargetOf(fields: Record<string, string>, request: FastifyRequest) {
    const formId = positiveInt(fields.form_id);
    const fieldId = positiveInt(fields.field_id);
    if (formId === null || fieldId === null) return Promise.resolve(failWith(FORMS_TEXT.fieldNotUpload));
    return forms.uploadTarget(formId, fieldId, fields.nonce ?? '', uidOf(request));
  }
};

export default formsRoutes;
