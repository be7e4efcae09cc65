import type { ResponseMessage } from '@spesa/shared/contracts/envelope';
import { ApiError } from './http';

/**
 * Server failures on forms: validation answers name the field of each message (`errors[].field`, e.g.
 * "person.fiscalCode"); those go on the field, the others above the form.
 */
export interface ServerFailure {
  /** field path → message */
  fields: Record<string, string>;
  /** messages without a field (or of fields the form does not show) */
  general: string[];
  /** the first error's code, e.g. msg.auth.mfaRequired */
  code: string | undefined;
}

export function readServerFailure(error: unknown, fallback: string): ServerFailure {
  if (!(error instanceof ApiError)) return { fields: {}, general: [fallback], code: undefined };
  const fields: Record<string, string> = {};
  const general: string[] = [];
  const messages: ResponseMessage[] = error.response.errors;
  for (const m of messages) {
    const text = m.error ?? '';
    if (!text) continue;
    if (m.field && !(m.field in fields)) fields[m.field] = text;
    else if (!m.field) general.push(text);
  }
  if (general.length === 0 && Object.keys(fields).length === 0) general.push(error.message || fallback);
  return { fields, general: [...new Set(general)], code: messages[0]?.code };
}

/**
 * Puts the field messages whose path starts with `prefix` (e.g. "person.") on a react-hook-form form;
 * returns the messages it could not place.
 */
export function applyFieldErrors(
  fields: Record<string, string>,
  known: readonly string[],
  setError: (name: string, message: string, focus: boolean) => void,
  prefix = '',
): string[] {
  const unplaced: string[] = [];
  let first = true;
  for (const [path, message] of Object.entries(fields)) {
    if (prefix && !path.startsWith(prefix)) continue;
    const name = prefix ? path.slice(prefix.length) : path;
    if (known.includes(name)) {
      // the first placed message takes the focus (the customer lands on what to fix)
      setError(name, message, first);
      first = false;
    } else unplaced.push(message);
  }
  return unplaced;
}
