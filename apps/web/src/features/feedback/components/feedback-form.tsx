/** The feedback form (SPEC §4 "Feedback widget"): form, then a thank-you with an optional restart. */
import { useTranslation } from '../../../lib/i18n/i18n';
import { Button } from '../../../components/button';
import { FormMessage, TextAreaField } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { sendFeedbackNote, type FeedbackNote } from '../../../lib/resources/feedback';
import { Form } from '../../../components/form/form';

export const FEEDBACK_RULES = 'required|min:3|max:5000';

export function FeedbackForm({
  note,
  projectId = null,
  label,
  compact = false,
}: {
  note: Omit<FeedbackNote, 'feedback' | 'projectId'>;
  projectId?: string | null;
  label: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { feedback: '' },
    rules: { feedback: FEEDBACK_RULES },
    // Sent feedback is gone from the form: "send more" starts from an empty one.
    resetOnSuccess: true,
    onSubmit: (values) => sendFeedbackNote({ ...note, projectId, feedback: values.feedback.trim() }),
    // The feedback service may be unreachable; say so in the user's language.
    errorMessage: () => t('modals.feedback.form.error'),
  });

  if (form.status === 'saved') {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormMessage kind="success">{t('modals.feedback.form.success')}</FormMessage>
        <Button variant="secondary" size="sm" onClick={form.reset}>
          {t('modals.feedback.form.restart')}
        </Button>
      </div>
    );
  }

  return (
    <Form className="flex flex-col gap-3" noValidate onSubmit={form.handleSubmit}>
      {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
      <TextAreaField
        name="feedback"
        label={label}
        {...form.field('feedback')}
        rows={compact ? 3 : 4}
        required
      />
      <div>
        <Button type="submit" size={compact ? 'sm' : 'md'} loading={form.submitting}>
          {t('modals.feedback.form.submit')}
        </Button>
      </div>
    </Form>
  );
}
