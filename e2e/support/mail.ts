/** A mail as a spec reads it. */
export interface SinkMail {
  subject: string;
  text: string;
}

/** The mail the store has sent `address` so far, oldest first. */
export async function mailTo(address: string): Promise<SinkMail[]> {
  const readUrl = process.env.E2E_MAIL_URL;
  if (!readUrl) throw new Error('E2E_MAIL_URL is not set: run the e2e suite through jest (npm run test:e2e)');
  const response = await fetch(`${readUrl}?to=${encodeURIComponent(address)}`);
  return (await response.json()) as SinkMail[];
}
