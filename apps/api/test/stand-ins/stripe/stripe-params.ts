import { FormBodyError, type FormObject, type FormValue } from './form-body';
import { parameterInvalid, parameterMissing, parameterUnknown } from './stripe-errors';

/**
 * Reads one endpoint's form parameters the way Stripe validates them: an unknown key is refused
 * (`parameter_unknown`), a missing required one too (`parameter_missing`), integers and booleans are parsed from
 * their wire text. Nested parameters are named in errors as on the wire: `payment_intent_data[capture_method]`.
 */
export class Params {
  constructor(
    private readonly raw: FormObject,
    allowed: readonly string[],
    private readonly prefix = '',
  ) {
    for (const key of Object.keys(raw))
      if (!allowed.includes(key) && key !== 'expand') throw parameterUnknown(this.name(key));
  }

  private name(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string')
      throw parameterInvalid(this.name(key), `Invalid string: ${this.name(key)} must be a string`);
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw parameterMissing(this.name(key));
    return value;
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value))
      throw parameterInvalid(
        this.name(key),
        `Invalid ${this.name(key)}: must be one of ${values.join(', ')}`,
        'parameter_invalid_string',
      );
    return value as T;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value))
      throw parameterInvalid(this.name(key), `Invalid integer: ${value}`, 'parameter_invalid_integer');
    return Number(value);
  }

  requiredInteger(key: string): number {
    const value = this.integer(key);
    if (value === undefined) throw parameterMissing(this.name(key));
    return value;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false')
      throw parameterInvalid(this.name(key), `Invalid boolean: ${value}`, 'parameter_invalid_boolean');
    return value === 'true';
  }

  /** `metadata[key]=value` pairs; `metadata=` (empty) clears them */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (value === '') return {};
    if (typeof value === 'string' || Array.isArray(value))
      throw parameterInvalid(
        this.name(key),
        `Invalid object: ${this.name(key)} must be a hash`,
        'parameter_invalid_object',
      );
    const result: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) {
      if (typeof v !== 'string')
        throw parameterInvalid(
          `${this.name(key)}[${k}]`,
          'Metadata values must be strings',
          'parameter_invalid_string',
        );
      if (v !== '') result[k] = v;
    }
    return result;
  }

  nested(key: string, allowed: readonly string[]): Params | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string' || Array.isArray(value))
      throw parameterInvalid(
        this.name(key),
        `Invalid object: ${this.name(key)} must be a hash`,
        'parameter_invalid_object',
      );
    return new Params(value, allowed, this.name(key));
  }

  list(key: string, allowed: readonly string[]): Params[] | undefined {
    const value: FormValue | undefined = this.raw[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value))
      throw parameterInvalid(
        this.name(key),
        `Invalid array: ${this.name(key)} must be an array`,
        'parameter_invalid_array',
      );
    return value.map((item, i) => {
      if (typeof item === 'string' || Array.isArray(item))
        throw parameterInvalid(
          `${this.name(key)}[${i}]`,
          `Invalid object: ${this.name(key)}[${i}] must be a hash`,
          'parameter_invalid_object',
        );
      return new Params(item, allowed, `${this.name(key)}[${i}]`);
    });
  }

  strings(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
      throw parameterInvalid(
        this.name(key),
        `Invalid array: ${this.name(key)} must be an array of strings`,
        'parameter_invalid_array',
      );
    return value as string[];
  }
}

export { FormBodyError };
