import fastJson, { type Schema as FjsSchema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The answers' JSON written by a serializer compiled from the route's contract (fast-json-stringify over the
 * contract's JSON Schema, z.toJSONSchema with `io: 'output'`) instead of zod's encoding of the whole answer
 * and JSON.stringify. For every answer that satisfies its contract the bytes are zod's: the same keys in the
 * schema's order, unknown keys dropped, optional keys left out when undefined, strings and numbers as
 * JSON.stringify writes them. The contract stays the only description of the answer; a contract whose output
 * side zod changes (a transform, a codec, a default, a coercion, an overwrite such as `.trim()`) or that
 * the JSON Schema cannot say exactly keeps zod's encoding.
 *
 * fast-json-stringify does not check an answer: outside production (`checked`) zod encodes it too, so an
 * answer that breaks its contract is refused as before, and one whose bytes differ is an error naming the
 * route (every route test compares the two serializers on real answers).
 */

type JsonSchema = Record<string, unknown>;
type ZodDef = z.core.$ZodTypeDef & Record<string, unknown>;

const defOf = (schema: z.core.$ZodType): ZodDef => schema._zod.def as ZodDef;

/** Checks that only validate (an `overwrite` check rewrites the value: `.trim()`, `.toLowerCase()`). */
const onlyValidates = (def: ZodDef): boolean =>
  ((def.checks as z.core.$ZodCheck[] | undefined) ?? []).every(
    (check) => (check._zod.def as { check: string }).check !== 'overwrite',
  );

/** The types whose encoding is the value itself (after the checks): JSON says them as zod returns them. */
const PLAIN_TYPES = new Set(['string', 'number', 'boolean', 'null', 'enum', 'literal', 'template_literal']);

/**
 * The first part of `schema` whose encoding fast-json-stringify cannot write as zod does, or null: every
 * part is a plain value, an object (stripping or strict), an array, a tuple, a record, a union, nullable,
 * optional, readonly, lazy or unknown, and none rewrites its value.
 */
export function unlikeZod(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): string | null {
  if (seen.has(schema)) return null;
  seen.add(schema);
  const def = defOf(schema);
  if (!onlyValidates(def)) return `${def.type} with an overwrite`;
  if (def.coerce) return `coerced ${def.type}`;
  const all = (parts: readonly z.core.$ZodType[]) => {
    for (const part of parts) {
      const unlike = unlikeZod(part, seen);
      if (unlike) return unlike;
    }
    return null;
  };
  if (PLAIN_TYPES.has(def.type)) return null;
  switch (def.type) {
    case 'unknown':
    case 'any':
      return null;
    case 'object': {
      const catchall = def.catchall as z.core.$ZodType | undefined;
      if (catchall && defOf(catchall).type !== 'never') return 'an object keeping unknown keys';
      return all(Object.values(def.shape as Record<string, z.core.$ZodType>));
    }
    case 'array':
      return all([def.element as z.core.$ZodType]);
    case 'tuple':
      return def.rest ? 'a tuple with a rest' : all(def.items as z.core.$ZodType[]);
    case 'record':
      return all([def.keyType as z.core.$ZodType, def.valueType as z.core.$ZodType]);
    case 'union':
      return all(def.options as z.core.$ZodType[]);
    case 'optional':
    case 'nullable':
    case 'readonly':
      return all([def.innerType as z.core.$ZodType]);
    case 'lazy':
      return all([(def.getter as () => z.core.$ZodType)()]);
    default:
      return def.type;
  }
}

/** `z.strictObject({})`: a failed envelope's data (plugins/envelope.ts). */
function isEmptyStrictObject(schema: z.core.$ZodType): boolean {
  const def = defOf(schema);
  const catchall = def.catchall as z.core.$ZodType | undefined;
  return (
    def.type === 'object' &&
    Object.keys(def.shape as object).length === 0 &&
    catchall !== undefined &&
    defOf(catchall).type === 'never'
  );
}

const PRIMITIVE_JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The JSON types of a union's options when each is a primitive (so the value's own type picks it), or null. */
function primitiveTypes(options: readonly JsonSchema[]): string[] | null {
  const types = new Set<string>();
  for (const option of options) {
    const type = option.type;
    if (typeof type !== 'string' || !PRIMITIVE_JSON_TYPES.has(type)) return null;
    if (option.properties !== undefined || option.items !== undefined) return null;
    types.add(type);
    if (option.nullable === true) types.add('null');
  }
  if (types.has('number')) types.delete('integer');
  return [...types];
}

/** OpenAPI 3.0's boolean exclusive bounds, which fast-json-stringify's JSON Schema (draft 7) says as numbers. */
const EXCLUSIVE_BOUNDS = [
  ['exclusiveMinimum', 'minimum'],
  ['exclusiveMaximum', 'maximum'],
] as const;

/** Marks a union the second pass writes as zod picks its option (`envelope`: the data or the empty data). */
const UNION = 'x-answer-union';

/**
 * The contract's JSON Schema for its answers (OpenAPI 3.0: `nullable`, which fast-json-stringify writes without
 * a validation), as a check of a value: objects that drop unknown keys say so (no `additionalProperties:
 * false`), a union of primitives is the list of their types, a tuple lists its items (OpenAPI 3.0 has no tuple),
 * an exclusive bound is a number (draft 7); the other unions are marked for the second pass.
 */
function contractJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io: 'output',
    unrepresentable: 'throw',
    cycles: 'ref',
    reused: 'inline',
    override: ({ zodSchema, jsonSchema }) => {
      const def = defOf(zodSchema);
      const json = jsonSchema as JsonSchema;
      if (def.type === 'object' && def.catchall === undefined) delete json.additionalProperties;
      for (const [exclusive, bound] of EXCLUSIVE_BOUNDS)
        if (json[exclusive] === true) {
          json[exclusive] = json[bound];
          delete json[bound];
        }
      if (def.type === 'tuple') {
        const items = json.items as { anyOf?: JsonSchema[] } | undefined;
        const list = (def.items as unknown[]).length === 1 ? [items] : items?.anyOf;
        if (list?.length === (def.items as unknown[]).length) json.items = list;
      }
      if (def.type !== 'union') return;
      const options = (json.anyOf ?? json.oneOf) as JsonSchema[] | undefined;
      if (!options) return;
      const types = primitiveTypes(options);
      if (types) {
        delete json.anyOf;
        delete json.oneOf;
        json.type = types.length === 1 ? types[0] : types;
        return;
      }
      const zodOptions = def.options as z.core.$ZodType[];
      const last = zodOptions[zodOptions.length - 1];
      json[UNION] = zodOptions.length === 2 && last && isEmptyStrictObject(last) ? 'envelope' : 'choice';
    },
  }) as JsonSchema;
}

/** Keywords holding one schema, a list of schemas, or a map of names to schemas. */
const ONE = ['additionalProperties', 'items', 'not', 'if', 'then', 'else'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'items'];
const MAP = ['properties', 'patternProperties', 'definitions'];

/** `node` with `each` applied to every schema it holds (not to itself). */
function mapSubschemas(node: JsonSchema, each: (sub: JsonSchema) => JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  for (const key of ONE)
    if (out[key] && typeof out[key] === 'object' && !Array.isArray(out[key]))
      out[key] = each(out[key] as JsonSchema);
  for (const key of LIST) if (Array.isArray(out[key])) out[key] = (out[key] as JsonSchema[]).map(each);
  for (const key of MAP)
    if (out[key] && typeof out[key] === 'object')
      out[key] = Object.fromEntries(
        Object.entries(out[key] as object).map(([k, v]) => [k, each(v as JsonSchema)]),
      );
  return out;
}

const CHECK = '__check';

/** OpenAPI 3.0's `nullable` beside no `type` (a nullable union or reference): ajv takes it only with a type. */
const untypedNullable = (node: JsonSchema) => node.nullable === true && node.type === undefined;
const NULL_CHECK = { type: 'null' };

/** The check of a value against `node` (ajv): as the contract says, its references to the checks' definitions. */
function checking(node: JsonSchema): JsonSchema {
  if (untypedNullable(node)) {
    const { nullable: _nullable, ...rest } = node;
    return { anyOf: [checking(rest), NULL_CHECK] };
  }
  const out = mapSubschemas(node, checking);
  delete out[UNION];
  if (typeof out.$ref === 'string') out.$ref = `${out.$ref}${CHECK}`;
  return out;
}

/**
 * How fast-json-stringify writes a value of `node`: the keys in the contract's order (without `required`,
 * which fast-json-stringify writes first), and each union as zod picks its option:
 * - the data or the failure's empty data (`envelope`): an empty object is `{}` whatever the data's schema
 *   (zod's encoding of `{}` by the data's schema, when it takes it, is `{}` too); anything else is the data's.
 *   An object's schema, written without `required`, writes `{}` itself; another data (a list) is told apart
 *   by a check of the object's size, not of the data;
 * - other unions: the first option whose check takes the value (zod takes the first option that parses),
 *   the last one otherwise;
 * - `nullable` beside no type (a nullable union): null first, then the rest.
 */
function writing(node: JsonSchema): JsonSchema {
  if (untypedNullable(node)) {
    const { nullable: _nullable, ...rest } = node;
    return { if: NULL_CHECK, then: NULL_CHECK, else: writing(rest) };
  }
  const kind = node[UNION];
  const { [UNION]: _mark, anyOf, oneOf, required: _required, ...rest } = node;
  const options = (anyOf ?? oneOf) as JsonSchema[] | undefined;
  if (kind === 'envelope' && options?.[0]) {
    // an object's schema writes `{}` for an empty object (no key is required here): no check needed
    if (options[0].type === 'object') return { ...mapSubschemas(rest, writing), ...writing(options[0]) };
    return {
      ...mapSubschemas(rest, writing),
      if: { type: 'object', maxProperties: 0 },
      then: { type: 'object', properties: {} },
      else: writing(options[0]),
    };
  }
  if (kind === 'choice' && options && options.length > 0) {
    let chain = writing(options[options.length - 1]!);
    for (let i = options.length - 2; i >= 0; i--)
      chain = { if: checking(options[i]!), then: writing(options[i]!), else: chain };
    return { ...mapSubschemas(rest, writing), ...chain };
  }
  return mapSubschemas({ ...rest, ...(anyOf ? { anyOf } : {}), ...(oneOf ? { oneOf } : {}) }, writing);
}

/** The JSON Schema fast-json-stringify compiles for `schema`'s answers (the writing and the checks' definitions). */
export function answerJsonSchema(schema: z.ZodType): JsonSchema {
  const contract = contractJsonSchema(schema);
  const definitions = (contract.definitions ?? {}) as Record<string, JsonSchema>;
  const root = writing({ ...contract, definitions: {} });
  const all: Record<string, JsonSchema> = {};
  for (const [name, definition] of Object.entries(definitions)) {
    all[name] = writing(definition);
    all[`${name}${CHECK}`] = checking(definition);
  }
  return Object.keys(all).length > 0 ? { ...root, definitions: all } : (delete root.definitions, root);
}

export type AnswerSerializer = (value: unknown) => string;

/**
 * The compiled serializer of `schema`, or null when zod must encode its answers (unlikeZod). The checks of its
 * unions (ajv) are compiled on their first use, or now with `compileValidators`.
 */
export function compileAnswerSerializer(
  schema: z.ZodType,
  { compileValidators = false } = {},
): AnswerSerializer | null {
  if (unlikeZod(schema)) return null;
  const json = answerJsonSchema(schema);
  return fastJson(json as unknown as FjsSchema, { compileValidators }) as AnswerSerializer;
}

/** An answer whose compiled JSON is not zod's (outside production): a fault of this file, not of the answer. */
export class AnswerBytesError extends Error {
  constructor(route: string, zodJson: string, compiled: string | Error) {
    if (compiled instanceof Error) {
      super(`${route}: the compiled serializer failed on an answer zod encodes: ${compiled.message}`);
    } else {
      let at = 0;
      while (at < zodJson.length && zodJson[at] === compiled[at]) at++;
      const around = (json: string) => JSON.stringify(json.slice(Math.max(0, at - 40), at + 40));
      super(
        `${route}: the compiled serializer's JSON differs from zod's at character ${at}: ` +
          `zod ${around(zodJson)}, compiled ${around(compiled)}`,
      );
    }
    this.name = 'AnswerBytesError';
  }
}

/**
 * The compiled serializers by contract schema (the contracts are module constants): compiled once per process
 * however many apps answer with them (each test file builds its own).
 */
const compiledBySchema = new WeakMap<z.ZodType, AnswerSerializer | null>();

function compileShared(schema: z.ZodType): AnswerSerializer | null {
  if (compiledBySchema.has(schema)) return compiledBySchema.get(schema) ?? null;
  const compiled = compileAnswerSerializer(schema);
  compiledBySchema.set(schema, compiled);
  return compiled;
}

export interface AnswerSerializerOptions {
  /**
   * zod encodes every answer too and the bytes are compared (outside production): an answer that breaks its
   * contract is refused by zod as before; a compiled serializer that does not compile, throws on an answer zod
   * encodes or writes other bytes throws AnswerBytesError (or its own error)
   */
  checked: boolean;
  /** the compiler of a route's schema (tests give a faulty one) */
  compile?: (schema: z.ZodType) => AnswerSerializer | null;
}

/**
 * The serializer compiler of the routes' answers: the contract's compiled serializer, compiled on the route's
 * first answer (10-40 ms for a cart's schema, once per process, not at start-up); zod's encoding where the
 * contract needs it (unlikeZod), and in production where the compiled one does not compile or throws on a
 * value (an answer that breaks its contract: zod refuses it with its own error, as before).
 */
export function answerSerializerCompiler(
  options: AnswerSerializerOptions,
): FastifySerializerCompiler<unknown> {
  const compile = options.compile ?? compileShared;
  const byZod = createSerializerCompiler({});
  const compileChecked = (schema: unknown): AnswerSerializer | null => {
    if (!(schema instanceof z.ZodType)) return null;
    if (options.checked) return compile(schema);
    try {
      return compile(schema);
    } catch {
      return null;
    }
  };
  return (route) => {
    const zodSerialize = byZod(route as Parameters<typeof byZod>[0]);
    const name = `${route.method} ${route.url} (${route.httpStatus})`;
    let compiled: AnswerSerializer | null | undefined;
    return (value: unknown) => {
      if (compiled === undefined) compiled = compileChecked(route.schema);
      if (compiled === null) return zodSerialize(value);
      let json: string | Error;
      try {
        json = compiled(value);
      } catch (err) {
        json = err instanceof Error ? err : new Error(String(err));
      }
      if (!options.checked) return typeof json === 'string' ? json : zodSerialize(value);
      const zodJson = zodSerialize(value);
      if (zodJson !== json) throw new AnswerBytesError(name, zodJson, json);
      return json;
    };
  };
}
