import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { adminVoteRejectBodySchema, REJECTION_REASON_MAX } from '@spesa/shared/contracts/admin-ratings';
import { voteTexts as T } from './texts';

/**
 * The reason of a rejection as the API takes it (3-500 characters once trimmed), or the contract's Italian
 * message: the dialog checks it before sending, with the same rule the server applies.
 */
export function checkRejectionReason(reason: string): { reason: string } | { error: string } {
  const parsed = adminVoteRejectBodySchema.safeParse({ reason });
  if (parsed.success) return { reason: parsed.data.reason };
  return { error: parsed.error.issues[0]?.message ?? T.failed };
}

/**
 * Asks the reason of a rejection, which the customer reads. `onReject` sends it; a refusal (e.g. the vote was
 * decided meanwhile) is shown in the dialog, which stays open.
 */
export function RejectVoteDialog({
  open,
  customer,
  product,
  onClose,
  onReject,
}: {
  open: boolean;
  customer: string;
  product: string;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    if (sending) return;
    setReason('');
    setInvalid(null);
    setFailure(null);
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = checkRejectionReason(reason);
    if ('error' in checked) {
      setInvalid(checked.error);
      return;
    }
    setInvalid(null);
    setFailure(null);
    setSending(true);
    try {
      await onReject(checked.reason);
      setReason('');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : T.failed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="reject-vote-title"
      aria-describedby="reject-vote-help"
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="reject-vote-title">{T.rejectTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="reject-vote-help" sx={{ mb: 2 }}>
            {T.rejectHelp(customer, product)}
          </DialogContentText>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <TextField
            id="reject-vote-reason"
            label={T.reason}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              // the message goes once the reason is right, not at the first key
              if (invalid && !('error' in checkRejectionReason(e.target.value))) setInvalid(null);
            }}
            required
            autoFocus
            multiline
            minRows={3}
            fullWidth
            error={invalid !== null}
            helperText={invalid ?? T.reasonCount(reason.trim().length, REJECTION_REASON_MAX)}
            slotProps={{ htmlInput: { maxLength: REJECTION_REASON_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={sending}>
            {T.cancel}
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={sending}>
            {T.rejectNow}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
