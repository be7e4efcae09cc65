// The journeys' server clock, loaded with `--import` into the e2e server by serve.mjs: the server's time is the
// real time moved by E2E_SERVER_CLOCK_SHIFT_MS (serve.mjs sets it so that the server's day starts at 09:00 in
// Italy) and runs at the real pace. Everything in the process follows, the embedded database's now() too
// (PGlite reads the time through JavaScript's Date).
const shift = Number(process.env.E2E_SERVER_CLOCK_SHIFT_MS ?? 0);
if (Number.isFinite(shift) && shift !== 0) {
  const RealDate = Date;
  const realNow = RealDate.now;
  class ServerDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(realNow() + shift);
      else super(...args);
    }
    static now() {
      return realNow() + shift;
    }
    // dates made by Node's internals (file times...) are still dates
    static [Symbol.hasInstance](value) {
      return value instanceof RealDate;
    }
  }
  globalThis.Date = ServerDate;
}
