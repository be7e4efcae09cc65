import type { CategoryBlock, Proposal } from '@spesa/shared/contracts/catalogue';

type Meta = CategoryBlock['metaData'] | Proposal['metaData'] | undefined;

export function metaString(meta: Meta, key: string): string | undefined {
  const v = meta?.[key];
  if (v === undefined || v === null) return undefined;
  const s = String(v).trim();
  return s === '' ? undefined : s;
}

export function metaNumber(meta: Meta, key: string): number | undefined {
  const s = metaString(meta, key);
  if (s === undefined) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export function metaBool(meta: Meta, key: string, fallback = false): boolean {
  const v = meta?.[key];
  if (v === undefined || v === null || v === '') return fallback;
  return v === true || v === 1 || v === 'true' || v === '1';
}

/** Banner item styles (spec section 2) from the proposal type name, whatever its exact spelling. */
export type BannerStyle = 'image' | 'card' | 'horizontalCard' | 'responsiveCard' | 'headerCard' | 'button';

export function bannerStyle(proposal: Pick<Proposal, 'categoryProposalType'>): BannerStyle {
  const name = (proposal.categoryProposalType?.name ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (name.includes('button') || name.includes('btn')) return 'button';
  if (name.includes('horizontal')) return 'horizontalCard';
  if (name.includes('responsive')) return 'responsiveCard';
  if (name.includes('header')) return 'headerCard';
  if (name.includes('card')) return 'card';
  return 'image';
}

/** A category reference in block metadata: numeric id or slug. */
export function categoryRef(value: string | undefined): { id: number } | { slug: string } | null {
  if (!value) return null;
  return /^\d+$/.test(value)
    ? { id: Number(value) }
    : {
        slug:
          value
            .replace(/^\/?(shop\/)?category\//, '')
            .split('/')
            .filter(Boolean)
            .at(-1) ?? value,
      };
}
