import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import '../i18n';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import RadioButtonChecked from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Star from '@mui/icons-material/Star';
import WorkOutline from '@mui/icons-material/WorkOutlineOutlined';
import type { Address } from '@spesa/shared/contracts/delivery';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useRovingFocus } from '../hooks/use-roving-focus';
import { formatDistance, isElderlyAddress } from '../utils/address-rows';

/**
 * The rows of the address selector (spec section 2): name, type-specific description, a radio mark for the
 * selected row, the work icon with its tooltip, the star of the default store or delivery address. The rows
 * are custom radios with one tab stop (arrows move, Space/Enter choose); each row's own buttons (favourite,
 * edit, delete, elderly) come after it in the tab order.
 */
export function AddressRows({
  label,
  addresses,
  selectedId,
  onChoose,
  actions,
  extra,
  busy,
}: {
  label: string;
  addresses: readonly Address[];
  selectedId: number | null;
  onChoose: (address: Address) => void;
  /** the row's own buttons */
  actions?: (address: Address) => ReactNode;
  /** a line under the description (e.g. the elderly fee) */
  extra?: (address: Address) => ReactNode;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const baseId = useId();
  const selectedIndex = addresses.findIndex((a) => a.addressId === selectedId);
  const { itemProps } = useRovingFocus({ items: addresses, activeIndex: selectedIndex, onChoose });
  return (
    <Box
      role="radiogroup"
      aria-label={label}
      aria-busy={busy || undefined}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      {addresses.map((a, index) => {
        const checked = a.addressId === selectedId;
        const work = a.addressType === 'work';
        const elderly = isElderlyAddress(a);
        const descId = `${baseId}-${a.addressId}-d`;
        const star = a.preferred
          ? a.addressType === 'drive'
            ? t('delivery.selector.favouriteStore')
            : t('delivery.selector.defaultAddress')
          : null;
        return (
          <Box
            key={a.addressId}
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              gap: 0.5,
              border: 1,
              borderColor: checked ? 'primary.main' : 'divider',
              borderRadius: 2,
              bgcolor: checked ? 'rgba(46, 125, 50, 0.06)' : 'background.paper',
            }}
          >
            <Box
              role="radio"
              aria-checked={checked}
              aria-describedby={descId}
              data-address-id={a.addressId}
              {...itemProps(index)}
              sx={{
                flex: 1,
                minWidth: 0,
                display: 'flex',
                gap: 1,
                alignItems: 'flex-start',
                p: 1.25,
                borderRadius: 2,
                cursor: 'pointer',
                outline: 'none',
                '&:focus-visible': { boxShadow: (th) => `inset 0 0 0 3px ${th.palette.primary.dark}` },
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Box component="span" sx={{ color: checked ? 'primary.main' : 'text.secondary', pt: '1px' }}>
                {checked ? (
                  <RadioButtonChecked fontSize="small" aria-hidden />
                ) : (
                  <RadioButtonUnchecked fontSize="small" aria-hidden />
                )}
              </Box>
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
                  <Typography component="span" sx={{ fontWeight: 500 }}>
                    {a.addressName}
                  </Typography>
                  {work ? (
                    <Tooltip title={t('delivery.selector.workTooltip')}>
                      <WorkOutline
                        fontSize="small"
                        sx={{ color: 'text.secondary' }}
                        aria-hidden={false}
                        titleAccess={t('delivery.selector.workTooltip')}
                      />
                    </Tooltip>
                  ) : null}
                  {star ? (
                    <Star fontSize="small" sx={{ color: '#8a6d00' }} aria-hidden={false} titleAccess={star} />
                  ) : null}
                  {elderly ? (
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{ px: 0.75, borderRadius: 1, bgcolor: 'primary.main', color: '#fff' }}
                    >
                      {t('delivery.elderly.badge')}
                    </Typography>
                  ) : null}
                </Box>
                <Typography id={descId} component="span" variant="body2" sx={{ display: 'block' }}>
                  {a.addressDescr}
                  {a.distance !== undefined
                    ? ` · ${t('delivery.selector.distance', { km: formatDistance(a.distance) })}`
                    : ''}
                  {a.addressType === 'home' && a.receiverName ? (
                    <VisuallyHidden>{`, ${a.receiverName}`}</VisuallyHidden>
                  ) : null}
                </Typography>
                {extra?.(a)}
              </Box>
            </Box>
            {actions ? (
              <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0, pt: 0.25, pr: 0.25 }}>
                {actions(a)}
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
