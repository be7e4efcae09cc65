import type { AdminPageDetail } from '@spesa/shared/contracts/admin-content';
import {
  BooleanField,
  BooleanInput,
  DataTable,
  DateField,
  List,
  TextInput,
  maxLength,
  regex,
  required,
  useRecordContext,
} from 'react-admin';
import { SafeCreate, SafeEdit } from './safe-edit';
import { pageTexts as T } from './texts';

const filters = [<TextInput key="q" source="q" label={T.search} alwaysOn />];

/** The shop's pages (decision 050): editors open one to change it; published or not. */
export function PageList() {
  return (
    <List filters={filters} perPage={25} sort={{ field: 'title', order: 'ASC' }}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="title" />
        <DataTable.Col source="slug" />
        <DataTable.Col source="template" />
        <DataTable.Col source="published" field={BooleanField} />
        <DataTable.Col source="modifiedAt" field={DateField} />
      </DataTable>
    </List>
  );
}

/** Where the page is read in the shop. */
function ShopLink() {
  const page = useRecordContext<AdminPageDetail>();
  if (!page) return null;
  return (
    <p>
      <a href={`/page/${page.slug}`} target="_blank" rel="noreferrer">
        {T.open(page.slug)}
      </a>
    </p>
  );
}

/** The texts an editor writes; the HTML is cleaned by the server (what it answers is what is served). */
function PageFields() {
  return (
    <>
      <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput
        source="content"
        multiline
        minRows={12}
        fullWidth
        validate={required()}
        helperText={T.contentHelp}
      />
      <TextInput source="excerpt" multiline fullWidth helperText={T.excerptHelp} />
      <TextInput source="validityText" fullWidth helperText={T.validityHelp} validate={maxLength(200)} />
      <TextInput source="seoTitle" fullWidth validate={maxLength(200)} />
      <TextInput source="seoDescription" fullWidth multiline validate={maxLength(320)} />
      <BooleanInput source="published" helperText={T.publishedHelp} />
    </>
  );
}

export function PageEdit() {
  return (
    <SafeEdit>
      <ShopLink />
      <TextInput source="slug" disabled helperText={T.slugFixed} />
      <PageFields />
    </SafeEdit>
  );
}

export function PageCreate() {
  return (
    <SafeCreate
      defaultValues={{ published: true, excerpt: '', validityText: '', seoTitle: '', seoDescription: '' }}
    >
      <TextInput
        source="slug"
        validate={[required(), maxLength(100), regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, T.slugRule)]}
        helperText={T.slugHelp}
      />
      <PageFields />
    </SafeCreate>
  );
}
