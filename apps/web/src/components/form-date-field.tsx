import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateField } from './date-field';

interface FormDateFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean | undefined;
  helperText?: ReactNode;
  disabled?: boolean;
  /** the earliest and latest dates offered, yyyy-MM-dd */
  min?: string;
  max?: string;
}

/** A date bound to react-hook-form (form-fields.tsx's conventions): typed dd/mm/yyyy, kept yyyy-MM-dd. */
export function FormDateField<T extends FieldValues>({
  control,
  name,
  helperText,
  ...rest
}: FormDateFieldProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...rest}
          id={id}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
        />
      )}
    />
  );
}
