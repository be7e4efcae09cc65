import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { withLineBreaks } from '../utils/cart-messages';

/**
 * The response-message alert list (spec section 2): errors, warnings and infos of an answer, one alert
 * each; escaped newlines ("\\n") become line breaks.
 */
export function ResponseMessages({
  errors = [],
  warnings = [],
  infos = [],
}: {
  errors?: readonly string[];
  warnings?: readonly string[];
  infos?: readonly string[];
}) {
  const rows = [
    ...errors.map((text) => ['error', text] as const),
    ...warnings.map((text) => ['warning', text] as const),
    ...infos.map((text) => ['info', text] as const),
  ];
  if (rows.length === 0) return null;
  return (
    <Stack spacing={1} data-testid="response-messages">
      {rows.map(([severity, text], i) => (
        <Alert key={`${severity}-${i}`} severity={severity} sx={{ whiteSpace: 'pre-line' }}>
          {withLineBreaks(text)}
        </Alert>
      ))}
    </Stack>
  );
}
