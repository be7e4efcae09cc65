import { Fragment } from 'react';
import { PageForm } from './PageForm';
import { SafeHtml } from './safe-html';

/** `[form id=N]`, alone in its paragraph or inline: where a page's form goes. */
const FORM_PLACEHOLDER = /(?:<p>\s*)?\[form id=(\d{1,9})\](?:\s*<\/p>)?/g;

/**
 * A content page's text: sanitised HTML (server and SafeHtml), with the page's form at its placeholder. A
 * page whose `formId` has no placeholder gets its form after the text.
 */
export function ContentHtml({ html, formId }: { html: string; formId?: number | null }) {
  const parts = html.split(FORM_PLACEHOLDER);
  // split() with one capture group: text, id, text, id, … text
  const placed = parts.length > 1;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 0 ? (
          <SafeHtml key={i} html={part} />
        ) : (
          <Fragment key={i}>
            <PageForm formId={Number(part)} />
          </Fragment>
        ),
      )}
      {!placed && formId ? <PageForm formId={formId} /> : null}
    </>
  );
}
