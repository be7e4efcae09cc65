import { useState } from 'react';
import { Box, Button, IconButton, Stack, TextField, Typography } from '@mui/material';
import type { AdminLeaflet } from '@spesa/shared/contracts/admin-leaflets';
import { leafletTexts as T } from './leaflet-texts';

interface ProductLine {
  key: string;
  page: string;
  price: string;
}
const euro = (n: number) => n.toLocaleString('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The pages as the shop's viewer shows them, and the upload of new ones (a PDF, or images in order). */
export function LeafletPages({
  leaflet,
  disabled,
  onUpload,
}: {
  leaflet: AdminLeaflet;
  disabled: boolean;
  onUpload: (files: File[]) => Promise<void>;
}) {
  return (
    <Box component="section" aria-labelledby="leaflet-pages" sx={{ mt: 2 }}>
      <Typography id="leaflet-pages" variant="subtitle1" component="h3">
        {T.pagesTitle(leaflet.pageCount)}
      </Typography>
      <Typography variant="body2">{T.pagesHelp}</Typography>
      <Button component="label" variant="outlined" disabled={disabled} sx={{ my: 1 }}>
        {T.upload}
        <input
          hidden
          type="file"
          multiple
          accept="application/pdf,.pdf,image/jpeg,image/png,image/webp"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) void onUpload(files);
          }}
        />
      </Button>
      <Stack direction="row" spacing={1} sx={{ overflowX: 'auto' }}>
        {Array.from({ length: leaflet.pageCount }, (_, n) => (
          <img
            key={n}
            src={`${leaflet.baseLocation}${n}-480.webp`}
            alt={T.pageAlt(n + 1)}
            width={120}
            height={170}
            style={{ border: '1px solid #ccc' }}
          />
        ))}
      </Stack>
    </Box>
  );
}

/** The products printed on the leaflet: code or EAN, page, the leaflet's price; saved all at once. */
export function LeafletProducts({
  leaflet,
  disabled,
  onSave,
}: {
  leaflet: AdminLeaflet;
  disabled: boolean;
  onSave: (products: Array<{ key: string; page: number; price: number }>) => Promise<void>;
}) {
  const [lines, setLines] = useState<ProductLine[]>(() =>
    leaflet.products.map((p) => ({ key: p.code, page: String(p.page), price: euro(p.price) })),
  );
  const set = (i: number, field: keyof ProductLine, value: string) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, [field]: value } : l)));
  const body = () =>
    lines
      .filter((l) => l.key.trim() !== '')
      .map((l) => ({
        key: l.key.trim(),
        page: Number(l.page),
        price: Number(l.price.replace(/\./g, '').replace(',', '.')),
      }));
  return (
    <Box component="section" aria-labelledby="leaflet-products" sx={{ mt: 2 }}>
      <Typography id="leaflet-products" variant="subtitle1" component="h3">
        {T.productsTitle}
      </Typography>
      {leaflet.products.length > 0 ? (
        <Typography variant="body2">
          {leaflet.products.map((p) => `${p.name} (${T.page} ${p.page}, ${euro(p.price)} €)`).join(' · ')}
        </Typography>
      ) : null}
      {lines.map((l, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            margin="dense"
            label={T.key}
            value={l.key}
            disabled={disabled}
            onChange={(e) => set(i, 'key', e.target.value)}
          />
          <TextField
            size="small"
            margin="dense"
            label={T.page}
            value={l.page}
            disabled={disabled}
            sx={{ width: 90 }}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            onChange={(e) => set(i, 'page', e.target.value)}
          />
          <TextField
            size="small"
            margin="dense"
            label={T.price}
            value={l.price}
            disabled={disabled}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            onChange={(e) => set(i, 'price', e.target.value)}
          />
          <IconButton
            aria-label={T.remove(i + 1)}
            disabled={disabled}
            onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}
          >
            ×
          </IconButton>
        </Stack>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          disabled={disabled}
          onClick={() => setLines((ls) => [...ls, { key: '', page: '1', price: '' }])}
        >
          {T.addProduct}
        </Button>
        <Button variant="contained" disabled={disabled} onClick={() => void onSave(body())}>
          {T.saveProducts}
        </Button>
      </Stack>
    </Box>
  );
}
