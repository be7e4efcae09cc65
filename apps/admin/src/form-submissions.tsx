import {
  Link,
  List as MuiList,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import type { AdminSubmission, AdminSubmissionDetail } from '@spesa/shared/contracts/admin-forms';
import { DataTable, List, SelectInput, Show, useRecordContext } from 'react-admin';
import { submissionTexts as T } from './texts';
import { TIME_ZONE } from '@spesa/shared/time/rome';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE });
const day = (iso: string) => new Date(iso).toLocaleDateString('it-IT', { timeZone: TIME_ZONE });

const filters = [
  <SelectInput
    key="formId"
    source="formId"
    label={T.form}
    alwaysOn
    choices={T.forms.map((name, i) => ({ id: i + 1, name }))}
  />,
];

/** What was sent through the shop's forms, newest first (decision 051); read only. */
export function SubmissionList() {
  return (
    <List filters={filters} perPage={25} sort={{ field: 'createdAt', order: 'DESC' }}>
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="ticket" />
        <DataTable.Col source="formTitle" />
        <DataTable.Col source="createdAt" render={(r: AdminSubmission) => dateTime(r.createdAt)} />
        <DataTable.Col source="userId" render={(r: AdminSubmission) => r.userId ?? T.visitor} />
        <DataTable.Col source="files" />
      </DataTable>
    </List>
  );
}

function SubmissionBody() {
  const s = useRecordContext<AdminSubmissionDetail>();
  if (!s) return null;
  return (
    <Stack spacing={1} sx={{ p: 2 }}>
      <Typography variant="h6">{`${s.ticket} · ${s.formTitle}`}</Typography>
      <Typography>
        {`${dateTime(s.createdAt)} · ${s.userId === null ? T.visitor : T.customer(s.userId)} · ${T.keptUntil(day(s.deleteAfter))}`}
      </Typography>
      <Table size="small" aria-label={T.answers}>
        <TableBody>
          {s.answers.map((a) => (
            <TableRow key={a.key}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: '35%' }}>
                {a.label}
              </TableCell>
              {/* the customer's text as typed: React shows it as text */}
              <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{a.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {s.attachments.length > 0 ? (
        <>
          <Typography variant="subtitle1" component="h3">
            {T.attachments}
          </Typography>
          <MuiList dense>
            {s.attachments.map((f) => (
              <ListItem key={f.uploadId}>
                <Link href={`/ebsn/api/admin/form-submissions/${s.id}/files/${f.uploadId}`} download={f.name}>
                  {`${f.name} (${Math.ceil(f.sizeBytes / 1024)} kB)`}
                </Link>
              </ListItem>
            ))}
          </MuiList>
        </>
      ) : null}
    </Stack>
  );
}

export function SubmissionShow() {
  return (
    <Show>
      <SubmissionBody />
    </Show>
  );
}
