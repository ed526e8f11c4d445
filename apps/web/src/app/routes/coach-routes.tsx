/** The coach environment (lazy chunk): /coach/… and /approvals (SPEC §2 "Coach routes"). */
import { Navigate, Route, Routes } from 'react-router';
import { FEATURES } from '@leerpad/core';
import { ErrorBlock } from '../../components/error-block';
import { PlaceholderPage } from '../../components/placeholder-page';
import { CoachDashboardPage } from '../../features/coach/pages/coach-dashboard-page';
import { RequireFeature } from '../guards';

export function CoachRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/coach/dashboard" replace />} />
      <Route path="dashboard" element={<CoachDashboardPage />} />
      <Route path="courses/*" element={<PlaceholderPage page="coach_courses" />} />
      <Route path="students/*" element={<PlaceholderPage page="coach_students" />} />
      <Route path="mentees/*" element={<PlaceholderPage page="coach_mentees" />} />
      <Route
        path="tickets/*"
        element={
          <RequireFeature feature={FEATURES.reviewTickets}>
            <PlaceholderPage page="coach_tickets" />
          </RequireFeature>
        }
      />
      <Route path="news/*" element={<PlaceholderPage page="coach_news" />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function ApprovalsPage() {
  return <PlaceholderPage page="approvals" />;
}
