import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from './button';
import { GeneralErrors, TextAreaField, TextField } from './form/fields';
import { fieldProps } from './form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from './form/server-errors';
import { useNamespace, useTranslation } from '../lib/i18n/i18n';
import { useAskTicket } from '../lib/resources/tickets';
import { Form } from './form/form';

/** "Ask my coach": subject and question, optionally about a learning object; opens the new thread. */
export function AskCoachForm({
  learningObjectId,
  onDone,
}: {
  learningObjectId?: string;
  onDone?: () => void;
}) {
  useNamespace('tickets');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ask = useAskTicket();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    ask.mutate(
      {
        subject,
        body,
        ...(learningObjectId ? { learningObject: { type: 'learning_objects', id: learningObjectId } } : {}),
      },
      {
        onSuccess: (document) => {
          onDone?.();
          void navigate(`/account/tickets/${document.data.id}`);
        },
        onError: (error) => setErrors(formErrorsFrom(error, ['subject', 'body'], t('tickets.ask_failed'))),
      },
    );
  };

  return (
    <Form onSubmit={submit} className="flex flex-col gap-4" data-testid="ask-coach-form" noValidate>
      <TextField
        label={t('tickets.subject')}
        {...fieldProps(errors, 'subject', subject, setSubject)}
        maxLength={200}
        required
      />
      <TextAreaField
        label={t('tickets.question')}
        {...fieldProps(errors, 'body', body, setBody)}
        rows={5}
        required
      />
      <GeneralErrors messages={errors.general} />
      <div>
        <Button type="submit" disabled={ask.isPending}>
          {t('tickets.send_question')}
        </Button>
      </div>
    </Form>
  );
}
