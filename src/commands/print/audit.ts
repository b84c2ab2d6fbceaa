export async function runAudit(): Promise<void> {}
export async function runRetarget(): Promise<void> {}
