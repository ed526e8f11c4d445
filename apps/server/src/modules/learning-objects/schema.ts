export { learningObjectResource } from '../course-content/schema';
export type { LearningObjectResource } from '../course-content/schema';
