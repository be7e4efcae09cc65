import type { AdminAjaxAnswer } from '@spesa/shared/contracts/forms';
import { callApiMultipart } from '../../../lib/http';

/** POST /p/wp-admin/admin-ajax.php (contract `formsEndpoints.adminAjax`): a multipart body. */
const ADMIN_AJAX = 'POST /p/wp-admin/admin-ajax.php';

/** nf_fu_upload: one file of a form's upload field. */
export function uploadFormFile(
  formId: number,
  fieldId: number,
  nonce: string,
  file: File,
): Promise<AdminAjaxAnswer> {
  const body = new FormData();
  body.set('action', 'nf_fu_upload');
  body.set('form_id', String(formId));
  body.set('field_id', String(fieldId));
  body.set('nonce', nonce);
  body.set('files', file, file.name);
  return callApiMultipart(ADMIN_AJAX, body, { quiet: true });
}

/** nf_ajax_submit: the filled-in form, values by field id. */
export function submitForm(
  formId: number,
  nonce: string,
  fields: { id: number; value: unknown }[],
): Promise<AdminAjaxAnswer> {
  const body = new FormData();
  body.set('action', 'nf_ajax_submit');
  body.set('security', nonce);
  body.set('formData', JSON.stringify({ form_id: formId, fields }));
  return callApiMultipart(ADMIN_AJAX, body, { quiet: true });
}
