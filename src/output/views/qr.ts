// Column specs for QR codes.
import { openText } from '../../api/schemas/open.js';
import type { View } from '../render.js';

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
  columns: [
    { header: 'id', value: 'id' },
    { header: 'name', value: 'name' },
    { header: 'type', value: 'type' },
    { header: 'status', value: 'status', style: 'status' },
    { header: 'paused', value: 'paused', style: 'bool' },
    { header: 'short code', value: 'shortCode' },
    { header: 'url', value: 'url', style: 'url' },
    { header: 'scans', value: 'scanCount' },
    { header: 'updated', value: 'updatedAt', style: 'date' },
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
