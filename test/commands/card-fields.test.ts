// Card fields from the command line: --field/--email/--phone/--link → the `fields` object, or the exact
// usage error (exit 2).
import { describe, expect, test } from 'vitest';
import { fieldsFromFlags } from '../../src/commands/card-flags.js';
import { UsageError } from '../../src/errors.js';

type FieldFlags = Parameters<typeof fieldsFromFlags>[0];

function fields(flags: FieldFlags): unknown {
  try {
    return fieldsFromFlags(flags);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return `refused: ${(e as Error).message}`;
  }
}

describe('fieldsFromFlags', () => {
  test.each([
    [{}, {}],
    [{ field: ['title=CTO', 'firstName = Ada '] }, { title: 'CTO', firstName: 'Ada' }],
    [{ field: ['title='] }, { title: null }],
    [{ field: ['bio=a=b'] }, { bio: 'a=b' }],
    [
      { field: ['address.city=Lyon', 'address.country=FR', 'address.street='] },
      { address: { city: 'Lyon', country: 'FR', street: null } },
    ],
    [
      { email: ['Work=ada@example.com', 'ada@home.example'] },
      {
        emails: [
          { label: 'Work', value: 'ada@example.com' },
          { label: 'Work', value: 'ada@home.example' },
        ],
      },
    ],
    [{ phone: ['+33612345678'] }, { phones: [{ label: 'Mobile', value: '+33612345678' }] }],
    [
      { link: ['linkedin=linkedin.com/in/ada', 'ada.example'] },
      {
        links: [
          { type: 'linkedin', url: 'linkedin.com/in/ada' },
          { type: 'website', url: 'ada.example' },
        ],
      },
    ],
    [{ email: [] }, {}],
  ] as Array<[FieldFlags, unknown]>)('%j', (flags, out) => {
    expect(fields(flags)).toEqual(out);
  });

  test.each([
    [{ field: ['title'] }, '--field "title": expected key=value, e.g. title=CTO'],
    [{ field: ['=CTO'] }, '--field "=CTO": the key is empty'],
    [
      { field: ['address.city.name=x'] },
      '--field "address.city.name=x": use a field key or address.<part>, e.g. address.city=Lyon',
    ],
    [{ field: ['address.=x'] }, '--field "address.=x": use a field key or address.<part>, e.g. address.city=Lyon'],
    [{ email: ['Work='] }, '--email "Work=": expected label=value, both non-empty'],
    [{ email: [''] }, '--email "": expected label=value'],
    [{ phone: ['=1'] }, '--phone "=1": expected label=value, both non-empty'],
    [{ link: ['site='] }, '--link "site=": expected type=url, both non-empty'],
  ] as Array<[FieldFlags, string]>)('refuses %j', (flags, text) => {
    expect(fields(flags)).toBe(`refused: ${text}`);
  });
});
