import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import '../i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CloseIcon from '@mui/icons-material/Close';
import type { Timeslot, TimeslotDay } from '@spesa/shared/contracts/delivery';
import { PageLoading } from '../../../components/page-loading';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { readServerFailure } from '../../../lib/server-errors';
import { useCart } from '../../cart/api/get-cart';
import { useCategory } from '../../catalogue/api/get-category';
import { DaySlides } from '../../content/components/day-slides';
import { useTimeslots } from '../api/get-timeslots';
import { useSelectTimeslot } from '../api/select-timeslot';
import {
  closeDeliveryDialog,
  openAddressSelector,
  useDeliveryDialog,
} from '../../../lib/delivery-dialog-store';
import { useRovingFocus } from '../hooks/use-roving-focus';
import { needsAddressFirst } from '../utils/delivery-chain';
import { CART_STATUS } from '@spesa/shared/delivery/constants';
import { DELIVERY_DIALOG_MAX_WIDTH } from '../utils/delivery-constants';
import { dayTabLabel, longDay, slotRange, todayIso } from '../utils/format-slot';
import { slotState, slotsOfPeriod, type PeriodFilter } from '../utils/timeslot-grid';

const SLOT_COLORS = {
  available: { bg: '#fff', border: '#2e7d32', color: '#1b5e20' },
  'almost-full': { bg: '#fff8e1', border: '#b26a00', color: '#6d4200' },
  full: { bg: '#eeeeee', border: '#9e9e9e', color: '#5f5f5f' },
  selected: { bg: '#1b5e20', border: '#1b5e20', color: '#fff' },
} as const;

/** The legend's swatch, the same look as the slots. */
function Swatch({ kind }: { kind: keyof typeof SLOT_COLORS }) {
  const c = SLOT_COLORS[kind];
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: 0.5,
        border: 2,
        borderColor: c.border,
        bgcolor: c.bg,
        backgroundImage:
          kind === 'full'
            ? 'repeating-linear-gradient(45deg, transparent 0 3px, #bdbdbd 3px 5px)'
            : undefined,
        verticalAlign: 'middle',
        mr: 0.75,
      }}
    />
  );
}

/** The payment route: the address cannot be changed from here (spec section 2). */
const PAYMENT_PATHS = ['/checkout'];

/**
 * The time-slot picker (spec section 2): day tabs ('OGGI' today), a grid of slots (4 columns on phones, 3
 * from medium up) with the legend available / almost full / full / selected, a morning/afternoon filter;
 * slots with active below 1 cannot be chosen. Choosing saves to the cart and closes. Without an address it
 * hands over to the address selector, which comes back here (the chain of section 4).
 */
export function TimeslotDialog() {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const { pathname } = useLocation();
  const state = useDeliveryDialog();
  const cart = useCart();
  const slots = useTimeslots();
  const category = useCategory('timeslot');
  const select = useSelectTimeslot();
  const [dayIndex, setDayIndex] = useState<number | null>(null);
  const [period, setPeriod] = useState<PeriodFilter>('all');
  const [failure, setFailure] = useState<string | null>(null);
  const today = todayIso();

  // no address yet: the address selector first, then back here
  const noAddress = cart.data ? needsAddressFirst(cart.data) : false;
  useEffect(() => {
    if (noAddress) openAddressSelector({ chain: state.chain, returnTo: 'timeslot' });
  }, [noAddress, state.chain]);

  const days = slots.data?.days ?? [];
  const selectedDay = days.findIndex((d) => d.selected);
  const firstOpen = days.findIndex((d) => d.timeslots.some((s) => s.active >= 1));
  const current = dayIndex ?? (selectedDay >= 0 ? selectedDay : Math.max(firstOpen, 0));
  const day: TimeslotDay | undefined = days[current];
  const nothingFree = slots.isSuccess && days.every((d) => d.timeslots.every((s) => s.active < 1));
  const locked = cart.data?.cartStatusId === CART_STATUS.locked;
  const canChangeAddress = !locked && !PAYMENT_PATHS.some((p) => pathname.startsWith(p));
  const address = cart.data?.shippingAddress;

  function choose(slot: Timeslot) {
    if (!day || slot.active < 1 || select.isPending) return;
    setFailure(null);
    select.mutate(
      { date: day.dateIso, timeslotId: slot.timeslotId },
      {
        onSuccess: () => closeDeliveryDialog(),
        onError: (error) => setFailure(readServerFailure(error, t('toast.genericError')).general.join('\n')),
      },
    );
  }

  return (
    <Dialog
      open
      onClose={closeDeliveryDialog}
      fullWidth
      fullScreen={fullScreen}
      disableRestoreFocus
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { maxWidth: fullScreen ? undefined : DELIVERY_DIALOG_MAX_WIDTH } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
        <DialogTitle id={titleId} component="h2" sx={{ flex: 1, fontSize: 20, pb: 1 }}>
          {category.data?.name || t('delivery.timeslot.title')}
        </DialogTitle>
        <IconButton onClick={closeDeliveryDialog} aria-label={t('delivery.selector.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {/* 6 px above the first row: the scrolling content clips a focus ring drawn outside it */}
      <DialogContent sx={{ pt: 0.75, px: { xs: 2, sm: 3 } }}>
        {address ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 180 }}>
              {t(`delivery.service.${cart.data?.deliveryServiceId ?? 1}`)}:{' '}
              <strong>{address.addressName}</strong>
              {address.addressType === 'home' || address.addressType === 'work'
                ? `, ${address.address1} ${address.addressNumber}, ${address.city}`
                : ''}
            </Typography>
            {canChangeAddress ? (
              <Button
                size="small"
                variant="outlined"
                onClick={() => openAddressSelector({ chain: state.chain, returnTo: 'timeslot' })}
              >
                {t('delivery.timeslot.changeAddress')}
              </Button>
            ) : null}
          </Box>
        ) : null}
        {locked ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('delivery.selector.locked')}
          </Alert>
        ) : null}
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        ) : null}
        {slots.isPending || noAddress ? (
          <PageLoading />
        ) : slots.isError ? (
          <Alert severity="error">
            {readServerFailure(slots.error, t('toast.genericError')).general.join('\n')}
          </Alert>
        ) : nothingFree ? (
          <Alert severity="warning" role="status">
            {t('delivery.timeslot.none')}
          </Alert>
        ) : (
          <>
            <Tabs
              value={current}
              onChange={(_, v: number) => setDayIndex(v)}
              variant="scrollable"
              scrollButtons="auto"
              allowScrollButtonsMobile
              aria-label={t('delivery.timeslot.daysLabel')}
              sx={{ borderBottom: 1, borderColor: 'divider', mb: 1.5 }}
            >
              {days.map((d, i) => (
                <Tab
                  key={d.dateIso}
                  value={i}
                  id={`slot-day-${i}`}
                  aria-controls="slot-day-panel"
                  label={
                    <>
                      {dayTabLabel(d.dateIso, today, t('delivery.timeslot.today'))}
                      <VisuallyHidden>{`, ${longDay(d.dateIso)}`}</VisuallyHidden>
                    </>
                  }
                  sx={{ minWidth: 72, px: 1.5, fontWeight: 700 }}
                />
              ))}
            </Tabs>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
              <FormLabel id={`${titleId}-period`} sx={{ fontSize: 14, color: 'text.primary' }}>
                {t('delivery.timeslot.period')}
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${titleId}-period`}
                value={period}
                onChange={(_, v) => setPeriod(v as PeriodFilter)}
              >
                {(['all', 'morning', 'afternoon'] as const).map((p) => (
                  <FormControlLabel
                    key={p}
                    value={p}
                    control={<Radio size="small" />}
                    label={t(`delivery.timeslot.${p}`)}
                    sx={{ mr: 1.5 }}
                  />
                ))}
              </RadioGroup>
            </Box>
            <Box id="slot-day-panel" role="tabpanel" aria-labelledby={`slot-day-${current}`}>
              <DaySlides
                day={day?.dateIso}
                deliveryServiceId={cart.data?.deliveryServiceId ?? undefined}
                onLinkFollowed={closeDeliveryDialog}
              />
              {day ? <SlotGrid day={day} period={period} onChoose={choose} busy={select.isPending} /> : null}
            </Box>
            <Box
              component="ul"
              aria-label={t('delivery.timeslot.legend')}
              sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'flex', flexWrap: 'wrap', gap: 2 }}
            >
              {(
                [
                  ['available', 'available'],
                  ['almost-full', 'almostFull'],
                  ['full', 'full'],
                  ['selected', 'selected'],
                ] as const
              ).map(([kind, key]) => (
                <Typography component="li" variant="body2" key={kind}>
                  <Swatch kind={kind} />
                  {t(`delivery.timeslot.${key}`)}
                </Typography>
              ))}
            </Box>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Why a day shows no slot: the day has none to book at all (a day the service does not deliver, or today
 * with its slots past), or the morning/afternoon filter leaves none of those it has.
 */
function emptyDayText(day: TimeslotDay, period: PeriodFilter, t: ReturnType<typeof useTranslation>['t']) {
  if (period !== 'all' && day.timeslots.length > 0) return t(`delivery.timeslot.noneInPeriod.${period}`);
  if (day.dateIso === todayIso()) return t('delivery.timeslot.noneToday');
  return t('delivery.timeslot.noneOnDay', { day: longDay(day.dateIso) });
}

function SlotGrid({
  day,
  period,
  onChoose,
  busy,
}: {
  day: TimeslotDay;
  period: PeriodFilter;
  onChoose: (slot: Timeslot) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width:960px)');
  const columns = wide ? 3 : 4;
  const items = slotsOfPeriod(day.timeslots, period);
  const selectedIndex = items.findIndex((s) => s.selected);
  const { itemProps } = useRovingFocus({ items, activeIndex: selectedIndex, onChoose, columns });
  if (items.length === 0)
    return (
      <Typography sx={{ my: 2 }} role="status">
        {emptyDayText(day, period, t)}
      </Typography>
    );
  return (
    <Box
      role="radiogroup"
      aria-label={t('delivery.timeslot.gridLabel', { day: longDay(day.dateIso) })}
      aria-busy={busy || undefined}
      sx={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 1 }}
    >
      {items.map((slot, index) => {
        const kind = slotState(slot);
        const c = SLOT_COLORS[kind];
        const disabled = slot.active < 1;
        const statusText = t(`delivery.timeslot.status.${kind}`);
        return (
          <Box
            key={slot.timeslotId}
            role="radio"
            aria-checked={slot.selected}
            aria-disabled={disabled || undefined}
            aria-label={`${slotRange(slot.beginTime, slot.endTime)}, ${statusText}`}
            data-status={kind}
            {...itemProps(index)}
            sx={{
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              minHeight: 48,
              px: 0.5,
              py: 0.75,
              border: 2,
              borderRadius: 1,
              borderColor: c.border,
              bgcolor: c.bg,
              color: c.color,
              backgroundImage:
                kind === 'full'
                  ? 'repeating-linear-gradient(45deg, transparent 0 6px, rgba(0,0,0,0.06) 6px 10px)'
                  : undefined,
              cursor: disabled ? 'not-allowed' : 'pointer',
              fontSize: 14,
              fontWeight: 500,
              textAlign: 'center',
              outline: 'none',
              '&:focus-visible': { outline: '3px solid #0d47a1', outlineOffset: 2 },
              '&:hover': disabled || slot.selected ? undefined : { bgcolor: 'rgba(46, 125, 50, 0.08)' },
            }}
          >
            <span>{slot.beginTime.slice(0, 5)}</span>
            <Box component="span" sx={{ fontSize: 12, fontWeight: 400 }}>
              {slot.endTime.slice(0, 5)}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
