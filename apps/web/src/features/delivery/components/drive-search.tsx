import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n';
import '../i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MyLocation from '@mui/icons-material/MyLocation';
import Search from '@mui/icons-material/Search';
import { searchPlace } from '../api/search-place';
import { RADIUS_OPTIONS_METRES } from '@spesa/shared/delivery/constants';

export interface DriveSearchState {
  latitude: number;
  longitude: number;
  /** "Como (CO)", or null for the browser's position */
  place: string | null;
}

/**
 * The Drive tab's search (spec section 2): a place (comune) whose stores nearby are listed, the browser's
 * position (refusal: the spec's alert), the radius of 10 or 30 km, and a button to clear the search.
 */
export function DriveSearch({
  value,
  radius,
  onChange,
  onRadiusChange,
}: {
  value: DriveSearchState | null;
  radius: number;
  onChange: (next: DriveSearchState | null) => void;
  onRadiusChange: (metres: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function search(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    setMessage(null);
    setPending(true);
    try {
      const [city] = await searchPlace(q);
      if (!city) setMessage(t('delivery.drive.placeNotFound'));
      else
        onChange({
          latitude: city.latitude,
          longitude: city.longitude,
          place: `${city.name} (${city.province})`,
        });
    } catch {
      setMessage(t('toast.genericError'));
    } finally {
      setPending(false);
    }
  }

  function locate() {
    setMessage(null);
    if (!('geolocation' in navigator)) {
      setMessage(t('delivery.drive.geoRefused'));
      return;
    }
    setPending(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setPending(false);
        onChange({ latitude: pos.coords.latitude, longitude: pos.coords.longitude, place: null });
      },
      () => {
        setPending(false);
        setMessage(t('delivery.drive.geoRefused'));
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  return (
    <Box sx={{ mb: 2 }}>
      <Box component="form" role="search" onSubmit={(e) => void search(e)} sx={{ display: 'flex', gap: 1 }}>
        <TextField
          id={`${id}-q`}
          label={t('delivery.drive.searchLabel')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="small"
          fullWidth
          autoComplete="address-level2"
        />
        <Button type="submit" variant="contained" disabled={pending} aria-label={t('delivery.drive.search')}>
          <Search />
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        <Button startIcon={<MyLocation />} onClick={locate} disabled={pending} size="small">
          {t('delivery.drive.geolocate')}
        </Button>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <FormLabel id={`${id}-radius`} sx={{ fontSize: 14, color: 'text.primary' }}>
            {t('delivery.drive.radius')}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${id}-radius`}
            value={String(radius)}
            onChange={(_, v) => onRadiusChange(Number(v))}
          >
            {RADIUS_OPTIONS_METRES.map((m) => (
              <FormControlLabel
                key={m}
                value={String(m)}
                control={<Radio size="small" />}
                label={t('delivery.drive.km', { km: m / 1000 })}
                sx={{ mr: 1 }}
              />
            ))}
          </RadioGroup>
        </Box>
      </Box>
      {message ? (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
          {message}
        </Alert>
      ) : null}
      {value ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Typography variant="body2" role="status">
            {value.place
              ? t('delivery.drive.near', { km: radius / 1000, place: value.place })
              : t('delivery.drive.nearYou', { km: radius / 1000 })}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            onClick={() => {
              setText('');
              onChange(null);
            }}
          >
            {t('delivery.drive.clear')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
