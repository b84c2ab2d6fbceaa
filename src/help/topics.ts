// `cardqr help <topic>`: the docs/ pages shipped in the package, printed in the terminal (as `gh help
// environment` does). A topic that is also a command (`print`) shows the command's help, which ends
// with a pointer to its page (`cardqr help printing`).
import { fileURLToPath } from 'node:url';
const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');

/** Topic → page under docs/, and what it covers (listed by `cardqr help topics`). */
export const TOPICS: Readonly<Record<string, { page: string; about: string }>> = {
  environment: { page: 'profiles.md', about: 'profiles, keys, environment variables and files' },
  'exit-codes': { page: 'exit-codes.md', about: 'every exit status, and what to do about each error code' },
  formatting: { page: 'output.md', about: 'output formats, --fields, --query, --raw, dates and scripting' },
  import: { page: 'import.md', about: 'campaigns import and qr apply: files as the source of truth' },
  export: { page: 'export.md', about: 'leads export, leads follow and leads replay, CRM presets and delivery' },
  printing: { page: 'print.md', about: 'print, print audit and print retarget; images for print' },
  history: { page: 'history.md', about: 'analytics snapshot, history, drift and migrate; report weekly' },
  agents: { page: 'agents.md', about: 'cardqr mcp: what an AI agent can and cannot do, and how to set it up' },
  rehearsal: { page: 'emulator.md', about: 'the emulator: the whole API on this machine, for rehearsal' },
  reliability: { page: 'reliability.md', about: 'what cardqr promises under faults, and how it is tested' },
  performance: { page: 'performance.md', about: 'the measured figures and how to reproduce them' },
  design: { page: 'design.md', about: 'the demo, layout, dependencies, assumptions and decisions' },
  architecture: { page: 'ARCHITECTURE.md', about: 'the layers, the engines and their contracts' },
  contract: { page: 'contract.md', about: 'the API contract in openapi/cardqr-api.yaml and how it is checked' },
  dashboard: { page: 'dashboard.md', about: 'cardqr serve: the local dashboard, and how the key stays in the server' },
  changes: { page: 'changes.md', about: 'what changed since 0.1.0, for operators' },
};

/** docs/ beside dist/ (the package) or beside src/ (a checkout). */
export function docsDir(): string | undefined {
  for (const rel of ['../docs/', '../../docs/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(`${dir}README.md`)) return dir;
  }
  return undefined;
}

export function isTopic(name: string): boolean {
  return Object.hasOwn(TOPICS, name) || name === 'topics';
}

/** The page's text, or the list of topics for `topics`. */
export function topicText(name: string): string {
  if (name === 'topics') {
    const w = Math.max(...Object.keys(TOPICS).map((t) => t.length));
    return `Help topics (cardqr help <topic>):\n${Object.entries(TOPICS)
      .map(([t, { about }]) => `  ${t.padEnd(w)}  ${about}`)
      .join('\n')}\n`;
  }
  const dir = docsDir();
  const file = dir && `${dir}${TOPICS[name].page}`;
  if (!file || !existsSync(file))
    return `the page docs/${TOPICS[name].page} is not installed with this copy of cardqr\n`;
  return readFileSync(file, 'utf8');
}
