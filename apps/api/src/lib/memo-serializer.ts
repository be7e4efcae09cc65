import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * The zod serializer, remembered per answered `data` object. Cached reads answer the very same data object
 * on every hit (the read cache hands out one Result per key, never modified), so its zod encoding and JSON
 * are computed once instead of once per request; the envelope's small `response` and `user` parts are
 * compared as JSON, so any difference in them serialises afresh. Fresh objects (uncached reads, writes)
 * never hit and are dropped by the WeakMap with their data.
 */
export const memoSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  const memo = new WeakMap<object, { head: string; body: string }>();
  return (value: unknown) => {
    const envelope = value as { response?: unknown; user?: unknown; data?: unknown } | null;
    const data = envelope?.data;
    if (data === null || typeof data !== 'object') return serialize(value);
    const head = JSON.stringify([envelope?.response, envelope?.user, Object.keys(envelope ?? {})]);
    const hit = memo.get(data);
    if (hit?.head === head) return hit.body;
    const body = serialize(value);
    memo.set(data, { head, body });
    return body;
  };
};
