#!/usr/bin/env node
// Runs a project script (build, test, demo, bench, lint, typecheck) on a Node that cardqr supports.
// When the Node running this is one of them (22.21+, 24.6+), the command runs as it is. Otherwise
// (this machine's default is Node 20, past its end of life) it runs on Node 26 from tools/node, which
// comes from the npm registry (installed here on first use), and says so in one line on stderr.
// Usage: node scripts/with-node.mjs <command> [args...]   (the command is looked up on PATH, npm's
// node_modules/.bin first, with the chosen Node's directory ahead of everything else)
// Written for any Node from 14 on: it must run on the one it replaces.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tools = join(root, 'tools', 'node');
const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: node scripts/with-node.mjs <command> [args...]\n');
  process.exit(2);
}

/** The support rule of bin/cardqr (PRODUCT section 1): 22.21 or later in 22, 24.6 or later from 24. */
function supported(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 21) || (major === 24 && minor >= 6) || major > 24;
}

// Right after cloning, `npm run demo` and `npm test` are enough: the dependencies come first.
if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  process.stderr.write('installing the dependencies first (npm ci)\n');
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (npm.status !== 0) {
    process.stderr.write('npm ci failed (above): fix it and retry\n');
    process.exit(1);
  }
}

let env = process.env;
if (!supported(process.version)) {
  const bin = join(tools, 'node_modules', 'node26', 'bin');
  if (!existsSync(join(bin, 'node'))) {
    process.stderr.write(`installing the project's Node versions into tools/node (npm run node-versions)\n`);
    const npm = spawnSync('npm', ['ci', '--prefix', tools, '--no-audit', '--no-fund', '--silent'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (npm.status !== 0 || !existsSync(join(bin, 'node'))) {
      process.stderr.write(
        'could not install tools/node from the npm registry: run `npm run node-versions` and retry\n',
      );
      process.exit(1);
    }
  }
  const found = spawnSync(join(bin, 'node'), ['-v'], { encoding: 'utf8' }).stdout.trim();
  process.stderr.write(
    `running \`${[command, ...args].join(' ')}\` on Node ${found} from tools/node (this Node, ${process.version}, is not supported: 22.21+, 24.6+)\n`,
  );
  env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };
}

const child = spawn(command, args, { stdio: 'inherit', env });
// Ctrl-C reaches the whole process group, the child included: it is not sent twice. A signal sent to
// this process alone (kill, a CI runner) is passed on.
const onSignal = (signal) => signal !== 'SIGINT' && child.kill(signal);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, onSignal);
child.on('error', (e) => {
  process.stderr.write(`could not run ${command}: ${e.message}\n`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  if (signal) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
