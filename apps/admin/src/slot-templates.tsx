import {
  CheckboxGroupInput,
  DataTable,
  List,
  NumberInput,
  TextInput,
  maxValue,
  minValue,
  regex,
  required,
  usePermissions,
} from 'react-admin';
import { SafeEdit } from './safe-edit';
import { mayWrite, type AdminSlotTemplate, type StaffRole } from '@spesa/shared/contracts/admin';
import { slotTemplateTexts as T } from './texts';

const DAYS = [
  { id: 1, name: 'lunedì' },
  { id: 2, name: 'martedì' },
  { id: 3, name: 'mercoledì' },
  { id: 4, name: 'giovedì' },
  { id: 5, name: 'venerdì' },
  { id: 6, name: 'sabato' },
  { id: 7, name: 'domenica' },
];
const dayNames = (days: number[]) =>
  days.map((d) => DAYS.find((x) => x.id === d)?.name.slice(0, 3) ?? String(d)).join(' ');
const timeWindow = (w: AdminSlotTemplate) => `${w.beginTime.slice(0, 5)}–${w.endTime.slice(0, 5)}`;

/** The chain's time windows of each service (Drive, home, locker, work). */
export function SlotTemplateList() {
  const { permissions } = usePermissions<StaffRole>();
  return (
    <List perPage={100} pagination={false}>
      <DataTable rowClick={mayWrite(permissions, 'slotTemplates') ? 'edit' : false} bulkActionButtons={false}>
        <DataTable.Col source="calendarKind" render={(w: AdminSlotTemplate) => T.kinds[w.calendarKind]} />
        <DataTable.Col source="beginTime" render={timeWindow} />
        <DataTable.Col source="capacity" />
        <DataTable.Col source="weekDays" render={(w: AdminSlotTemplate) => dayNames(w.weekDays)} />
        <DataTable.Col source="leadMinutes" />
        <DataTable.Col source="cutoffPrevDay" render={(w: AdminSlotTemplate) => w.cutoffPrevDay ?? '—'} />
      </DataTable>
    </List>
  );
}

/** One window: the slots already made from today on follow the change (never below their bookings). */
export function SlotTemplateEdit() {
  return (
    <SafeEdit>
      <NumberInput
        source="capacity"
        validate={[required(), minValue(0), maxValue(500)]}
        helperText={T.capacityHelp}
      />
      <CheckboxGroupInput source="weekDays" choices={DAYS} />
      <NumberInput source="leadMinutes" validate={[required(), minValue(0), maxValue(2880)]} />
      <TextInput
        source="cutoffPrevDay"
        helperText={T.cutoffHelp}
        parse={(v: string) => (v.trim() === '' ? null : v.trim())}
        validate={regex(/^([01]\d|2[0-3]):[0-5]\d$/, T.cutoffInvalid)}
      />
    </SafeEdit>
  );
}
