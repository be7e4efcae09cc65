import { lazy, Suspense } from 'react';
import TextField from '@mui/material/TextField';
import { FieldTitle, InputHelperText, useInput, useResourceContext, type InputProps } from 'react-admin';

const ItalianDatePicker = lazy(() => import('./date-picker'));

/** A record's date (yyyy-MM-dd, or the date part of a timestamp) as the picker's value. */
function formatDate(value: unknown): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  return typeof value === 'string' ? value.slice(0, 10) : '';
}

/**
 * react-admin's `DateInput` in Italian whatever the browser's language: typed dd/mm/yyyy, an Italian calendar
 * (decision 079), the value yyyy-MM-dd (null when empty) as `DateInput` sent it. The picker is a chunk of its
 * own, loaded when a form with a date first renders.
 */
export function DateInput(props: InputProps & { alwaysOn?: boolean }) {
  const { label, source, helperText, alwaysOn: _alwaysOn, ...rest } = props;
  const resource = useResourceContext(props);
  const { field, fieldState, isRequired, id } = useInput({
    ...rest,
    source,
    format: formatDate,
    parse: (v: string) => (v === '' ? null : v),
  });
  const title = <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />;
  const help = <InputHelperText error={fieldState.error?.message} helperText={helperText} />;
  return (
    <Suspense
      fallback={
        <TextField
          label={title}
          value={formatDate(field.value).split('-').reverse().join('/')}
          disabled
          size="small"
          margin="dense"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      }
    >
      <ItalianDatePicker
        id={id}
        name={field.name}
        label={title}
        value={formatDate(field.value)}
        onChange={field.onChange}
        onBlur={field.onBlur}
        required={isRequired}
        error={Boolean(fieldState.error) && (fieldState.isTouched || fieldState.invalid)}
        helperText={help}
        inputRef={field.ref}
      />
    </Suspense>
  );
}
