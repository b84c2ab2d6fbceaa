// The one fixed instant the test suite's emulators start from (and the built-in seed is dated from), so
// data, golden files and relative dates are the same on any day the suite runs, in any time zone.
export const TEST_START = Date.parse('2026-11-23T12:00:00.000Z');
