import { useContext } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { Proposal } from '@spesa/shared/contracts/catalogue';
import { SmartLink } from '../../features/content/components/smart-link';
import { bannerStyle, metaBool, metaString, type BannerStyle } from './utils/block-meta';
import { htmlToText } from '../../components/safe-html';
import { ItemHeadingContext } from './block-frame';

/** SmartLink is plain; the banners style it with sx. */
const SxLink = styled(SmartLink)({});

/** Intrinsic sizes of a banner format (desktop and phone images), reserving the space before it loads. */
export interface BannerFormat {
  desktop: readonly [number, number];
  mobile: readonly [number, number];
}

/** Header slider banners: 1200×400 on desktop, 600×400 on phones (the content's banner format). */
export const HEADER_BANNER_FORMAT: BannerFormat = { desktop: [1200, 400], mobile: [600, 400] };

interface BannerItemProps {
  proposal: Proposal;
  format?: BannerFormat | undefined;
  /** the first banner of a header slider loads eagerly (it is the page's largest image) */
  eager?: boolean;
  forceStyle?: BannerStyle;
}

function BannerImage({
  proposal,
  eager,
  format,
  sx,
}: {
  proposal: Proposal;
  eager?: boolean | undefined;
  format?: BannerFormat | undefined;
  sx?: object;
}) {
  const desktop = metaString(proposal.metaData, 'IMAGE_DESKTOP') ?? proposal.img ?? undefined;
  const mobile = metaString(proposal.metaData, 'IMAGE_MOBILE');
  if (!desktop) return null;
  const alt = proposal.imgAlt ?? '';
  return (
    <Box component="picture" sx={{ display: 'block', ...sx }}>
      {mobile ? (
        <source
          media="(max-width: 599px)"
          srcSet={mobile}
          width={format?.mobile[0]}
          height={format?.mobile[1]}
        />
      ) : null}
      <Box
        component="img"
        src={desktop}
        width={format?.desktop[0]}
        height={format?.desktop[1]}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        sx={{ display: 'block', width: '100%', height: 'auto', borderRadius: 2, objectFit: 'cover' }}
      />
    </Box>
  );
}

/** "Button" look inside a linked card: a span, since the whole card is the link (no nested controls). */
function FakeButton({ proposal }: { proposal: Proposal }) {
  const text = metaString(proposal.metaData, 'BTN_TEXT');
  if (!text || !metaBool(proposal.metaData, 'SHOW_BTN', true)) return null;
  const outlined = metaBool(proposal.metaData, 'BTN_OUTLINED');
  const color = metaString(proposal.metaData, 'BTN_COLOR') ?? '#1b5e20';
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-flex',
        alignSelf: 'flex-start',
        alignItems: 'center',
        minHeight: 36,
        px: 2,
        mt: 1,
        borderRadius: 1,
        fontWeight: 500,
        border: `2px solid ${color}`,
        bgcolor: outlined ? 'transparent' : color,
        color: outlined ? color : '#fff',
      }}
    >
      {text}
    </Box>
  );
}

function CardText({ proposal, onDark }: { proposal: Proposal; onDark?: boolean }) {
  const title = metaString(proposal.metaData, 'TITLE') ?? proposal.name;
  const descr = htmlToText(proposal.descr ?? proposal.imgDescription);
  const color = metaString(proposal.metaData, 'COLOR');
  const heading = useContext(ItemHeadingContext);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        p: 2,
        color: color ?? (onDark ? '#fff' : 'text.primary'),
      }}
    >
      <Typography component={heading} sx={{ fontWeight: 700, fontSize: 18, color: 'inherit' }}>
        {title}
      </Typography>
      {descr ? <Typography sx={{ color: 'inherit', fontSize: 15 }}>{descr}</Typography> : null}
      <FakeButton proposal={proposal} />
    </Box>
  );
}

/** One proposal in the style its type asks for: image, card, horizontal card, responsive card, header card, button. */
export function BannerItem({ proposal, eager, format, forceStyle }: BannerItemProps) {
  const style = forceStyle ?? bannerStyle(proposal);
  const bg = metaString(proposal.metaData, 'BG_COLOR');
  const href = proposal.proposalUrl;
  const linkSx = { display: 'block', textDecoration: 'none', height: '100%', borderRadius: 2 };

  if (style === 'button') {
    const text = metaString(proposal.metaData, 'BTN_TEXT') ?? proposal.name;
    const color = metaString(proposal.metaData, 'BTN_COLOR') ?? '#1b5e20';
    const outlined = metaBool(proposal.metaData, 'BTN_OUTLINED');
    return (
      <SxLink
        href={href}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          minHeight: 44,
          px: 3,
          borderRadius: 6,
          fontWeight: 700,
          textDecoration: 'none',
          border: `2px solid ${color}`,
          bgcolor: outlined ? 'transparent' : color,
          color: outlined ? color : '#fff',
        }}
      >
        {text}
      </SxLink>
    );
  }

  if (style === 'image') {
    const alt = proposal.imgAlt || proposal.name;
    return (
      <SxLink href={href} sx={linkSx}>
        <BannerImage proposal={{ ...proposal, imgAlt: alt }} eager={eager} format={format} />
      </SxLink>
    );
  }

  if (style === 'headerCard') {
    return (
      <SxLink
        href={href}
        sx={{ ...linkSx, position: 'relative', overflow: 'hidden', bgcolor: bg ?? '#1b5e20' }}
      >
        <BannerImage
          proposal={{ ...proposal, imgAlt: '' }}
          eager={eager}
          format={format}
          sx={{ opacity: 0.9 }}
        />
        <Box
          sx={{
            position: 'absolute',
            inset: 'auto 0 0 0',
            background: 'linear-gradient(transparent, rgba(0,0,0,0.75))',
            borderRadius: 2,
          }}
        >
          <CardText proposal={proposal} onDark />
        </Box>
      </SxLink>
    );
  }

  const horizontal = style === 'horizontalCard';
  const responsive = style === 'responsiveCard';
  return (
    <SxLink
      href={href}
      sx={{
        ...linkSx,
        bgcolor: bg ?? 'background.paper',
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        display: 'flex',
        flexDirection: horizontal ? 'row' : responsive ? { xs: 'column', md: 'row' } : 'column',
        alignItems: horizontal || responsive ? { md: 'center' } : undefined,
        '&:hover': { boxShadow: 3 },
      }}
    >
      <Box sx={{ flex: horizontal ? '0 0 40%' : responsive ? { md: '0 0 45%' } : undefined }}>
        <BannerImage
          proposal={{ ...proposal, imgAlt: '' }}
          eager={eager}
          format={format}
          sx={{ '& img': { borderRadius: 0 } }}
        />
      </Box>
      <CardText proposal={proposal} />
    </SxLink>
  );
}
