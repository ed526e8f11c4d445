/** A coach's students (GET /api/v1/students, decision 026). Owner of the ['students', …] keys. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchDocument, pageFrom } from './document';

export interface StudentEnrollment {
  id: string;
  status: string;
  progress: number;
  requiredCount: number;
  completedCount: number;
  enrolledAt: string;
  lastActivityAt: string;
  completedAt: string | null;
  course?: { id: string; title?: string } | null;
}

export interface StudentAnswer {
  id: string;
  status: string;
  grade: number | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  learningObject?: { id: string; title?: string } | null;
}

/** A scored object of one of the student's enrolments: a quiz's best percent, a SCORM package's score. */
export interface StudentResult {
  id: string;
  status: string;
  completed: boolean;
  score: number | null;
  attemptsCount: number;
  updatedAt: string;
  learningObject?: { id: string; title?: string; kind?: string } | null;
}

export interface Student {
  id: string;
  fullName: string;
  avatarUrl: string | null;
  lastOnline: string | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  mentee: boolean;
  progress: number;
  enrollmentsCount: number;
  waitingAnswers: number;
  enrollments?: StudentEnrollment[];
  answers?: StudentAnswer[];
  results?: StudentResult[];
}

export interface StudentListParams {
  filter: Record<string, string>;
  sort?: string | undefined;
  page: number;
  size: number;
}

export const studentListKey = (params: StudentListParams) => ['students', 'list', params] as const;
export const studentKey = (studentId: string) => ['students', studentId] as const;

export function studentListQuery(params: StudentListParams) {
  return queryOptions({
    queryKey: studentListKey(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<Student[]>('/v1/students', {
        signal,
        query: { filter: params.filter, sort: params.sort, page: { number: params.page, size: params.size } },
      });
      return pageFrom<Student>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export function studentQuery(studentId: string) {
  return queryOptions({
    meta: { refusalToast: true },
    queryKey: studentKey(studentId),
    queryFn: async ({ signal }) =>
      (
        await fetchDocument<Student>(`/v1/students/${studentId}`, {
          signal,
          query: { include: ['enrollments', 'answers', 'results'] },
        })
      ).data,
  });
}
