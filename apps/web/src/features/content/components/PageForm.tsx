import { Suspense } from 'react';
import { lazyWithMuiTheme } from '../../../components/lazy-with-mui-theme';
import { PageLoading } from '../../../components/page-loading';

// the forms feature's renderer (decision 051), loaded only by the pages that carry a form
const FormRenderer = lazyWithMuiTheme(() =>
  import('../../forms/components/FormRenderer').then((m) => ({ default: m.FormRenderer })),
);

/** Where a content page shows its form (the page's `form_id`, or a `[form id=N]` placeholder in its text). */
export function PageForm({ formId }: { formId: number }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <FormRenderer formId={formId} />
    </Suspense>
  );
}
