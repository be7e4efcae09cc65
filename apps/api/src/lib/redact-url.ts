/** Query parameters whose values never reach the logs (passwords, PINs, e-mailed tokens). */
const SECRET_PARAMS =
  /^(password|old_password|new_password|mfa_pin|mfa_token|token|reset_token|reg_control_code)$/i;

/** The URL with secret query values replaced by "***". */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()])
    if (SECRET_PARAMS.test(key)) {
      params.set(key, '***');
      changed = true;
    }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}
