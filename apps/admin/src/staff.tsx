import { Button } from '@mui/material';
import { STAFF_ROLE_LABEL, STAFF_ROLES, type AdminStaff } from '@spesa/shared/contracts/admin';
import {
  BooleanField,
  BooleanInput,
  Create,
  DataTable,
  List,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  email,
  required,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { adminCall } from './api';
import { SafeEdit } from './safe-edit';
import { staffTexts as T } from './texts';

const roleChoices = STAFF_ROLES.map((id) => ({ id, name: STAFF_ROLE_LABEL[id] }));

/** The staff members (administrator only): role, stores, whether the authenticator is enrolled. */
export function StaffList() {
  return (
    <List perPage={50} pagination={false}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="role" render={(m: AdminStaff) => STAFF_ROLE_LABEL[m.role]} />
        <DataTable.Col
          source="warehouseIds"
          render={(m: AdminStaff) => (m.warehouseIds.length === 0 ? T.allStores : m.warehouseIds.join(', '))}
        />
        <DataTable.Col source="active" field={BooleanField} />
        <DataTable.Col source="enrolled" field={BooleanField} />
      </DataTable>
    </List>
  );
}

/** The stores to choose from (a store manager's or picker's). */
function StoresInput() {
  const { data } = useGetList('stores', { pagination: { page: 1, perPage: 200 } });
  return (
    <SelectArrayInput
      source="warehouseIds"
      choices={(data ?? []).map((s: { id: number; name: string }) => ({ id: s.id, name: s.name }))}
      helperText={T.storesHelp}
    />
  );
}

/** A shop account becomes staff: its e-mail, a role, and (store manager, picker) its stores. */
export function StaffCreate() {
  const notify = useNotify();
  return (
    <Create
      redirect="list"
      mutationOptions={{
        onError: (error: unknown) =>
          notify(error instanceof Error ? error.message : T.failed, { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={{ role: 'picker', warehouseIds: [] }}>
        <TextInput source="email" validate={[required(), email()]} helperText={T.emailHelp} />
        <SelectInput source="role" choices={roleChoices} validate={required()} />
        <StoresInput />
      </SimpleForm>
    </Create>
  );
}

/** A lost phone: the member enrols a new authenticator at the next sign-in; their sessions end now. */
function ResetAuthenticatorButton() {
  const member = useRecordContext<AdminStaff>();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!member) return null;
  return (
    <Button
      variant="outlined"
      onClick={() =>
        adminCall('POST /admin/staff/:id/reset-authenticator', { params: { id: member.id }, body: {} }).then(
          () => {
            notify(T.resetDone, { type: 'success' });
            refresh();
          },
          (error: unknown) => notify(error instanceof Error ? error.message : T.failed, { type: 'error' }),
        )
      }
    >
      {T.reset}
    </Button>
  );
}

export function StaffEdit() {
  return (
    <SafeEdit>
      <TextInput source="name" disabled />
      <TextInput source="email" disabled />
      <SelectInput source="role" choices={roleChoices} validate={required()} />
      <StoresInput />
      <BooleanInput source="active" helperText={T.activeHelp} />
      <ResetAuthenticatorButton />
    </SafeEdit>
  );
}
