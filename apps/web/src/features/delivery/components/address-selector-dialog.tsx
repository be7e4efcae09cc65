import { lazy, Suspense, useContext, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import '../i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import StarBorder from '@mui/icons-material/StarBorder';
import type { Address } from '@spesa/shared/contracts/delivery';
import { withinMetres } from '@spesa/shared/delivery/distance';
import type { CategoryBlock } from '@spesa/shared/contracts/catalogue';
import { PageLoading } from '../../../components/page-loading';
import { SERVICES_PAGE_PATH } from '../../../lib/config';
import { useAuth } from '../../../lib/use-auth';
import { readServerFailure } from '../../../lib/server-errors';
import { useCart } from '../../cart/api/get-cart';
import { useCategory } from '../../catalogue/api/get-category';
import { useDeleteAddress } from '../api/delete-address';
import { useDeliveryServiceList, type NearPoint } from '../api/get-delivery-service-list';
import { useSelectAddress } from '../api/select-address';
import { useSelectFavouriteStore } from '../api/select-favourite-store';
import { useSetAddressClass } from '../api/set-address-class';
import {
  closeDeliveryDialog,
  getDeliveryDialogState,
  openTimeslotPicker,
  useDeliveryDialog,
} from '../../../lib/delivery-dialog-store';
import { filterAddresses, isElderlyAddress, isElderlyEntitled } from '../utils/address-rows';
import { nextAfterAddress } from '../utils/delivery-chain';
import { CART_STATUS, DELIVERY_SERVICE, PROXIMITY_DEFAULT_METRES } from '@spesa/shared/delivery/constants';
import { DELIVERY_DIALOG_MAX_WIDTH } from '../utils/delivery-constants';
import { ContentBlockView } from '../../../components/content-block-view';
import { AddressRows } from './address-rows';
import { DriveSearch, type DriveSearchState } from './drive-search';
import { ElderlyError, ElderlyFee, ElderlyNotice, useElderlyNoticeAccepted } from './elderly-service';

const StoreMap = lazy(() => import('./store-map').then((m) => ({ default: m.StoreMap })));

const SELECTOR_SLUG = 'service-selector';

/** The tab a service belongs to: work delivery shows in the home tab, the cold locker with the lockers. */
function tabOfService(serviceId: number | null | undefined): number | null {
  if (serviceId === DELIVERY_SERVICE.homeWork) return DELIVERY_SERVICE.home;
  if (serviceId === DELIVERY_SERVICE.lockerCold) return DELIVERY_SERVICE.locker;
  return serviceId ?? null;
}

const isBelow = (b: CategoryBlock) => /bottom|below|footer|after/i.test(b.position);

function Blocks({ blocks }: { blocks: readonly CategoryBlock[] }) {
  const CategoryBlockView = useContext(ContentBlockView);
  if (blocks.length === 0 || !CategoryBlockView) return null;
  return (
    <Suspense fallback={null}>
      {blocks.map((b) => (
        <CategoryBlockView key={b.categoryBlockId} block={b} />
      ))}
    </Suspense>
  );
}

/**
 * The address selector (spec section 2): title, description and blocks from the category
 * `service-selector`; one tab per service whose showTab is set (equal widths); the addresses or stores of
 * the chosen service. Choosing a row sets the cart's address or store and closes; the chain of section 4
 * may then open the slot picker. Focus goes back to the opener at the end (delivery-dialog-store).
 */
export function AddressSelectorDialog() {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const state = useDeliveryDialog();
  const cart = useCart();
  const category = useCategory(SELECTOR_SLUG);
  const cartTab = tabOfService(cart.data?.shippingAddress ? cart.data.deliveryServiceId : null);
  const [tab, setTab] = useState<number | null>(state.serviceId);
  const services = useDeliveryServiceList(DELIVERY_SERVICE.drive);
  const tabs = (services.data?.deliveryServices ?? []).filter((s) => s.showTab);
  const current = tab ?? cartTab ?? tabs[0]?.deliveryServiceId ?? DELIVERY_SERVICE.drive;

  const title = category.data?.name || t('delivery.selector.title');
  const description = category.data?.metaData?.category_info?.DESCRIPTION ?? '';
  const blocks = category.data?.categoryBlocks ?? [];

  return (
    <Dialog
      open
      onClose={closeDeliveryDialog}
      fullWidth
      fullScreen={fullScreen}
      disableRestoreFocus
      aria-labelledby={titleId}
      aria-describedby={description ? descId : undefined}
      slotProps={{ paper: { sx: { maxWidth: fullScreen ? undefined : DELIVERY_DIALOG_MAX_WIDTH } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <DialogTitle id={titleId} component="h2" sx={{ flex: 1, fontSize: 20, pb: 1 }}>
          {title}
        </DialogTitle>
        <IconButton onClick={closeDeliveryDialog} aria-label={t('delivery.selector.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent sx={{ pt: 0, px: { xs: 2, sm: 3 } }}>
        {description ? (
          <DialogContentText id={descId} sx={{ mb: 2, fontSize: 15, color: 'text.primary' }}>
            {description}
          </DialogContentText>
        ) : null}
        <Blocks blocks={blocks.filter((b) => !isBelow(b))} />
        {cart.data?.cartStatusId === CART_STATUS.locked ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('delivery.selector.locked')}
          </Alert>
        ) : null}
        {services.isPending ? (
          <PageLoading />
        ) : (
          <>
            <Tabs
              value={tabs.some((s) => s.deliveryServiceId === current) ? current : false}
              onChange={(_, v: number) => setTab(v)}
              variant="fullWidth"
              aria-label={t('delivery.selector.tabsLabel')}
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
            >
              {tabs.map((s) => (
                <Tab
                  key={s.deliveryServiceId}
                  value={s.deliveryServiceId}
                  label={t(`delivery.service.${s.deliveryServiceId}`, { defaultValue: s.name })}
                  id={`delivery-tab-${s.deliveryServiceId}`}
                  aria-controls={`delivery-panel-${s.deliveryServiceId}`}
                  sx={{ minHeight: 56, px: 1, fontSize: 14, lineHeight: 1.25 }}
                />
              ))}
            </Tabs>
            <Box role="tabpanel" id={`delivery-panel-${current}`} aria-labelledby={`delivery-tab-${current}`}>
              <ServicePanel key={current} serviceId={current} />
            </Box>
          </>
        )}
        <Blocks blocks={blocks.filter(isBelow)} />
      </DialogContent>
    </Dialog>
  );
}

function ServicePanel({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const cart = useCart();
  const [near, setNear] = useState<DriveSearchState | null>(null);
  const [radius, setRadius] = useState(PROXIMITY_DEFAULT_METRES);
  const [filter, setFilter] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const point: NearPoint | undefined = useMemo(
    () => (near ? { latitude: near.latitude, longitude: near.longitude, distance: radius } : undefined),
    [near, radius],
  );
  const list = useDeliveryServiceList(serviceId, serviceId === DELIVERY_SERVICE.drive ? point : undefined);
  const select = useSelectAddress();
  const favourite = useSelectFavouriteStore();
  const mark = useSetAddressClass();
  const remove = useDeleteAddress();
  const elderlyEntitled = serviceId === DELIVERY_SERVICE.home && isElderlyEntitled(user?.legals);
  const [noticeAccepted, acceptNotice] = useElderlyNoticeAccepted(user?.userId ?? -1);
  const isHome = serviceId === DELIVERY_SERVICE.home;
  const isDrive = serviceId === DELIVERY_SERVICE.drive;

  // a search around a point lists only the stores within its radius: the answer of an earlier search (kept on
  // screen while the new one loads) is cut to the chosen distance too
  const all = useMemo(() => {
    const answered = list.data?.addresses ?? [];
    return isDrive && point ? withinMetres(answered, point, point.distance) : answered;
  }, [list.data, isDrive, point]);
  const rows = useMemo(() => filterAddresses(all, filter), [all, filter]);
  const elderlyAddress = all.find(isElderlyAddress) ?? null;
  const selectedId = cart.data?.shippingAddress?.addressId ?? null;
  const locked = cart.data?.cartStatusId === CART_STATUS.locked;
  const serviceName = t(`delivery.service.${serviceId}`);

  function choose(address: Address) {
    if (locked || select.isPending) return;
    setFailure(null);
    select.mutate(
      { addressId: address.addressId, deliveryServiceId: address.deliveryServiceId },
      {
        onSuccess: (next) => {
          const after = nextAfterAddress(next, getDeliveryDialogState());
          if (after === 'timeslot') openTimeslotPicker({ chain: true });
          else closeDeliveryDialog();
        },
        onError: (error) => setFailure(readServerFailure(error, t('toast.genericError')).general.join('\n')),
      },
    );
  }

  function toggleElderly(address: Address, elderly: boolean) {
    setFailure(null);
    mark.mutate(
      { addressId: address.addressId, elderly },
      {
        onError: (error) => {
          const f = readServerFailure(error, t('toast.genericError'));
          setFailure([...f.general, ...Object.values(f.fields)].join('\n'));
        },
      },
    );
  }

  function confirmDelete() {
    const address = toDelete;
    if (!address) return;
    setToDelete(null);
    setFailure(null);
    remove.mutate(address.addressId, {
      onError: (error) => setFailure(readServerFailure(error, t('toast.genericError')).general.join('\n')),
    });
  }

  if (elderlyEntitled && !noticeAccepted) return <ElderlyNotice onAccept={acceptNotice} />;

  const addButton = (
    <Button
      variant="contained"
      onClick={() => {
        closeDeliveryDialog();
        void navigate('/profile/addresses/edit?from=selector');
      }}
    >
      {t('delivery.selector.addAddress')}
    </Button>
  );

  return (
    <>
      {isDrive ? (
        <DriveSearch value={near} radius={radius} onChange={setNear} onRadiusChange={setRadius} />
      ) : null}
      {elderlyEntitled ? (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {elderlyAddress ? t('delivery.elderly.hasAddress') : t('delivery.elderly.chooseAddress')}
        </Typography>
      ) : null}
      <ElderlyError message={failure} />
      {all.length > 0 ? (
        <TextField
          label={t('delivery.selector.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          size="small"
          fullWidth
          type="search"
          sx={{ mb: 1.5 }}
        />
      ) : null}
      {isDrive && rows.length > 0 ? (
        <Suspense fallback={<Box sx={{ height: 220, mb: 1.5 }} />}>
          <Box sx={{ mb: 1.5, borderRadius: 2, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
            <StoreMap
              stores={rows}
              selectedId={selectedId}
              onChoose={choose}
              label={t('delivery.drive.map')}
            />
          </Box>
        </Suspense>
      ) : null}
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <Alert severity="error">{t('delivery.selector.error')}</Alert>
      ) : rows.length === 0 ? (
        <Typography sx={{ my: 2 }} role="status">
          {all.length > 0
            ? t('delivery.selector.noMatch')
            : isHome
              ? t('delivery.selector.noAddress')
              : isDrive && near
                ? t('delivery.drive.none')
                : t('delivery.selector.noStore')}
        </Typography>
      ) : (
        <AddressRows
          label={t('delivery.selector.listLabel', { service: serviceName })}
          addresses={rows}
          selectedId={selectedId}
          busy={select.isPending || list.isFetching}
          onChoose={choose}
          extra={(a) => (elderlyEntitled && isElderlyAddress(a) ? <ElderlyFee address={a} /> : null)}
          actions={(a) => (
            <>
              {isDrive && !a.preferred && a.warehouseId !== null ? (
                <IconButton
                  aria-label={t('delivery.selector.makeFavourite', { name: a.addressName })}
                  onClick={() => favourite.mutate(a.warehouseId ?? 0)}
                  disabled={favourite.isPending}
                >
                  <StarBorder />
                </IconButton>
              ) : null}
              {elderlyEntitled && a.addressType !== 'work' ? (
                isElderlyAddress(a) ? (
                  <Button size="small" onClick={() => toggleElderly(a, false)} disabled={mark.isPending}>
                    {t('delivery.elderly.unmark')}
                  </Button>
                ) : !elderlyAddress ? (
                  <Button
                    size="small"
                    onClick={() => toggleElderly(a, true)}
                    disabled={mark.isPending}
                    aria-label={t('delivery.elderly.markLabel', { name: a.addressName })}
                  >
                    {t('delivery.elderly.mark')}
                  </Button>
                ) : null
              ) : null}
              {a.editable ? (
                <>
                  <IconButton
                    component={RouterLink}
                    to={`/profile/addresses/edit/${a.addressId}`}
                    onClick={closeDeliveryDialog}
                    aria-label={t('delivery.selector.edit', { name: a.addressName })}
                  >
                    <EditOutlined />
                  </IconButton>
                  <IconButton
                    onClick={() => setToDelete(a)}
                    aria-label={t('delivery.selector.delete', { name: a.addressName })}
                  >
                    <DeleteOutline />
                  </IconButton>
                </>
              ) : null}
            </>
          )}
        />
      )}
      {isHome ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end', mt: 2 }}>
          {all.length === 0 ? (
            <Button component={RouterLink} to={SERVICES_PAGE_PATH} onClick={closeDeliveryDialog}>
              {t('delivery.selector.ourServices')}
            </Button>
          ) : null}
          {addButton}
        </Box>
      ) : null}
      <Dialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        aria-labelledby="delete-address-title"
        aria-describedby="delete-address-text"
      >
        <DialogTitle id="delete-address-title" component="h2" sx={{ fontSize: 20 }}>
          {t('delivery.selector.deleteTitle')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-address-text">
            {t('delivery.selector.deleteText', { name: toDelete?.addressName ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)}>{t('delivery.selector.cancel')}</Button>
          <Button color="error" variant="contained" onClick={confirmDelete}>
            {t('delivery.selector.deleteConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
