import type { LearningObjectType } from '@leerpad/core';
import { LearningObjectTypeIcon } from '../../../components/learning-object-icons';

const colours: Record<LearningObjectType, string> = {
  page: 'bg-sky-100 text-sky-800',
  video: 'bg-rose-100 text-rose-800',
  file: 'bg-amber-100 text-amber-800',
  quiz: 'bg-violet-100 text-violet-800',
  assignment: 'bg-emerald-100 text-emerald-800',
  scorm: 'bg-teal-100 text-teal-800',
  cmi5: 'bg-cyan-100 text-cyan-800',
  lti: 'bg-indigo-100 text-indigo-800',
};

/** The type of a learning object at a glance; the type is also written out beside it. */
export function ObjectTypeIcon({ kind }: { kind: LearningObjectType }) {
  return (
    <span
      className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${colours[kind] ?? colours.page}`}
    >
      <LearningObjectTypeIcon type={kind} size={16} />
    </span>
  );
}
