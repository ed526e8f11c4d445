/** "Ask for feedback": someone's name and e-mail address; they get a single-use link to /rate. */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { ModalFrame } from '../../../components/modal';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useAskFeedback } from '../../../lib/resources/portfolio';
import { Form } from '../../../components/form/form';

export function AskFeedbackDialog({
  itemId,
  itemTitle,
  onClose,
  onSent,
}: {
  itemId: string;
  itemTitle: string;
  onClose: () => void;
  onSent: (email: string) => void;
}) {
  const { t } = useTranslation();
  const ask = useAskFeedback();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    ask.mutate(
      { item: itemId, name, email, message: message.trim() || null },
      {
        onSuccess: () => onSent(email),
        onError: (error) =>
          setErrors(formErrorsFrom(error, ['name', 'email', 'message'], t('portfolio.feedback.ask_failed'))),
      },
    );
  };
  return (
    <ModalFrame
      title={t('portfolio.feedback.ask_title')}
      description={t('portfolio.feedback.ask_description', { title: itemTitle })}
      onClose={onClose}
    >
      <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="ask-feedback-form">
        <TextField
          {...fieldProps(errors, 'name', name, setName)}
          label={t('portfolio.feedback.name')}
          required
        />
        <TextField
          {...fieldProps(errors, 'email', email, setEmail)}
          type="email"
          label={t('portfolio.feedback.email')}
          required
        />
        <TextAreaField
          {...fieldProps(errors, 'message', message, setMessage)}
          label={t('portfolio.feedback.message')}
          rows={3}
        />
        {errors.general.map((text) => (
          <FormMessage key={text} kind="error">
            {text}
          </FormMessage>
        ))}
        <div>
          <Button type="submit" disabled={ask.isPending}>
            {t('portfolio.feedback.send')}
          </Button>
        </div>
      </Form>
    </ModalFrame>
  );
}
