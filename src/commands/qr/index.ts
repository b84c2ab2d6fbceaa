import { defineGroup } from '../model/define.js';
import { qrApply } from './apply.js';
import { qrCreate } from './create.js';
import { qrDelete } from './delete.js';
import { qrGet } from './get.js';
import { qrList } from './list.js';
import { qrArchive, qrPause, qrPublish } from './status.js';
import { qrUpdate } from './update.js';

export const qr = defineGroup({
  name: 'qr',
  summary:
    'Dynamic QR codes (every non-card code): list, show, create, update, pause, publish, archive, delete, apply a file',
  examples: [
    'cardqr qr list --type url',
    'cardqr qr create --name "Spring menu" --url https://bistro.example/menu',
    'cardqr qr pause qr_123',
  ],
  commands: [qrList, qrGet, qrCreate, qrUpdate, qrDelete, qrApply, qrPause, qrPublish, qrArchive],
});
