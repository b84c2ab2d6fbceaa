import { describe, expect, it } from 'vitest';
import { GrowingIndex, GrowingTally } from '../../src/emulator/indexes.js';

interface Row {
  id: string;
  account: string;
  paused: boolean;
}
const row = (id: string, account: string, paused = false): Row => ({ id, account, paused });

describe('indexes that follow their arrays', () => {
  it('a tally counts pushes, and starts over when the array is replaced or shrinks', () => {
    const tally = new GrowingTally<Row>((r) => (r.paused ? undefined : r.account));
    let rows = [row('a', 'x'), row('b', 'x', true), row('c', 'y')];
    expect([tally.count(rows, 'x'), tally.count(rows, 'y'), tally.count(rows, 'z')]).toEqual([1, 1, 0]);
    rows.push(row('d', 'x'));
    expect(tally.count(rows, 'x')).toBe(2);
    rows = rows.filter((r) => r.id !== 'a'); // Trash: a new array
    expect(tally.count(rows, 'x')).toBe(1);
    rows.pop();
    expect(tally.count(rows, 'x')).toBe(0);
    rows.pop();
    rows.push(row('e', 'y'));
    expect([tally.count(rows, 'x'), tally.count(rows, 'y')]).toEqual([0, 1]);
  });

  it('an index answers like find, and notices the last item replaced', () => {
    const index = new GrowingIndex<Row, string>((r) => r.id);
    const rows = [row('a', 'x'), row('b', 'y')];
    expect(index.get(rows, 'b')?.account).toBe('y');
    rows.pop();
    rows.push(row('c', 'z'));
    expect([index.has(rows, 'b'), index.get(rows, 'c')?.account]).toEqual([false, 'z']);
  });
});
