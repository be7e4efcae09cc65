import { createContext, type CSSProperties, type ReactNode } from 'react';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { metaString } from './utils/block-meta';
import { SafeHtml } from '../../features/content/components/safe-html';
import './category-blocks.css';
import { focusRingStyle } from '../../components/focus-ring';

/**
 * Heading element for the items inside a block (banner titles): h3 under a block title (h2), h2 when the
 * block has none, so the page outline never skips a level after the page's h1.
 */
export const ItemHeadingContext = createContext<'h2' | 'h3'>('h2');

/** The block's TITLE, for the items inside that would repeat it (an image banner's caption). */
export const BlockTitleContext = createContext<string | undefined>(undefined);

/** Common frame of a block: optional TITLE (h2), DESCRIPTION, background colour / image / padding. */
export function BlockFrame({
  block,
  children,
  action,
}: {
  block: CategoryBlock;
  children: ReactNode;
  action?: ReactNode;
}) {
  const title = metaString(block.metaData, 'TITLE');
  const description = metaString(block.metaData, 'DESCRIPTION');
  const bg = metaString(block.metaData, 'BACKGROUND_COLOR');
  const bgImage = metaString(block.metaData, 'BACKGROUND_IMAGE');
  const padding = metaString(block.metaData, 'BACKGROUND_PADDING');
  const headingId = `block-${block.categoryBlockId}-title`;
  const background: CSSProperties | undefined =
    bg || bgImage
      ? {
          backgroundColor: bg,
          backgroundImage: bgImage ? `url("${bgImage}")` : undefined,
          backgroundPosition: metaString(block.metaData, 'BACKGROUND_POSITION') ?? 'center',
          // the focus ring in a colour seen on the block's own (decision 069)
          ...(bg ? focusRingStyle(bg) : {}),
          ...(padding ? { padding: `${Number(padding) || 16}px` } : {}),
        }
      : undefined;
  // plain elements and category-blocks.css (no emotion for the frame of every block)
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      data-block-type={block.templateBlock.codInt}
      data-testid={`block-${block.templateBlock.codInt}`}
      className={background ? 'block-frame has-background' : 'block-frame'}
      style={background}
    >
      {title || action ? (
        <div className="block-frame-head">
          {title ? (
            <h2 id={headingId} className="block-frame-title">
              {title}
            </h2>
          ) : (
            <span />
          )}
          {action}
        </div>
      ) : null}
      {description ? (
        <div className="block-frame-description">
          <SafeHtml html={description} />
        </div>
      ) : null}
      <BlockTitleContext.Provider value={title}>
        <ItemHeadingContext.Provider value={title ? 'h3' : 'h2'}>{children}</ItemHeadingContext.Provider>
      </BlockTitleContext.Provider>
    </section>
  );
}
