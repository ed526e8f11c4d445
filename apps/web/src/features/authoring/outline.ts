/** The course outline as the editor changes it: pure moves of sections and learning objects. */
import type { Course, OutlineOrder } from '../../lib/resources/courses';
import type { OutlineObject } from '../../lib/resources/learning-objects';

export interface OutlineSection {
  id: string;
  title: string;
  objects: OutlineObject[];
}

export function outlineFrom(course: Pick<Course, 'courseSections'>): OutlineSection[] {
  return [...(course.courseSections ?? [])]
    .sort((a, b) => a.position - b.position)
    .map((section) => ({
      id: section.id,
      title: section.title,
      objects: [...(section.learningObjects ?? [])].sort((a, b) => a.position - b.position),
    }));
}

export function orderOf(sections: readonly OutlineSection[]): OutlineOrder {
  return {
    sections: sections.map((section) => ({
      id: section.id,
      learningObjectIds: section.objects.map((object) => object.id),
    })),
  };
}

export interface ObjectPlace {
  sectionIndex: number;
  index: number;
}

export function findObject(sections: readonly OutlineSection[], objectId: string): ObjectPlace | null {
  for (const [sectionIndex, section] of sections.entries()) {
    const index = section.objects.findIndex((object) => object.id === objectId);
    if (index !== -1) return { sectionIndex, index };
  }
  return null;
}

/**
 * Moves an object to `toIndex` in the target section (an index in the list before the move, as a
 * drop target reports it). Returns the same array when nothing changes.
 */
export function moveObject(
  sections: OutlineSection[],
  objectId: string,
  toSectionId: string,
  toIndex: number,
): OutlineSection[] {
  const from = findObject(sections, objectId);
  const target = sections.findIndex((section) => section.id === toSectionId);
  if (!from || target === -1) return sections;
  const object = sections[from.sectionIndex]?.objects[from.index];
  if (!object) return sections;
  let index = toIndex;
  if (from.sectionIndex === target && from.index < toIndex) index -= 1;
  if (from.sectionIndex === target && from.index === index) return sections;
  const without = sections.map((section, at) =>
    at === from.sectionIndex
      ? { ...section, objects: section.objects.filter((item) => item.id !== objectId) }
      : section,
  );
  return without.map((section, at) => {
    if (at !== target) return section;
    const objects = [...section.objects];
    objects.splice(Math.max(0, Math.min(index, objects.length)), 0, object);
    return { ...section, objects };
  });
}

/**
 * One step up or down in the whole outline: within its section, or across into the end of the
 * previous section / the start of the next one. Null when it is already first or last.
 */
export function stepObject(
  sections: OutlineSection[],
  objectId: string,
  step: -1 | 1,
): OutlineSection[] | null {
  const from = findObject(sections, objectId);
  if (!from) return null;
  const section = sections[from.sectionIndex];
  if (!section) return null;
  const index = from.index + step;
  if (index >= 0 && index < section.objects.length) {
    return moveObject(sections, objectId, section.id, step === 1 ? index + 1 : index);
  }
  const neighbour = sections[from.sectionIndex + step];
  if (!neighbour) return null;
  return moveObject(sections, objectId, neighbour.id, step === 1 ? 0 : neighbour.objects.length);
}

export function moveSection(
  sections: OutlineSection[],
  sectionId: string,
  toIndex: number,
): OutlineSection[] {
  const from = sections.findIndex((section) => section.id === sectionId);
  if (from === -1) return sections;
  const index = Math.max(0, Math.min(toIndex, sections.length - 1));
  if (index === from) return sections;
  const next = [...sections];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(index, 0, moved);
  return next;
}
