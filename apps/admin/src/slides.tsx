import { DELIVERY_SERVICE } from '@spesa/shared/contracts/delivery';
import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  DataTable,
  DateField,
  List,
  NumberInput,
  TextInput,
  maxLength,
  minValue,
  maxValue,
  required,
} from 'react-admin';
import { DateInput } from './date-input';
import { SafeCreate, SafeEdit } from './safe-edit';
import { slideTexts as T } from './texts';

const filters = [<TextInput key="q" source="q" label={T.search} alwaysOn />];

/** The delivery services a slide can be for (none ticked: every service). */
const SERVICE_CHOICES = [
  { id: DELIVERY_SERVICE.drive, name: T.services.drive },
  { id: DELIVERY_SERVICE.home, name: T.services.home },
  { id: DELIVERY_SERVICE.homeWork, name: T.services.homeWork },
  { id: DELIVERY_SERVICE.locker, name: T.services.locker },
  { id: DELIVERY_SERVICE.lockerCold, name: T.services.lockerCold },
];

/** The slides of the content system (decision 056): the shop's messages of the day, per delivery service. */
export function SlideList() {
  return (
    <List filters={filters} perPage={25}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="title" />
        <DataTable.Col source="validFrom" field={DateField} />
        <DataTable.Col source="validTo" field={DateField} />
        <DataTable.Col source="position" />
        <DataTable.Col source="active" field={BooleanField} />
      </DataTable>
    </List>
  );
}

/** Everything a slide is; the server checks the link and picture rules and the days' order. */
function SlideFields() {
  return (
    <>
      <TextInput source="title" validate={[required(), maxLength(120)]} fullWidth />
      <TextInput source="description" multiline fullWidth validate={maxLength(500)} />
      <TextInput source="link" fullWidth helperText={T.linkHelp} validate={maxLength(500)} />
      <TextInput source="img" fullWidth helperText={T.imgHelp} validate={maxLength(500)} />
      <DateInput source="validFrom" validate={required()} />
      <DateInput source="validTo" validate={required()} />
      <CheckboxGroupInput source="deliveryServiceIds" choices={SERVICE_CHOICES} helperText={T.servicesHelp} />
      <NumberInput
        source="position"
        min={0}
        max={999}
        step={1}
        validate={[minValue(0), maxValue(999)]}
        helperText={T.positionHelp}
      />
      <BooleanInput source="active" helperText={T.activeHelp} />
    </>
  );
}

export function SlideEdit() {
  return (
    <SafeEdit reloadOnError={false}>
      <SlideFields />
    </SafeEdit>
  );
}

export function SlideCreate() {
  return (
    <SafeCreate
      redirect="list"
      defaultValues={{
        description: '',
        link: '',
        img: '',
        deliveryServiceIds: [],
        position: 0,
        active: true,
      }}
    >
      <SlideFields />
    </SafeCreate>
  );
}
