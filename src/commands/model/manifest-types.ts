// The shape of the build-time manifest (commands/manifest.ts): the command tree as plain data, all
// the parser, the help, the completion scripts and the man page need, without loading a definition.
import type { CompletionHint } from '../../help/annotations.js';

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

/** A heading of the root's help and its nouns. */
export interface ManifestGroup {
  heading: string;
  nouns: ManifestNode[];
}
