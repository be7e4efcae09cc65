import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { groupedCardNumber } from '@spesa/shared/loyalty/card-number';
import '../i18n';

/**
 * The card's EAN-13 barcode to show at the till, drawn as SVG by JsBarcode (loaded only here, in its own
 * chunk), with the number as text beside it: a screen reader reads the number, and the cashier can type it
 * when the barcode cannot be scanned or drawn.
 */
export function CardBarcode({ cardNumber }: { cardNumber: string }) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);
  const grouped = groupedCardNumber(cardNumber);

  useEffect(() => {
    let live = true;
    import('jsbarcode')
      .then(({ default: JsBarcode }) => {
        if (!live || !svg.current) return;
        JsBarcode(svg.current, cardNumber, {
          format: 'EAN13',
          displayValue: false,
          width: 2,
          height: 80,
          margin: 12,
          background: '#ffffff',
          lineColor: '#000000',
          valid: (ok) => {
            if (!ok) setFailed(true);
          },
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [cardNumber]);

  return (
    <Box component="figure" sx={{ m: 0, textAlign: 'center' }}>
      {failed ? (
        <Typography role="status" sx={{ py: 2 }}>
          {t('loyalty.card.barcodeUnavailable')}
        </Typography>
      ) : (
        <Box
          component="svg"
          ref={svg}
          role="img"
          aria-label={t('loyalty.card.barcodeLabel', { number: grouped })}
          data-testid="card-barcode"
          sx={{
            display: 'block',
            mx: 'auto',
            width: '100%',
            maxWidth: 300,
            height: 'auto',
            minHeight: 104,
            bgcolor: '#ffffff',
            borderRadius: 1,
          }}
        />
      )}
      <Typography
        component="figcaption"
        sx={{ fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: '0.08em', mt: 1 }}
        data-testid="card-number"
      >
        {grouped}
      </Typography>
    </Box>
  );
}
