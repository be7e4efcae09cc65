import { RECIPE_COURSES, RECIPE_DIFFICULTIES, type AdminRecipe } from '@spesa/shared/contracts/admin-content';
import {
  BooleanField,
  BooleanInput,
  DataTable,
  DateField,
  List,
  NumberInput,
  SelectInput,
  TextInput,
  maxLength,
  maxValue,
  minValue,
  regex,
  required,
  useRecordContext,
} from 'react-admin';
import { DateInput } from './date-input';
import { SafeCreate, SafeEdit } from './safe-edit';
import { recipeTexts as T } from './texts';

const filters = [<TextInput key="q" source="q" label={T.search} alwaysOn />];
const COURSE_CHOICES = RECIPE_COURSES.map((c) => ({ id: c, name: T.courses[c] }));
const DIFFICULTY_CHOICES = RECIPE_DIFFICULTIES.map((d) => ({ id: d, name: T.difficulties[d] }));

/** The recipes of /ricette (decision 056): editors open one to change or unpublish it. */
export function RecipeList() {
  return (
    <List filters={filters} perPage={25}>
      <DataTable bulkActionButtons={false} rowClick="edit">
        <DataTable.Col source="title" />
        <DataTable.Col source="course" />
        <DataTable.Col source="publishedAt" field={DateField} />
        <DataTable.Col source="published" field={BooleanField} />
      </DataTable>
    </List>
  );
}

/** Where the recipe is read in the shop. */
function ShopLink() {
  const recipe = useRecordContext<AdminRecipe>();
  if (!recipe) return null;
  return (
    <p>
      <a href={`/ricette/${recipe.slug}`} target="_blank" rel="noreferrer">
        {T.open(recipe.slug)}
      </a>
    </p>
  );
}

function RecipeFields() {
  return (
    <>
      <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
      <TextInput source="excerpt" multiline fullWidth validate={maxLength(500)} helperText={T.excerptHelp} />
      <TextInput
        source="content"
        multiline
        minRows={12}
        fullWidth
        validate={required()}
        helperText={T.contentHelp}
      />
      <SelectInput source="course" choices={COURSE_CHOICES} validate={required()} />
      <SelectInput source="difficulty" choices={DIFFICULTY_CHOICES} validate={required()} />
      <NumberInput
        source="minutes"
        min={1}
        max={1440}
        step={5}
        validate={[required(), minValue(1), maxValue(1440)]}
      />
      <BooleanInput source="vegetarian" />
      <TextInput source="img" fullWidth helperText={T.imgHelp} validate={maxLength(500)} />
      <DateInput source="publishedAt" validate={required()} helperText={T.dateHelp} />
      <BooleanInput source="published" helperText={T.publishedHelp} />
    </>
  );
}

export function RecipeEdit() {
  return (
    <SafeEdit reloadOnError={false}>
      <ShopLink />
      <TextInput source="slug" disabled helperText={T.slugFixed} />
      <RecipeFields />
    </SafeEdit>
  );
}

export function RecipeCreate() {
  return (
    <SafeCreate
      redirect="edit"
      defaultValues={{
        excerpt: '',
        img: '',
        vegetarian: false,
        published: true,
        publishedAt: new Date().toISOString().slice(0, 10),
      }}
    >
      <TextInput
        source="slug"
        validate={[required(), maxLength(100), regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, T.slugRule)]}
        helperText={T.slugHelp}
      />
      <RecipeFields />
    </SafeCreate>
  );
}
