/**
 * The feedback modal (SPEC §4): a feedback form, then tabs of ideas (backlog) and projects in
 * development (planned or started), both limited to projects tagged with one of the user's roles.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { feedbackSegments, feedbackTabs, type FeedbackProject } from '@leerpad/core';
import { Loading } from '../../../components/loading';
import { ModalFrame } from '../../../components/modal';
import { useSession } from '../../../lib/session/use-session';
import { projectsQuery, type FeedbackNote } from '../../../lib/resources/feedback';
import { FeedbackForm } from './feedback-form';
import { ProjectCard } from './project-card';

type TabId = 'newIdeas' | 'inDevelopment';

const tabClasses =
  'rounded-lg px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function FeedbackModal({ onClose }: { onClose: () => void }) {
  useNamespace('modals');
  const { t } = useTranslation();
  const { me, portal, roles } = useSession();
  const projects = useQuery(projectsQuery);
  const [tab, setTab] = useState<TabId>('newIdeas');
  const { newIdeas, inDevelopment } = feedbackTabs(projects.data ?? [], roles);
  const email = me?.account.emailAddress ?? null;
  const note: Omit<FeedbackNote, 'feedback' | 'projectId'> = {
    email,
    url: window.location.href,
    entity: me?.entity?.name ?? me?.entity?.id ?? null,
    segments: feedbackSegments(roles, portal?.name),
  };

  const list = (items: FeedbackProject[], emptyKey: string) =>
    items.length === 0 ? (
      <p className="py-6 text-center text-sm text-slate-600">{t(emptyKey)}</p>
    ) : (
      <ul className="flex flex-col gap-2">
        {items.map((project) => (
          <ProjectCard key={project.id} project={project} email={email} note={note} />
        ))}
      </ul>
    );

  return (
    <ModalFrame
      title={t('modals.feedback.title')}
      description={t('modals.feedback.description', { portal: portal?.name ?? 'Leerpad' })}
      onClose={onClose}
      size="lg"
    >
      <div className="flex flex-col gap-6" data-testid="feedback-modal">
        <FeedbackForm note={note} label={t('modals.feedback.form.label')} />
        <section aria-labelledby="feedback-ideas-title" className="rounded-2xl bg-slate-50 p-4">
          <h3 id="feedback-ideas-title" className="mb-3 text-sm font-semibold text-slate-900">
            {t('modals.feedback.ideas_title')}
          </h3>
          {projects.isPending ? (
            <Loading />
          ) : projects.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('modals.feedback.projects_error')}
            </p>
          ) : (
            <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabId)}>
              <Tabs.List
                className="mb-3 inline-flex gap-1 rounded-xl bg-slate-200/70 p-1"
                aria-label={t('modals.feedback.ideas_title')}
              >
                <Tabs.Trigger value="newIdeas" className={tabClasses}>
                  {t('modals.feedback.tabs.new_ideas')}
                </Tabs.Trigger>
                {inDevelopment.length > 0 && (
                  <Tabs.Trigger value="inDevelopment" className={tabClasses}>
                    {t('modals.feedback.tabs.in_development')}
                  </Tabs.Trigger>
                )}
              </Tabs.List>
              <Tabs.Content value="newIdeas">
                {list(newIdeas, 'modals.feedback.tabs.no_new_ideas')}
              </Tabs.Content>
              {inDevelopment.length > 0 && (
                <Tabs.Content value="inDevelopment">
                  {list(inDevelopment, 'modals.feedback.tabs.no_new_ideas')}
                </Tabs.Content>
              )}
            </Tabs.Root>
          )}
        </section>
      </div>
    </ModalFrame>
  );
}
