import { useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n';
import '../i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Address } from '@spesa/shared/contracts/delivery';
import { formatPrice } from '@spesa/shared/format/price';
import { readJson, writeJson } from '../../../lib/storage';
import { checkAddress } from '../api/check-address';
import { useAddressPreview } from '../api/get-address-preview';

const STORAGE_KEY = 'spesa.elderlyNoticeAccepted';
const listeners = new Set<() => void>();

/** The customers (user ids) who read and accepted the elderly notice on this browser. */
function acceptedIds(): number[] {
  return readJson<number[]>(STORAGE_KEY, []);
}

export function useElderlyNoticeAccepted(userId: number): [boolean, () => void] {
  const accepted = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => acceptedIds().includes(userId),
    () => false,
  );
  const accept = () => {
    writeJson(STORAGE_KEY, [...new Set([...acceptedIds(), userId])]);
    for (const l of listeners) l();
  };
  return [accepted, accept];
}

/**
 * The elderly service's notice (spec section 2, service 2): read first by an entitled customer, then
 * accepted; only then can one non-work address be marked.
 */
export function ElderlyNotice({ onAccept }: { onAccept: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [accepting, setAccepting] = useState(false);
  return (
    <Box
      component="section"
      aria-labelledby="elderly-notice-title"
      sx={{ border: 1, borderColor: 'primary.main', borderRadius: 2, p: 2, mb: 2 }}
    >
      <Typography id="elderly-notice-title" ref={headingRef} component="h3" variant="h6" sx={{ mb: 1 }}>
        {t('delivery.elderly.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('delivery.elderly.notice1')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('delivery.elderly.notice2')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('delivery.elderly.notice3')}
      </Typography>
      <Button
        variant="contained"
        disabled={accepting}
        onClick={() => {
          setAccepting(true);
          onAccept();
        }}
      >
        {t('delivery.elderly.accept')}
      </Button>
    </Box>
  );
}

/** The discounted fee of the elderly address: the preview's fee (discount in) against the zone's. */
export function ElderlyFee({ address }: { address: Address }) {
  const { t } = useTranslation();
  const preview = useAddressPreview(address.addressId);
  const standard = useQuery({
    queryKey: ['geo', 'fee', address.postalcode, address.city, address.province],
    queryFn: () =>
      checkAddress({ postalcode: address.postalcode, city: address.city, province: address.province }),
    staleTime: 5 * 60_000,
  });
  if (!preview.data) return null;
  const fee = formatPrice(preview.data.deliveryFee);
  const full = standard.data ? formatPrice(standard.data.deliveryFee) : null;
  return (
    <Typography
      component="span"
      variant="body2"
      sx={{ display: 'block', color: 'primary.dark', fontWeight: 500 }}
    >
      {full && full !== fee
        ? t('delivery.elderly.feeDiscounted', { fee, standard: full })
        : t('delivery.elderly.fee', { fee })}
    </Typography>
  );
}

/** Outcome of a mark/unmark: the server's refusal (one address only, no work address...). */
export function ElderlyError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {message}
    </Alert>
  );
}
