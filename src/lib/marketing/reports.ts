/**
 * Campaign reports: each campaign is reported once per tracked event (a page's events may return the same
 * campaign several times), and a failed report is logged and ignored: it never reaches the shopper.
 */
export type ReportSender = (campaign: string) => Promise<void>;

export function campaignReporter(send: ReportSender, log: (message: string, error: unknown) => void = console.warn) {
  const reported = new Set<string>();
  return async (eventId: string, campaign: string): Promise<boolean> => {
    const key = `${eventId}\u0000${campaign}`;
    if (reported.has(key)) return false;
    reported.add(key);
    try {
      await send(campaign);
    } catch (error) {
      log(`Marketing report of campaign "${campaign}" failed`, error);
    }
    return true;
  };
}
