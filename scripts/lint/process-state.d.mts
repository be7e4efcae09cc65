/** How a piece of a process's own state follows a change made on another host (decision 090). */
export declare const PROCESS_STATE: Record<
  string,
  { follows: 'pure' | 'version' | 'ttl' | 'in-flight' | 'start' | 'local'; how: string }
>;
/** Every piece of process state in apps/api/src: `file#name` with its line. */
export declare function findProcessState(): Array<{ id: string; line: number }>;
