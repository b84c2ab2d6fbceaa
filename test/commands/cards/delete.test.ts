import { describe, expect, it } from 'vitest';
import { useEmulator } from '../../helpers/emulator.js';
import { runCli } from '../../helpers/run-cli.js';
import { call } from '../../emulator/_util.js';

const emu = useEmulator();
const deletes = () => emu.requests({ method: 'DELETE' });
const live = (id: string) => emu.store.cards.some((c) => c.id === id);

describe('cardqr cards delete', () => {
  it('without a terminal it needs --yes: refused with exit 2 and no request sent', async () => {
    const r = await runCli(['cards', 'delete', 'crd_jose'], { emu });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toBe(
      'error: refusing to continue without confirmation: no terminal to ask on; pass --yes to confirm\n',
    );
    expect(emu.requests()).toEqual([]);
    expect(live('crd_jose')).toBe(true);
  });

  it('on a terminal it names each record and says the URL stops at once; "y" deletes', async () => {
    const r = await runCli(['cards', 'delete', 'crd_jose', 'crd_ngozi'], { emu, tty: true, answers: ['y'] });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain('About to delete these 2 cards:');
    expect(r.stderr).toContain(`crd_jose  José Álvarez Peña  ${emu.publicBaseUrl}/c/jose-alvarez`);
    expect(r.stderr).toContain(`crd_ngozi  Ngozi Okafor  ${emu.publicBaseUrl}/c/ngozi-okafor`);
    expect(r.stderr).toContain('Their public URLs stop working at once');
    expect(r.prompts).toEqual(['Delete these 2 cards? [y/N] ']);
    expect(r.stderr).toContain('deleted card crd_jose\ndeleted card crd_ngozi\n');
    expect(r.stdout).toBe('');
    expect([live('crd_jose'), live('crd_ngozi')]).toEqual([false, false]);
    expect(deletes().map((d) => d.headers['idempotency-key'] !== undefined)).toEqual([true, true]);
  });

  it('on a terminal, anything but yes cancels: exit 2, nothing deleted', async () => {
    const r = await runCli(['cards', 'delete', 'crd_jose'], {
      emu,
      tty: true,
      answers: ['n'],
      env: { NO_COLOR: '1' }, // `error:` is red on a colour terminal
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('Its public URL stops working at once');
    expect(r.stderr).toContain('error: cancelled: nothing was deleted');
    expect(deletes()).toEqual([]);
    expect(live('crd_jose')).toBe(true);
  });

  it('--yes deletes without reading first; -q silences the report; the public URL and short code', async () => {
    expect((await call(emu, 'GET', '/c/jose-alvarez', { key: null })).status).toBe(200);
    const r = await runCli(['cards', 'delete', 'crd_jose', '--yes', '-q'], { emu });
    expect([r.exitCode, r.stdout, r.stderr]).toEqual([0, '', '']);
    expect(emu.requests().map((q) => q.method)).toEqual(['DELETE']);
    expect((await call(emu, 'GET', '/c/jose-alvarez', { key: null })).status).toBe(410);
    expect((await call(emu, 'GET', '/c/jose-alvarez/vcard', { key: null })).status).toBe(410);
    // A short code held by a card in Trash is still taken.
    const again = await runCli(['cards', 'create', '--field', 'firstName=J', '--short-code', 'jose-alvarez'], { emu });
    expect([again.exitCode, again.stderr]).toEqual([5, expect.stringContaining('invalid_request (400)')]);
  });

  it('goes on past a failed id and exits 7; one failed id exits with its own status', async () => {
    const r = await runCli(['cards', 'delete', 'crd_jose', 'qr_support', 'crd_ngozi', '-y'], { emu });
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toContain('deleted card crd_jose\n');
    expect(r.stderr).toContain('error: qr_support: resource_not_found (404): Card not found.\n');
    expect(r.stderr).toContain('deleted card crd_ngozi\n');
    expect(r.stderr).toContain('not deleted: qr_support\nerror: 1 of 3 deletions failed (2 deleted)');
    const one = await runCli(['cards', 'delete', 'crd_sven', '--yes'], { emu });
    expect([one.exitCode, one.stderr]).toEqual([4, expect.stringMatching(/^error: resource_not_found \(404\)/)]);
    const tty = await runCli(['cards', 'delete', 'crd_nope', 'crd_zoe'], { emu, tty: true, answers: ['yes'] });
    expect(tty.exitCode).toBe(7);
    expect(tty.stderr).toContain('About to delete this card:\n  crd_zoe');
    expect(live('crd_zoe')).toBe(false);
    const scope = await runCli(['cards', 'delete', 'crd_kenji', '--yes'], { emu, key: emu.keys.readonly });
    expect([scope.exitCode, scope.stderr]).toEqual([3, expect.stringContaining('forbidden (403)')]);
  });
});
