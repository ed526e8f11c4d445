import { defineJob } from '../../jobs/job-definition';
import { notifyStartedAnnouncements } from './service';

export const ANNOUNCEMENT_SWEEP = 'announcement_sweep';

/**
 * Every few seconds: notify the audience of announcements whose publish window has started. The
 * claim on `notified_at` makes each announcement notify once, across restarts and instances.
 */
export const announcementJobs = [
  defineJob({
    name: ANNOUNCEMENT_SWEEP,
    retry: { retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 60 },
    everySeconds: 5,
    async run(services) {
      await notifyStartedAnnouncements(services);
    },
  }),
];
