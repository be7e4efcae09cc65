export interface PgCluster {
  /** postgres://postgres@127.0.0.1:PORT/DATABASE (trust authentication) */
  url: string;
  port: number;
  /** temporary folder holding the data directory, the socket and the server log */
  dir: string;
  binDir: string;
  version: string;
  /** `pg_ctl stop -m immediate` and delete the folder; synchronous, idempotent */
  stop(): void;
}
export function findPgBinDir(): string | null;
export function freePort(): Promise<number>;
export function startPgCluster(opts?: {
  database?: string;
  binDir?: string;
  settings?: Record<string, string | number>;
  log?: (msg: string) => void;
}): Promise<PgCluster>;
