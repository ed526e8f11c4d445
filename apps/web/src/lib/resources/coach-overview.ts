/** The coach dashboard's figures (GET /api/v1/coach/overview). Owner of the ['coach-overview', …] keys. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchData } from './document';

interface StudentRef {
  studentId: string;
  studentName: string;
}

export interface CoachOverview {
  id: string;
  studentsCount: number;
  menteesCount: number;
  inactiveDays: number;
  waitingAnswers: Array<
    StudentRef & { answerId: string; title: string; submittedAt: string | null; ageDays: number }
  >;
  followUpsDue: Array<
    StudentRef & {
      followUpId: string;
      kind: 'call' | 'meeting' | 'message';
      note: string;
      dueAt: string;
      overdue: boolean;
    }
  >;
  /** Open tickets waiting for the coach's answer (absent from older servers). */
  openTickets?: Array<StudentRef & { ticketId: string; subject: string; updatedAt: string; ageDays: number }>;
  inactiveStudents: Array<StudentRef & { lastOnline: string | null }>;
  recentCompletions: Array<StudentRef & { courseId: string; title: string; completedAt: string | null }>;
  weekly: { weeks: string[]; submissions: number[]; reviews: number[] };
  menteeProgress: { buckets: string[]; counts: number[] };
}

export const coachOverviewKey = (inactiveDays: number) => ['coach-overview', inactiveDays] as const;

export function coachOverviewQuery(inactiveDays: number) {
  return queryOptions({
    queryKey: coachOverviewKey(inactiveDays),
    queryFn: ({ signal }) =>
      fetchData<CoachOverview>('/v1/coach/overview', {
        signal,
        query: { filter: { inactive_days: String(inactiveDays) } },
      }),
    placeholderData: keepPreviousData,
  });
}
