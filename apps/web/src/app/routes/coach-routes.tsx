/**
 * The coach environment (lazy chunk): /coach/… and /approvals (SPEC §2 "Coach routes"). Who may
 * open each page is the page map's (`PAGES` in @leerpad/core), applied by `RequirePage`.
 */
import { Navigate, Route, Routes } from 'react-router';
import { ErrorBlock } from '../../components/error-block';
import { ApprovalsQueuePage } from '../../features/approvals/pages/approvals-page';
import { CoachNewsPage } from '../../features/coach/pages/coach-news-page';
import { CoachDashboardPage } from '../../features/coach/pages/coach-dashboard-page';
import { StudentDetailPage } from '../../features/coach/pages/student-detail-page';
import { StudentsPage } from '../../features/coach/pages/students-page';
import { StudentPortfolioSection } from '../../features/certifications/components/student-portfolio-section';
import { QualificationsReportPage } from '../../features/certifications/pages/qualifications-report-page';
import { AnswerReviewPage } from '../../features/review/pages/answer-review-page';
import { ReviewQueuePage } from '../../features/review/pages/review-queue-page';
import { TicketThreadPage } from '../../features/tickets/pages/ticket-thread-page';
import { TicketsPage } from '../../features/tickets/pages/tickets-page';
import { useNamespace } from '../../lib/i18n/i18n';

const portfolioOf = (student: { id: string }) => <StudentPortfolioSection studentId={student.id} />;

/** /coach/courses: the answers students handed in, and reviewing one. */
function CoachCoursesRoutes() {
  useNamespace('review');
  return (
    <Routes>
      <Route index element={<ReviewQueuePage />} />
      <Route path="answers" element={<Navigate to="/coach/courses" replace />} />
      <Route path="answers/:answerId" element={<AnswerReviewPage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function CoachRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/coach/dashboard" replace />} />
      <Route path="dashboard" element={<CoachDashboardPage />} />
      <Route path="courses/*" element={<CoachCoursesRoutes />} />
      <Route path="students" element={<StudentsPage />} />
      <Route path="students/:studentId" element={<StudentDetailPage extra={portfolioOf} />} />
      <Route path="mentees" element={<StudentsPage mentees />} />
      <Route path="mentees/:studentId" element={<StudentDetailPage extra={portfolioOf} />} />
      <Route path="tickets" element={<TicketsPage side="coach" />} />
      <Route path="tickets/:ticketId" element={<TicketThreadPage side="coach" />} />
      <Route path="qualifications" element={<QualificationsReportPage />} />
      <Route path="news/*" element={<CoachNewsPage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function ApprovalsPage() {
  return <ApprovalsQueuePage />;
}
