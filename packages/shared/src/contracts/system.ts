// ---------- endpoints (the system module registers them) ----------
export const systemEndpoints = {};
