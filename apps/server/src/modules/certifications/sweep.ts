import type { Services } from '../../context/services';
import { expireCertificates, remindExpiringCertificates, remindOverdueAssignments } from './expiry';
import { sendOutbox } from '../accounts/import';
import { awardEarnedCertificates } from './service';

/**
 * One pass over every portal with certifications: award what was earned, expire what ran out (which
 * reopens the required courses), and remind about what nears its end or is overdue.
 */
export async function runCertificationSweep(services: Services, now = new Date()): Promise<void> {
  const portals = await services.db.selectFrom('certifications').select('portal_id').distinct().execute();
  for (const { portal_id } of portals) {
    const portal = await services.portals.findById(portal_id);
    if (!portal) continue;
    await awardEarnedCertificates(services.db, portal.id);
    await expireCertificates(services, portal, now);
    await remindExpiringCertificates(services, portal, now);
    await remindOverdueAssignments(services, portal, now);
  }
  // The reminders' e-mails were written to the outbox with them; hand them to the mailer now.
  await sendOutbox(services);
}
