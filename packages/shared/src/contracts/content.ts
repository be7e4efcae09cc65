// ---------- endpoints (the content module registers them) ----------
export const contentEndpoints = {};
