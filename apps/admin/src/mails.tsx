import { useMediaQuery, type Theme } from '@mui/material';
import { MAIL_STATES, MAIL_STATE_LABEL, type AdminMail } from '@spesa/shared/contracts/admin-mails';
import { mayWrite } from '@spesa/shared/contracts/admin';
import { TIME_ZONE } from '@spesa/shared/time/rome';
import { DataTable, List, required, SelectInput, SimpleList, TextInput, usePermissions } from 'react-admin';
import { adminAct } from './api';
import { RowActionButton } from './row-action-button';
import { mailTexts as T } from './texts';

const dateTime = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short', timeZone: TIME_ZONE })
    : '';

const filters = [
  <SelectInput
    key="state"
    source="state"
    alwaysOn
    validate={required()}
    choices={MAIL_STATES.map((s) => ({ id: s, name: MAIL_STATE_LABEL[s] }))}
  />,
  <TextInput key="to" source="to" type="email" />,
];

/**
 * What a row says of its delivery: sent when, waiting for a try (when, how many so far, the last error), or the
 * error.
 */
function deliveryOf(m: AdminMail): string {
  if (m.sentAt) return T.sentAt(dateTime(m.sentAt));
  if (m.queued && m.nextTryAt) {
    const next = T.nextTry(dateTime(m.nextTryAt), m.attempts ?? 0);
    // while it is retried, the last attempt's error too
    return m.error ? `${next} · ${m.error}` : next;
  }
  return m.error ?? T.notTried;
}

/**
 * Sends an unsent mail again (a new delivery job): shown to the roles that may, on a mail not sent and with no
 * job waiting for it; the server's answer, done or refused, is the notice.
 */
export function ResendMailButton({ mail }: { mail: AdminMail }) {
  const { permissions } = usePermissions<string>();
  if (!mayWrite(permissions, 'mails') || mail.sentAt || mail.queued) return null;
  return (
    <RowActionButton
      label={T.resend}
      ariaLabel={T.resendLabel(mail.to)}
      variant="outlined"
      act={() => adminAct('POST /admin/mails/:id/resend', { params: { id: mail.id } })}
      done={T.resent}
      failed={T.resendFailed}
    />
  );
}

/**
 * "E-mail non recapitate" (decision 101, session 51): the mails the SMTP server did not take, with their error
 * (by default), those waiting for their first try, and those sent; newest first, by recipient. Customer service
 * sends an unsent one again from its row. The mails' bodies are never shown (reset links, codes).
 */
export function MailList() {
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <List
      perPage={25}
      exporter={false}
      title={T.title}
      filters={filters}
      filterDefaultValues={{ state: 'unsent' }}
      // the API answers newest first and sorts no other way: no column offers a sort
      sort={{ field: 'id', order: 'DESC' }}
    >
      {small ? (
        <SimpleList<AdminMail>
          primaryText={(m) => `${m.to} · ${m.subject}`}
          secondaryText={deliveryOf}
          tertiaryText={(m) => dateTime(m.createdAt)}
          rowClick={false}
          rightIcon={(m) => <ResendMailButton mail={m} />}
        />
      ) : (
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col disableSort source="createdAt" render={(m: AdminMail) => dateTime(m.createdAt)} />
          <DataTable.Col disableSort source="to" />
          <DataTable.Col disableSort source="subject" />
          <DataTable.Col disableSort source="template" render={(m: AdminMail) => T.template(m.template)} />
          <DataTable.Col disableSort source="error" label={T.delivery} render={deliveryOf} />
          <DataTable.Col
            source="id"
            disableSort
            label={T.actions}
            render={(m: AdminMail) => <ResendMailButton mail={m} />}
          />
        </DataTable>
      )}
    </List>
  );
}
