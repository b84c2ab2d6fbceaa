// The shape of the build-time manifest (commands/manifest.ts): the command tree as plain data, all
// the parser, the help, the completion scripts and the man page need, without loading a definition.
import type { CompletionHint } from '../../help/annotations.js';
import type { AnyCommand } from './define.js';

/** Each verb's definition, by its names from the root ("qr create"). */
export type Loaders = Record<string, () => Promise<AnyCommand>>;

export interface ManifestOption {
  /** The input's name for it (commander's attribute name). */
  key: string;
  flags: string;
  help: string;
  required?: boolean;
  choices?: readonly string[];
  repeatable?: boolean;
  env?: string;
  default?: string | boolean;
  hint?: CompletionHint;
  /** The help of its "--no-" twin. */
  negate?: string;
}

export interface ManifestArgument {
  key: string;
  name: string;
  help: string;
  hint?: CompletionHint;
  choices?: readonly string[];
}

export interface ManifestNode {
  name: string;
  summary: string;
  aliases?: string[];
  hidden?: boolean;
  examples?: string[];
  details?: string;
  args?: ManifestArgument[];
  options?: ManifestOption[];
  /** The --fields catalogue's data (its schema loads with the definition). */
  fields?: { open?: string[]; extra?: string[]; csvRows?: string };
  /** A verb: the key of its loader ("qr create"). */
  runs?: string;
  commands?: ManifestNode[];
}

/** A heading of the root's help and its nouns (each by name and summary). */
export interface ManifestGroup {
  heading: string;
  nouns: Array<Pick<ManifestNode, 'name' | 'summary' | 'aliases' | 'hidden'>>;
}

/** One noun's part of the manifest: its tree and its verbs' loaders. */
export interface NounManifest {
  node: ManifestNode;
  loaders: Loaders;
}
