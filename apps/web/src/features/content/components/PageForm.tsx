/**
 * Where a content page shows its form (the page's `form_id`, or a `[form id=N]` placeholder in its text).
 * The forms feature's renderer is mounted here; with no renderer wired the page shows its text only.
 */
export function PageForm({ formId }: { formId: number }) {
  void formId;
  return null;
}
