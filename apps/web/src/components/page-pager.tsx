import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * "‹ 2 / 5 ›" under a short paged list of the customer area (products to vote, wallet movements): nothing
 * when there is one page. The arrows are named by `previousLabel` and `nextLabel`.
 */
export function PagePager(props: {
  page: number;
  totPages: number;
  onPage: (page: number) => void;
  previousLabel: string;
  nextLabel: string;
}) {
  const { page, totPages, onPage } = props;
  if (totPages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={props.previousLabel}>
        ‹
      </Button>
      <Typography sx={{ alignSelf: 'center' }}>
        {page} / {totPages}
      </Typography>
      <Button disabled={page >= totPages} onClick={() => onPage(page + 1)} aria-label={props.nextLabel}>
        ›
      </Button>
    </Box>
  );
}
