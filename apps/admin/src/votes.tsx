import { useState } from 'react';
import {
  Box,
  Button,
  List as MuiList,
  ListItem,
  Stack,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { mayWrite, type StaffRole } from '@spesa/shared/contracts/admin';
import type { AdminVote } from '@spesa/shared/contracts/admin-ratings';
import { VOTE_STATUSES } from '@spesa/shared/contracts/ratings';
import {
  AutocompleteInput,
  DataTable,
  List,
  ReferenceInput,
  SelectInput,
  useListContext,
  useNotify,
  usePermissions,
  useRefresh,
} from 'react-admin';
import { adminCall } from './api';
import { voteTexts as T } from './texts';
import { RejectVoteDialog } from './vote-reject-dialog';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });

const filters = [
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    // no empty choice: the API lists one state at a time
    isRequired
    choices={VOTE_STATUSES.map((s) => ({ id: s, name: T.status[s] }))}
  />,
  <ReferenceInput key="productId" source="productId" reference="products">
    <AutocompleteInput optionText="name" filterToQuery={(q: string) => ({ q })} sx={{ minWidth: 280 }} />
  </ReferenceInput>,
];

/** A vote's stars as text ("4,5 / 5"), read out as "4,5 stelle su 5". */
function Stars({ rating }: { rating: number }) {
  return (
    <Box component="span" role="img" aria-label={T.starsSpoken(rating)} sx={{ whiteSpace: 'nowrap' }}>
      {T.stars(rating)}
    </Box>
  );
}

/** The customer's own words: always as text (React escapes it), with their line breaks. */
function Comment({ vote }: { vote: AdminVote }) {
  return vote.comment ? (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {vote.comment}
    </Typography>
  ) : (
    <Typography variant="body2" color="text.secondary">
      {T.noComment}
    </Typography>
  );
}

/** Approve at once; reject through the dialog that asks the reason. Then the list reloads. */
function Decide({ vote }: { vote: AdminVote }) {
  const { permissions } = usePermissions<StaffRole>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  if (vote.status !== 'pending' || !mayWrite(permissions, 'votes')) return null;

  const approve = async () => {
    setBusy(true);
    try {
      await adminCall('POST /admin/votes/:id/approve', { params: { id: vote.id } });
      notify(T.approved(vote.productName), { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : T.failed, { type: 'error' });
    } finally {
      setBusy(false);
      // a vote decided meanwhile by a colleague leaves the queue too
      refresh();
    }
  };
  const reject = async (reason: string) => {
    await adminCall('POST /admin/votes/:id/reject', { params: { id: vote.id }, body: { reason } });
    setRejecting(false);
    notify(T.rejected(vote.productName), { type: 'success' });
    refresh();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        variant="contained"
        size="small"
        disabled={busy}
        aria-label={T.approveLabel(vote.customerFirstName, vote.productName)}
        onClick={() => void approve()}
      >
        {T.approve}
      </Button>
      <Button
        variant="outlined"
        color="error"
        size="small"
        disabled={busy}
        aria-label={T.rejectLabel(vote.customerFirstName, vote.productName)}
        onClick={() => setRejecting(true)}
      >
        {T.reject}
      </Button>
      <RejectVoteDialog
        open={rejecting}
        customer={vote.customerFirstName}
        product={vote.productName}
        onClose={() => setRejecting(false)}
        onReject={reject}
      />
    </Stack>
  );
}

/** What was decided, for the approved and rejected lists. */
const decision = (v: AdminVote) =>
  [v.approvalDate ? T.decidedOn(dateTime(v.approvalDate)) : null, v.rejectionReason]
    .filter(Boolean)
    .join(' · ');

/** Phones and tablets: one block per review, its actions below the text. */
function VoteCards() {
  const { data, isPending } = useListContext<AdminVote>();
  if (isPending) return null;
  if (!data?.length) return <Typography sx={{ p: 2 }}>{T.none}</Typography>;
  return (
    <MuiList disablePadding>
      {data.map((v) => (
        <ListItem key={v.id} divider sx={{ display: 'block', py: 1.5 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {v.productName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {v.customerFirstName} · <Stars rating={v.rating} /> · {dateTime(v.createdAt)}
          </Typography>
          <Typography sx={{ fontWeight: 600, mt: 1, overflowWrap: 'anywhere' }}>
            {v.title || T.noTitle}
          </Typography>
          <Comment vote={v} />
          {v.status !== 'pending' ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {decision(v)}
            </Typography>
          ) : null}
          <Box sx={{ mt: 1 }}>
            <Decide vote={v} />
          </Box>
        </ListItem>
      ))}
    </MuiList>
  );
}

function VoteTable() {
  const { filterValues } = useListContext<AdminVote>();
  const status = (filterValues as { status?: string }).status ?? 'pending';
  return (
    <DataTable
      rowClick={false}
      bulkActionButtons={false}
      empty={<Typography sx={{ p: 2 }}>{T.none}</Typography>}
    >
      <DataTable.Col source="productName" disableSort />
      <DataTable.Col source="customerFirstName" disableSort />
      <DataTable.Col source="rating" disableSort render={(v: AdminVote) => <Stars rating={v.rating} />} />
      <DataTable.Col
        source="title"
        disableSort
        render={(v: AdminVote) => (
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {v.title || T.noTitle}
          </Typography>
        )}
      />
      <DataTable.Col
        source="comment"
        disableSort
        sx={{ minWidth: 240, maxWidth: 480 }}
        render={(v: AdminVote) => <Comment vote={v} />}
      />
      <DataTable.Col
        source="createdAt"
        disableSort
        render={(v: AdminVote) => <Box sx={{ whiteSpace: 'nowrap' }}>{dateTime(v.createdAt)}</Box>}
      />
      {status === 'pending' ? (
        <DataTable.Col label={T.actions} render={(v: AdminVote) => <Decide vote={v} />} />
      ) : (
        <DataTable.Col label={T.decision} render={decision} />
      )}
    </DataTable>
  );
}

/**
 * Reviews to moderate (decision 036): the pending ones by default, oldest first (the queue); the approved
 * and rejected ones newest first. Up to a tablet's width one block per review, since comments are long.
 */
export function VoteList() {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  return (
    <List
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      perPage={25}
      sort={{ field: 'id', order: 'ASC' }}
    >
      {narrow ? <VoteCards /> : <VoteTable />}
    </List>
  );
}
