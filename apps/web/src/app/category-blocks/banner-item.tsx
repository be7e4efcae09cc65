import { useContext } from 'react';
import type { Proposal } from '@spesa/shared/contracts/catalogue';
import { HEADER_BANNER_SIZES } from '@spesa/shared/content/first-banner';
import { SmartLink } from '../../features/content/components/smart-link';
import { bannerStyle, metaBool, metaString, type BannerStyle } from './utils/block-meta';
import { htmlToText } from '../../features/content/components/safe-html';
import { BlockTitleContext, ItemHeadingContext } from './block-frame';
import './category-blocks.css';
import { focusRingStyle } from '../../components/focus-ring';

/** Intrinsic sizes of a banner format (desktop and phone images), reserving the space before it loads. */
export interface BannerFormat {
  desktop: readonly [number, number];
  mobile: readonly [number, number];
}

/** Header slider banners: 1200×400 on desktop, 600×400 on phones (the content's banner format). */
export const HEADER_BANNER_FORMAT: BannerFormat = HEADER_BANNER_SIZES;

interface BannerItemProps {
  proposal: Proposal;
  format?: BannerFormat | undefined;
  /** the first banner of a header slider loads eagerly (it is the page's largest image) */
  eager?: boolean;
  forceStyle?: BannerStyle;
}

/*
 * Plain elements and category-blocks.css (`banner-*`), colours from the proposal as inline styles: the
 * header slider's first banner is the home's largest image, and building these with emotion (sx) held its
 * first paint back on a slow phone.
 */

function BannerImage({
  proposal,
  eager,
  format,
  className,
}: {
  proposal: Proposal;
  eager?: boolean | undefined;
  format?: BannerFormat | undefined;
  className?: string;
}) {
  const desktop = metaString(proposal.metaData, 'IMAGE_DESKTOP') ?? proposal.img ?? undefined;
  const mobile = metaString(proposal.metaData, 'IMAGE_MOBILE');
  if (!desktop) return null;
  const alt = proposal.imgAlt ?? '';
  return (
    <picture className={className ? `banner-picture ${className}` : 'banner-picture'}>
      {mobile ? (
        <source
          media="(max-width: 599px)"
          srcSet={mobile}
          width={format?.mobile[0]}
          height={format?.mobile[1]}
        />
      ) : null}
      <img
        className="banner-img"
        src={desktop}
        width={format?.desktop[0]}
        height={format?.desktop[1]}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
    </picture>
  );
}

/** Colours of an outlined or filled button look: border, background and text. */
function buttonColours(color: string, outlined: boolean) {
  return {
    borderColor: color,
    backgroundColor: outlined ? 'transparent' : color,
    color: outlined ? color : '#fff',
  };
}

/** "Button" look inside a linked card: a span, since the whole card is the link (no nested controls). */
function FakeButton({ proposal }: { proposal: Proposal }) {
  const text = metaString(proposal.metaData, 'BTN_TEXT');
  if (!text || !metaBool(proposal.metaData, 'SHOW_BTN', true)) return null;
  const outlined = metaBool(proposal.metaData, 'BTN_OUTLINED');
  const color = metaString(proposal.metaData, 'BTN_COLOR') ?? '#1b5e20';
  return (
    <span className="banner-fake-button" style={buttonColours(color, outlined)}>
      {text}
    </span>
  );
}

function CardText({
  proposal,
  onDark,
  caption = false,
}: {
  proposal: Proposal;
  onDark?: boolean;
  /** an image banner's caption: no title that repeats the block's own, no button */
  caption?: boolean;
}) {
  const blockTitle = useContext(BlockTitleContext);
  const named = metaString(proposal.metaData, 'TITLE') ?? proposal.name;
  const title = caption && named === blockTitle ? '' : named;
  const descr = htmlToText(proposal.descr ?? proposal.imgDescription);
  const color = metaString(proposal.metaData, 'COLOR');
  const heading = useContext(ItemHeadingContext);
  return (
    <div className="banner-text" style={{ color: color ?? (onDark ? '#fff' : '#1c1c1c') }}>
      {!title ? null : heading === 'h3' ? (
        <h3 className="banner-title">{title}</h3>
      ) : (
        <h2 className="banner-title">{title}</h2>
      )}
      {descr ? <p className="banner-descr">{descr}</p> : null}
      {caption ? null : <FakeButton proposal={proposal} />}
    </div>
  );
}

/** One proposal in the style its type asks for: image, card, horizontal card, responsive card, header card, button. */
export function BannerItem({ proposal, eager, format, forceStyle }: BannerItemProps) {
  const style = forceStyle ?? bannerStyle(proposal);
  const bg = metaString(proposal.metaData, 'BG_COLOR');
  const href = proposal.proposalUrl;

  if (style === 'button') {
    const text = metaString(proposal.metaData, 'BTN_TEXT') ?? proposal.name;
    const color = metaString(proposal.metaData, 'BTN_COLOR') ?? '#1b5e20';
    const outlined = metaBool(proposal.metaData, 'BTN_OUTLINED');
    return (
      <SmartLink href={href} className="banner-button" style={buttonColours(color, outlined)}>
        {text}
      </SmartLink>
    );
  }

  if (style === 'image') {
    const alt = proposal.imgAlt || proposal.name;
    // the shop's artwork carries no text (images of text, WCAG 1.4.5): the proposal's description is its
    // caption, on the banner's own colour
    const captioned = Boolean(proposal.descr ?? proposal.imgDescription);
    if (!captioned)
      return (
        <SmartLink href={href} className="banner-link">
          <BannerImage proposal={{ ...proposal, imgAlt: alt }} eager={eager} format={format} />
        </SmartLink>
      );
    return (
      <SmartLink
        href={href}
        className="banner-link banner-captioned"
        style={{ backgroundColor: bg ?? '#1b5e20', ...focusRingStyle(bg ?? '#1b5e20', '--focus-ring-inside') }}
      >
        <BannerImage proposal={{ ...proposal, imgAlt: alt }} eager={eager} format={format} />
        <CardText proposal={proposal} onDark caption />
      </SmartLink>
    );
  }

  if (style === 'headerCard') {
    return (
      <SmartLink
        href={href}
        className="banner-link banner-header-card"
        style={{ backgroundColor: bg ?? '#1b5e20', ...focusRingStyle(bg ?? '#1b5e20', '--focus-ring-inside') }}
      >
        <BannerImage proposal={{ ...proposal, imgAlt: '' }} eager={eager} format={format} className="dim" />
        <div className="banner-overlay">
          <CardText proposal={proposal} onDark />
        </div>
      </SmartLink>
    );
  }

  const variant =
    style === 'horizontalCard' ? ' horizontal' : style === 'responsiveCard' ? ' responsive' : '';
  return (
    <SmartLink
      href={href}
      className={`banner-link banner-card${variant}`}
      style={{ backgroundColor: bg ?? '#fff', ...focusRingStyle(bg ?? '#fff', '--focus-ring-inside') }}
    >
      <div className="banner-card-media">
        <BannerImage proposal={{ ...proposal, imgAlt: '' }} eager={eager} format={format} />
      </div>
      <CardText proposal={proposal} />
    </SmartLink>
  );
}
