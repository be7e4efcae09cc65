import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { BlockFrame } from '../block-frame';
import { BannerItem } from '../banner-item';
import { SafeHtml } from '../../../components/safe-html';

export function StaticImageBlock({ block }: { block: CategoryBlock }) {
  return (
    <BlockFrame block={block}>
      {block.proposals.map((p) => (
        <BannerItem key={p.id} proposal={p} forceStyle="image" />
      ))}
    </BlockFrame>
  );
}

export function StaticTextBlock({ block }: { block: CategoryBlock }) {
  return (
    <BlockFrame block={block}>
      {block.proposals.map((p) => (
        <Box key={p.id} sx={{ '& p': { my: 1 }, '& h2, & h3': { mt: 2, mb: 1 } }}>
          {p.name && !block.metaData.TITLE ? (
            <Typography variant="h3" component="h3">
              {p.name}
            </Typography>
          ) : null}
          <Typography component="div">
            <SafeHtml html={p.content ?? p.descr} />
          </Typography>
        </Box>
      ))}
    </BlockFrame>
  );
}
