import { useUxBlocksOfTerm } from '../api/get-ux-blocks';
import { htmlToText, SafeHtml } from './safe-html';
import './ux-blocks.css';

/** The content blocks placed on a term (a category's slug), each a titled section; nothing when none. */
export function UxBlocksOfTerm({ term }: { term: string }) {
  const blocks = useUxBlocksOfTerm(term);
  if (!blocks.data?.length) return null;
  return (
    <div className="ux-blocks page-container">
      {blocks.data.map((b) => {
        const headingId = `ux-block-${b.id}`;
        return (
          <section key={b.id} className="ux-block" aria-labelledby={headingId}>
            <h2 id={headingId}>{htmlToText(b.title.rendered)}</h2>
            <SafeHtml html={b.content.rendered} />
          </section>
        );
      })}
    </div>
  );
}
