/** /catalog/:courseId: one course of the catalog with its outline and Enrol (or Continue). */
import { CourseDetail } from '../components/course-detail';
import { CourseOverviewRoute } from '../components/course-overview-route';

export function CourseDetailPage() {
  return (
    <CourseOverviewRoute basePath="/catalog">
      {(overview) => <CourseDetail overview={overview} />}
    </CourseOverviewRoute>
  );
}
