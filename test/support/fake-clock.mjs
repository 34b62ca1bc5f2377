// Loaded with `node --import` by scripts/calendar-sweep.mjs: moves this process's clock to ACS_FAKE_NOW
// (an ISO instant) and lets it run on from there, so that code reading `Date.now()` or `new Date()` (the
// mock's clock, the SDK, vitest's fake timers) sees that day. Without ACS_FAKE_NOW it changes nothing.
const target = process.env.ACS_FAKE_NOW;
if (target) {
  const RealDate = globalThis.Date;
  const offset = RealDate.parse(target) - RealDate.now();
  if (!Number.isFinite(offset)) throw new Error(`ACS_FAKE_NOW is not an instant: ${target}`);
  // A subclass keeps `instanceof Date`, parsing, UTC and every method; only "now" moves.
  class ShiftedDate extends RealDate {
    constructor(...args) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...args);
    }
    static now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ShiftedDate;
}
