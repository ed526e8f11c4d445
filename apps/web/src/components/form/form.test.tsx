import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, renderWithProviders } from '../../test/render';
import { SelectField } from './controls';
import { TextField } from './fields';
import { Form } from './form';
import { hasUnsavedChanges } from './unsaved-changes';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useForm, type UseFormOptions } from './use-form';

beforeAll(loadEnglish);
afterEach(() => vi.useRealTimers());

type Values = { name: string; colour: string };

function NameForm(props: Partial<UseFormOptions<Values, unknown>>) {
  const form = useForm<Values>({
    initialValues: { name: 'Ada', colour: '' },
    rules: { name: 'required', colour: 'required' },
    onSubmit: async () => ({}),
    ...props,
  });
  return (
    <Form noValidate dirty={form.dirty} onSubmit={form.handleSubmit}>
      <TextField label="Name" {...form.field('name')} name="name" />
      <SelectField label="Colour" {...form.select('colour')}>
        <option value="">Choose</option>
        <option value="red">Red</option>
      </SelectField>
      <span data-testid="state">{`${form.status} ${form.dirty ? 'dirty' : 'clean'}`}</span>
      <button type="submit">Save</button>
    </Form>
  );
}

describe('useForm', () => {
  it('fires the dirty event once, 500 ms after the last change', () => {
    vi.useFakeTimers();
    const onDirty = vi.fn();
    renderWithProviders(<NameForm onDirty={onDirty} />);
    const name = screen.getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'Ad' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(name, { target: { value: 'Adb' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onDirty).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDirty).toHaveBeenCalledTimes(1);
    expect(onDirty).toHaveBeenCalledWith({ name: 'Adb', colour: '' });
  });

  it('says "Please select an option." for a required dropdown left empty', async () => {
    const onSubmit = vi.fn(async () => ({}));
    renderWithProviders(<NameForm onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select an option.')).toBeInTheDocument();
    expect(screen.getByLabelText('Colour')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('resets to its first values after a success when it asks to', async () => {
    renderWithProviders(<NameForm resetOnSuccess />);
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Grace');
    await userEvent.selectOptions(screen.getByLabelText('Colour'), 'red');
    expect(screen.getByTestId('state')).toHaveTextContent('idle dirty');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('state')).toHaveTextContent('saved clean');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Colour')).toHaveValue('');
  });

  it('keeps what was saved without the option, and counts it as unchanged', async () => {
    renderWithProviders(<NameForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'x');
    await userEvent.selectOptions(screen.getByLabelText('Colour'), 'red');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('state')).toHaveTextContent('saved clean');
    expect(screen.getByLabelText('Name')).toHaveValue('Adax');
  });

  it('with full feedback, disables its fields once a valid submit goes out, and keeps them so after', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    renderWithProviders(<NameForm fullFeedback onSubmit={onSubmit} />);
    // Invalid: nothing is disabled, the person can fix it.
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toBeEnabled();
    await userEvent.selectOptions(screen.getByLabelText('Colour'), 'red');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Colour')).toBeDisabled();
    await act(async () => answer({}));
    expect(screen.getByTestId('state')).toHaveTextContent('saved');
    expect(screen.getByLabelText('Name')).toBeDisabled();
  });

  it('without full feedback, a valid submit leaves the fields usable', async () => {
    renderWithProviders(<NameForm />);
    await userEvent.selectOptions(screen.getByLabelText('Colour'), 'red');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('state')).toHaveTextContent('saved');
    expect(screen.getByLabelText('Name')).toBeEnabled();
  });
});

function PlainForm() {
  return (
    <>
      <Form onSubmit={(event) => event.preventDefault()}>
        <label>
          Title
          <input defaultValue="Intro" />
        </label>
        <button type="submit">Save</button>
      </Form>
      <Link to="/elsewhere">Elsewhere</Link>
      <UnsavedChangesGuard />
    </>
  );
}

describe('Form and the unsaved-changes guard', () => {
  it('is clean until a control changes, clean again once it goes back or is sent', async () => {
    renderWithProviders(<PlainForm />, { route: '/here' });
    expect(hasUnsavedChanges()).toBe(false);
    const title = screen.getByLabelText('Title');
    await userEvent.type(title, 's');
    expect(hasUnsavedChanges()).toBe(true);
    await userEvent.type(title, '{Backspace}');
    expect(hasUnsavedChanges()).toBe(false);
    await userEvent.type(title, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks before leaving a dirty form: staying keeps the page, leaving goes', async () => {
    renderWithProviders(<PlainForm />, { route: '/here' });
    await userEvent.type(screen.getByLabelText('Title'), 's');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/here');
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/here');
    expect(screen.getByLabelText('Title')).toHaveValue('Intros');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave and lose changes' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
  });

  it('lets a clean form go without asking, and asks the browser before a dirty tab closes', async () => {
    renderWithProviders(<PlainForm />, { route: '/here' });
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await userEvent.type(screen.getByLabelText('Title'), 's');
    const dirtyUnload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirtyUnload);
    expect(dirtyUnload.defaultPrevented).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
  });
});
