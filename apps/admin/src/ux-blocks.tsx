import type { AdminUxBlock } from '@spesa/shared/contracts/admin-content';
import {
  BooleanField,
  BooleanInput,
  DataTable,
  List,
  NumberInput,
  TextField,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  regex,
  required,
  useRecordContext,
} from 'react-admin';
import { SafeCreate, SafeEdit } from './safe-edit';
import { uxBlockTexts as T } from './texts';

const filters = [<TextInput key="q" source="q" label={T.search} alwaysOn />];

/** The categories as the editor types them ("frutta, agrumi") and as the contract wants them (a list). */
const termsFormat = (terms: unknown) => (Array.isArray(terms) ? terms.join(', ') : '');
const termsParse = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

/** The content blocks shown under a category's products (decision 056). */
export function UxBlockList() {
  return (
    <List filters={filters} perPage={25}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="title" />
        <DataTable.Col source="slug" />
        <DataTable.Col source="terms" render={(b: AdminUxBlock) => b.terms.join(', ')} />
        <DataTable.Col source="position" field={TextField} />
        <DataTable.Col source="active" field={BooleanField} />
      </DataTable>
    </List>
  );
}

/** Where the block shows in the shop (its first category). */
function ShopLink() {
  const block = useRecordContext<AdminUxBlock>();
  const first = block?.terms[0];
  if (!first) return null;
  return (
    <p>
      <a href={`/category/${first}`} target="_blank" rel="noreferrer">
        {T.open(first)}
      </a>
    </p>
  );
}

function UxBlockFields() {
  return (
    <>
      <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput
        source="content"
        multiline
        minRows={6}
        fullWidth
        validate={required()}
        helperText={T.contentHelp}
      />
      <TextInput source="terms" format={termsFormat} parse={termsParse} fullWidth helperText={T.termsHelp} />
      <NumberInput source="position" min={0} max={999} step={1} validate={[minValue(0), maxValue(999)]} />
      <BooleanInput source="active" helperText={T.activeHelp} />
    </>
  );
}

export function UxBlockEdit() {
  return (
    <SafeEdit reloadOnError={false}>
      <ShopLink />
      <TextInput source="slug" disabled helperText={T.slugFixed} />
      <UxBlockFields />
    </SafeEdit>
  );
}

export function UxBlockCreate() {
  return (
    <SafeCreate redirect="list" defaultValues={{ terms: [], position: 0, active: true }}>
      <TextInput
        source="slug"
        validate={[required(), maxLength(100), regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, T.slugRule)]}
        helperText={T.slugHelp}
      />
      <UxBlockFields />
    </SafeCreate>
  );
}
