import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useListContext, useNotify, useRefresh } from 'react-admin';
import { adminCall } from './api';
import { bulkTexts as T } from './texts';

type Row = { id: number; name: string; price: number; newPrice: number };
const money = (n: number) => n.toLocaleString('it-IT', { style: 'currency', currency: 'EUR' });

/**
 * A list-price change of many products: those of the list's search (or a category id), moved by a percentage;
 * previewed first, applied in one transaction only if the products are still the ones previewed.
 */
export function BulkPriceButton() {
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [percent, setPercent] = useState('');
  const [preview, setPreview] = useState<{ data: Row[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const notify = useNotify();
  const refresh = useRefresh();
  const body = () => ({
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(categoryId.trim() ? { categoryId: Number(categoryId) } : {}),
    percent: Number(percent.replace(',', '.')),
  });
  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : T.failed);
    }
  };
  return (
    <>
      <Button
        size="small"
        onClick={() => {
          setQ(typeof filterValues.q === 'string' ? filterValues.q : '');
          setPreview(null);
          setOpen(true);
        }}
      >
        {T.open}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="md" aria-labelledby="bulk-title">
        <DialogTitle id="bulk-title">{T.title}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{T.help}</Typography>
          {error ? <Alert severity="error">{error}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 1 }}>
            <TextField label={T.search} value={q} onChange={(e) => setQ(e.target.value)} />
            <TextField
              label={T.category}
              value={categoryId}
              onChange={(e) => setCategoryId(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              label={T.percent}
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Stack>
          {preview ? (
            <>
              <Typography sx={{ mt: 2 }} role="status">
                {T.count(preview.total)}
              </Typography>
              <Table size="small" aria-label={T.title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{T.product}</TableCell>
                    <TableCell align="right">{T.now}</TableCell>
                    <TableCell align="right">{T.after}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.data.slice(0, 20).map((r) => (
                    <TableRow key={r.id}>
                      <TableCell>{r.name}</TableCell>
                      <TableCell align="right">{money(r.price)}</TableCell>
                      <TableCell align="right">{money(r.newPrice)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{T.cancel}</Button>
          <Button
            onClick={() =>
              void run(async () =>
                setPreview(await adminCall('POST /admin/products/bulk-price/preview', { body: body() })),
              )
            }
          >
            {T.preview}
          </Button>
          <Button
            variant="contained"
            disabled={!preview || preview.total === 0}
            onClick={() =>
              void run(async () => {
                await adminCall('POST /admin/products/bulk-price', {
                  body: { ...body(), expectedCount: preview?.total ?? 0 },
                });
                notify(T.done(preview?.total ?? 0), { type: 'success' });
                setOpen(false);
                refresh();
              })
            }
          >
            {T.apply}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
