export { courseResource, courseSectionResource } from '../course-content/schema';
export type { CourseResource, CourseSectionResource } from '../course-content/schema';
