import Box from '@mui/material/Box';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { htmlToText } from '../../components/safe-html';

/** warehousePromo.view: the bubble (e.g. "-20%") and header/body texts. */
export function PromoBubble({ product }: { product: Product }) {
  const bubble = htmlToText(product.warehousePromo?.view.bubble);
  if (!bubble) return null;
  return (
    <Box
      component="span"
      sx={{
        bgcolor: 'secondary.main',
        color: '#fff',
        fontWeight: 700,
        fontSize: 13,
        px: 1,
        py: 0.25,
        borderRadius: 1,
        display: 'inline-block',
      }}
    >
      {bubble}
    </Box>
  );
}

export function PromoText({ product }: { product: Product }) {
  const view = product.warehousePromo?.view;
  const header = htmlToText(view?.header);
  const body = htmlToText(view?.body);
  if (!header && !body) return null;
  return (
    <Box sx={{ color: 'secondary.dark', fontSize: 13, fontWeight: 500 }} data-testid="promo-text">
      {header ? <span>{header}</span> : null}
      {header && body ? ' ' : null}
      {body ? <span>{body}</span> : null}
    </Box>
  );
}
