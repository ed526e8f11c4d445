/** Report a content issue in a learning object: a category and a description; 422s show at the fields. */
import { CONTENT_ISSUE_CATEGORIES, type ContentIssueCategory } from '@leerpad/core';
import { FormMessage, TextAreaField } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { ModalFrame } from '../../../components/modal';
import { useTranslation } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toasts/toasts';
import { useReportContentIssue } from '../../../lib/resources/content-issues';
import { SelectField } from '../../../components/form/controls';
import { FormActions } from '../../../components/form/form-actions';
import { Form } from '../../../components/form/form';

export const CONTENT_ISSUE_DESCRIPTION_MAX = 5000;

export function ReportIssueModal({
  learningObjectId,
  title,
  onClose,
}: {
  learningObjectId: string;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportContentIssue(learningObjectId);
  const form = useForm<{ category: ContentIssueCategory | ''; description: string }>({
    initialValues: { category: '', description: '' },
    rules: { category: 'required', description: `required|max:${CONTENT_ISSUE_DESCRIPTION_MAX}` },
    onSubmit: (values) => report.mutateAsync(values),
    onSuccess: () => {
      showToast({ kind: 'success', messageKey: 'learning.report_issue.success' });
      onClose();
    },
  });

  return (
    <ModalFrame
      title={t('learning.report_issue.title')}
      description={t('learning.report_issue.description', { title })}
      onClose={onClose}
    >
      <Form onSubmit={form.handleSubmit} noValidate className="flex flex-col gap-4">
        {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
        <SelectField
          label={t('learning.report_issue.category')}
          {...form.select('category')}
          onValueChange={(value) => form.setValue('category', value as ContentIssueCategory | '')}
        >
          <option value="">{t('learning.report_issue.choose_category')}</option>
          {CONTENT_ISSUE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`learning.issue_categories.${category}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          name="description"
          label={t('learning.report_issue.details')}
          hint={t('learning.report_issue.details_hint')}
          {...form.field('description')}
          maxLength={CONTENT_ISSUE_DESCRIPTION_MAX}
        />
        <FormActions
          onCancel={onClose}
          cancelLabel={t('learning.report_issue.cancel')}
          submitLabel={t('learning.report_issue.submit')}
          pending={form.submitting}
          submitTestId="report-issue-submit"
        />
      </Form>
    </ModalFrame>
  );
}
