import type { WpPage } from '@spesa/shared/contracts/content';
import { ContentHtml } from './content-html';
import { FaqList } from './faq-list';
import { StoreList } from './store-list';
import { htmlToText } from './safe-html';
import './content-page.css';

/** A page of the content store: title, validity text, the text (with its form), and the template's part. */
export function ContentPage({ page, headingLevel = 1 }: { page: WpPage; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="content-page">
      <Heading className="content-page-title">{htmlToText(page.title.rendered)}</Heading>
      {page.validity_text ? <p className="content-page-validity">{page.validity_text}</p> : null}
      {page.template === 'faq' ? (
        <FaqList html={page.content.rendered} />
      ) : (
        <div className="content-page-body">
          <ContentHtml html={page.content.rendered} formId={page.form_id} />
        </div>
      )}
      {page.template === 'stores' ? <StoreList stores={page.stores ?? []} /> : null}
    </article>
  );
}
