/**
 * The outline editor: ordered sections, each with ordered learning objects. Sections and objects
 * move by drag and drop or by keyboard (Alt or Ctrl + arrow keys on a handle, or the move buttons);
 * every move is announced and saved at once with PATCH /courses/{id}/outline.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { showToast } from '../../../lib/toasts/toasts';
import { useTranslation } from '../../../lib/i18n/i18n';
import { firstErrorDetail } from '../../../lib/api/client';
import { useDeleteSection, useSaveSection } from '../../../lib/resources/course-sections';
import { type Course, useSaveOutline } from '../../../lib/resources/courses';
import { type OutlineObject, useDeleteLearningObject } from '../../../lib/resources/learning-objects';
import { moveObject, moveSection, orderOf, outlineFrom, stepObject, type OutlineSection } from '../outline';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LearningObjectDialog } from './learning-object-dialog';
import { AddFromTool } from './add-from-tool';
import { ObjectTypeIcon } from './object-type-icon';
import { GripIcon, PlusIcon } from '../../../components/authoring-icons';
import { DeleteButton, EditButton, MoveButtons, rowButtonClasses } from '../../../components/row-actions';
import { Form } from '../../../components/form/form';

type Dragging = { kind: 'object' | 'section'; id: string } | null;
type DropTarget = { sectionId: string; index: number } | { sectionIndex: number } | null;
type Editing = { sectionId: string; objectId: string | null } | null;
type Deleting = { kind: 'section' | 'object'; id: string; title: string } | null;

export function OutlineEditor({ course }: { course: Course }) {
  const { t } = useTranslation();
  const instructionsId = useId();
  const [sections, setSections] = useState<OutlineSection[]>(() => outlineFrom(course));
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<Dragging>(null);
  const [drop, setDrop] = useState<DropTarget>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const focusAfterMove = useRef<string | null>(null);
  const saveOutline = useSaveOutline(course.id);
  const deleteSection = useDeleteSection(course.id);
  const deleteObject = useDeleteLearningObject(course.id);

  // The server's outline wins whenever it changes (after a save, an added object, a refetch).
  const serverSections = course.courseSections;
  useEffect(() => {
    setSections(outlineFrom({ courseSections: serverSections }));
  }, [serverSections]);

  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    document.querySelector<HTMLElement>(`[data-handle="${CSS.escape(id)}"]`)?.focus();
  }, [sections]);

  const commit = (next: OutlineSection[], message: string, focusId: string) => {
    if (next === sections) return;
    focusAfterMove.current = focusId;
    setSections(next);
    setAnnouncement(message);
    saveOutline.mutate(orderOf(next), {
      onError: (error) => {
        setSections(outlineFrom({ courseSections: serverSections }));
        showToast({ kind: 'error', message: firstErrorDetail(error) ?? t('authoring.outline.save_failed') });
      },
    });
  };

  const objectMoved = (next: OutlineSection[], object: OutlineObject) => {
    const section = next.find((item) => item.objects.some((entry) => entry.id === object.id));
    const position = (section?.objects.findIndex((entry) => entry.id === object.id) ?? 0) + 1;
    commit(
      next,
      t('authoring.outline.object_moved', { title: object.title, position, section: section?.title ?? '' }),
      `object-${object.id}`,
    );
  };

  const sectionMoved = (next: OutlineSection[], section: OutlineSection) => {
    const position = next.findIndex((item) => item.id === section.id) + 1;
    commit(
      next,
      t('authoring.outline.section_moved', { title: section.title, position, total: next.length }),
      `section-${section.id}`,
    );
  };

  const stepObjectBy = (object: OutlineObject, step: -1 | 1) => {
    const next = stepObject(sections, object.id, step);
    if (next) objectMoved(next, object);
    else
      setAnnouncement(t(step === -1 ? 'authoring.outline.already_first' : 'authoring.outline.already_last'));
  };

  const stepSectionBy = (section: OutlineSection, step: -1 | 1) => {
    const index = sections.findIndex((item) => item.id === section.id);
    const target = index + step;
    if (target < 0 || target >= sections.length) {
      setAnnouncement(t(step === -1 ? 'authoring.outline.already_first' : 'authoring.outline.already_last'));
      return;
    }
    sectionMoved(moveSection(sections, section.id, target), section);
  };

  const keyStep = (event: KeyboardEvent, move: (step: -1 | 1) => void) => {
    if (!(event.altKey || event.ctrlKey || event.metaKey)) return;
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    move(event.key === 'ArrowUp' ? -1 : 1);
  };

  // ---- Drag and drop -------------------------------------------------------------------------

  const startDrag = (event: DragEvent, kind: 'object' | 'section', id: string) => {
    event.stopPropagation();
    event.dataTransfer.effectAllowed = 'move';
    event.dataTransfer.setData('text/plain', `${kind}:${id}`);
    setDragging({ kind, id });
  };

  const endDrag = () => {
    setDragging(null);
    setDrop(null);
  };

  const overObject = (event: DragEvent<HTMLElement>, sectionId: string, index: number) => {
    if (dragging?.kind !== 'object') return;
    event.preventDefault();
    event.stopPropagation();
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    setDrop({ sectionId, index: after ? index + 1 : index });
  };

  const overSectionEnd = (event: DragEvent, section: OutlineSection) => {
    if (dragging?.kind !== 'object') return;
    event.preventDefault();
    setDrop({ sectionId: section.id, index: section.objects.length });
  };

  const overSection = (event: DragEvent<HTMLElement>, sectionIndex: number) => {
    if (dragging?.kind !== 'section') return;
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const after = event.clientY > box.top + box.height / 2;
    setDrop({ sectionIndex: after ? sectionIndex + 1 : sectionIndex });
  };

  const dropHere = (event: DragEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (dragging?.kind === 'object' && drop && 'sectionId' in drop) {
      const object = sections.flatMap((section) => section.objects).find((item) => item.id === dragging.id);
      const next = moveObject(sections, dragging.id, drop.sectionId, drop.index);
      if (object && next !== sections) objectMoved(next, object);
    } else if (dragging?.kind === 'section' && drop && 'sectionIndex' in drop) {
      const from = sections.findIndex((section) => section.id === dragging.id);
      const section = sections[from];
      const target = drop.sectionIndex > from ? drop.sectionIndex - 1 : drop.sectionIndex;
      if (section) sectionMoved(moveSection(sections, section.id, target), section);
    }
    endDrag();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const mutation = deleting.kind === 'section' ? deleteSection : deleteObject;
    mutation.mutate(deleting.id, {
      onSuccess: () => {
        showToast({
          kind: 'success',
          message: t('authoring.outline.deleted', { title: deleting.title }),
        });
        setDeleting(null);
      },
    });
  };

  const totalObjects = sections.reduce((sum, section) => sum + section.objects.length, 0);

  return (
    <section aria-labelledby="outline-heading" data-testid="outline-editor">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="outline-heading" className="text-xl font-semibold text-slate-900">
          {t('authoring.outline.title')}
        </h2>
        <p className="text-sm text-slate-600">
          {t('authoring.outline.summary', { sections: sections.length, count: totalObjects })}
        </p>
      </div>
      <p id={instructionsId} className="mb-4 text-sm text-slate-600">
        {t('authoring.outline.instructions')}
      </p>
      <p className="sr-only" aria-live="polite" role="status" data-testid="outline-announcement">
        {announcement}
      </p>

      {sections.length === 0 ? (
        <EmptyState
          title={t('authoring.outline.empty_title')}
          description={t('authoring.outline.empty_description')}
          headingLevel={3}
        />
      ) : (
        <ol className="flex flex-col gap-4" aria-label={t('authoring.outline.sections')}>
          {sections.map((section, sectionIndex) => (
            <li
              key={section.id}
              onDragOver={(event) => overSection(event, sectionIndex)}
              onDrop={dropHere}
              className={`rounded-2xl border bg-white shadow-sm transition-shadow ${
                dragging?.kind === 'section' && dragging.id === section.id ? 'opacity-50' : ''
              } ${
                drop && 'sectionIndex' in drop && drop.sectionIndex === sectionIndex
                  ? 'border-slate-200 shadow-[0_-3px_0_0_var(--portal-primary)]'
                  : drop &&
                      'sectionIndex' in drop &&
                      drop.sectionIndex === sectionIndex + 1 &&
                      sectionIndex === sections.length - 1
                    ? 'border-slate-200 shadow-[0_3px_0_0_var(--portal-primary)]'
                    : 'border-slate-200'
              }`}
              data-testid="outline-section"
            >
              <SectionHeader
                courseId={course.id}
                section={section}
                position={sectionIndex + 1}
                count={sections.length}
                instructionsId={instructionsId}
                onKeyDown={(event) => keyStep(event, (step) => stepSectionBy(section, step))}
                onStep={(step) => stepSectionBy(section, step)}
                onDragStart={(event) => startDrag(event, 'section', section.id)}
                onDragEnd={endDrag}
                onDelete={() => setDeleting({ kind: 'section', id: section.id, title: section.title })}
              />
              <ol
                className="flex min-h-12 flex-col px-3 pb-2"
                aria-label={t('authoring.outline.objects_of', { section: section.title })}
                onDragOver={(event) => overSectionEnd(event, section)}
                onDrop={dropHere}
              >
                {section.objects.length === 0 && (
                  <li
                    className={`rounded-lg border border-dashed px-3 py-3 text-sm text-slate-500 ${
                      drop && 'sectionId' in drop && drop.sectionId === section.id
                        ? 'border-primary bg-primary-soft'
                        : 'border-slate-300'
                    }`}
                  >
                    {t('authoring.outline.no_objects')}
                  </li>
                )}
                {section.objects.map((object, index) => {
                  const first = sectionIndex === 0 && index === 0;
                  const last = sectionIndex === sections.length - 1 && index === section.objects.length - 1;
                  const dropBefore =
                    drop && 'sectionId' in drop && drop.sectionId === section.id && drop.index === index;
                  const dropAfter =
                    drop &&
                    'sectionId' in drop &&
                    drop.sectionId === section.id &&
                    drop.index === index + 1 &&
                    index === section.objects.length - 1;
                  return (
                    <li
                      key={object.id}
                      onDragOver={(event) => overObject(event, section.id, index)}
                      onDrop={dropHere}
                      className={`group flex items-center gap-2 border-t py-2 first:border-t-0 ${
                        dragging?.kind === 'object' && dragging.id === object.id ? 'opacity-40' : ''
                      } ${dropBefore ? 'border-t-2 border-t-primary' : 'border-t-slate-100'} ${
                        dropAfter ? 'border-b-2 border-b-primary' : ''
                      }`}
                      data-testid="outline-object"
                    >
                      <button
                        type="button"
                        draggable
                        data-handle={`object-${object.id}`}
                        onDragStart={(event) => startDrag(event, 'object', object.id)}
                        onDragEnd={endDrag}
                        onKeyDown={(event) => keyStep(event, (step) => stepObjectBy(object, step))}
                        aria-label={t('authoring.outline.move_object', { title: object.title })}
                        aria-describedby={instructionsId}
                        className={`${rowButtonClasses} cursor-grab active:cursor-grabbing`}
                      >
                        <GripIcon size={18} />
                      </button>
                      <ObjectTypeIcon kind={object.kind} />
                      <div className="min-w-0 flex-1">
                        <p className="truncate font-medium text-slate-900">{object.title}</p>
                        <p className="text-xs text-slate-600">
                          {t(`authoring.object_types.${object.kind}`)}
                          {' · '}
                          {object.required
                            ? t('authoring.object.required_short')
                            : t('authoring.object.optional_short')}
                          {object.estimatedMinutes
                            ? ` · ${t('authoring.minutes', { count: object.estimatedMinutes })}`
                            : ''}
                        </p>
                      </div>
                      <div className="flex items-center gap-0.5">
                        <MoveButtons
                          title={object.title}
                          onMove={(step) => stepObjectBy(object, step)}
                          upDisabled={first}
                          downDisabled={last}
                        />
                        <EditButton
                          label={t('authoring.outline.edit_object', { title: object.title })}
                          onClick={() => setEditing({ sectionId: section.id, objectId: object.id })}
                        />
                        <DeleteButton
                          label={t('authoring.outline.delete_object', { title: object.title })}
                          onClick={() => setDeleting({ kind: 'object', id: object.id, title: object.title })}
                        />
                      </div>
                    </li>
                  );
                })}
              </ol>
              <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 px-4 py-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing({ sectionId: section.id, objectId: null })}
                  data-testid="add-object"
                >
                  <PlusIcon size={16} />
                  {t('authoring.outline.add_object')}
                  <span className="sr-only">
                    {t('authoring.outline.to_section', { section: section.title })}
                  </span>
                </Button>
                <AddFromTool courseId={course.id} sectionId={section.id} sectionTitle={section.title} />
              </div>
            </li>
          ))}
        </ol>
      )}

      <AddSectionForm courseId={course.id} />

      {editing && (
        <LearningObjectDialog
          courseId={course.id}
          sectionId={editing.sectionId}
          objectId={editing.objectId}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={
            deleting.kind === 'section'
              ? t('authoring.outline.delete_section_title')
              : t('authoring.outline.delete_object_title')
          }
          description={
            deleting.kind === 'section'
              ? t('authoring.outline.delete_section_description', { title: deleting.title })
              : t('authoring.outline.delete_object_description', { title: deleting.title })
          }
          confirmLabel={t('authoring.actions.delete')}
          busy={deleteSection.isPending || deleteObject.isPending}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

/**
 * The title of a section form: checked, then saved. `section` null adds a new section, and the form
 * is cleared for the next one.
 */
function useSectionTitleForm(courseId: string, section: OutlineSection | null, onSaved?: () => void) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(section?.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSection(courseId);

  const changeTitle = (value: string) => {
    setTitle(value);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() === '') {
      setError(t('authoring.outline.section_title_required'));
      return;
    }
    save.mutate(
      { sectionId: section?.id ?? null, title: title.trim() },
      {
        onSuccess: () => {
          if (!section) changeTitle('');
          onSaved?.();
        },
        onError: (failure) => setError(firstErrorDetail(failure) ?? t('forms.default_error')),
      },
    );
  };

  return { title, setTitle, changeTitle, error, submit, saving: save.isPending };
}

function SectionHeader({
  courseId,
  section,
  position,
  count,
  instructionsId,
  onKeyDown,
  onStep,
  onDragStart,
  onDragEnd,
  onDelete,
}: {
  courseId: string;
  section: OutlineSection;
  position: number;
  count: number;
  instructionsId: string;
  onKeyDown: (event: KeyboardEvent) => void;
  onStep: (step: -1 | 1) => void;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const { title, setTitle, changeTitle, error, submit, saving } = useSectionTitleForm(courseId, section, () =>
    setRenaming(false),
  );
  const inputId = useId();

  return (
    <div className="flex items-center gap-2 rounded-t-2xl border-b border-slate-100 bg-slate-50 px-3 py-2">
      <button
        type="button"
        draggable
        data-handle={`section-${section.id}`}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onKeyDown={onKeyDown}
        aria-label={t('authoring.outline.move_section', { title: section.title })}
        aria-describedby={instructionsId}
        className={`${rowButtonClasses} cursor-grab active:cursor-grabbing`}
      >
        <GripIcon size={18} />
      </button>
      {renaming ? (
        <Form onSubmit={submit} className="flex flex-1 flex-wrap items-center gap-2">
          <label htmlFor={inputId} className="sr-only">
            {t('authoring.outline.section_title')}
          </label>
          <input
            id={inputId}
            value={title}
            autoFocus
            maxLength={200}
            onChange={(event) => changeTitle(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setRenaming(false);
                setTitle(section.title);
              }
            }}
            aria-invalid={error ? true : undefined}
            className="h-9 min-w-48 flex-1 rounded-lg border border-slate-300 px-3 text-slate-900 focus:outline-2 focus:outline-primary"
          />
          <Button size="sm" type="submit" loading={saving}>
            {t('actions.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setRenaming(false)}>
            {t('authoring.actions.cancel')}
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-700">
              {error}
            </p>
          )}
        </Form>
      ) : (
        <>
          <h3 className="min-w-0 flex-1 truncate font-semibold text-slate-900">
            <span className="mr-1 text-slate-500">{position}.</span>
            {section.title}
          </h3>
          <MoveButtons
            title={section.title}
            onMove={onStep}
            upDisabled={position === 1}
            downDisabled={position === count}
          />
          <EditButton
            label={t('authoring.outline.rename_section', { title: section.title })}
            onClick={() => {
              setTitle(section.title);
              setRenaming(true);
            }}
          />
          <DeleteButton
            label={t('authoring.outline.delete_section', { title: section.title })}
            onClick={onDelete}
          />
        </>
      )}
    </div>
  );
}

function AddSectionForm({ courseId }: { courseId: string }) {
  const { t } = useTranslation();
  const { title, changeTitle, error, submit, saving } = useSectionTitleForm(courseId, null);
  const inputId = useId();

  return (
    <Form
      onSubmit={submit}
      className="mt-4 flex flex-wrap items-end gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-4"
      noValidate
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {t('authoring.outline.new_section')}
        </label>
        <input
          id={inputId}
          value={title}
          maxLength={200}
          onChange={(event) => changeTitle(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="h-11 rounded-lg border border-slate-300 px-3 text-slate-900 shadow-sm focus:outline-2 focus:outline-primary"
        />
      </div>
      <Button type="submit" variant="secondary" loading={saving}>
        <PlusIcon size={16} />
        {t('authoring.outline.add_section')}
      </Button>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      )}
    </Form>
  );
}
