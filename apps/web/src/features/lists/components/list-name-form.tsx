import '../i18n';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { checkListName, LIST_NAME_LENGTH_MAX } from '../utils/list-name';

/**
 * A list's name (create or rename): trimmed, 1 to 60 characters; the submit answers whether it went through
 * (a refusal of the server is shown by the caller).
 */
export function ListNameForm({
  label,
  submitLabel,
  initialName = '',
  busy = false,
  autoFocus = false,
  uppercaseSubmit = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initialName?: string;
  busy?: boolean;
  autoFocus?: boolean;
  /** the create button reads CREA, as in the spec; its accessible name stays the word */
  uppercaseSubmit?: boolean;
  onSubmit: (name: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(initialName);
  const [error, setError] = useState<string | null>(null);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        const checked = checkListName(value);
        if ('error' in checked) {
          setError(t(`lists.name.${checked.error}`, { max: LIST_NAME_LENGTH_MAX }));
          return;
        }
        setError(null);
        void onSubmit(checked.name).then((done) => {
          if (done && !initialName) setValue('');
        });
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <TextField
        id={id}
        label={label}
        value={value}
        size="small"
        autoFocus={autoFocus}
        autoComplete="off"
        onChange={(e) => setValue(e.target.value)}
        error={error !== null}
        helperText={error ?? ' '}
        sx={{ flex: '1 1 220px' }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={busy}
        sx={{ minHeight: 40, ...(uppercaseSubmit ? { textTransform: 'uppercase' } : {}) }}
      >
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button type="button" variant="text" onClick={onCancel} sx={{ minHeight: 40 }}>
          {t('lists.cancel')}
        </Button>
      ) : null}
    </Box>
  );
}
