import fp from 'fastify-plugin';

/**
 * NUL characters cannot be stored in PostgreSQL text (the driver fails with an error, which would answer 500).
 * No customer types one: they are dropped from every string of the query and the body before validation,
 * for every route at once.
 */

function clean(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.split('\u0000').join('') : value;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = clean(value[i], depth + 1);
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = clean(record[key], depth + 1);
  return record;
}

export default fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.query && typeof request.query === 'object') clean(request.query);
      if (request.body !== undefined) request.body = clean(request.body);
      done();
    });
  },
  { name: 'input-hygiene' },
);
