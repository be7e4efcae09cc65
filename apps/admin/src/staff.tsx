import { STAFF_ROLE_LABEL, type AdminStaff } from '@spesa/shared/contracts/admin';
import { BooleanField, DataTable, List } from 'react-admin';

/** The staff members (administrator only): role, stores, whether the authenticator is enrolled. */
export function StaffList() {
  return (
    <List perPage={50} pagination={false}>
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="name" />
        <DataTable.Col source="email" />
        <DataTable.Col source="role" render={(m: AdminStaff) => STAFF_ROLE_LABEL[m.role]} />
        <DataTable.Col
          source="warehouseIds"
          render={(m: AdminStaff) => (m.warehouseIds.length === 0 ? 'Tutti' : m.warehouseIds.join(', '))}
        />
        <DataTable.Col source="active" field={BooleanField} />
        <DataTable.Col source="enrolled" field={BooleanField} />
      </DataTable>
    </List>
  );
}
