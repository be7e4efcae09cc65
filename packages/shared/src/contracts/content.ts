import { categoryBlockInfoDataSchema, categoryBlockInfoQuerySchema } from './catalogue';
import { endpoint } from './endpoint';

// ---------- endpoints (the content module registers them) ----------
export const contentEndpoints = {
  blockInfo: endpoint({
    method: 'GET',
    path: '/category-block/info',
    query: categoryBlockInfoQuerySchema,
    response: categoryBlockInfoDataSchema,
  }),
};
