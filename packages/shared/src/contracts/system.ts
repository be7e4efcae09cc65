import { langInfoDataSchema, langInfoQuerySchema, versionSchema } from './catalogue';
import { endpoint } from './endpoint';

// ---------- endpoints (the system module registers them) ----------
export const systemEndpoints = {
  langInfo: endpoint({
    method: 'GET',
    path: '/lang/lang-info',
    query: langInfoQuerySchema,
    response: langInfoDataSchema,
  }),
  /** the version in the envelope, under /ebsn/api (the plain /version.json at the site root is not a contract) */
  version: endpoint({ method: 'GET', path: '/version.json', response: versionSchema }),
};
