import '../i18n';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Product } from '@spesa/shared/contracts/catalogue';
import { firstQuantity, parseSellingRules } from '@spesa/shared/cart/quantity';
import { errorTexts } from '../../../lib/http';
import { FormAlert } from '../../../components/form-alert';
import { PageLoading } from '../../../components/page-loading';
import { showToast } from '../../../lib/toast-store';
import { TOAST_MS } from '../../../lib/config';
import { useAddToList } from '../api/add-to-list';
import { useCreateList } from '../api/create-list';
import { useLists } from '../api/get-lists';
import { ListNameForm } from './list-name-form';

/**
 * The list selector of the heart (a lazy chunk): the lists the customer may add to (own, and shared with
 * WRITE), or a new one by name; the product goes in with its smallest quantity (1, or its minimum).
 */
export default function ListSelectorDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const listsId = useId();
  const lists = useLists();
  const add = useAddToList();
  const create = useCreateList();
  const [errors, setErrors] = useState<string[]>([]);
  const busy = add.isPending || create.isPending;
  const fallback = t('lists.error');
  const editable = (lists.data?.personalList ?? []).filter((l) => l.sharingData.grant !== 'READ');

  async function addTo(listId: number): Promise<boolean> {
    setErrors([]);
    try {
      const quantity = firstQuantity(parseSellingRules(product));
      await add.mutateAsync({ listId, items: [{ productId: product.productId, quantity }] });
      showToast(t('lists.productAddToList'), 'success', TOAST_MS);
      onClose();
      return true;
    } catch (e) {
      setErrors(errorTexts(e, fallback));
      return false;
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('lists.selector.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('lists.selector.intro', { name: product.name })}
        </DialogContentText>
        <FormAlert messages={errors} focus />
        {lists.isPending ? <PageLoading /> : null}
        {lists.isError ? <FormAlert messages={[t('lists.loadError')]} /> : null}
        {lists.data ? (
          <>
            <Typography component="h3" variant="subtitle1" id={listsId} sx={{ fontWeight: 500 }}>
              {t('lists.selector.choose')}
            </Typography>
            {editable.length === 0 ? (
              <Typography variant="body2">{t('lists.selector.none')}</Typography>
            ) : (
              <List aria-labelledby={listsId} dense>
                {editable.map((list) => (
                  <ListItem key={list.listId} disablePadding>
                    <ListItemButton
                      disabled={busy}
                      aria-label={t('lists.selector.addTo', { name: list.name })}
                      onClick={() => void addTo(list.listId)}
                    >
                      <ListItemText
                        primary={list.name}
                        secondary={[
                          t('lists.products', { count: list.size }),
                          list.isDefault ? t('lists.default') : null,
                          list.sharingData.grant === 'WRITE'
                            ? t('lists.sharedBy', { name: list.sharingData.owner.name })
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            )}
          </>
        ) : null}
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mt: 2, mb: 1 }}>
          {t('lists.selector.orCreate')}
        </Typography>
        <ListNameForm
          label={t('lists.create.name')}
          submitLabel={t('lists.create.submit')}
          uppercaseSubmit
          busy={busy}
          onSubmit={(name) =>
            create.mutateAsync(name).then(
              (list) => addTo(list.listId),
              (e: unknown) => {
                setErrors(errorTexts(e, fallback));
                return false;
              },
            )
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('lists.selector.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
