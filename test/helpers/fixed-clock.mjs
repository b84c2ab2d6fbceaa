// Preloaded into a built CLI run in a real terminal (`NODE_OPTIONS=--import <this file>`, with
// CARDQR_TEST_NOW=<ms>): the process's wall clock starts at that instant, so relative dates in a
// terminal capture are the same on any day. Test-only: nothing in src/ reads CARDQR_TEST_NOW.
const fixed = Number(process.env.CARDQR_TEST_NOW);
if (Number.isFinite(fixed) && fixed > 0) {
  const Real = Date;
  const start = Real.now();
  const now = () => fixed + (Real.now() - start);
  class FixedDate extends Real {
    constructor(...args) {
      if (args.length) super(...args);
      else super(now());
    }
    static now() {
      return now();
    }
  }
  globalThis.Date = FixedDate;
}
