import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { AdminApiError } from './api';

/**
 * A list row's one-click action (send again, retry): calls the API once, disabled meanwhile, without opening
 * the row; the notice is the server's message (or `done`), or its refusal (or `failed`); then the list reloads.
 */
export function RowActionButton({
  label,
  ariaLabel,
  act,
  done,
  failed,
  variant,
}: {
  label: string;
  /** the action and what it acts on, e.g. "Invia di nuovo l’e-mail a …" */
  ariaLabel: string;
  act: () => Promise<{ infos: string[] }>;
  done: string;
  failed: string;
  variant?: 'text' | 'outlined';
}) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="small"
      variant={variant ?? 'text'}
      disabled={busy}
      aria-label={ariaLabel}
      onClick={(event) => {
        event.stopPropagation();
        setBusy(true);
        act()
          .then(({ infos }) => notify(infos.join(' ') || done, { type: 'success' }))
          .catch((err: unknown) =>
            notify(err instanceof AdminApiError ? err.message : failed, { type: 'error' }),
          )
          .finally(() => {
            setBusy(false);
            refresh();
          });
      }}
    >
      {label}
    </Button>
  );
}
