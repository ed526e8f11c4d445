import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FILE_UPLOAD_MAX_BYTES } from '@leerpad/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, renderWithProviders } from '../test/render';
import { FileUpload } from './file-upload';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

/** A stand-in for the browser's XMLHttpRequest that the test answers by hand. */
class FakeRequest {
  static last: FakeRequest | null = null;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  open() {}
  setRequestHeader() {}
  send() {
    FakeRequest.last = this;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function pick(size = 10, name = 'notes.pdf') {
  const file = new File(['x'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  fireEvent.change(screen.getByLabelText('Attachment'), { target: { files: [file] } });
}

function renderUpload(onUploaded = vi.fn()) {
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  renderWithProviders(<FileUpload label="Attachment" onUploaded={onUploaded} />, { me: meFixture() });
  return onUploaded;
}

describe('FileUpload', () => {
  it('shows progress, then hands over the stored file', async () => {
    const onUploaded = renderUpload();
    expect(screen.getByText('At most 50 MB.')).toBeInTheDocument();
    pick();
    act(() => FakeRequest.last!.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await act(async () =>
      FakeRequest.last!.answer(201, {
        data: { type: 'files', id: '7', attributes: { name: 'notes.pdf', byte_size: 10, url: '/f/7' } },
      }),
    );
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: '7', name: 'notes.pdf' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('cancels an upload under way without an error', async () => {
    const onUploaded = renderUpload();
    pick();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByText('The file could not be uploaded.')).not.toBeInTheDocument();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a file over the cap before sending it', () => {
    renderUpload();
    FakeRequest.last = null;
    pick(FILE_UPLOAD_MAX_BYTES + 1);
    expect(screen.getByText('This file is too large: the limit is 50 MB.')).toBeInTheDocument();
    expect(FakeRequest.last).toBeNull();
  });

  it("tells the server's own cap, and a full quota, in words", async () => {
    renderUpload();
    pick();
    await act(async () =>
      FakeRequest.last!.answer(413, {
        errors: [
          { status: '413', code: 'FILE_TOO_LARGE', title: 'Too large', meta: { max_bytes: 20_000_000 } },
        ],
      }),
    );
    expect(screen.getByText('This file is too large: the limit is 20 MB.')).toBeInTheDocument();
    pick();
    await act(async () =>
      FakeRequest.last!.answer(413, {
        errors: [
          { status: '413', code: 'QUOTA_EXCEEDED', title: 'Quota exceeded', meta: { scope: 'account' } },
        ],
      }),
    );
    expect(
      screen.getByText('There is no room left for this file: your storage is full.'),
    ).toBeInTheDocument();
  });
});
