import { useTranslation } from '../lib/i18n';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { dismissToast, type Toast } from '../lib/toast-store';

export function ToastStack({ toasts }: { toasts: readonly Toast[] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      {toasts.map((toast) => (
        <Alert
          key={toast.id}
          severity={toast.severity}
          variant="filled"
          role={toast.severity === 'error' ? 'alert' : 'status'}
          onClose={() => dismissToast(toast.id)}
          closeText={t('toast.close')}
          sx={{
            pointerEvents: toast.leaving ? 'none' : 'auto',
            whiteSpace: 'pre-line',
            boxShadow: 3,
            opacity: toast.leaving ? 0 : 1,
            transition: 'opacity 300ms ease-out',
          }}
          // leaving: out of the accessibility tree and of the tab order at once (its close button too)
          inert={toast.leaving || undefined}
          data-testid="toast"
        >
          {toast.message}
        </Alert>
      ))}
    </Box>
  );
}
