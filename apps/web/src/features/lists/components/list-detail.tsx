import '../i18n';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { WishlistItem, WishlistView } from '@spesa/shared/contracts/lists';
import { formatProductPrice } from '@spesa/shared/format/price';
import { formatQuantity, minus, parseSellingRules, plus, refusalMessage } from '@spesa/shared/cart/quantity';
import { FormAlert } from '../../../components/form-alert';
import { NotFoundContent } from '../../../components/not-found-content';
import { PageLoading } from '../../../components/page-loading';
import { useDocumentTitle } from '../../../components/use-document-title';
import { ApiError, errorTexts } from '../../../lib/http';
import { paths } from '../../../lib/route-paths';
import { useAddAllFromList } from '../api/add-all-from-list';
import { useDeleteListItems } from '../api/delete-list-items';
import { useList } from '../api/get-list';
import { useUpdateListItems } from '../api/update-list-items';
import { ConfirmDialog } from './confirm-dialog';
import { SharedByText } from './lists-page';
import { ShareListForm } from './share-list-form';
import '../../cart/components/quantity-control.css';
import { OfflineCopyNotice } from '../../../components/offline-copy-notice';

const LIST_ID = /^[1-9]\d{0,9}$/;

/** /profile/lists/:listId: the list's products, their quantities, the whole list into the cart, sharing. */
export function ListDetail() {
  const { listId: param = '' } = useParams();
  const listId = LIST_ID.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null;
  if (listId === null) return <NotFoundContent />;
  return <ListDetailOf listId={listId} key={listId} />;
}

function ListDetailOf({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const list = useList(listId);
  useDocumentTitle(list.data?.name ?? t('lists.title'));
  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    const notFound = list.error instanceof ApiError && list.error.isNotFound;
    return (
      <section>
        <BackLink />
        <Typography variant="h1" sx={{ fontSize: { xs: 26, md: 32 }, mb: 2 }}>
          {t('lists.title')}
        </Typography>
        <FormAlert messages={[notFound ? t('lists.detail.notFound') : t('lists.loadError')]} />
      </section>
    );
  }
  return <ListView list={list.data} />;
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to="/profile/lists" variant="text" sx={{ mb: 1, px: 0 }}>
      {t('lists.detail.back')}
    </Button>
  );
}

function ListView({ list }: { list: WishlistView }) {
  const { t } = useTranslation();
  const grant = list.sharingData.grant;
  const editable = grant !== 'READ';
  const addAll = useAddAllFromList();
  const [errors, setErrors] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  const fallback = t('lists.error');

  return (
    <section>
      <BackLink />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: 26, md: 32 } }}>
          {list.name}
        </Typography>
        {list.isDefault ? <Chip size="small" color="primary" label={t('lists.default')} /> : null}
      </Box>
      <OfflineCopyNotice path="/wishlist/view" />
      <Typography variant="body2">{t('lists.products', { count: list.size })}</Typography>
      <SharedByText list={list} />
      {!editable ? <Typography sx={{ mt: 1 }}>{t('lists.detail.readOnly')}</Typography> : null}

      <Box sx={{ my: 2 }}>
        <FormAlert messages={errors} focus />
        {added ? (
          <Box role="status" sx={{ mb: 1 }}>
            <Typography variant="body2" component="span">
              {t('lists.detail.addAllDone')}{' '}
            </Typography>
            <Button component={RouterLink} to="/cart" size="small">
              {t('lists.detail.goToCart')}
            </Button>
          </Box>
        ) : null}
        <Button
          variant="contained"
          disabled={addAll.isPending || list.wishlistItems.length === 0}
          onClick={() => {
            setErrors([]);
            setAdded(false);
            addAll.mutate(list.listId, {
              onSuccess: () => setAdded(true),
              onError: (e) => setErrors(errorTexts(e, fallback)),
            });
          }}
        >
          {t('lists.detail.addAll')}
        </Button>
      </Box>

      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {t('lists.detail.items')}
      </Typography>
      {list.wishlistItems.length === 0 && list.wishlistInactiveItems.length === 0 ? (
        <Typography>{t('lists.detail.empty')}</Typography>
      ) : null}
      <ItemList list={list} items={list.wishlistItems} editable={editable} onError={setErrors} />

      {list.wishlistInactiveItems.length > 0 ? (
        <Box component="section" aria-labelledby="list-inactive" sx={{ mt: 3 }}>
          <Typography component="h2" variant="h6" id="list-inactive">
            {t('lists.detail.inactive')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
            {t('lists.detail.inactiveHelp')}
          </Typography>
          <ItemList
            list={list}
            items={list.wishlistInactiveItems}
            editable={editable}
            inactive
            onError={setErrors}
          />
        </Box>
      ) : null}

      {grant === 'OWNER' ? <ShareListForm list={list} /> : null}
    </section>
  );
}

function ItemList({
  list,
  items,
  editable,
  inactive = false,
  onError,
}: {
  list: WishlistView;
  items: WishlistItem[];
  editable: boolean;
  inactive?: boolean;
  onError: (texts: string[]) => void;
}) {
  if (items.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item) => (
        <ItemRow
          key={item.itemId}
          listId={list.listId}
          item={item}
          editable={editable}
          inactive={inactive}
          onError={onError}
        />
      ))}
    </Box>
  );
}

function ItemRow({
  listId,
  item,
  editable,
  inactive,
  onError,
}: {
  listId: number;
  item: WishlistItem;
  editable: boolean;
  inactive: boolean;
  onError: (texts: string[]) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateListItems();
  const remove = useDeleteListItems();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const p = item.product;
  const name = p.name;
  const rules = parseSellingRules(p);
  const busy = update.isPending || remove.isPending;
  const fallback = t('lists.error');

  function change(quantity: number) {
    setRefusal(null);
    update.mutate(
      { listId, items: [{ itemId: item.itemId, quantity }] },
      { onError: (e) => setRefusal(errorTexts(e, fallback).join(' ')) },
    );
  }
  const step = minus(rules, item.quantity);

  return (
    <Paper
      component="li"
      variant="outlined"
      data-testid="list-item"
      sx={{
        p: 1.5,
        mb: 1,
        display: 'grid',
        gridTemplateColumns: { xs: '64px 1fr', sm: '64px 1fr auto auto' },
        gap: 1.5,
        alignItems: 'center',
        opacity: inactive ? 0.8 : 1,
      }}
    >
      <Box
        component="img"
        src={p.mediaURLMedium || p.mediaURL}
        alt=""
        width={64}
        height={64}
        loading="lazy"
        sx={{ objectFit: 'contain' }}
      />
      <Box>
        <Typography sx={{ fontWeight: 500 }}>
          <Box component={RouterLink} to={paths.product(p.slug)} sx={{ color: 'inherit' }}>
            {name}
          </Box>
        </Typography>
        {p.shortDescr ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {p.shortDescr}
          </Typography>
        ) : null}
        <Typography variant="body2">{formatProductPrice(p.priceDisplay, p)}</Typography>
      </Box>
      {editable && !inactive ? (
        <div className="qc">
          <div className="qc-stepper" role="group" aria-label={t('lists.detail.quantity', { name })}>
            <button
              type="button"
              className="qc-btn qc-minus"
              disabled={busy}
              aria-label={t('lists.detail.minusLabel', { name })}
              onClick={() =>
                step.refusal
                  ? setRefusal(refusalMessage(rules, step.refusal).text)
                  : step.quantity === 0
                    ? setConfirming(true)
                    : change(step.quantity)
              }
            >
              <span aria-hidden="true">−</span>
            </button>
            <span
              className="qc-value"
              aria-label={t('lists.detail.quantityValue', {
                name,
                quantity: formatQuantity(rules, item.quantity),
              })}
            >
              {formatQuantity(rules, item.quantity)}
            </span>
            <button
              type="button"
              className="qc-btn qc-plus"
              disabled={busy}
              aria-label={t('lists.detail.plusLabel', { name })}
              onClick={() => change(plus(rules, item.quantity))}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <p className="qc-refusal" role="status" aria-live="polite">
            {refusal}
          </p>
        </div>
      ) : (
        <Typography>
          {t('lists.detail.quantityText', { quantity: formatQuantity(rules, item.quantity) })}
        </Typography>
      )}
      {editable ? (
        <Button
          variant="text"
          color="error"
          disabled={busy}
          aria-label={t('lists.detail.removeLabel', { name })}
          onClick={() => setConfirming(true)}
        >
          {t('lists.detail.remove')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('lists.detail.removeTitle')}
        text={t('lists.detail.removeText', { name })}
        confirmLabel={t('lists.detail.remove')}
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(
            { listId, itemIds: [item.itemId] },
            {
              onSuccess: () => setConfirming(false),
              onError: (e) => {
                setConfirming(false);
                onError(errorTexts(e, fallback));
              },
            },
          )
        }
      />
    </Paper>
  );
}
