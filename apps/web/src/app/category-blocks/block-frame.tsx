import { createContext, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { metaString } from './utils/block-meta';
import { SafeHtml } from '../../components/safe-html';

/**
 * Heading element for the items inside a block (banner titles): h3 under a block title (h2), h2 when the
 * block has none, so the page outline never skips a level after the page's h1.
 */
export const ItemHeadingContext = createContext<'h2' | 'h3'>('h2');

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
  return (
    <Box
      component="section"
      aria-labelledby={title ? headingId : undefined}
      data-block-type={block.templateBlock.codInt}
      data-testid={`block-${block.templateBlock.codInt}`}
      sx={{
        my: 3,
        ...(bg || bgImage
          ? {
              bgcolor: bg,
              backgroundImage: bgImage ? `url("${bgImage}")` : undefined,
              backgroundSize: 'cover',
              backgroundPosition: metaString(block.metaData, 'BACKGROUND_POSITION') ?? 'center',
              p: padding ? `${Number(padding) || 16}px` : 2,
              borderRadius: 2,
            }
          : {}),
      }}
    >
      {title || action ? (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: 2,
            mb: 1.5,
            flexWrap: 'wrap',
          }}
        >
          {title ? (
            <Typography variant="h2" id={headingId}>
              {title}
            </Typography>
          ) : (
            <span />
          )}
          {action}
        </Box>
      ) : null}
      {description ? (
        <Typography component="div" color="text.secondary" sx={{ mb: 1.5 }}>
          <SafeHtml html={description} />
        </Typography>
      ) : null}
      <ItemHeadingContext.Provider value={title ? 'h3' : 'h2'}>{children}</ItemHeadingContext.Provider>
    </Box>
  );
}
