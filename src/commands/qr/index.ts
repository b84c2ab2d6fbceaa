import { Command } from 'commander';
import { example } from '../../help/annotations.js';
import { qrApplyCommand } from './apply.js';
import { qrCreateCommand } from './create.js';
import { qrDeleteCommand } from './delete.js';
import { qrGetCommand } from './get.js';
import { qrListCommand } from './list.js';
import { qrStatusCommands } from './status.js';
import { qrUpdateCommand } from './update.js';

export function qrCommand(): Command {
  const cmd = new Command('qr')
    .description(
      'Dynamic QR codes (every non-card code): list, show, create, update, pause, publish, archive, delete, apply a file',
    )
    .addCommand(qrListCommand())
    .addCommand(qrGetCommand())
    .addCommand(qrCreateCommand())
    .addCommand(qrUpdateCommand())
    .addCommand(qrDeleteCommand())
    .addCommand(qrApplyCommand());
  for (const shortcut of qrStatusCommands()) cmd.addCommand(shortcut);
  return example(
    cmd,
    'cardqr qr list --type url',
    'cardqr qr create --name "Spring menu" --url https://bistro.example/menu',
    'cardqr qr pause qr_123',
  );
}
