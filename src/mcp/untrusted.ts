// Data is not instructions: what other people typed into a lead (its contact and answers) travels inside
// `{"untrusted": {…}}`, and not at all under --lockdown.
export function shieldLead(lead: Record<string, unknown>, lockdown: boolean): Record<string, unknown> {
  const { contact, answers, ...rest } = lead;
  return lockdown ? rest : { ...rest, untrusted: { contact: contact ?? null, answers: answers ?? [] } };
}
