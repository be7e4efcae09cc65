import { ALL_ENDPOINTS } from '@spesa/shared/contracts/endpoints';
import { ANONYMOUS_USER } from '@spesa/shared/contracts/envelope';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiResponse, errorEnvelope, okEnvelope } from '../plugins/envelope';
import {
  AnswerBytesError,
  answerSerializerCompiler,
  compileAnswerSerializer,
  unlikeZod,
  type AnswerSerializer,
} from './answer-serializer';

/**
 * The compiled serializer writes zod's bytes (fastify-type-provider-zod: zod's encode, then JSON.stringify) for
 * every answer that satisfies its contract. The route tests compare the two on every real answer (the app is
 * `checked` outside production); these cases are the parts of a contract where the two could part.
 */
const route = (schema: z.ZodType) =>
  ({ schema, method: 'GET', url: '/answer', httpStatus: '200' }) as Parameters<typeof serializerCompiler>[0];
const zodJson = (schema: z.ZodType, value: unknown) => serializerCompiler(route(schema))(value);
const compiled = (schema: z.ZodType): AnswerSerializer => {
  const serialize = compileAnswerSerializer(schema);
  if (!serialize) throw new Error(`not compiled: ${unlikeZod(schema)}`);
  return serialize;
};
const sameBytes = (schema: z.ZodType, ...values: unknown[]) => {
  const serialize = compiled(schema);
  for (const value of values) expect(serialize(value)).toBe(zodJson(schema, value));
};

const line = z.object({
  itemId: z.number().int(),
  name: z.string(),
  weight: z.number().nullable(),
  promo: z.object({ code: z.string(), pct: z.number() }).nullable().optional(),
  tags: z.array(z.string()),
  note: z.string().optional(),
  kind: z.enum(['Pezzo', 'Sfuso']),
  infos: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
  extra: z.unknown().optional(),
});
const cart = z.object({
  cartId: z.number().int(),
  lines: z.array(line),
  total: z.number(),
  closed: z.boolean(),
});
const aLine = {
  itemId: 1,
  name: 'Mele "bio" \\ 1,5 kg',
  weight: null,
  tags: [],
  kind: 'Pezzo',
  infos: { QTY_MULT: '1', RATE_ENABLED: true, STEP: 100 },
};

describe('compiled answers are zod’s bytes', () => {
  it('every contract compiles, its unions’ checks too, but those whose answer zod changes (a coerced number)', () => {
    const zodOnly: string[] = [];
    for (const e of ALL_ENDPOINTS) {
      const schema = e.wire === 'envelope' ? apiResponse(e.response) : e.response;
      if (unlikeZod(schema)) zodOnly.push(`${e.method} ${e.path}`);
      else
        expect(
          compileAnswerSerializer(schema, { compileValidators: true }),
          `${e.method} ${e.path}`,
        ).toBeTypeOf('function');
    }
    expect(zodOnly).toEqual(['GET /admin/stores/:id', 'POST /admin/stores/:id']);
  });

  it('keeps the contract’s key order, drops unknown keys and undefined optionals, at every depth', () => {
    const answer = okEnvelope({ ...ANONYMOUS_USER, secret: 'x' } as never, {
      total: 3.09,
      secretCost: 1.2,
      closed: false,
      lines: [{ ...aLine, note: undefined, internal: { a: 1 }, promo: { pct: 10, code: 'P', x: 1 } }, aLine],
      cartId: 7,
    });
    sameBytes(apiResponse(cart), answer);
    expect(compiled(apiResponse(cart))(answer)).toContain('"data":{"cartId":7,"lines":[{"itemId":1');
  });

  it('writes the failure’s empty data, and an empty object as {} whatever the data’s schema', () => {
    const failed = errorEnvelope(ANONYMOUS_USER, 1, [{ text: 'Il prodotto non è disponibile.', code: 'x' }]);
    sameBytes(apiResponse(cart), failed);
    sameBytes(apiResponse(z.object({ note: z.string().optional() })), okEnvelope(ANONYMOUS_USER, {}));
    sameBytes(apiResponse(z.array(z.number())), okEnvelope(ANONYMOUS_USER, []), failed);
    sameBytes(apiResponse(z.strictObject({})), okEnvelope(ANONYMOUS_USER, {}));
  });

  it('writes strings and numbers as JSON.stringify does', () => {
    const text = z.object({ s: z.string(), n: z.number(), i: z.number().int() });
    const strings = [
      '',
      'Città: "Milano" \\ via',
      'a\u0000b\u001fc\n\t',
      'lone \ud800 surrogate',
      'emoji 🍎 and \u2028 \u2029',
      'x'.repeat(41) + '"',
      'è'.repeat(6000),
      '<script>"'.repeat(700),
    ];
    const numbers = [0, -0, 3.09, 0.1 + 0.2, 1e21, 5e-7, -12.5, Number.MAX_SAFE_INTEGER];
    sameBytes(
      text,
      ...strings.map((s, k) => ({ s, n: numbers[k % numbers.length], i: k - 3 })),
      ...numbers.map((n) => ({ s: 'n', n, i: 0 })),
    );
  });

  it('picks each union’s option as zod does: the first that parses', () => {
    const list = z.object({ products: z.array(z.object({ id: z.number() })), page: z.number() });
    const single = z.object({ id: z.number(), name: z.string() });
    sameBytes(
      apiResponse(z.union([list, single])),
      okEnvelope(ANONYMOUS_USER, { products: [{ id: 1, name: 'dropped' }], page: 1, id: 9 }),
      okEnvelope(ANONYMOUS_USER, { id: 9, name: 'Latte', products: 'not a list' }),
    );
    const votes = z.discriminatedUnion('listType', [
      z.object({ listType: z.literal('product'), ids: z.array(z.number()) }),
      z.object({ listType: z.literal('recipe'), slugs: z.array(z.string()), ids: z.array(z.string()) }),
    ]);
    sameBytes(votes, { listType: 'recipe', slugs: ['a'], ids: ['b'] }, { listType: 'product', ids: [1] });
    const strict = z.union([z.strictObject({ a: z.number() }), z.object({ a: z.number(), b: z.string() })]);
    sameBytes(strict, { a: 1 }, { a: 1, b: 'x' });
    sameBytes(z.union([z.string(), z.array(z.string())]).nullable(), 'a', ['a', 'b'], null);
    sameBytes(z.object({ u: z.unknown().nullable(), n: z.union([line, cart]).nullable() }), {
      u: null,
      n: null,
    });
  });

  it('writes tuples, recursive trees and unknown values', () => {
    type Node = { id: number; children: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ id: z.number(), children: z.array(node) }));
    const schema = z.object({
      tree: node,
      point: z.tuple([z.number(), z.number()]),
      before: z.record(z.string(), z.unknown()).nullable(),
    });
    sameBytes(schema, {
      tree: { id: 1, children: [{ id: 2, children: [{ id: 3, children: [], x: 1 }] }] },
      point: [9.19, 45.46],
      before: { a: [1, { b: null }], c: 'x', d: undefined },
    });
  });

  it('leaves to zod a contract whose answer zod changes', () => {
    for (const schema of [
      z.object({ hour: z.string().trim() }),
      z.object({ day: z.coerce.number() }),
      z.object({ n: z.number().default(1) }),
      z.object({ s: z.string().transform((s) => s.length) }),
      z.looseObject({ a: z.number() }),
      z.object({ at: z.date() }),
    ])
      expect(compileAnswerSerializer(schema)).toBeNull();
  });
});

describe('answerSerializerCompiler', () => {
  const schema = apiResponse(cart);
  const broken = okEnvelope(ANONYMOUS_USER, { cartId: 'seven', lines: [], total: 1, closed: false });
  const answer = okEnvelope(ANONYMOUS_USER, { cartId: 7, lines: [aLine], total: 1, closed: false });

  it('refuses an answer that breaks its contract with zod’s error, checked or not', () => {
    for (const checked of [true, false]) {
      const serialize = answerSerializerCompiler({ checked })(route(schema));
      expect(serialize(answer)).toBe(zodJson(schema, answer));
      // a string where the contract says a number: the compiled serializer would throw, zod refuses it
      expect(() => serialize(broken)).toThrow(ResponseSerializationError);
    }
  });

  it('checked, a compiled serializer that writes other bytes or fails is an error naming the route', () => {
    const wrong = () => () => '{}';
    const failing = () => () => {
      throw new Error('no');
    };
    expect(() => answerSerializerCompiler({ checked: true, compile: wrong })(route(schema))(answer)).toThrow(
      AnswerBytesError,
    );
    expect(() =>
      answerSerializerCompiler({ checked: true, compile: failing })(route(schema))(answer),
    ).toThrow(/GET \/answer \(200\): the compiled serializer failed/);
    // in production the compiled bytes are sent unchecked; a failing one leaves the answer to zod
    expect(answerSerializerCompiler({ checked: false, compile: failing })(route(schema))(answer)).toBe(
      zodJson(schema, answer),
    );
  });
});
