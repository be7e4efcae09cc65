import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormAlert } from '../../../components/form-alert';
import { PagePager } from '../../../components/page-pager';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { errorTexts } from '../../../lib/http';
import '../i18n';
import { useUserSearch, type UserSearch } from '../api/list-users';
import { useSelectUser } from '../api/select-user';

/**
 * "Cerca il cliente" (decision 053): by name, e-mail, phone, fiscal code or loyalty-card number, a paged
 * table; choosing a customer makes the operator's session act for them.
 */
export function CustomerSearchPage({ onSelected }: { onSelected: () => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [card, setCard] = useState('');
  const [search, setSearch] = useState<UserSearch | null>(null);
  const result = useUserSearch(search);
  const select = useSelectUser();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({
      ...(q.trim() ? { q: q.trim() } : {}),
      ...(card.trim() ? { card: card.trim() } : {}),
      page: 1,
    });
  };
  const data = result.data;

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('operators.search.intro')}</Typography>
      <Box
        component="form"
        role="search"
        aria-label={t('operators.search.title')}
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 3 }}
      >
        <TextField
          label={t('operators.search.q')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          sx={{ flex: '1 1 260px' }}
          autoFocus
        />
        <TextField
          label={t('operators.search.card')}
          value={card}
          onChange={(e) => setCard(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ flex: '1 1 200px' }}
        />
        <Button type="submit" variant="contained" sx={{ minHeight: 56 }}>
          {t('operators.search.submit')}
        </Button>
      </Box>
      <FormAlert
        messages={
          result.isError
            ? errorTexts(result.error, t('operators.search.error'))
            : select.isError
              ? errorTexts(select.error, t('operators.search.error'))
              : []
        }
        focus
      />
      {search && result.isPending ? (
        <CircularProgress aria-label={t('operators.search.submit')} sx={{ display: 'block', mx: 'auto' }} />
      ) : null}
      {data && search ? (
        <>
          <Typography role="status" sx={{ mb: 1 }}>
            {data.page.totItems === 0
              ? t('operators.search.none')
              : t('operators.search.count', { count: data.page.totItems })}
          </Typography>
          {data.users.length > 0 ? (
            <TableContainer>
              <Table size="small" aria-label={t('operators.search.results')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('operators.search.name')}</TableCell>
                    <TableCell>{t('operators.search.cardColumn')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {t('operators.search.email')}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {t('operators.search.phone')}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                      {t('operators.search.fiscalCode')}
                    </TableCell>
                    <TableCell>
                      <VisuallyHidden>{t('operators.search.selectShort')}</VisuallyHidden>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.users.map((u) => {
                    const name = `${u.firstName} ${u.lastName}`.trim() || u.email;
                    return (
                      <TableRow key={u.userId} data-testid="customer-row">
                        <TableCell>{name}</TableCell>
                        <TableCell>{u.cardNumber ?? '—'}</TableCell>
                        <TableCell
                          sx={{ display: { xs: 'none', md: 'table-cell' }, overflowWrap: 'anywhere' }}
                        >
                          {u.email}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                          {u.mobilePhone}
                        </TableCell>
                        <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>
                          {u.fiscalCode}
                        </TableCell>
                        <TableCell align="right">
                          <Button
                            variant="outlined"
                            size="small"
                            disabled={select.isPending}
                            aria-label={t('operators.search.select', { name })}
                            onClick={() => select.mutate(u.userId, { onSuccess: onSelected })}
                          >
                            {t('operators.search.selectShort')}
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          ) : null}
          <PagePager
            page={search.page}
            totPages={data.page.totPages}
            onPage={(page) => setSearch({ ...search, page })}
            previousLabel={t('operators.search.previousPage')}
            nextLabel={t('operators.search.nextPage')}
          />
        </>
      ) : null}
    </>
  );
}
