import type { LIST_NAME_MAX } from '@spesa/shared/contracts/lists';

/** The contract's longest list name, checked against it by type (no zod value in the selector's chunk). */
export const LIST_NAME_LENGTH_MAX: typeof LIST_NAME_MAX = 60;

/** The trimmed name, or why it cannot be sent (the server checks it again with the contract). */
export function checkListName(value: string): { name: string } | { error: 'required' | 'tooLong' } {
  const name = value.trim();
  if (!name) return { error: 'required' };
  if (name.length > LIST_NAME_LENGTH_MAX) return { error: 'tooLong' };
  return { name };
}
