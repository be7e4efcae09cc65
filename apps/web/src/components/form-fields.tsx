import { useId, useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../lib/i18n';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

/**
 * Form fields bound to react-hook-form. Each field has a visible label, the asterisk of a mandatory field
 * (hidden from screen readers, which hear "required" instead), and its message tied to it with
 * aria-invalid + aria-describedby (WCAG 3.3.1, 4.1.2). Messages come from the shared rules.
 */
interface BaseFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean | undefined;
  helperText?: ReactNode;
}

type TextInputProps<T extends FieldValues> = BaseFieldProps<T> &
  Pick<
    TextFieldProps,
    'type' | 'autoComplete' | 'autoFocus' | 'disabled' | 'multiline' | 'placeholder' | 'sx'
  > & {
    inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
    maxLength?: number;
    /** an element at the end of the input (e.g. the show-password button) */
    endAdornment?: ReactNode;
    /** transform typed text before it reaches the form (e.g. upper case) */
    transform?: (value: string) => string;
    /** a native select: the options are the children */
    select?: boolean;
    children?: ReactNode;
    /** the label always above the input (dates, selects) */
    shrinkLabel?: boolean;
    min?: string;
    max?: string;
    /** after the form has seen the field left (e.g. a check of this field against others) */
    onBlur?: () => void;
  };

export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  inputMode,
  maxLength,
  endAdornment,
  transform,
  select,
  children,
  shrinkLabel,
  min,
  max,
  onBlur,
  ...rest
}: TextInputProps<T>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          id={id}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(transform ? transform(e.target.value) : e.target.value)}
          onBlur={() => {
            field.onBlur();
            onBlur?.();
          }}
          inputRef={field.ref}
          label={label}
          required={required}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          fullWidth
          select={select}
          slotProps={{
            htmlInput: {
              inputMode,
              maxLength,
              min,
              max,
              'aria-invalid': fieldState.error ? true : undefined,
            },
            input: endAdornment ? { endAdornment } : undefined,
            inputLabel: shrinkLabel ? { shrink: true } : undefined,
            select: select ? { native: true } : undefined,
          }}
        >
          {children}
        </TextField>
      )}
    />
  );
}

/** A password with a show/hide toggle (spec section 2, login dialog). */
export function PasswordField<T extends FieldValues>(
  props: Omit<TextInputProps<T>, 'type' | 'endAdornment'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            onClick={() => setVisible((v) => !v)}
            aria-label={t('account.showPassword', { field: props.label })}
            aria-pressed={visible}
            edge="end"
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}

/** A checkbox with its own message (e.g. a consent that must be ticked). */
export function FormCheckbox<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  disabled,
}: Omit<BaseFieldProps<T>, 'label'> & { label: ReactNode; disabled?: boolean }) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? helperText;
        return (
          <FormControl error={Boolean(fieldState.error)} required={required} sx={{ display: 'block' }}>
            <FormControlLabel
              control={
                <Checkbox
                  id={id}
                  name={field.name}
                  checked={Boolean(field.value)}
                  onChange={(_, checked) => field.onChange(checked)}
                  onBlur={field.onBlur}
                  required={required}
                  disabled={disabled}
                  slotProps={{
                    input: {
                      ref: field.ref,
                      'aria-invalid': fieldState.error ? true : undefined,
                      'aria-describedby': message ? messageId : undefined,
                    } as React.InputHTMLAttributes<HTMLInputElement>,
                  }}
                />
              }
              // the required Checkbox makes FormControlLabel add its own asterisk (aria-hidden)
              label={label}
            />
            {message ? (
              <FormHelperText id={messageId} sx={{ mt: 0, ml: 4 }}>
                {message}
              </FormHelperText>
            ) : null}
          </FormControl>
        );
      }}
    />
  );
}

/** A choice among a few options (gender, invoice holder type...). */
export function FormRadioGroup<T extends FieldValues>({
  control,
  name,
  label,
  required,
  helperText,
  options,
  row = true,
  parse,
}: BaseFieldProps<T> & {
  options: readonly { value: string; label: string }[];
  row?: boolean;
  /** from the radio's text value to the form value (e.g. Number) */
  parse?: (value: string) => unknown;
}) {
  const id = useId();
  const labelId = `${id}-label`;
  const messageId = `${id}-message`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message ?? helperText;
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)} required={required}>
            <FormLabel component="legend" id={labelId}>
              {label}
            </FormLabel>
            <RadioGroup
              row={row}
              name={field.name}
              value={field.value == null ? '' : String(field.value)}
              onChange={(_, value) => field.onChange(parse ? parse(value) : value)}
              aria-describedby={message ? messageId : undefined}
            >
              {options.map((o, index) => (
                <FormControlLabel
                  key={o.value}
                  value={o.value}
                  control={
                    <Radio
                      slotProps={{
                        input: {
                          ref: index === 0 ? field.ref : undefined,
                          'aria-invalid': fieldState.error ? true : undefined,
                          'aria-describedby': message ? messageId : undefined,
                        } as React.InputHTMLAttributes<HTMLInputElement>,
                      }}
                    />
                  }
                  label={o.label}
                />
              ))}
            </RadioGroup>
            {message ? <FormHelperText id={messageId}>{message}</FormHelperText> : null}
          </FormControl>
        );
      }}
    />
  );
}
