/**
 * Certifications, their assignments and the certificates people earn (SPEC §3), and the public
 * verification of a certificate by its code. Owner of the ['certifications', …] and
 * ['certificates', …] keys.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, fetchDocument, pageFrom, SHORT_LIST } from './document';

export type CertificateStatus = 'valid' | 'expired' | 'revoked';

export interface Certification {
  id: string;
  name: string;
  description: string | null;
  translations: Record<string, { name?: string; description?: string | null }>;
  validityMonths: number | null;
  recertificationWindowDays: number | null;
  dueDate: string | null;
  holdersCount: number;
  assignmentsCount: number;
  courses?: Array<{ id: string }>;
}

export interface CertificationInput {
  name: string;
  description: string | null;
  translations: Record<string, { name?: string; description?: string | null }>;
  courseIds: string[];
  validityMonths: number | null;
  recertificationWindowDays: number | null;
  dueDate: string | null;
}

export interface AssignmentInput {
  accountIds?: string[];
  courseId?: string | null;
  dueDate: string | null;
}

export interface CertificationAssignment {
  id: string;
  dueDate: string | null;
  account?: { id: string } | null;
  course?: { id: string } | null;
}

export interface Certificate {
  id: string;
  code: string;
  status: CertificateStatus;
  certificationName: string;
  holderName: string;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  revocationReason: string | null;
  verifyUrl: string;
  certification?: { id: string } | null;
  holder?: { id: string } | null;
}

export interface CertificateVerification {
  id: string;
  status: CertificateStatus;
  holderName: string;
  certificationName: string;
  issuedAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  portalName: string;
}

export const certificationKeys = {
  all: ['certifications'] as const,
  list: ['certifications', 'list'] as const,
  assignments: (id: string) => ['certifications', id, 'assignments'] as const,
  certificates: ['certificates'] as const,
  certificateList: (params: { certification?: string; mine?: boolean }) => ['certificates', params] as const,
  verification: (code: string) => ['certificate-verifications', code] as const,
};

export const certificationsQuery = queryOptions({
  queryKey: certificationKeys.list,
  queryFn: ({ signal }) => fetchData<Certification[]>('/v1/certifications', { signal, query: SHORT_LIST }),
});

export function assignmentsQuery(certificationId: string) {
  return queryOptions({
    queryKey: certificationKeys.assignments(certificationId),
    queryFn: ({ signal }) =>
      fetchData<CertificationAssignment[]>(`/v1/certifications/${certificationId}/assignments`, { signal }),
  });
}

/** Certificates: of one certification (staff), or the signed-in account's own. */
export function certificatesQuery(params: { certification?: string; mine?: boolean } = {}) {
  return queryOptions({
    queryKey: certificationKeys.certificateList(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<Certificate[]>('/v1/certificates', {
        signal,
        query: { filter: { certification: params.certification }, ...SHORT_LIST },
      });
      return pageFrom<Certificate>(data, meta);
    },
  });
}

export function verificationQuery(code: string) {
  return queryOptions({
    meta: { refusalToast: true },
    queryKey: certificationKeys.verification(code),
    queryFn: ({ signal }) =>
      fetchData<CertificateVerification>(`/v1/verify/${encodeURIComponent(code)}`, { signal }),
    retry: false,
  });
}

export const certificatePdfUrl = (id: string) => `/api/v1/certificates/${id}/pdf`;
/** The certificate as a signed Open Badges 3.0 credential (a VC-JWT file). */
export const certificateCredentialUrl = (id: string) => `/api/v1/certificates/${id}/credential`;

export function useSaveCertification(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CertificationInput) =>
      apiRequest(id ? `/v1/certifications/${id}` : '/v1/certifications', {
        method: id ? 'PATCH' : 'POST',
        // Written as a certification is read: its courses are a relationship (decision 050).
        body: (({ courseIds, ...rest }: CertificationInput) => ({
          ...rest,
          courses: courseIds.map((courseId) => ({ type: 'courses', id: courseId })),
        }))(input),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificationKeys.all }),
    meta: { errorToast: false },
  });
}

export function useAssignCertification(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // An assignment is read with its account and course as relationships; `accounts` assigns
    // several people in one request (decision 050).
    mutationFn: ({ accountIds, courseId, dueDate }: AssignmentInput) =>
      apiRequest(`/v1/certifications/${id}/assignments`, {
        method: 'POST',
        body: {
          accounts: (accountIds ?? []).map((accountId) => ({ type: 'accounts', id: accountId })),
          course: courseId ? { type: 'courses', id: courseId } : null,
          dueDate,
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificationKeys.all }),
    meta: { errorToast: false },
  });
}

export function useRevokeCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiRequest(`/v1/certificates/${id}/revocation`, { method: 'POST', body: { reason } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: certificationKeys.certificates }),
        queryClient.invalidateQueries({ queryKey: certificationKeys.all }),
      ]),
    meta: { errorToast: false },
  });
}
