// Label-sheet presets for `cardqr print --sheet`: data only. Every length is in millimetres, measured
// from the sheet's top-left corner. Source: the manufacturer's published template for each product
// (label size, labels across and down, top and side margins, horizontal and vertical pitch); the
// US Letter sheets are specified in inches there and converted here (1 in = 25.4 mm).

export interface SheetPreset {
  name: string;
  description: string;
  page: { width: number; height: number; name: 'A4' | 'US Letter' };
  across: number;
  down: number;
  label: { width: number; height: number };
  /** Left edge of the first column and top edge of the first row. */
  left: number;
  top: number;
  /** Distance between the left edges of neighbouring columns / top edges of neighbouring rows. */
  pitchX: number;
  pitchY: number;
  source: string;
}

const A4 = { width: 210, height: 297, name: 'A4' } as const;
const LETTER = { width: 215.9, height: 279.4, name: 'US Letter' } as const;

export const SHEET_PRESETS: readonly SheetPreset[] = [
  {
    name: 'L7160',
    description: 'Avery L7160, 21 labels 63.5 × 38.1 mm (3 × 7), A4',
    page: A4,
    across: 3,
    down: 7,
    label: { width: 63.5, height: 38.1 },
    left: 7.25,
    top: 15.15,
    pitchX: 66.0,
    pitchY: 38.1,
    source: 'https://www.avery.co.uk/template-l7160',
  },
  {
    name: 'L7163',
    description: 'Avery L7163, 14 labels 99.1 × 38.1 mm (2 × 7), A4',
    page: A4,
    across: 2,
    down: 7,
    label: { width: 99.1, height: 38.1 },
    left: 4.65,
    top: 15.15,
    pitchX: 101.6,
    pitchY: 38.1,
    source: 'https://www.avery.co.uk/template-l7163',
  },
  {
    name: 'L7651',
    description: 'Avery L7651, 65 labels 38.1 × 21.2 mm (5 × 13), A4',
    page: A4,
    across: 5,
    down: 13,
    label: { width: 38.1, height: 21.2 },
    left: 4.7,
    top: 10.7,
    pitchX: 40.6,
    pitchY: 21.2,
    source: 'https://www.avery.co.uk/template-l7651',
  },
  {
    name: '5160',
    description: 'Avery 5160, 30 labels 2.625 × 1 in (3 × 10), US Letter',
    page: LETTER,
    across: 3,
    down: 10,
    label: { width: 66.675, height: 25.4 },
    left: 4.7625,
    top: 12.7,
    pitchX: 69.85,
    pitchY: 25.4,
    source: 'https://www.avery.com/templates/5160',
  },
  {
    name: '5163',
    description: 'Avery 5163, 10 labels 4 × 2 in (2 × 5), US Letter',
    page: LETTER,
    across: 2,
    down: 5,
    label: { width: 101.6, height: 50.8 },
    left: 3.96875,
    top: 12.7,
    pitchX: 106.3625,
    pitchY: 50.8,
    source: 'https://www.avery.com/templates/5163',
  },
];
