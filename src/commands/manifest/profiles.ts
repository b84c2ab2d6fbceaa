// Generated from the command definitions by `npm run manifest`; test/commands/manifest.test.ts fails
// when it differs from what they say.
import type { Loaders, ManifestNode } from '../model/manifest-types.js';

export const node: ManifestNode = {
  name: 'profiles',
  summary: 'Store, list and switch API keys and base URLs',
  examples: ['cardqr profiles add prod --base-url https://api.example.com/v1 --default', 'cardqr profiles list'],
  commands: [
    {
      name: 'add',
      summary:
        'Add (or replace) a profile: base URL and API key, verified with GET /me; with only --ca-file, set the CA file of a stored profile',
      examples: [
        'cardqr profiles add prod --base-url https://api.example.com/v1 --default',
        'pass show cardqr | cardqr profiles add ci --base-url https://api.example.com/v1 --api-key-stdin',
        "cardqr profiles add prod --base-url https://api.example.com/v1 --api-key-command 'op read op://Private/cardqr/credential'",
        'cardqr profiles add corp --base-url https://cardqr.corp.example/v1 --ca-file ~/corp-root-ca.pem',
        'cardqr profiles add prod --ca-file ./corp-root-ca.pem   # a stored profile: only its CA file changes',
      ],
      args: [
        {
          key: 'name',
          name: '<name>',
          help: 'profile name (letters, digits, . _ -)',
        },
      ],
      options: [
        {
          key: 'default',
          flags: '--default',
          help: 'make it the default profile',
        },
        {
          key: 'verify',
          flags: '--no-verify',
          help: 'store without calling GET /me',
        },
        {
          key: 'apiKeyCommand',
          flags: '--api-key-command <cmd>',
          help: "store this command instead of the key: each run executes it (sh -c, 30 s timeout) and uses the first line it prints, e.g. 'pass show cardqr/prod'",
        },
        {
          key: 'caFile',
          flags: '--ca-file <pem>',
          help: 'a PEM file of CA certificates to trust for this API, besides Node\'s and the system\'s (stored as an absolute path; "" drops it)',
          negate: "drop the profile's CA file: trust only Node's roots, the system store and NODE_EXTRA_CA_CERTS",
          hint: {
            value: 'file',
          },
        },
      ],
      runs: 'profiles add',
    },
    {
      name: 'list',
      summary: 'List stored profiles (keys masked; * marks the default)',
      aliases: ['ls'],
      examples: ['cardqr profiles list'],
      runs: 'profiles list',
    },
    {
      name: 'use',
      summary: 'Make a profile the default',
      examples: ['cardqr profiles use staging'],
      args: [
        {
          key: 'name',
          name: '<name>',
          help: 'profile name',
          hint: {
            value: 'profiles',
          },
        },
      ],
      runs: 'profiles use',
    },
    {
      name: 'show',
      summary: 'Show one profile (default: the one in use)',
      examples: ['cardqr profiles show prod -o json'],
      args: [
        {
          key: 'name',
          name: '[name]',
          help: 'profile name',
          hint: {
            value: 'profiles',
          },
        },
      ],
      runs: 'profiles show',
    },
    {
      name: 'remove',
      summary: 'Remove a profile and its stored key',
      aliases: ['rm'],
      examples: ['cardqr profiles remove old --yes'],
      args: [
        {
          key: 'name',
          name: '<name>',
          help: 'profile name',
          hint: {
            value: 'profiles',
          },
        },
      ],
      runs: 'profiles remove',
    },
    {
      name: 'set',
      summary: "Change a stored profile's CA file, without asking for its key again (verified with GET /me)",
      examples: ['cardqr profiles set prod --ca-file ~/corp-root-ca.pem', 'cardqr profiles set prod --no-ca-file'],
      args: [
        {
          key: 'name',
          name: '<name>',
          help: 'profile name',
          hint: {
            value: 'profiles',
          },
        },
      ],
      options: [
        {
          key: 'verify',
          flags: '--no-verify',
          help: 'store without calling GET /me',
        },
        {
          key: 'caFile',
          flags: '--ca-file <pem>',
          help: 'a PEM file of CA certificates to trust for this API, besides Node\'s and the system\'s (stored as an absolute path; "" drops it)',
          negate: "drop the profile's CA file: trust only Node's roots, the system store and NODE_EXTRA_CA_CERTS",
          hint: {
            value: 'file',
          },
        },
      ],
      runs: 'profiles set',
    },
  ],
};

export const loaders: Loaders = {
  'profiles add': () => import('../profiles/add.js').then((m) => m.profilesAdd),
  'profiles list': () => import('../profiles/manage.js').then((m) => m.profilesList),
  'profiles use': () => import('../profiles/manage.js').then((m) => m.profilesUse),
  'profiles show': () => import('../profiles/manage.js').then((m) => m.profilesShow),
  'profiles remove': () => import('../profiles/manage.js').then((m) => m.profilesRemove),
  'profiles set': () => import('../profiles/set.js').then((m) => m.profilesSet),
};
