import { useEffect, useRef } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';

/**
 * Messages above a form: the server's failure (role alert: announced at once) or an outcome. With
 * `focus`, a new failure also takes the keyboard focus, so the customer starts from what went wrong.
 */
export function FormAlert({
  messages,
  severity = 'error',
  focus = false,
}: {
  messages: readonly string[];
  severity?: AlertColor;
  focus?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const text = messages.map((m) => m.replace(/\\n/g, '\n')).join('\n');
  useEffect(() => {
    if (focus && text) ref.current?.focus();
  }, [focus, text]);
  if (!text) return null;
  return (
    <Alert
      ref={ref}
      severity={severity}
      role={severity === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
      sx={{ mb: 2, whiteSpace: 'pre-line' }}
    >
      {text}
    </Alert>
  );
}
