/**
 * Stripe's v1 request bodies (and GET queries): `application/x-www-form-urlencoded` with nested keys in brackets,
 * as the SDK writes them: `metadata[order_id]=1`, `line_items[0][price_data][unit_amount]=1250`, and as other
 * clients write them, `payment_method_types[]=card`. Values stay strings, as on the wire; each endpoint reads the
 * types it expects (stripe-params.ts).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** `a[b][0]` -> ['a', 'b', '0']; `a[]` -> ['a', ''] */
function keyPath(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const parts = [match[1]!];
  for (const m of (match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)) parts.push(m[1]!);
  return parts;
}

function assign(target: FormObject, path: string[], value: string): void {
  let node: FormObject = target;
  for (let i = 0; i < path.length - 1; i++) {
    const part = path[i] === '' ? String(Object.keys(node).length) : path[i]!;
    const next = node[part];
    if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[part] = {};
    node = node[part] as FormObject;
  }
  const last = path[path.length - 1]!;
  node[last === '' ? String(Object.keys(node).length) : last] = value;
}

/** objects whose keys are 0..n-1 become arrays (`[]` and `[0]` both mean a list) */
function listsOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const k of keys) converted[k] = listsOf(value[k]!);
  const isList = keys.length > 0 && keys.every((k, i) => k === String(i));
  return isList ? keys.map((k) => converted[k]!) : converted;
}

export class FormBodyError extends Error {}

export function parseFormBody(body: string): FormObject {
  const result: FormObject = {};
  if (!body) return result;
  for (const [rawKey, rawValue] of new URLSearchParams(body)) {
    const path = keyPath(rawKey);
    if (!path) throw new FormBodyError(`Invalid array or hash parameter: ${rawKey}`);
    assign(result, path, rawValue);
  }
  return listsOf(result) as FormObject;
}

/** the same params in any key order give the same text: how the idempotency layer compares two requests */
export function canonicalParams(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalParams).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalParams(value[k]!)}`)
    .join(',')}}`;
}
