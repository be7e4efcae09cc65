import '../i18n';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Wishlist } from '@spesa/shared/contracts/lists';
import { errorTexts } from '../../../lib/http';
import { FormAlert } from '../../../components/form-alert';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useCreateList } from '../api/create-list';
import { useDeleteList } from '../api/delete-list';
import { useLists } from '../api/get-lists';
import { useRenameList } from '../api/rename-list';
import { useSelectList } from '../api/select-list';
import { ConfirmDialog } from './confirm-dialog';
import { ListNameForm } from './list-name-form';
import { OfflineCopyNotice } from '../../../components/offline-copy-notice';

/**
 * /profile/lists: the customer's own lists and those shared with them; create, rename, delete, default.
 * The server's success texts show as toasts (the calls are quiet only for failures, shown above the form).
 */
export function ListsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('lists.title'));
  const lists = useLists();
  const create = useCreateList();
  const [errors, setErrors] = useState<string[]>([]);
  const fallback = t('lists.error');

  return (
    <section>
      <Typography variant="h1" sx={{ fontSize: { xs: 26, md: 32 }, mb: 1 }}>
        {t('lists.title')}
      </Typography>
      <OfflineCopyNotice path="/wishlist/list" />
      <Typography sx={{ mb: 3 }}>{t('lists.intro')}</Typography>

      <FormAlert messages={errors} focus />
      <Paper variant="outlined" component="section" aria-labelledby="lists-create" sx={{ p: 2, mb: 3 }}>
        <Typography component="h2" variant="subtitle1" id="lists-create" sx={{ fontWeight: 500, mb: 1.5 }}>
          {t('lists.create.title')}
        </Typography>
        <ListNameForm
          label={t('lists.create.name')}
          submitLabel={t('lists.create.submit')}
          uppercaseSubmit
          busy={create.isPending}
          onSubmit={(name) =>
            create.mutateAsync(name).then(
              () => {
                setErrors([]);
                return true;
              },
              (e: unknown) => {
                setErrors(errorTexts(e, fallback));
                return false;
              },
            )
          }
        />
      </Paper>

      {lists.isPending ? <PageLoading /> : null}
      {lists.isError ? <FormAlert messages={[t('lists.loadError')]} /> : null}
      {lists.data ? (
        <>
          <Typography role="status" sx={{ mb: 1, color: 'text.secondary' }}>
            {lists.data.personalList.length === 0
              ? t('lists.empty')
              : t('lists.count', { count: lists.data.personalList.length })}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {lists.data.personalList.map((list) => (
              <li key={list.listId}>
                <ListRow list={list} onError={(e) => setErrors(errorTexts(e, fallback))} />
              </li>
            ))}
          </Box>
        </>
      ) : null}
    </section>
  );
}

/** Who shared a list and what the customer may do with it ("Condivisa da Anna · sola lettura"). */
export function SharedByText({ list }: { list: Wishlist }) {
  const { t } = useTranslation();
  const grant = list.sharingData.grant;
  if (grant === 'OWNER') return null;
  return (
    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
      {t('lists.sharedBy', { name: list.sharingData.owner.name })} · {t(`lists.grant.${grant}`)}
    </Typography>
  );
}

function ListRow({ list, onError }: { list: Wishlist; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const rename = useRenameList();
  const remove = useDeleteList();
  const select = useSelectList();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const owner = list.sharingData.grant === 'OWNER';
  const busy = rename.isPending || remove.isPending || select.isPending;
  const name = list.name;

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <Box
            component={RouterLink}
            to={`/profile/lists/${list.listId}`}
            sx={{
              color: 'inherit',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark' },
            }}
          >
            {name}
          </Box>
        </Typography>
        {list.isDefault ? <Chip size="small" color="primary" label={t('lists.default')} /> : null}
      </Box>
      <Typography variant="body2">{t('lists.products', { count: list.size })}</Typography>
      <SharedByText list={list} />

      {renaming ? (
        <Box sx={{ mt: 1.5 }}>
          <ListNameForm
            label={t('lists.renameField', { name })}
            submitLabel={t('lists.save')}
            initialName={name}
            autoFocus
            busy={busy}
            onCancel={() => setRenaming(false)}
            onSubmit={(next) =>
              rename.mutateAsync({ listId: list.listId, name: next }).then(
                () => {
                  setRenaming(false);
                  return true;
                },
                (e: unknown) => {
                  onError(e);
                  return false;
                },
              )
            }
          />
        </Box>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          <Button
            component={RouterLink}
            to={`/profile/lists/${list.listId}`}
            variant="outlined"
            aria-label={t('lists.openLabel', { name })}
          >
            {t('lists.open')}
          </Button>
          {owner ? (
            <>
              <Button
                variant="text"
                disabled={busy}
                aria-label={t('lists.renameLabel', { name })}
                onClick={() => setRenaming(true)}
              >
                {t('lists.rename')}
              </Button>
              {!list.isDefault ? (
                <Button
                  variant="text"
                  disabled={busy}
                  aria-label={t('lists.makeDefaultLabel', { name })}
                  onClick={() => select.mutate(list.listId, { onError })}
                >
                  {t('lists.makeDefault')}
                </Button>
              ) : null}
              <Button
                variant="text"
                color="error"
                disabled={busy}
                aria-label={t('lists.deleteLabel', { name })}
                onClick={() => setConfirming(true)}
              >
                {t('lists.delete')}
              </Button>
            </>
          ) : null}
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('lists.deleteTitle')}
        text={t('lists.removeList', { name })}
        confirmLabel={t('lists.delete')}
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(list.listId, {
            onSuccess: () => setConfirming(false),
            onError: (e) => {
              setConfirming(false);
              onError(e);
            },
          })
        }
      />
    </Paper>
  );
}
