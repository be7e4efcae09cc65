import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import '../i18n';

/** The till code as a CODE 128 barcode (JsBarcode, loaded here only), for the till's scanner. */
export function TillCodeBarcode({ code }: { code: string }) {
  const { t } = useTranslation();
  const svg = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('jsbarcode')
      .then(({ default: JsBarcode }) => {
        if (!live || !svg.current) return;
        JsBarcode(svg.current, code, {
          format: 'CODE128',
          displayValue: false,
          width: 2,
          height: 90,
          margin: 12,
          background: '#ffffff',
          lineColor: '#000000',
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [code]);
  if (failed) return null;
  return (
    <Box
      component="svg"
      ref={svg}
      role="img"
      aria-label={t('smartcart.end.barcode', { code })}
      data-testid="till-barcode"
      sx={{
        display: 'block',
        mx: 'auto',
        width: '100%',
        maxWidth: 340,
        height: 'auto',
        minHeight: 114,
        bgcolor: '#fff',
      }}
    />
  );
}
