import type { Services } from '../../http/context';
import { awardEarnedCertificates } from './service';

/** One pass over every portal with certifications. */
export async function runCertificationSweep(services: Services): Promise<void> {
  const portals = await services.db.selectFrom('certifications').select('portal_id').distinct().execute();
  for (const { portal_id } of portals) {
    const portal = await services.portals.findById(portal_id);
    if (!portal) continue;
    await awardEarnedCertificates(services.db, portal.id);
  }
}
