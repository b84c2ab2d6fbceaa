// A cardqr command line to type again (the resume of an interrupted run), quoted for a POSIX shell.

/** POSIX shell quoting: bare when safe, else single quotes. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export function commandLine(args: string[]): string {
  return ['cardqr', ...args].map(shellQuote).join(' ');
}
