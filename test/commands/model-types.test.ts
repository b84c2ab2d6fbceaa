// The input's type is derived from the definition's fields (never written, never `any`): checked by
// the type checker (npm run typecheck), and the values at run time through the parse seam.
import { describe, expectTypeOf, expect, test } from 'vitest';
import { defineCommand, type Input } from '../../src/commands/model/define.js';
import {
  argument,
  choice,
  flag,
  optionalArgument,
  repeatable,
  required,
  value,
  variadic,
} from '../../src/commands/model/fields.js';

const args = { id: argument('<id>', 'h'), file: optionalArgument('[file]', 'h'), rest: variadic('[more...]', 'h') };
const flags = {
  data: required('--data <d>', 'h'),
  n: value('--n <n>', 'h', Number),
  mode: choice('--mode <m>', 'h', ['a', 'b'] as const),
  on: flag('--on', 'h'),
  tag: repeatable('--tag <t>', 'h'),
};

describe('the input type of a definition', () => {
  test('each field gives its own type, inline or not', () => {
    expectTypeOf<Input<typeof args, typeof flags>>().toEqualTypeOf<{
      id: string;
      file: string | undefined;
      rest: string[];
      data: string;
      n: number | undefined;
      mode: 'a' | 'b' | undefined;
      on: boolean | undefined;
      tag: string[];
    }>();
    defineCommand({
      name: 'x',
      summary: 's',
      args: { id: argument('<id>', 'h') },
      flags: { data: required('--data <d>', 'h') },
      run(_ctx, input) {
        expectTypeOf(input).toEqualTypeOf<{ id: string; data: string }>();
        return Promise.resolve();
      },
    });
  });

  test('the schemas turn argv text into those values', () => {
    expect(flags.n.schema.parse('2.5')).toBe(2.5);
    expect(flags.tag.schema.parse(undefined)).toEqual([]);
    expect(args.rest.schema.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(flags.mode.schema.parse(undefined)).toBeUndefined();
  });
});
