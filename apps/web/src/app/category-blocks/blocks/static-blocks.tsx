import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { BlockFrame } from '../block-frame';
import { BannerItem } from '../banner-item';
import { SafeHtml } from '../../../features/content/components/safe-html';

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
        <div key={p.id} className="static-text">
          {p.name && !block.metaData.TITLE ? <h3 className="static-text-title">{p.name}</h3> : null}
          <div className="static-text-body">
            <SafeHtml html={p.content ?? p.descr} />
          </div>
        </div>
      ))}
    </BlockFrame>
  );
}
