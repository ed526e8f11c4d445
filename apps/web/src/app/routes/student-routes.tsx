/** The student environment (lazy chunk): /catalog, /courses, /portfolio, /profile (SPEC §2). */
import { Route, Routes } from 'react-router';
import { ErrorBlock } from '../../components/error-block';
import { CatalogPage } from '../../features/learning/pages/catalog-page';
import { CourseDetailPage } from '../../features/learning/pages/course-detail-page';
import { CoursePlayerPage } from '../../features/learning/pages/course-player-page';
import { MyCoursesPage } from '../../features/learning/pages/my-courses-page';
import { PortfolioPage } from '../../features/certifications/pages/portfolio-page';
import { ProfilePage } from '../../features/certifications/pages/profile-page';
import { useNamespace } from '../../lib/i18n/i18n';

export function CatalogRoutes() {
  useNamespace('learning');
  return (
    <Routes>
      <Route index element={<CatalogPage />} />
      <Route path=":courseId" element={<CourseDetailPage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function CoursesRoutes() {
  useNamespace('learning');
  return (
    <Routes>
      <Route index element={<MyCoursesPage />} />
      <Route path=":courseId" element={<CoursePlayerPage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function PortfolioRoutes() {
  return (
    <Routes>
      <Route index element={<PortfolioPage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}

export function ProfileRoutes() {
  return (
    <Routes>
      <Route index element={<ProfilePage />} />
      <Route path="*" element={<ErrorBlock kind="not_found" />} />
    </Routes>
  );
}
