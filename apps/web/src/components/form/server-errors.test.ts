import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client';
import { fieldPathFromPointer, pointerSegments, rowFields, rowFromPointer } from './row-errors';
import { fieldFromPointer, formErrorsFrom } from './server-errors';

const refusal = (
  status: number,
  ...errors: Array<{ pointer?: string; parameter?: string; detail: string }>
) =>
  new ApiError(
    status,
    errors.map(({ pointer, parameter, detail }) => ({
      status: String(status),
      title: 'Invalid',
      detail,
      source: pointer ? { pointer } : parameter ? { parameter } : undefined,
    })),
  );

describe('pointers', () => {
  it('names the field a whole control edits, up to the first row', () => {
    expect(fieldFromPointer('/data/attributes/video_url')).toBe('videoUrl');
    expect(fieldFromPointer('/settings/pass_mark')).toBe('settings.passMark');
    expect(fieldFromPointer('/data/attributes/lines/3/email')).toBe('lines');
    expect(fieldFromPointer('full_name')).toBe('fullName');
    expect(fieldFromPointer('/data/attributes')).toBeNull();
    expect(fieldFromPointer(undefined)).toBeNull();
  });

  it('keeps the rows in the whole path', () => {
    expect(fieldPathFromPointer('/data/attributes/lines/3/email')).toBe('lines.3.email');
    expect(fieldPathFromPointer('/member_ids/2')).toBe('memberIds.2');
    expect(fieldPathFromPointer('/criteria/1/names/nl')).toBe('criteria.1.names.nl');
  });

  it('finds the row and the field inside it', () => {
    expect(rowFromPointer('/data/attributes/lines/3/email')).toEqual({
      list: 'lines',
      row: 3,
      field: 'email',
    });
    expect(rowFromPointer('/data/attributes/order_lines/0/unit_price')).toEqual({
      list: 'orderLines',
      row: 0,
      field: 'unitPrice',
    });
    expect(rowFromPointer('/member_ids/2')).toEqual({ list: 'memberIds', row: 2, field: null });
    expect(rowFromPointer('/data/attributes/title')).toBeNull();
    expect(rowFromPointer('/3')).toBeNull();
  });

  it('unescapes each segment as sent', () => {
    expect(pointerSegments('/overrides/nl/pages~1home~0x')).toEqual(['overrides', 'nl', 'pages/home~x']);
  });
});

describe('formErrorsFrom', () => {
  it('puts a row error under its row and field when the form shows rows', () => {
    const error = refusal(
      422,
      { pointer: '/data/attributes/lines/3/email', detail: 'Not an e-mail address' },
      { pointer: '/data/attributes/lines/0/email', detail: 'Already taken' },
      { pointer: '/data/attributes/title', detail: 'Required' },
    );
    expect(formErrorsFrom(error, rowFields('title', 'lines.*.email'), 'Failed')).toEqual({
      fields: {
        'lines.3.email': 'Not an e-mail address',
        'lines.0.email': 'Already taken',
        title: 'Required',
      },
      general: [],
    });
  });

  it('puts a row error on the whole list when the form shows the list as one control', () => {
    const error = refusal(422, { pointer: '/content_label_ids/2', detail: 'Unknown label' });
    expect(formErrorsFrom(error, ['contentLabelIds'], 'Failed')).toEqual({
      fields: { contentLabelIds: 'Unknown label' },
      general: [],
    });
  });

  it('keeps what the form does not show, and anything not a validation error, above the form', () => {
    expect(
      formErrorsFrom(
        refusal(422, { pointer: '/lines/1/phone', detail: 'Too long' }),
        ['lines.*.email'],
        'Failed',
      ),
    ).toEqual({ fields: {}, general: ['Too long'] });
    expect(
      formErrorsFrom(refusal(409, { pointer: '/title', detail: 'Changed meanwhile' }), ['title'], 'Failed'),
    ).toEqual({
      fields: {},
      general: ['Changed meanwhile'],
    });
    expect(formErrorsFrom(new Error('offline'), ['title'], 'Failed')).toEqual({
      fields: {},
      general: ['Failed'],
    });
  });

  it('maps a query parameter like a body attribute', () => {
    const error = refusal(422, { parameter: 'filter[due_date]', detail: 'Not a date' });
    expect(formErrorsFrom(error, ['filter[dueDate]'], 'Failed').fields).toEqual({
      'filter[dueDate]': 'Not a date',
    });
  });

  it('lets a form name its own keys', () => {
    const error = refusal(422, { pointer: '/overrides/nl/pages~1home', detail: 'Placeholder missing' });
    const keyOf = (item: { source?: { pointer?: string } }) =>
      pointerSegments(item.source?.pointer).slice(2).join('/') || null;
    expect(formErrorsFrom(error, keyOf, 'Failed').fields).toEqual({ 'pages/home': 'Placeholder missing' });
  });
});
