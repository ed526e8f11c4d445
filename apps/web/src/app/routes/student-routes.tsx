/** The student environment (lazy chunk): /catalog, /courses, /portfolio, /profile (SPEC §2). */
import { Route, Routes } from 'react-router';
import { ErrorBlock } from '../../components/error-block';
import { PlaceholderPage } from '../../components/placeholder-page';

const section = (page: string) =>
  function StudentSection() {
    return (
      <Routes>
        <Route index element={<PlaceholderPage page={page} />} />
        <Route path="*" element={<ErrorBlock kind="not_found" />} />
      </Routes>
    );
  };

export const CatalogRoutes = section('catalog');
export const CoursesRoutes = section('courses');
export const PortfolioRoutes = section('portfolio');
export const ProfileRoutes = section('profile');
