// Column specs for QR codes.
import { openText } from '../../api/schemas/open.js';
import type { View } from '../render.js';
import { statusText } from './cards.js';

interface QrCode {
  id: string;
  name: string;
  type: string;
  status: string;
  shortCode: string;
  url: string;
  /** Untyped for non-url codes (api-spec.md §qr_code): shown as it came. */
  destinationUrl?: unknown;
  paused: boolean;
  scanCount: number;
  createdAt: string;
  updatedAt: string;
}

export const qrView: View<QrCode> = {
  // Narrow terminals leave out the url first, then updated, short code and type, then scans, then status.
  columns: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name', min: 16 },
    { header: 'type', value: 'type', priority: 3, whole: true },
    { header: 'status', value: statusText, style: 'status' },
    { header: 'short code', value: 'shortCode', priority: 3, whole: true },
    { header: 'url', value: 'url', style: 'url', priority: 4 },
    { header: 'scans', value: 'scanCount', priority: 2 },
    { header: 'updated', value: 'updatedAt', style: 'date', priority: 3 },
  ],
  record: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'type', value: 'type' },
    { header: 'status', value: 'status', style: 'status' },
    { header: 'paused', value: (q) => (q.paused ? 'yes: the plan does not cover it; its link does not open' : false) },
    { header: 'short code', value: 'shortCode' },
    { header: 'url', value: 'url', style: 'url' },
    { header: 'destination', value: (q) => openText(q.destinationUrl), style: 'url' },
    { header: 'scans', value: 'scanCount' },
    { header: 'created', value: 'createdAt', style: 'date' },
    { header: 'updated', value: 'updatedAt', style: 'date' },
  ],
  empty: 'no QR codes match',
  csv: [
    'id',
    'name',
    'type',
    'status',
    'paused',
    'shortCode',
    'url',
    'destinationUrl',
    'scanCount',
    'createdAt',
    'updatedAt',
  ],
};
