/** A request the dashboard answers with a status and one line for the page (no id, no run, bad input). */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'Refused';
  }
}
