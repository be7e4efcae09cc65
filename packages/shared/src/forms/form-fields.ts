import { z } from 'zod';
import { MESSAGES, MIN_BIRTH_DATE, rules } from '../account/validation-rules';

/**
 * The content system's forms (spec sections 3, 5 and 6; decision 051): the field model as the spec names it
 * (Ninja Forms' keys) and the rules a filled-in form must pass, shared by the web renderer (react-hook-form
 * + zodResolver) and the API's `nf_ajax_submit`, so both refuse the same input with the same Italian words.
 */
export const FORM_FIELD_TYPES = [
  'textbox',
  'textarea',
  'email',
  'phone',
  'zip',
  'number',
  'date',
  'listselect',
  'listradio',
  'checkbox',
  'file_upload',
  'hidden',
  'submit',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** spec section 9: attachments up to 2 MB */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** files one field takes */
export const MAX_FILES_PER_FIELD = 3;
/** a text without its own `input_limit` */
export const DEFAULT_TEXT_LIMIT = 500;
export const DEFAULT_TEXTAREA_LIMIT = 3000;
/** the whole formData JSON of one submission */
export const MAX_FORM_DATA_CHARS = 64_000;
/** default count of `$ordersList` options (spec section 5) */
export const ORDERS_LIST_COUNT = 12;
/** the upload types a field may accept: extension → MIME type read from the file's content */
export const UPLOAD_TYPES = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

export const formOptionSchema = z.object({ label: z.string(), value: z.string() });

export const formFieldSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string(),
  placeholder: z.string(),
  desc_text: z.string(),
  help_text: z.string(),
  required: z.boolean(),
  /** the longest text accepted (characters); null: the type's default */
  input_limit: z.number().int().nullable(),
  order: z.number().int(),
  options: z.array(formOptionSchema),
  /** `$firstName`... in a definition; the customer's value (or '') once served */
  default: z.string(),
  container_class: z.string(),
  element_class: z.string(),
  disable_input: z.boolean(),
  num_min: z.number().nullable(),
  num_max: z.number().nullable(),
  num_step: z.number().nullable(),
  /** e.g. "pdf,docx": what a file_upload field accepts (checked on the content) */
  upload_types: z.string(),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** A form of several steps (the card data update): each step's title and the keys of its fields. */
export const formStepSchema = z.object({ title: z.string(), fields: z.array(z.string()) });

export const formSettingsSchema = z.object({
  title: z.string(),
  /** shown after a successful submission */
  success_msg: z.string(),
  /** spec section 6: only a signed-in customer may see and send it */
  logged_in: z.boolean(),
  /** the ticket type a submission files (spec section 9: 18, 19, 21, 30, 34) */
  ticket_type: z.number().int(),
  steps: z.array(formStepSchema),
});
export type FormSettings = z.infer<typeof formSettingsSchema>;

/** An empty field of a definition, completed by its own keys. */
export function field(
  f: Pick<FormField, 'id' | 'key' | 'type' | 'label' | 'order'> & Partial<FormField>,
): FormField {
  return {
    placeholder: '',
    desc_text: '',
    help_text: '',
    required: false,
    input_limit: null,
    options: [],
    default: '',
    container_class: '',
    element_class: '',
    disable_input: false,
    num_min: null,
    num_max: null,
    num_step: null,
    upload_types: '',
    ...f,
  };
}

/** The fields that take a value, sorted by `order` (spec section 4: "fields sorted by order"). */
export const inputFields = (fields: readonly FormField[]): FormField[] =>
  [...fields].filter((f) => f.type !== 'submit').sort((a, b) => a.order - b.order || a.id - b.id);

export const textLimitOf = (f: FormField): number =>
  f.input_limit ?? (f.type === 'textarea' ? DEFAULT_TEXTAREA_LIMIT : DEFAULT_TEXT_LIMIT);

export const uploadTypesOf = (f: FormField): UploadType[] =>
  f.upload_types
    .split(/[\s,]+/)
    .map((t) => t.trim().toLowerCase().replace(/^\./, ''))
    .filter((t): t is UploadType => t in UPLOAD_TYPES);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The rule of one field's value (texts are strings, a checkbox a boolean, an upload its files' tokens). */
export function fieldRule(f: FormField, today: string): z.ZodType {
  if (f.type === 'checkbox')
    return f.required
      ? z.literal(true, { error: MESSAGES.consentRequired })
      : z.boolean({ error: MESSAGES.formInvalid });
  if (f.type === 'file_upload') {
    const files = z.array(z.string().max(64), { error: MESSAGES.formInvalid }).max(MAX_FILES_PER_FIELD);
    return f.required ? files.min(1, MESSAGES.required) : files;
  }
  const limit = textLimitOf(f);
  let rule: z.ZodType<string> = z
    .string({ error: MESSAGES.formInvalid })
    .trim()
    .max(limit, MESSAGES.maxLength(limit));
  const format = (check: (v: string) => boolean, message: string) => {
    rule = rule.refine((v) => v === '' || check(v), { error: message });
  };
  switch (f.type) {
    case 'email':
      format((v) => rules.email().safeParse(v).success, MESSAGES.email);
      break;
    case 'phone':
      format((v) => rules.phone().safeParse(v).success, MESSAGES.phone);
      break;
    case 'zip':
      format((v) => rules.postalCode().safeParse(v).success, MESSAGES.postalCode);
      break;
    case 'number':
      format((v) => rules.number().safeParse(v).success, MESSAGES.number);
      format((v) => {
        const n = Number(v.replace(',', '.'));
        return (f.num_min === null || n >= f.num_min) && (f.num_max === null || n <= f.num_max);
      }, numberRangeText(f));
      break;
    case 'date':
      format(
        (v) => ISO_DATE.test(v) && rules.date().safeParse(v).success && v <= maxDateOf(today),
        MESSAGES.date,
      );
      break;
    case 'listselect':
    case 'listradio':
      format((v) => f.options.some((o) => o.value === v), MESSAGES.formInvalid);
      break;
    default:
      break;
  }
  return f.required ? rule.refine((v) => v !== '', { error: MESSAGES.required }) : rule;
}

export const numberRangeText = (f: FormField): string =>
  f.num_min !== null && f.num_max !== null
    ? `Inserisci un numero tra ${f.num_min} e ${f.num_max}.`
    : f.num_min !== null
      ? `Inserisci un numero non inferiore a ${f.num_min}.`
      : `Inserisci un numero non superiore a ${f.num_max ?? ''}.`;

/** the date picker's bounds (spec section 5: from 1910-01-01) */
export const MIN_FORM_DATE = MIN_BIRTH_DATE;
export const maxDateOf = (today: string): string => `${Number(today.slice(0, 4)) + 10}${today.slice(4)}`;

/** The values of a whole form, by field key; unknown keys are refused. */
export function formValuesSchema(fields: readonly FormField[], today: string) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of inputFields(fields)) shape[f.key] = fieldRule(f, today);
  return z.strictObject(shape, { error: MESSAGES.formInvalid });
}
export type FormValues = Record<string, string | boolean | string[]>;

/** The empty values of a form (its served defaults). */
export function initialValues(fields: readonly FormField[]): FormValues {
  const values: FormValues = {};
  for (const f of inputFields(fields))
    values[f.key] = f.type === 'checkbox' ? f.default === '1' : f.type === 'file_upload' ? [] : f.default;
  return values;
}
