// The three pure pieces behind issue 14 items 5-7: terminal escaping, CSV cells, key scrubbing.
import { describe, expect, it } from 'vitest';
import { KeyScrubber, maskKey, maskUrl } from '../../src/redact.js';
import { csvCell, csvLine, csvSettingsFrom } from '../../src/output/csv-values.js';
import { safeLine, safeText } from '../../src/output/sanitize.js';

describe('safeLine / safeText', () => {
  it('escapes C0, DEL, C1 and bidi controls; keeps printable Unicode', () => {
    expect(safeLine('a\x1b[2Jb\x07\x7f\u009b1m\u202e\u2066é中')).toBe('a\\x1b[2Jb\\x07\\x7f\\x9b1m\\u202e\\u2066é中');
    expect(safeLine('two\nlines\r\t')).toBe('two\\nlines\\r\\t');
    expect(safeText('two\nlines\tand\x1b')).toBe('two\nlines\tand\\x1b');
  });
});

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+cmd', "'+cmd"],
    ['-2+3+cmd', "'-2+3+cmd"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['-12.5', '-12.5'],
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
    ['+1 (555) 010-0199', '+1 (555) 010-0199'],
    ['+1234', "'+1234"], // too short to be a phone number
    ['plain', 'plain'],
  ])('%j → %j', (input, out) => {
    expect(csvCell(input)).toBe(out);
    expect(csvCell(input, { raw: true })).toBe(input);
  });

  it('numbers the API sent as numbers are never touched; the excel dialect keeps long digits and phones as text', () => {
    expect(csvCell(-5)).toBe('-5');
    const excel = csvSettingsFrom({ csvDialect: 'excel' });
    expect(csvCell('4470000000123456', excel)).toBe('="4470000000123456"');
    expect(csvCell(4470000000123456, excel)).toBe('="4470000000123456"');
    expect(csvCell('007', excel)).toBe('="007"');
    expect(csvCell('+33 6 12 34 56 78', excel)).toBe('="+33 6 12 34 56 78"');
    expect(csvCell('12345', excel)).toBe('12345');
    expect(csvLine(['a;b', 'c'], csvSettingsFrom({ csvDialect: 'excel-semicolon' }))).toBe('"a;b";c\r\n');
    expect(csvLine(['a;b', 'c,d'], csvSettingsFrom({ csvDelimiter: 'tab' }))).toBe('a;b\tc,d\r\n');
  });
});

describe('KeyScrubber', () => {
  const key = 'cq_live_unit_9Xk2Lm7Qw4Rt8Zp';
  const s = new KeyScrubber(key);

  it('masks the key and every form of its secret part; leaves its label and ordinary text alone', () => {
    expect(s.text(`key ${key} end`)).toBe('key cq_liv**** end');
    expect(s.text(key.toUpperCase())).not.toContain('9XK2LM7Q');
    expect(s.text([...key].reverse().join(''))).not.toMatch(/pz8tr4wq/i);
    expect(s.text(Buffer.from(`Bearer ${key}`).toString('base64'))).toContain('****');
    expect(s.text(Buffer.from(key).toString('hex'))).toContain('****');
    expect(s.text('restricted to campaign cmp_unit')).toBe('restricted to campaign cmp_unit');
    expect(s.text('cq_live_unit_ alone')).toBe('cq_live_unit_ alone');
  });

  it('short keys: shown as **** alone and masked whole wherever they appear', () => {
    expect(maskKey('Zk41Qp')).toBe('****');
    expect(maskKey(key)).toBe('****t8Zp');
    expect(new KeyScrubber('Zk41Qp').text('got zk41qp and PQ14KZ')).toBe('got **** and ****');
  });

  it('maskUrl masks query parameters named like secrets', () => {
    expect(maskUrl(new URL('http://h/v1/cards?api_key=abc&limit=5&token=x'))).toBe(
      'http://h/v1/cards?api_key=****&limit=5&token=****',
    );
  });
});
