import { defineJob } from '../../jobs/job-definition';
import { sendFollowUpReminders } from './follow-ups';

export const FOLLOW_UP_REMINDERS = 'follow_up_reminders';

/** Every few seconds: remind coaches of follow-ups that fell due (each once, claimed in the row). */
export const coachingJobs = [
  defineJob({
    name: FOLLOW_UP_REMINDERS,
    retry: { retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 60 },
    everySeconds: 5,
    async run(services) {
      await sendFollowUpReminders(services);
    },
  }),
];
