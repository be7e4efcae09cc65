import type { FastifySerializerCompiler } from 'fastify/types/schema';

/** The JSON of answered values whose owner made it from the contract's own encoding (withJson). */
const knownJson = new WeakMap<object, () => string>();

/**
 * Tells the serializer the JSON of `value`, made by its owner from the contract's encoding of parts it already
 * encoded (e.g. a store's product: the chain product's encoded JSON with the store's prices, decision 098), so
 * that an answer holding it is not encoded again. The owner answers for the bytes being the contract's
 * encoding (a test compares them with zod's); `json` is called at most once per answer, when the value is serialised.
 */
export function withJson<T extends object>(value: T, json: () => string): T {
  knownJson.set(value, json);
  return value;
}

/** The JSON withJson set for `value`, if any. */
export function knownJsonOf(value: object): (() => string) | undefined {
  return knownJson.get(value);
}

/** The envelope's `"data":{}}` end, where an answer's known data JSON goes. */
const EMPTY_DATA_END = '"data":{}}';

/**
 * A route's serializer (`compiler`'s: the contract's compiled serializer, lib/answer-serializer.ts),
 * remembered per answered `data` object. Cached reads answer the very same data object on every hit (the
 * read cache hands out one Result per key, never modified), so its JSON is computed once instead of once per
 * request; the envelope's small `response` and `user` parts are compared as JSON, so any difference in them
 * serialises afresh. Fresh objects (uncached reads, writes) never hit and are dropped by the WeakMap with
 * their data. A `data` whose JSON is known (withJson) is written into the envelope's own JSON (encoded with an
 * empty data) instead of being encoded.
 */
export const memoSerializerCompiler =
  (compiler: FastifySerializerCompiler<unknown>): FastifySerializerCompiler<unknown> =>
  (route) => {
    const serialize = compiler(route);
    const memo = new WeakMap<object, { head: string; body: string }>();
    let shell: { head: string; start: string | null } | null = null;
    /** The envelope's JSON up to its data, for `head` (null: the schema does not end with the data). */
    const envelopeStart = (envelope: object, head: string): string | null => {
      if (shell?.head !== head) {
        const empty = serialize({ ...envelope, data: {} });
        shell = {
          head,
          start: empty.endsWith(EMPTY_DATA_END) ? empty.slice(0, -'{}}'.length) : null,
        };
      }
      return shell.start;
    };
    return (value: unknown) => {
      const envelope = value as { response?: unknown; user?: unknown; data?: unknown } | null;
      const data = envelope?.data;
      if (data === null || typeof data !== 'object') return serialize(value);
      const head = JSON.stringify([envelope?.response, envelope?.user, Object.keys(envelope ?? {})]);
      const hit = memo.get(data);
      if (hit?.head === head) return hit.body;
      const known = knownJson.get(data);
      const start = known && envelope ? envelopeStart(envelope, head) : null;
      const body = known && start !== null ? `${start}${known()}}` : serialize(value);
      memo.set(data, { head, body });
      return body;
    };
  };
