/**
 * Icons for learning-object types, the same in authoring and in the course player (decorative: the
 * type is always written out beside them).
 */
import type { LearningObjectType } from '@leerpad/core';
import type { JSX } from 'react';
import { Icon, type IconProps } from './icons';

export const PageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
    <path d="M14 3v6h6M8 13h8M8 17h5" />
  </Icon>
);
export const VideoIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m10 9 5 3-5 3z" />
  </Icon>
);
export const FileIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 12.5 12.6 21a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />
  </Icon>
);
export const QuizIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5V14M12 17h.01" />
  </Icon>
);
export const AssignmentIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M9 4h6v3H9z" />
    <path d="M15 5h2a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h2M9 14l2 2 4-4" />
  </Icon>
);
/** A package: a box of content from another tool. */
export const PackageIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M21 8 12 3 3 8v8l9 5 9-5z" />
    <path d="m3 8 9 5 9-5M12 13v8" />
  </Icon>
);

const ToolIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);

const TYPE_ICONS: Record<LearningObjectType, (props: IconProps) => JSX.Element> = {
  page: PageIcon,
  video: VideoIcon,
  file: FileIcon,
  quiz: QuizIcon,
  assignment: AssignmentIcon,
  scorm: PackageIcon,
  cmi5: PackageIcon,
  lti: ToolIcon,
};

/** The icon of a learning object's type; an unknown type shows the page icon. */
export function LearningObjectTypeIcon({ type, ...props }: IconProps & { type: LearningObjectType }) {
  const TypeIcon = TYPE_ICONS[type] ?? PageIcon;
  return <TypeIcon {...props} />;
}
