/**
 * Where the process stands between start and exit (decision 089): `/readyz` answers 503 once it drains, and
 * every answer from then on asks the client to close its connection, so that the load balancer and the
 * keep-alive clients move to another process before this one stops listening. server.ts starts the draining
 * on SIGTERM or SIGINT; the requests under way finish.
 */
export class Lifecycle {
  #draining = false;
  #inFlight = 0;
  readonly #idle: Array<() => void> = [];

  get draining(): boolean {
    return this.#draining;
  }

  /** requests received and not yet answered (or abandoned by their client) */
  get inFlight(): number {
    return this.#inFlight;
  }

  startDraining(): void {
    this.#draining = true;
  }

  requestStarted(): void {
    this.#inFlight += 1;
  }

  requestEnded(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** Resolves when no request is under way (at once when none is). */
  idle(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }
}
